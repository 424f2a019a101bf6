#!/usr/bin/env bats
# Every pair of sixteen HCAs over five switches (sixteen.net), with planted
# faults: Hca7's link is 1x, Hca12 and Hca13 are limited members of the
# default partition only.  --sa --all-pairs must find exactly those; node
# names (descriptions, --node-name-map) stand for LIDs.

load ../helpers
load fabric

setup_file() {
	fabric_require
	FABRIC_OPENSM_ARGS="-P $FABRIC_LIB_DIR/sixteen.partitions" fabric_start sixteen.net
	# One run of every pair, shared by the tests that read it.
	local status=0
	sim_run "$RDMA_ROUTE" --sa --all-pairs --jsonl >"$FABRIC_DIR/pairs.jsonl" || status=$?
	echo "$status" >"$FABRIC_DIR/pairs.status"
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

pairs() {
	jq -c 'select(.record == "results")' "$FABRIC_DIR/pairs.jsonl"
}

@test "--all-pairs, no port given: every ordered pair of the 16 CA ports discovered" {
	[ "$(cat "$FABRIC_DIR/pairs.status")" -eq 1 ]	# two pairs fail
	[ "$(pairs | wc -l)" -eq 240 ]
	# Each port once as a source, 15 times; named by its node description.
	[ "$(pairs | jq -r .from | sort -u | wc -l)" -eq 16 ]
	[ "$(pairs | jq -r 'select(.from == "Hca9") | .destination' | sort -V | tr '\n' ' ')" = \
	  "Hca1 Hca2 Hca3 Hca4 Hca5 Hca6 Hca7 Hca8 Hca10 Hca11 Hca12 Hca13 Hca14 Hca15 Hca16 " ]
	# In LID order: the fabric's first HCA first.
	[ "$(pairs | head -n 1 | jq -r '.from + " " + .destination')" = "Hca1 Hca2" ]
	jq -s -e '.[-1] | .record == "summary" and .destinations == 240 and .resolved == 238' \
		"$FABRIC_DIR/pairs.jsonl" >/dev/null
}

@test "the planted 1x link: exactly the 30 pairs with Hca7 at 2.5 Gb/s" {
	[ "$(pairs | jq -r 'select(.paths[0].rate == 2.5) | .from + ">" + .destination' |
		grep -c -E '(^Hca7>|>Hca7$)')" -eq 30 ]
	[ "$(pairs | jq -r 'select(.status == "resolved" and .paths[0].rate != 2.5) | .paths[0].rate' | sort -u)" = 10 ]
	[ "$(pairs | jq -r 'select(.paths[0].rate == 2.5)' | jq -s length)" -eq 30 ]
}

@test "the planted partitions: Hca12 and Hca13 limited, and no path between the two" {
	# From each of the two to the 14 others: P_Key 0x7fff, limited.  The
	# other way opensm answers with the source's P_Key, 0xffff: the pair
	# is not the same both ways.
	[ "$(pairs | jq -r 'select(.paths[0].pkey == "0x7fff") | .from + ">" + .destination' |
		grep -c -E '^Hca1[23]>')" -eq 28 ]
	[ "$(pairs | jq -s '[.[] | select(.paths[0].pkey_membership == "limited")] | length')" -eq 28 ]
	[ "$(pairs | jq -s '[.[] | select((.destination | test("^Hca1[23]$")) and .paths[0].pkey == "0xffff")] | length')" -eq 28 ]
	[ "$(pairs | jq -r 'select(.status == "failed") | .from + ">" + .destination + " " + .error.cause' | sort | tr '\n' ' ')" = \
	  "Hca12>Hca13 no_path Hca13>Hca12 no_path " ]
	echo "$(pairs | jq -c 'select(.status == "failed") | .error')" | head -n 1 |
		jq -e '.step == "sa_query" and .kernel_said == "umad_recv(): MAD status 0x0300: ERR_NO_RECORDS"' >/dev/null
	# Nothing else is off: all the other pairs full members, 0xffff.
	[ "$(pairs | jq -s '[.[] | select(.status == "resolved" and .paths[0].pkey == "0xffff")] | length')" -eq 210 ]
}

@test "a pair's record is the one saquery --src-to-dst gets" {
	local from to sa p
	from=$(node_lid Hca7)
	to=$(node_lid Hca13)
	sa=$(sim_run saquery -p --src-to-dst "$from:$to")
	p=$(pairs | jq -c 'select(.from == "Hca7" and .destination == "Hca13") | .paths[0]')
	jq -e --argjson s "$from" --argjson d "$to" '.slid == $s and .dlid == $d' <<<"$p" >/dev/null
	jq -e --argjson v $(($(echo "$sa" | saquery_field rate) & 63)) '.rate_raw == $v' <<<"$p" >/dev/null
	jq -e --argjson v $(($(echo "$sa" | saquery_field mtu) & 63)) '.mtu_raw == $v' <<<"$p" >/dev/null
	[ "$(jq -r .pkey <<<"$p")" = "$(echo "$sa" | saquery_field pkey | tr 'A-F' 'a-f')" ]
	[ "$(jq -r .sgid <<<"$p")" = "$(echo "$sa" | saquery_field sgid)" ]
}

@test "--all-pairs of the ports given: names, a LID and a GUID, each pair once each way" {
	local guid lid
	guid=$(node_port_guid Hca2)
	lid=$(node_lid Hca7)
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --all-pairs --json Hca1 "$guid" "$lid"
	[ "$status" -eq 0 ]
	echo "$output" | jqe '.results | length == 6'
	echo "$output" | jqe --arg g "$guid" --arg l "$lid" \
		'[.results[] | .from + ">" + .destination] == ["Hca1>" + $g, "Hca1>" + $l, $g + ">Hca1", $g + ">" + $l, $l + ">Hca1", $l + ">" + $g]'
	echo "$output" | jqe --argjson l "$lid" '[.results[] | select(.paths[0].slid == $l or .paths[0].dlid == $l) | .paths[0].rate] == [2.5, 2.5, 2.5, 2.5]'
}

@test "a node's name stands for its LID; --node-name-map names, and names the pairs" {
	local map=$BATS_TEST_TMPDIR/names
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json Hca5 Hca5/1
	[ "$status" -eq 0 ]
	echo "$output" | jqe --argjson l "$(node_lid Hca5)" '[.results[].paths[0].dlid] == [$l, $l]'
	# The map, as ibnetdiscover takes it: node GUIDs, quoted or bare names.
	printf '%s\n' '# lab names' '0x0002c90000050000 "node05"' \
		'0x0002c90000070000 node07 slow link' >"$map"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json --node-name-map "$map" \
		--from 'node07 slow link' node05
	[ "$status" -eq 0 ]
	echo "$output" | jqe --argjson s "$(node_lid Hca7)" --argjson d "$(node_lid Hca5)" \
		'.results[0] | .from == "node07 slow link" and .destination == "node05" and .paths[0].slid == $s and .paths[0].dlid == $d'
	# Discovered pairs carry the map's names, descriptions for the rest.
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --all-pairs --jsonl --node-name-map "$map"
	[ "$status" -eq 1 ]
	[ "$(echo "$output" | jq -r 'select(.record == "results") | .from' | sort -u | grep -c -E '^(node05|node07 slow link)$')" -eq 2 ]
	[ "$(echo "$output" | jq -r 'select(.record == "results") | .from' | sort -u | grep -c -E '^Hca(5|7)$')" -eq 0 ]
}

@test "names: unknown or ambiguous, each said; a bad map stops the run (exit 2)" {
	local map=$BATS_TEST_TMPDIR/names
	printf '%s\n' '0x0002c90000050000 "twin"' '0x0002c90000060000 "twin"' >"$map"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json --node-name-map "$map" Nope twin Hca5/2 Hca6
	[ "$status" -eq 1 ]
	echo "$output" | jqe '[.results[] | .error.cause // .status] == ["node_unknown", "node_ambiguous", "node_unknown", "resolved"]'
	echo "$output" | jqe '.results[0].error | .step == "lookup" and .kernel_said == "no CA port has this name (node-name map, node descriptions, SA NodeRecords)"'
	printf '%s\n' '0x0002c90000050000 "ok"' 'node06 "bad"' >"$map"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --node-name-map "$map" Hca5
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --node-name-map '$map': line 2: want a node GUID (0x and 1 to 16 hex digits) first" ]
	[ -z "$output" ]
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --node-name-map "$BATS_TEST_TMPDIR/none" Hca5
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"'$BATS_TEST_TMPDIR/none': No such file or directory" ]]
}

