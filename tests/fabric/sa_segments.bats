#!/usr/bin/env bats
# Two switches joined twice, opensm with LMC 2 (four LIDs a port): a
# pair of HCAs has many paths, and the GetTable answer needs several RMPP
# segments.  The simulator sends the first one only: rdma-route shows
# what arrived, whole records only, and says the answer came cut short.

load ../helpers
load fabric

setup_file() {
	fabric_require
	FABRIC_OPENSM_ARGS="-l 2" fabric_start two-links.net
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

@test "--all-paths, an answer cut short: whole paths only, and N of M records said" {
	local slid dlid
	slid=$(node_lid Hca1)
	dlid=$(node_lid Hca2)
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --all-paths --json "$(node_gid Hca2)"
	[ "$status" -eq 0 ]
	echo "$output" | jqe '.results[0].status == "resolved" and .results[0].num_paths >= 1'
	# LMC 2: each end's LID is one of its port's four.
	echo "$output" | jqe --argjson s "$slid" --argjson d "$dlid" \
		'[.results[0].paths[] | .slid >= $s and .slid < $s + 4 and .dlid >= $d and .dlid < $d + 4 and .mtu == 2048] | all'
	echo "$output" | jqe '.results[0] | .num_paths == (.paths | length)'
	echo "$output" | jqe '.results[0] | .warnings | length == 1'
	echo "$output" | jqe '.results[0] | .warnings[0] | test("^[0-9]+ of [0-9]+ records received: the SA.s answer came cut short")'
	echo "$output" | jqe '.results[0] | .num_paths as $n | .warnings[0] | capture("^(?<n>[0-9]+) of (?<m>[0-9]+)") | (.n | tonumber) == $n and (.m | tonumber) > $n'
}

@test "one path asked (a Get): one whole record, nothing said" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json "$(node_lid Hca2)"
	[ "$status" -eq 0 ]
	echo "$output" | jqe '.results[0] | .num_paths == 1 and (has("warnings") | not)'
	echo "$output" | jqe --argjson d "$(node_lid Hca2)" '.results[0].paths[0].dlid == $d'
}
