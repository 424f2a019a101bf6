#!/usr/bin/env bats
# Faults injected into the real kernel RDMA stack while rdma-route runs: a
# device deleted, a link taken down, an address removed, the rxe module
# unloaded, a flapping neighbour, a kernel that never answers.  Each gives
# every destination a cause, no hang, the right exit code, and no rdma_cm
# id left behind: rdma-route destroys every id it made (counted by the
# shim) and the kernel holds none afterwards.  Every test undoes what it
# changed (teardown): the lab's files share one VM.

load ../helpers
load lab

setup_file() {
	[ -e /dev/infiniband/rdma_cm ] || return 0
	# The peer's addresses used here answer at once: no probe waits out
	# the kernel's uncached-neighbour race.
	mac=$(/usr/bin/ip -n peer -br link show veth1 | awk '{ print $3 }')
	for i in $(seq 10 39); do
		echo "neigh replace 192.168.77.$i lladdr $mac dev veth0 nud permanent"
	done | /usr/bin/ip -batch -
}

teardown_file() {
	[ -e /dev/infiniband/rdma_cm ] || return 0
	/usr/bin/ip neigh flush dev veth0 nud permanent
}

setup() {
	[ -e /dev/infiniband/rdma_cm ] || skip "not in the lab: no RDMA CM here"
	[ -r "$SHIM" ] || { echo "no $SHIM: make check builds it"; false; }
	restore=()
	counts=$BATS_TEST_TMPDIR/counts
	mark=$BATS_TEST_TMPDIR/mark
}

# rr_shim [VAR=VALUE...] ARGS...: rdma-route with the shim preloaded, ids
# counted into $counts, resolutions into $mark.  ASan wants to be first in
# the library list.
rr_shim() {
	env LD_PRELOAD="$SHIM" RDMA_ROUTE_SHIM_COUNT="$counts" \
		RDMA_ROUTE_SHIM_MARK="$mark" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		"$@"
}

# Every id made was destroyed by rdma-route, and the kernel holds none.
no_id_left() {
	read -r _ created _ destroyed <"$counts"
	[ "$created" -gt 0 ] && [ "$created" -eq "$destroyed" ] ||
		{ echo "ids: $(cat "$counts")"; return 1; }
	[ -z "$(rdma resource show cm_id)" ] ||
		{ rdma resource show cm_id; return 1; }
}

readd_rxe2() {
	rdma link show rxe2/1 >/dev/null 2>&1 ||
		rdma link add rxe2 type rxe netdev veth2
	wait_active rxe2
}

# Silent destinations on veth2's subnet (peer2 only answers .2): each
# waits for ARP until its timeout, an id in the kernel all along.
silent() { # FIRST LAST
	seq "$1" "$2" | sed 's/^/192.168.78./' >"$BATS_TEST_TMPDIR/silent"
	echo "$BATS_TEST_TMPDIR/silent"
}

# bg_rr OUT ARGS...: rdma-route (shim) in the background; $bg its PID.
bg_rr() {
	local out=$1
	shift
	rr_shim "$RDMA_ROUTE" "$@" >"$out" 2>"$out.err" &
	bg=$!
}

# Waits (bounded: a hang fails the test) and sets $rc.
wait_bg() { # SECONDS
	local _
	for _ in $(seq $(($1 * 20))); do
		kill -0 "$bg" 2>/dev/null || break
		sleep 0.05
	done
	if kill -0 "$bg" 2>/dev/null; then
		echo "rdma-route still running after $1 s" >&2
		kill "$bg"
		return 1
	fi
	rc=0
	wait "$bg" || rc=$?
}

