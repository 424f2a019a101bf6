#!/usr/bin/env bats
# --sa --trace --all-pairs on tests/fabric/fat-tree 4 4 2 (16 HCAs, 6
# switches): every route from the forwarding tables read once, against a
# brute-force walk of what ibnetdiscover -p and ibroute print (lft-walk).

load ../helpers
load fabric

setup_file() {
	local lid

	fabric_require
	"$BATS_TEST_DIRNAME/fat-tree" 4 4 2 >"$BATS_FILE_TMPDIR/fat.net"
	fabric_start "$BATS_FILE_TMPDIR/fat.net"
	sim_run ibnetdiscover -p >"$BATS_FILE_TMPDIR/ports"
	for lid in $(awk '$1 == "SW" { print $2 }' "$BATS_FILE_TMPDIR/ports" | sort -u); do
		echo "SWITCH $lid"
		sim_run ibroute "$lid"
	done >"$BATS_FILE_TMPDIR/tables"
	"$BATS_TEST_DIRNAME/lft-walk" "$BATS_FILE_TMPDIR/ports" \
		"$BATS_FILE_TMPDIR/tables" | sort >"$BATS_FILE_TMPDIR/walked"
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

@test "the brute-force walk itself: 240 pairs, all arrive, 48 within a leaf" {
	grep -qx 'pairs 240' "$BATS_FILE_TMPDIR/walked"
	grep -qx 'arrived 240' "$BATS_FILE_TMPDIR/walked"
	grep -qx 'crossed 1 48' "$BATS_FILE_TMPDIR/walked"
	grep -qx 'crossed 3 192' "$BATS_FILE_TMPDIR/walked"
}

@test "every route of the tree: counts, switches crossed and each switch port's load as the brute-force walk's" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json
	[ "$status" -eq 0 ]
	echo "$output" >"$BATS_TEST_TMPDIR/out.json"
	jq -r '.summary | "pairs \(.pairs)", "arrived \(.arrived)", "failed \(.failed)",
		(.switches_crossed | to_entries[] | "crossed \(.key) \(.value)"),
		"fair \(.fair_share) \(.links_between_switches)"' \
		"$BATS_TEST_TMPDIR/out.json" >"$BATS_TEST_TMPDIR/ours"
	jq -r '.links[] | select(.node_type == "switch" and .routes > 0) |
		"load \(.node) \(.port) \(.routes)"' \
		"$BATS_TEST_TMPDIR/out.json" >>"$BATS_TEST_TMPDIR/ours"
	grep -qx 'fair 24 16' "$BATS_TEST_TMPDIR/ours"
	grep -v '^fair ' "$BATS_TEST_TMPDIR/ours" | sort | diff - "$BATS_FILE_TMPDIR/walked"
	jqe '.fabric | .nodes == 22 and .switches == 6 and .channel_adapters == 16 and .links == 24' \
		"$BATS_TEST_TMPDIR/out.json"
	jqe '.fabric | .table_blocks == 6 and .table_blocks_lost == 0 and .tables_unread == 0' \
		"$BATS_TEST_TMPDIR/out.json"
	jqe '(.failures // []) | length == 0' "$BATS_TEST_TMPDIR/out.json"
}

@test "one SMP in flight or many: the same tables, the same routes" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json --parallel 1
	[ "$status" -eq 0 ]
	a=$(jq -c '[.summary.switches_crossed, [.links[].routes]]' <<<"$output")
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json --parallel 32
	[ "$status" -eq 0 ]
	[ "$a" = "$(jq -c '[.summary.switches_crossed, [.links[].routes]]' <<<"$output")" ]
}