@test "--all-pairs in Prometheus: from and destination on every sample, promtool-valid" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --all-pairs --prom Hca6 Hca7 Hca8
	[ "$status" -eq 0 ]
	prom_valid <<<"$output"
	[ "$(grep -c '^rdma_route_probe_success{' <<<"$output")" -eq 6 ]
	grep -q '^rdma_route_path_rate_bytes_per_second{.*from="Hca6",destination="Hca7".*} 312500000$' <<<"$output"
	grep -q '^rdma_route_path_rate_bytes_per_second{.*from="Hca6",destination="Hca8".*} 1250000000$' <<<"$output"
}

@test "--all-pairs: with --from, or one port, refused" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --all-pairs --from Hca1 Hca2 Hca3
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--all-pairs takes every port as a source: not with --from"* ]]
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --all-pairs Hca1
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --all-pairs: given 1 port, no pair" ]
}

@test "--all-pairs --matrix: exactly the planted faults are its findings" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --all-pairs --matrix=rate \
		--expect 'rate >= 10' --json
	[ "$status" -eq 1 ]	# the two pairs without a path
	jqe '.summary | .sources == 16 and .destinations == 16 and .pairs == 240 and .resolved == 238' <<<"$output"
	# Unreachable: Hca12 <-> Hca13 only.
	jqe '[.findings[] | select(.kind == "unreachable") | "\(.from)>\(.destination) \(.cause)"] == ["Hca12>Hca13 no_path", "Hca13>Hca12 no_path"]' <<<"$output"
	# Not the same both ways: Hca12 and Hca13 with each of the 14 others, by the P_Key alone.
	jqe '[.findings[] | select(.kind == "asymmetric")] | length == 28 and all(.differs | keys == ["pkey"])' <<<"$output"
	jqe '[.findings[] | select(.kind == "asymmetric") | [.from, .back_from] | map(select(test("^Hca1[23]$"))) | length] | unique == [1]' <<<"$output"
	# Below rate >= 10: the 30 pairs with Hca7, its 1x link.
	jqe '[.findings[] | select(.kind == "expect_failed") | select(.from == "Hca7" or .destination == "Hca7")] | length == 30' <<<"$output"
	jqe '.summary.findings == {"fails_to_all": 0, "reached_by_none": 0, "unreachable": 2, "asymmetric": 28, "expect_failed": 30}' <<<"$output"
	jqe '[.pairs[] | select(.status == "resolved") | .rate] | unique == [2.5, 10]' <<<"$output"
}

@test "--all-pairs on a terminal: the progress line counts the pairs, never in the records" {
	command -v script >/dev/null || skip "no script(1)"
	# A hung SM and 4 queries at a time of 300 ms each: 12 pairs take
	# 0.9 s, past the line's first half second.
	fabric_freeze_sm
	run sim_run script -qec "'$RDMA_ROUTE' --sa --all-pairs --parallel 4 --timeout 300 --jsonl Hca1 Hca2 Hca3 Hca4 >'$FABRIC_DIR/progress.jsonl'" /dev/null
	kill -CONT "$FABRIC_OPENSM_PID"
	[ "$status" -eq 1 ]
	grep -Eq $'\r\e\\[Krdma-route: [0-9]+/12 \\([0-9]+%\\) done, [0-9]+ failed, [0-9]+ s, about [0-9]+ s left' <<<"$output"
	[[ "$output" == *$'\r\e[K' ]]
	[ "$(grep -c '"record":"results"' "$FABRIC_DIR/progress.jsonl")" -eq 12 ]
	[ "$(grep -c 'done, ' "$FABRIC_DIR/progress.jsonl")" -eq 0 ]
}