@test "the kernel never answers resolve addr: the tool's deadline, once for all 20" {
	dests=(192.168.77.2 $(seq 10 28 | sed 's/^/192.168.77./'))
	run --separate-stderr rr_shim RDMA_ROUTE_SHIM_SWALLOW=addr \
		"$RDMA_ROUTE" --json --timeout 300 "${dests[@]}"
	[ "$status" -eq 1 ]
	jqe '.results | length == 20' <<<"$output"
	jqe '[.results[].error | .step == "resolve_addr" and .failed_by == "deadline" and .cause == "no_event"] | all' <<<"$output"
	jqe '[.results[].error.kernel_said] | unique == ["no event within the tool'"'"'s deadline of 1300 ms"]' <<<"$output"
	# Each waited its deadline (300 ms + 1 s), all at once: not 20 times.
	jqe '[.results[].time_ms.resolve_addr >= 1290] | all' <<<"$output"
	jqe '.summary.elapsed_ms < 2600' <<<"$output"
	no_id_left
}

@test "the kernel never answers resolve route: the deadline at that step" {
	run --separate-stderr rr_shim RDMA_ROUTE_SHIM_SWALLOW=route \
		"$RDMA_ROUTE" --json --timeout 200 192.168.77.2 fd00:77::2
	[ "$status" -eq 1 ]
	jqe '[.results[].error | .step == "resolve_route" and .failed_by == "deadline" and .cause == "no_event"] | all' <<<"$output"
	jqe '[.results[].time_ms.resolve_addr > 0] | all' <<<"$output"
	no_id_left
}

@test "the rxe device deleted mid-batch: a cause for each, no hang, no id left" {
	restore+=(readd_rxe2)
	f=$(silent 3 14)
	# 30 on rxe0 first (resolved), then 12 silent on rxe2, 4 at a time,
	# then peer2, which answers but has no RDMA device on our side.
	seq 10 39 | sed 's/^/192.168.77./' >"$BATS_TEST_TMPDIR/batch"
	cat "$f" >>"$BATS_TEST_TMPDIR/batch"
	echo 192.168.78.2 >>"$BATS_TEST_TMPDIR/batch"
	bg_rr "$BATS_TEST_TMPDIR/out" --json --timeout 1000 --parallel 4 \
		-f "$BATS_TEST_TMPDIR/batch"
	wait_resolving 34
	rdma link delete rxe2
	wait_bg 30
	[ "$rc" -eq 1 ]
	out=$(cat "$BATS_TEST_TMPDIR/out")
	jq -c '.results[] | [.destination, .status, .error.event, .error.errno_name, .error.cause]' <<<"$out"
	jqe '.results | length == 43' <<<"$out"
	jqe '[.results[0:30][].status == "resolved"] | all' <<<"$out"
	# Silent: nobody answers ARP, with or without rxe2.
	jqe '[.results[30:42][].error.cause] | unique == ["neighbour_timeout"]' <<<"$out"
	# Answered, but the route now leaves through a netdev with no RDMA.
	jqe '.results[42].error | .event == "ADDR_ERROR" and .errno_name == "ENODEV" and .cause == "not_rdma_netdev"' <<<"$out"
	no_id_left
}

# fault_while_waiting FAULT RR-ARGS...: 8 silent destinations on veth2
# resolving (each waits on ARP); FAULT, a function, once all 8 wait; then
# rdma-route must end, exit 1, within 30 s.  Sets $out, its JSON.
fault_while_waiting() {
	local fault=$1

	shift
	bg_rr "$BATS_TEST_TMPDIR/out" --json "$@" -f "$(silent 3 10)"
	wait_resolving 8
	"$fault"
	wait_bg 30
	[ "$rc" -eq 1 ]
	out=$(cat "$BATS_TEST_TMPDIR/out")
	jq -c '.results[] | [.destination, .status, .error.event, .error.errno_name, .error.cause]' <<<"$out"
}

delete_rxe2() {
	rdma link delete rxe2
}

@test "the device of a bound id deleted: DEVICE_REMOVAL, device_removed, at once" {
	restore+=(readd_rxe2)
	fault_while_waiting delete_rxe2 --src 192.168.78.1 --timeout 5000
	jqe '[.results[].error | .step == "resolve_addr" and .event == "DEVICE_REMOVAL" and .cause == "device_removed"] | all' <<<"$out"
	# Long before the timeout of 5 s.
	jqe '[.results[].time_ms.resolve_addr < 4000] | all' <<<"$out"
	no_id_left
}

