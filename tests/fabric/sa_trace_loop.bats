#!/usr/bin/env bats
# --sa --trace through forwarding tables that loop: line.net's tables as
# opensm made them (ibroute), Switch2's entry for LID 5 turned back to
# port 2 (Switch1), loaded by opensm's file routing engine (-R file -U).
# opensm refuses a port beyond a switch's count in such a file, so a
# table pointing there (route_bad_port) cannot be planted here.

load ../helpers
load fabric

setup_file() {
	local s lfts=$BATS_FILE_TMPDIR/lfts

	fabric_require
	fabric_start line.net
	for s in Switch1 Switch2 Switch3; do
		sim_run ibroute "$(node_lid "$s")"
	done >"$lfts"
	fabric_stop
	awk '/^Unicast lids/ { sw = ($0 ~ /[(]Switch2[)]/) }
	     sw && /^0x0005 / { sub(/^0x0005 [0-9]+ /, "0x0005 002 ") } { print }' \
		"$lfts" >"$lfts.loop"
	FABRIC_OPENSM_ARGS="-R file -U $lfts.loop" fabric_start line.net
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

@test "the planted table: Switch2 sends LID 5 back to port 2" {
	run sim_run ibroute "$(node_lid Switch2)"
	[ "$status" -eq 0 ]
	grep -q '^0x0005 002 ' <<<"$output"
}

@test "a loop: route_loop names the switch the route comes back to, exit 1" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --timeout 500 5
	[ "$status" -eq 1 ]
	echo "$output" | jqe '.results[0].error | .step == "trace" and .cause == "route_loop"'
	echo "$output" | jqe '.results[0].error.detail == "the route to LID 5 comes back to Switch1"'
	echo "$output" | jqe '[.results[0].hops[] | "\(.name) \(.in_port) \(.out_port)"] == ["Hca1 0 1", "Switch1 1 2", "Switch2 2 2", "Switch1 2 0"]'
}
