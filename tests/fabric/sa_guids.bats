#!/usr/bin/env bats
# GUIDs fixed by the net file: the GUID form of DEST names a port exactly.

load ../helpers
load fabric

setup_file() {
	fabric_require
	fabric_start guids.net
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

@test "ibsim gave the ports the GUIDs of the net file" {
	[ "$(node_port_guid Hca1)" = 0x0002c90000001001 ]
	[ "$(node_port_guid Hca2)" = 0x0002c90000002001 ]
	[ "$(node_gid Hca2)" = fe80::2:c900:0:2001 ]
}

@test "a port GUID: DGID is the local subnet prefix and the GUID" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json 0x0002c90000002001
	[ "$status" -eq 0 ]
	echo "$output" | jqe '.results[0].paths[0].dgid == "fe80::2:c900:0:2001"'
	echo "$output" | jqe '.results[0].paths[0].sgid == "fe80::2:c900:0:1001"'
	echo "$output" | jqe --argjson l "$(node_lid Hca2)" '.results[0].paths[0].dlid == $l'
}

@test "leading zeros may go: 0x2c90000002001 is the same GUID" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json 0x0002c90000002001 0x2c90000002001 fe80::2:c900:0:2001
	[ "$status" -eq 0 ]
	echo "$output" | jqe '[.results[].paths[0]] | unique | length == 1'
}

@test "a GUID nobody has: dest_unknown" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json 0x0002c90000009001
	[ "$status" -eq 1 ]
	echo "$output" | jqe '.results[0].error.cause == "dest_unknown"'
	echo "$output" | jqe '.results[0].error.detail | startswith("MAD status 0x0300")'
}

@test "the node GUID is not a port GUID" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json 0x0002c90000002000
	[ "$status" -eq 1 ]
	echo "$output" | jqe '.results[0].error.cause == "dest_unknown"'
}
