#!/usr/bin/env bats
# On a host without an RDMA stack (this project's CI hosts) every
# destination fails at the first step, with exit 3, in text and JSON.

load ../helpers

setup() {
	if [ -e /dev/infiniband/rdma_cm ]; then
		skip "this host has RDMA CM; the lab suite covers it"
	fi
}

@test "text: the failure names the call, the errno and the cause, on stdout" {
	run --separate-stderr rr 192.0.2.1
	[ "$status" -eq 3 ]
	[ -z "$stderr" ]
	[[ "$output" == "192.0.2.1: failed at create id: rdma_create_event_channel() failed: ENODEV (No such device)"* ]]
	has_field "$output" "cause" "no_rdma_cm"
	has_field "$output" "hint" "check that ib_core, rdma_cm and rdma_ucm are loaded*"
}

@test "json: a valid document with an error object per destination" {
	run --separate-stderr rr --json 192.0.2.1 'fd00::1'
	[ "$status" -eq 3 ]
	[ -z "$stderr" ]
	echo "$output" | jqe '.results | length == 2'
	echo "$output" | jqe '.results[0].destination == "192.0.2.1"'
	echo "$output" | jqe '.results[1].address == "fd00::1"'
	echo "$output" | jqe '[.results[].status] == ["failed", "failed"]'
	echo "$output" | jqe '.results[0].error.step == "create_id"'
	echo "$output" | jqe '.results[0].error.call == "rdma_create_event_channel"'
	echo "$output" | jqe '.results[0].error.errno == 19'
	echo "$output" | jqe '.results[0].error.errno_name == "ENODEV"'
	echo "$output" | jqe '.results[0].error.cause == "no_rdma_cm"'
	echo "$output" | jqe '(.summary | del(.elapsed_ms, .host, .time)) == {"destinations": 2, "probes": 2, "resolved": 0, "failed": 2, "failed_by_cause": {"no_rdma_cm": 2}, "expect_failed": 0, "input_errors": 0}'
	echo "$output" | jqe '.timeout_ms == 2000'
}

@test "json: --timeout is carried into the document" {
	run --separate-stderr rr --json --timeout 750 192.0.2.1
	[ "$status" -eq 3 ]
	echo "$output" | jqe '.timeout_ms == 750'
}

@test "localhost is looked up first, and the lookup is timed" {
	run --separate-stderr rr --json localhost
	[ "$status" -eq 3 ]
	echo "$output" | jqe '.results[0].address == "127.0.0.1" or .results[0].address == "::1"'
	echo "$output" | jqe '.results[0].time_ms.lookup >= 0'
}

@test "an rdma_cm device this process may not open: permission_denied, exit 3" {
	# A private /dev with a device node owned by another user, and no
	# capability to override its mode: the open is refused with EACCES
	# before any RDMA stack is needed.
	[ "$(id -u)" -eq 0 ] || skip "needs root (a mount namespace)"
	command -v unshare >/dev/null && command -v setpriv >/dev/null ||
		skip "no unshare or setpriv"
	out=$BATS_TEST_TMPDIR/out.json
	run unshare -m sh -c '
		mount -t tmpfs -o mode=755 none /dev || exit 99
		mknod -m 666 /dev/null c 1 3 &&
		mkdir /dev/infiniband &&
		mknod -m 600 /dev/infiniband/rdma_cm c 10 58 &&
		chown 65534:65534 /dev/infiniband/rdma_cm || exit 98
		exec setpriv --bounding-set=-all --inh-caps=-all "$0" --json 192.0.2.1 >"$1"
	' "$RDMA_ROUTE" "$out"
	[ "$status" -ne 99 ] || skip "mount refused here"
	[ "$status" -eq 3 ]
	jqe '.results[0].error | .errno_name == "EACCES" and .cause == "permission_denied" and .step == "create_id"' <"$out"
	jqe '.summary.failed_by_cause == {"permission_denied": 1}' <"$out"
}

@test "--connect and --listen here: no RDMA CM, exit 3, said plainly" {
	run --separate-stderr rr --connect --json 192.0.2.1
	[ "$status" -eq 3 ]
	jqe '.results[0].error | .step == "create_id" and .cause == "no_rdma_cm"' <<<"$output"
	jqe '.results[0] | (has("connect_port") | not) and (.time_ms | has("connect") | not)' <<<"$output"
	run --separate-stderr rr --listen=7500 --count 1
	[ "$status" -eq 3 ]
	[ -z "$output" ]
	[[ $stderr == "rdma-route: --listen on 0.0.0.0 port 7500: rdma_create_event_channel(): "* ]]
}

@test "--list and --cm-defaults here: no RDMA device, exit 3, an empty list in JSON" {
	for mode in --list --cm-defaults; do
		run --separate-stderr rr "$mode" --json
		[ "$status" -eq 3 ] || { echo "$mode: $status"; false; }
		[ "$stderr" = "rdma-route: no RDMA device on this host" ]
		key=${mode#--}
		key=${key/-/_}
		[ "$key" = list ] && key=ports
		jqe ".\"$key\" == []" <<<"$output"
	done
}