@test "JSON Lines: the report's records; with --per-pair a record per pair first, its switches as ibtracert's" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --jsonl
	[ "$status" -eq 0 ]
	! grep -q '"record":"routes"' <<<"$output"
	[ "$(grep -c '"record":"links"' <<<"$output")" -eq 48 ]
	tail -1 <<<"$output" | jqe '.record == "summary" and .pairs == 240'
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --jsonl --per-pair
	[ "$status" -eq 0 ]
	[ "$(grep -c '"record":"routes"' <<<"$output")" -eq 240 ]
	grep '"record":"routes"' <<<"$output" | jqe -s 'all(.ok) and ([.[].switches_crossed] | sort | unique) == [1, 3]'
	tail -1 <<<"$output" | jqe '.record == "summary" and .pairs == 240'
	want=$(ibtracert_hops "$(node_lid Hca1)" "$(node_lid Hca16)" | sed '1d;$d')
	got=$(grep '"record":"routes"' <<<"$output" |
		jq -r 'select(.from == "Hca1" and .to == "Hca16") | .hops[] | "\(.name) \(.in_port) \(.out_port)"')
	[ -n "$want" ] && [ "$got" = "$want" ]
}

@test "text: the fabric, the hottest links against the fair share, the counts" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs
	[ "$status" -eq 0 ]
	grep -qx 'fabric: 22 nodes, 6 switches, 24 links' <<<"$output"
	grep -qx 'routes: ok; 240 pairs, 240 arrive, 0 fail, 0 credit loops' <<<"$output"
	has_field "$output" faults 0
	# Every link between switches carries its fair share: none stands out.
	! grep -q '^hottest' <<<"$output"
	has_field "$output" 'links hot' 0
	has_field "$output" 'fair share' '24.0 routes a link'
	has_field "$output" 3 '192 routes (80.0%)'
	[ -z "$stderr" ]
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs -q
	[ "$status" -eq 0 ]
	[ "$(head -1 <<<"$output")" = 'routes: ok; 240 pairs, 240 arrive, 0 fail, 0 credit loops' ]
	! grep -q '^hottest\|^fabric' <<<"$output"
}

@test "Prometheus: the routes by how they end and each switch port's routes" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --prom
	[ "$status" -eq 0 ]
	prom_valid <<<"$output"
	grep -q '^rdma_route_fabric_routes{.*end="arrived".*} 240$' <<<"$output"
	grep -q '^rdma_route_fabric_routes{.*end="route_loop".*} 0$' <<<"$output"
	grep -q '^rdma_route_fabric_routes_switches_crossed{.*switches="3".*} 192$' <<<"$output"
	grep -Eq '^rdma_route_fabric_fair_share_routes({.*})? 24$' <<<"$output"
	# 4 leaves of 6 cabled ports, 2 spines of 4.
	[ "$(grep -c '^rdma_route_link_routes{' <<<"$output")" -eq 32 ]
	grep -q '^rdma_route_link_routes{.*node="L1",.*port="5",peer="S1",peer_port="1"} 24$' <<<"$output"
	grep -q '^rdma_route_build_info{version="' <<<"$output"
	grep -q '^rdma_route_run_timestamp_seconds ' <<<"$output"
}

@test "--dot: every node and cable, each edge with its two loads" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs \
		--dot "$BATS_TEST_TMPDIR/fabric.dot" -q
	[ "$status" -eq 0 ]
	f=$BATS_TEST_TMPDIR/fabric.dot
	[ "$(grep -c 'shape=box' "$f")" -eq 6 ]
	[ "$(grep -c 'shape=ellipse' "$f")" -eq 16 ]
	[ "$(grep -c ' -- ' "$f")" -eq 24 ]
	# L1 port 5 to S1 port 1: 24 routes up, 24 down; Hca1's: 15 each way.
	l1=$(awk -F'[ \t]' '/label="L1"/ { print $2 }' "$f")
	s1=$(awk -F'[ \t]' '/label="S1"/ { print $2 }' "$f")
	grep -Eq "^	($l1 -- $s1 \[taillabel=\"5\", headlabel=\"1\"|$s1 -- $l1 \[taillabel=\"1\", headlabel=\"5\"), label=\"24 / 24\"" "$f"
	tail -1 "$f" | grep -qx '}'
	if command -v dot >/dev/null; then
		dot -Tsvg "$f" >/dev/null
	fi
}

