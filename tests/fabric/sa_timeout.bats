#!/usr/bin/env bats
# The SM goes away after bringing the subnet up: ports stay ACTIVE with
# its LID, and the SA query is bounded by --timeout.

load ../helpers
load fabric

setup_file() {
	fabric_require
	fabric_start one-switch.net
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

# timed_run CMD...: run CMD (bats run), and set $elapsed in ms.
timed_run() {
	local t0 t1

	t0=$(date +%s%N)
	run --separate-stderr "$@"
	t1=$(date +%s%N)
	elapsed=$(((t1 - t0) / 1000000))
}

@test "a hung SM (stopped with SIGSTOP): sa_timeout after the timeout" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json 3
	[ "$status" -eq 0 ]
	fabric_freeze_sm
	timed_run sim_run "$RDMA_ROUTE" --sa --json --timeout 500 3
	kill -CONT "$FABRIC_OPENSM_PID"
	[ "$status" -eq 1 ]
	[ -z "$stderr" ]
	echo "$output" | jqe '.results[0].error.cause == "sa_timeout"'
	echo "$output" | jqe '.results[0].error.step == "sa_query"'
	echo "$output" | jqe '.results[0].error.errno == 110'
	# It waited for the timeout, and no longer.
	echo "$output" | jqe '.results[0].time_ms.sa_query >= 450'
	[ "$elapsed" -lt 1500 ]
}

@test "a hung SM and 20 destinations: done within twice one step's deadline" {
	fabric_freeze_sm
	dests=(3 4 fe80::10:3 fe80::10:5 0x0002c90300000103 $(seq 5 19))
	timed_run sim_run "$RDMA_ROUTE" --sa --json --timeout 200 "${dests[@]}"
	kill -CONT "$FABRIC_OPENSM_PID"
	[ "$status" -eq 1 ]
	echo "$output" | jqe '.results | length == 20'
	echo "$output" | jqe '[.results[].error.cause] | unique == ["sa_timeout"]'
	echo "$output" | jqe '[.results[].time_ms.sa_query >= 190] | all'
	# The deadline of one step is 200 ms + 1 s: queries wait side by side
	# (8 at a time), not one after another (20 x 200 ms would be 4 s).
	echo "$output" | jqe '.summary.elapsed_ms < 2400'
	[ "$elapsed" -lt 2400 ] || { echo "took $elapsed ms"; false; }
}

@test "the SM stopped before the query: sa_timeout within the timeout" {
	fabric_stop_sm
	timed_run sim_run "$RDMA_ROUTE" --sa --json --timeout 800 3 fe80::10:5
	[ "$status" -eq 1 ]
	[ -z "$stderr" ]
	echo "$output" | jqe '[.results[].error.cause] == ["sa_timeout", "sa_timeout"]'
	[ "$elapsed" -lt 2800 ]
}