# The route is gone: the kernel says so at the neighbour's next update.
# Had ARP given up before the fault (a slow host), the wait ends at the
# timeout instead: still a cause, no hang.
route_gone='[.results[].error | .event == "ADDR_ERROR" and
	((.errno_name == "ENETUNREACH" and .cause == "no_route") or
	 (.errno_name == "ETIMEDOUT" and .cause == "neighbour_timeout"))] | all'

veth2_down() {
	"$IP" link set veth2 down
}

link_up_veth2() {
	"$IP" link set veth2 up
	wait_active rxe2
}

@test "the link taken down during resolution: a cause for each, no hang" {
	restore+=(link_up_veth2)
	fault_while_waiting veth2_down --timeout 5000
	jqe "$route_gone" <<<"$out"
	no_id_left
}

del_78_1() {
	"$IP" address del 192.168.78.1/24 dev veth2
}

readd_78_1() {
	"$IP" address replace 192.168.78.1/24 dev veth2
}

@test "the bound address removed during resolution: a cause for each, no hang" {
	restore+=(readd_78_1)
	fault_while_waiting del_78_1 --src 192.168.78.1 --timeout 5000
	jqe "$route_gone" <<<"$out"
	no_id_left
}

reload_rxe() {
	[ -d /sys/module/rdma_rxe ] || insmod /run/lab/modules/rdma_rxe.ko
	rdma link show rxe0/1 >/dev/null 2>&1 || rdma link add rxe0 type rxe netdev veth0
	rdma link show rxe2/1 >/dev/null 2>&1 || rdma link add rxe2 type rxe netdev veth2
	rdma link show rxe1/1 >/dev/null 2>&1 ||
		"$IP" netns exec peer rdma link add rxe1 type rxe netdev veth1
	wait_active rxe0 && wait_active rxe1 && wait_active rxe2
}

# librdmacm holds the devices open: the kernel refuses, nothing hangs.
rmmod_refused() {
	run rmmod rdma_rxe
	[ "$status" -ne 0 ]
	[[ "$output" == *"in use"* ]]
}

@test "rdma_rxe unloaded: refused while ids are open, then no_rdma_cm (exit 3)" {
	restore+=(reload_rxe)
	fault_while_waiting rmmod_refused --src 192.168.78.1 --timeout 1500
	jqe '[.results[].error.cause] | unique == ["neighbour_timeout"]' <<<"$out"
	no_id_left
	# Gone for good: this host can no longer do RDMA CM at all.
	rmmod rdma_rxe
	run --separate-stderr rr --json 192.168.77.2
	[ "$status" -eq 3 ]
	jqe '.results[0].error | .step == "create_id" and .cause == "no_rdma_cm"' <<<"$output"
}

flap_stop() {
	[ -z "${flapper:-}" ] || kill "$flapper" 2>/dev/null || true
	wait "${flapper:-}" 2>/dev/null || true
	"$IP" neigh del 192.168.77.5 dev veth0 2>/dev/null || true
}

@test "a flapping neighbour: every probe resolves or says why, none unknown" {
	restore+=(flap_stop)
	mac=$("$IP" -n peer -br link show veth1 | awk '{ print $3 }')
	(
		for _ in $(seq 400); do
			"$IP" neigh replace 192.168.77.5 lladdr "$mac" dev veth0 nud permanent
			"$IP" neigh del 192.168.77.5 dev veth0
			"$IP" neigh replace 192.168.77.5 lladdr 02:00:00:00:00:01 dev veth0 nud stale
			"$IP" neigh del 192.168.77.5 dev veth0
		done
	) 2>/dev/null &
	flapper=$!
	run --separate-stderr rr_shim "$RDMA_ROUTE" --json --count 40 --interval 10 \
		--timeout 300 192.168.77.5
	[ "$status" -eq 0 ] || [ "$status" -eq 1 ]
	jqe '.statistics[0].probes == 40' <<<"$output"
	jqe '[.results[] | select(.status == "failed") | .error.cause] - ["neighbour_timeout", "host_unreachable"] == []' <<<"$output"
	jqe '[.results[] | select(.status == "resolved") | .device] - ["rxe0"] == []' <<<"$output"
	flap_stop
	no_id_left
}
