#!/usr/bin/env bats
# Each failure the lab can produce for real: the step, what the kernel
# said, the cause and the exit code.

load ../helpers

setup() {
	[ -e /dev/infiniband/rdma_cm ] || skip "not in the lab: no RDMA CM here"
}

@test "loopback: address resolves, rdma_resolve_route fails ENODEV" {
	run --separate-stderr rr --json 127.0.0.1
	[ "$status" -eq 1 ]
	e='.results[0].error'
	jqe "$e.step == \"resolve_route\" and $e.call == \"rdma_resolve_route\"" <<<"$output"
	jqe "$e.failed_by == \"call\" and $e.errno_name == \"ENODEV\"" <<<"$output"
	jqe "$e.cause == \"not_rdma_address\"" <<<"$output"
	jqe '.results[0].time_ms.resolve_addr > 0' <<<"$output"
}

@test "text: a failure goes to stdout with step, kernel answer, cause, hint" {
	run --separate-stderr rr 127.0.0.1
	[ "$status" -eq 1 ]
	[ -z "$stderr" ]
	[[ "$output" == "127.0.0.1: failed at resolve route: rdma_resolve_route() failed: ENODEV (No such device)"* ]]
	has_field "$output" "cause" "not_rdma_address"
	has_field "$output" "hint" "use an address assigned to an RDMA-capable interface*"
}

@test "silent neighbour: ADDR_ERROR ETIMEDOUT after the timeout" {
	run --separate-stderr rr --json --timeout 500 192.168.77.99
	[ "$status" -eq 1 ]
	e='.results[0].error'
	jqe "$e.step == \"resolve_addr\" and $e.failed_by == \"event\"" <<<"$output"
	jqe "$e.event == \"ADDR_ERROR\" and $e.event_status == -110 and $e.errno_name == \"ETIMEDOUT\"" <<<"$output"
	jqe "$e.cause == \"neighbour_timeout\"" <<<"$output"
	jqe '.results[0].time_ms.resolve_addr >= 490' <<<"$output"
}

@test "no route: rdma_resolve_addr fails ENETUNREACH at once" {
	run --separate-stderr rr --json 10.99.99.99
	[ "$status" -eq 1 ]
	e='.results[0].error'
	jqe "$e.call == \"rdma_resolve_addr\" and $e.failed_by == \"call\"" <<<"$output"
	jqe "$e.errno == 101 and $e.cause == \"no_route\"" <<<"$output"
}

@test "route via an interface without RDMA device: ADDR_ERROR ENODEV" {
	run --separate-stderr rr --json 192.168.79.2
	[ "$status" -eq 1 ]
	e='.results[0].error'
	jqe "$e.event == \"ADDR_ERROR\" and $e.errno_name == \"ENODEV\"" <<<"$output"
	jqe "$e.cause == \"not_rdma_netdev\"" <<<"$output"
}

@test "a source address not on this host fails at bind addr" {
	run --separate-stderr rr --json --src 192.168.77.50 192.168.77.2
	[ "$status" -eq 1 ]
	e='.results[0].error'
	jqe "$e.step == \"bind_addr\" and $e.call == \"rdma_bind_addr\"" <<<"$output"
	jqe "$e.cause == \"source_not_local\"" <<<"$output"
}

@test "a host name that does not resolve: lookup step, name_unknown" {
	run --separate-stderr rr --json no-such-host.invalid
	[ "$status" -eq 1 ]
	e='.results[0].error'
	jqe "$e.step == \"lookup\" and $e.cause == \"name_unknown\"" <<<"$output"
	jqe '.results[0] | has("address") | not' <<<"$output"
}

@test "permission denied on rdma_cm: exit 3, permission_denied" {
	command -v setpriv >/dev/null || skip "no setpriv"
	chmod 600 /dev/infiniband/rdma_cm
	run --separate-stderr setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$RDMA_ROUTE" --json 192.168.77.2
	chmod 666 /dev/infiniband/rdma_cm
	[ "$status" -eq 3 ]
	jqe '.results[0].error | .errno_name == "EACCES" and .cause == "permission_denied"' <<<"$output"
}

@test "a mixed batch: each destination's own result, summary by cause, exit 1" {
	run --separate-stderr rr --json --timeout 500 192.168.77.2 10.99.99.99 127.0.0.1 192.168.79.2 192.168.77.99 fd00:77::2
	[ "$status" -eq 1 ]
	jqe '[.results[].status] == ["resolved","failed","failed","failed","failed","resolved"]' <<<"$output"
	jqe '[.results[1:5][].error.cause] == ["no_route","not_rdma_address","not_rdma_netdev","neighbour_timeout"]' <<<"$output"
	jqe '(.summary | del(.elapsed_ms, .host, .time)) == {"destinations": 6, "probes": 6, "resolved": 2, "failed": 4, "failed_by_cause": {"no_route": 1, "not_rdma_netdev": 1, "neighbour_timeout": 1, "not_rdma_address": 1}, "expect_failed": 0, "input_errors": 0}' <<<"$output"
}

@test "text: a mixed batch on stdout, in input order, failures too; stderr empty" {
	run --separate-stderr rr 192.168.77.2 10.99.99.99
	[ "$status" -eq 1 ]
	[[ "$output" == "192.168.77.2: resolved via rxe0"* ]]
	[[ "$output" == *"
10.99.99.99: failed at resolve addr: rdma_resolve_addr() failed: ENETUNREACH (Network is unreachable)"* ]]
	[ -z "$stderr" ]
	has_field "$output" "destinations" "2"
	has_field "$output" "resolved" "1"
	has_field "$output" "failed" "1"
	has_field "$output" "no_route" "1"
}