@test "--dot: the tree in tiers, CAs at the bottom, leaves above, spines on top" {
	local f=$BATS_TEST_TMPDIR/tiers.dot id

	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --dot "$f" -q
	[ "$status" -eq 0 ]
	id() { awk -F'[ \t]' -v n="$1" '$0 ~ "label=\"" n "\"" { print $2 }' "$f"; }
	# Three ranks, in order: the 16 HCAs, the 4 leaves, the 2 spines.
	grep '{ rank=same;' "$f" | awk '{ print NF - 3 }' | tr '\n' ' ' | grep -qx '16 4 2 '
	grep '{ rank=same;' "$f" | sed -n 2p | grep -q " $(id L1);"
	grep '{ rank=same;' "$f" | sed -n 3p | grep -q " $(id S2);"
	grep '{ rank=same;' "$f" | sed -n 1p | grep -q " $(id Hca16);"
	# Each cable drawn from its upper end: a spine's or a leaf's tail.
	! grep -Eq "^	$(id Hca1) -- " "$f"
	grep -Eq "^	$(id S1) -- $(id L1) " "$f"
	if command -v dot >/dev/null; then
		# Laid out: y grows upwards in dot's plain output.
		dot -Tplain "$f" >"$BATS_TEST_TMPDIR/plain"
		y() { awk -v n="$1" '$1 == "node" && $2 == n { print $4 }' "$BATS_TEST_TMPDIR/plain"; }
		awk -v a="$(y "$(id Hca1)")" -v b="$(y "$(id L1)")" -v c="$(y "$(id S1)")" \
			'BEGIN { exit !(a < b && b < c) }'
	fi
}

@test "--dot: a name with control bytes shown escaped, as the text shows it" {
	local map=$BATS_TEST_TMPDIR/names f=$BATS_TEST_TMPDIR/esc.dot

	# S1 named with a terminal escape (node-name map, as ibnetdiscover's).
	printf '0x0002c9ff00000100 "Big\033[31mRED"\n' >"$map"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs \
		--node-name-map "$map" --dot "$f"
	[ "$status" -eq 0 ]
	! grep -q $'\033' <<<"$output"
	# The text names S1 where a route crosses it (no link stands out here:
	# the balanced tree lists no hottest link).
	local n text=
	for n in Hca5 Hca9 Hca13 Hca16; do
		text+=$(sim_run "$RDMA_ROUTE" --sa --trace --node-name-map "$map" "$(node_lid "$n")")
	done
	grep -qF 'Big\x1b[31mRED' <<<"$text"
	! grep -q $'\033' <<<"$text"
	# The picture: the same characters (dot's own backslash doubled).
	grep -qF 'label="Big\\x1b[31mRED"' "$f"
	! grep -q $'\033' "$f"
	if command -v dot >/dev/null; then
		dot -Tsvg "$f" | grep -qF 'Big\x1b[31mRED'
	fi
	# JSON keeps the name itself.
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs \
		--node-name-map "$map" --json
	jqe '[.links[].node] | index("Big\u001b[31mRED") != null' <<<"$output"
}

@test "the ports given, by name, LID or GUID: only their pairs" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json \
		Hca1 "$(node_lid Hca16)" "$(node_port_guid Hca5)"
	[ "$status" -eq 0 ]
	jqe '.summary | .ports == 3 and .pairs == 6 and .arrived == 6' <<<"$output"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs Hca1 NoSuchHca
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --all-pairs: 'NoSuchHca' is no CA port of the fabric" ]
}

@test "--dot, --matrix, --sl, --per-pair: refused where they mean nothing" {
	run --separate-stderr rr --sa --trace --dot x.dot 1
	[ "$status" -eq 2 ]
	grep -q -- '--dot draws the routes of --sa --trace --all-pairs' <<<"$stderr"
	run --separate-stderr rr --sa --trace --all-pairs --matrix
	[ "$status" -eq 2 ]
	grep -q -- 'not a --matrix' <<<"$stderr"
	run --separate-stderr rr --sa --trace --all-pairs --sl 1
	[ "$status" -eq 2 ]
	grep -q -- 'no --sl or --pkey' <<<"$stderr"
	run --separate-stderr rr --sa --trace --all-pairs --dot ''
	[ "$status" -eq 2 ]
	run --separate-stderr rr --sa --trace --all-pairs --json --per-pair
	[ "$status" -eq 2 ]
	grep -q -- '--per-pair writes a JSON Lines record per route' <<<"$stderr"
}
