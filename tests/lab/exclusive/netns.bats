#!/usr/bin/env bats
# RDMA in exclusive network-namespace mode (`rdma system set netns
# exclusive`): each device belongs to one namespace.  The mode can only be
# set while no other namespace exists, so this file runs in a lab of its
# own, booted with lab.rdma_netns=exclusive (tests/run does), where the
# topology sets it first: the rxe devices then all belong to the first
# namespace, and peer and peer2 see none.

load ../../helpers
load ../lab

setup() {
	[ -e /dev/infiniband/rdma_cm ] || skip "not in the lab: no RDMA CM here"
	grep -q 'lab.rdma_netns=exclusive' /proc/cmdline ||
		skip "a lab booted with lab.rdma_netns=exclusive runs this"
}

@test "the lab is in exclusive mode, and the first namespace still resolves" {
	rdma system show | grep -q 'netns exclusive'
	run --separate-stderr rr --json 192.168.77.2
	[ "$status" -eq 0 ]
	jqe '.results[0].device == "rxe0"' <<<"$output"
}

@test "a namespace with no RDMA device of its own: rdma_netns_exclusive, exit 3" {
	run --separate-stderr "$IP" netns exec peer "$RDMA_ROUTE" --json 192.168.77.1
	[ "$status" -eq 3 ]
	jqe '.results[0].error | .step == "create_id" and .errno_name == "ENODEV" and .cause == "rdma_netns_exclusive"' <<<"$output" ||
		{ jq -c '.results[0].error' <<<"$output"; false; }
	jqe '.results[0].error.hint | startswith("`rdma system show` says netns exclusive")' <<<"$output"
	jqe '.results[0].root_cause | .link == "device" and .rdma_netns_mode == "exclusive"' <<<"$output"
	jqe '.results[0].root_cause.reason | startswith("route to 192.168.77.1 leaves via veth1, which has no RDMA device in this namespace (RDMA netns mode exclusive")' <<<"$output"
}

@test "--explain there: the route ok, the device link names the mode" {
	run --separate-stderr "$IP" netns exec peer2 "$RDMA_ROUTE" --json --explain 192.168.78.1
	[ "$status" -eq 3 ]
	jqe '.results[0].explain[0] | .link == "route" and .state == "ok" and .interface == "veth3"' <<<"$output"
	jqe '.results[0].explain[1] | .link == "device" and .state == "broken" and .rdma_netns_mode == "exclusive"' <<<"$output"
	# Text says it too (a failure's block goes to stdout, as every result).
	run --separate-stderr "$IP" netns exec peer2 "$RDMA_ROUTE" 192.168.78.1
	has_field "$output" cause rdma_netns_exclusive
	has_field "$output" "rdma netns mode" exclusive
}
