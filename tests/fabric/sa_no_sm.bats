#!/usr/bin/env bats
# A fabric with no subnet manager: ports stay INIT with SM LID 0 (that is
# what ibsim reports), and rdma-route says no_sm at the find-SM step.

load ../helpers
load fabric

setup_file() {
	fabric_require
	fabric_start one-switch.net --no-sm
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

@test "the simulator reports the port INIT with SM LID 0" {
	run sim_run ibstat
	[[ "$output" == *"State: Initializing"* ]]
	[[ "$output" == *"SM lid: 0"* ]]
}

@test "no SM: no_sm at find_sm, exit 1, for every destination" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json 2 fe80::10:3
	[ "$status" -eq 1 ]
	[ -z "$stderr" ]
	echo "$output" | jqe '[.results[].error.cause] == ["no_sm", "no_sm"]'
	echo "$output" | jqe '[.results[].error.step] == ["find_sm", "find_sm"]'
	echo "$output" | jqe '.results[0].error.call == "ib_resolve_smlid_via"'
	echo "$output" | jqe '.results[0].error.errno == 6'
	echo "$output" | jqe '.results[0].device == "ibsim0"'
	echo "$output" | jqe '.results[0].time_ms | has("open_port") and has("find_sm")'
	echo "$output" | jqe '.results[0].time_ms | has("sa_query") | not'
}
