#!/usr/bin/env bats
# tests/fabric/fat-tree's nets, brought up: a small two-level fat tree
# (4 leaves of 4 HCAs, 2 spines) as ibnetdiscover, ibtracert and
# rdma-route --sa --all-pairs see it.

load ../helpers
load fabric

setup_file() {
	fabric_require
	"$BATS_TEST_DIRNAME/fat-tree" 4 4 2 >"$BATS_FILE_TMPDIR/fat.net"
	fabric_start "$BATS_FILE_TMPDIR/fat.net"
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

@test "fat-tree 4 4 2: 6 switches and 16 HCAs, each leaf linked to each spine" {
	run sim_run ibnetdiscover
	[ "$status" -eq 0 ]
	[ "$(grep -c '^Switch' <<<"$output")" -eq 6 ]
	[ "$(grep -c '^Ca' <<<"$output")" -eq 16 ]
	# L3's ports: 4 HCAs, then S1 and S2 on ports 5 and 6.
	grep -A8 '"L3"' <<<"$output" | grep -q '^\[5\].*"S1"'
	grep -A8 '"L3"' <<<"$output" | grep -q '^\[6\].*"S2"'
	grep -A8 '"L3"' <<<"$output" | grep -q '^\[1\].*"Hca9"'
}

@test "fat-tree: a route within a leaf crosses one switch, across leaves three" {
	run sim_run ibtracert "$(node_lid Hca1)" "$(node_lid Hca2)"
	[ "$status" -eq 0 ]
	[ "$(grep -c 'switch' <<<"$output")" -eq 1 ]
	run sim_run ibtracert "$(node_lid Hca1)" "$(node_lid Hca16)"
	[ "$status" -eq 0 ]
	[ "$(grep -c 'switch' <<<"$output")" -eq 3 ]
	grep -q '"L4"' <<<"$output"
}

@test "fat-tree: --sa --all-pairs, every one of the 240 ordered pairs resolved" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --all-pairs --jsonl
	[ "$status" -eq 0 ]
	jqe -s '[.[] | select(.record == "results")] | length == 240 and all(.status == "resolved")' <<<"$output"
	jqe -s '[.[] | select(.record == "summary")][0] | .resolved == 240 and .failed == 0' <<<"$output"
}

@test "fat-tree: --sa --trace from two hosts to every other HCA, each route as ibtracert's" {
	local host i dlid want got lids

	for host in Hca1 Hca10; do
		lids=()
		for i in $(seq 1 16); do
			[ "Hca$i" = "$host" ] || lids+=("$(node_lid "Hca$i")")
		done
		run --separate-stderr sim_run --host "$host" "$RDMA_ROUTE" --sa --trace --json "${lids[@]}"
		[ "$status" -eq 0 ]
		for i in "${!lids[@]}"; do
			want=$(ibtracert_hops --host "$host" "$(node_lid "$host")" "${lids[$i]}")
			got=$(echo "$output" | our_hops "$i")
			[ "$got" = "$want" ] || {
				echo "from $host to LID ${lids[$i]}: ibtracert '$want', ours '$got'"
				return 1
			}
		done
	done
}

@test "fat-tree: bad sizes are refused, naming them (exit 2)" {
	run "$BATS_TEST_DIRNAME/fat-tree" 4 x 2
	[ "$status" -eq 2 ]
	[[ $output == *"'x': want a whole number from 1"* ]]
	run "$BATS_TEST_DIRNAME/fat-tree" 200 10 10
	[ "$status" -eq 2 ]
	[[ $output == *"more than ibsim takes"* ]]
	run "$BATS_TEST_DIRNAME/fat-tree" 4 4
	[ "$status" -eq 2 ]
}
