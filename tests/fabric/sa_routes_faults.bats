#!/usr/bin/env bats
# --sa --trace --all-pairs where routes die: fat-tree 4 4 2's tables as
# opensm made them (ibroute), planted and loaded back by opensm's file
# routing engine (-R file -U): L1 without an entry for Hca16's LID (a
# dead end), both spines sending Hca13's LID down to L1 (a loop); then a
# cable cut after the SM stopped (a link down).

load ../helpers
load fabric

setup_file() {
	local lid t=$BATS_FILE_TMPDIR

	fabric_require
	"$BATS_TEST_DIRNAME/fat-tree" 4 4 2 >"$t/fat.net"
	fabric_start "$t/fat.net"
	sim_run ibnetdiscover -p >"$t/ports"
	for lid in $(awk '$1 == "SW" { print $2 }' "$t/ports" | sort -u); do
		echo "SWITCH $lid"
		sim_run ibroute "$lid"
	done >"$t/tables"
	fabric_stop
	lid16=$(awk '$1 == "CA" && /\x27Hca16\x27 -/ { printf "0x%04x", $2 }' "$t/ports")
	lid13=$(awk '$1 == "CA" && /\x27Hca13\x27 -/ { printf "0x%04x", $2 }' "$t/ports")
	echo "$lid16 $lid13" >"$t/lids"
	# The spines reach L1 by their port 1 (fat-tree cables leaves in order).
	awk -v dead="$lid16" -v loop="$lid13" '
		/^Unicast lids/ { sw = $0 ~ /[(]L1[)]/ ? "leaf" : $0 ~ /[(]S[12][)]/ ? "spine" : "" }
		sw == "leaf" && index($0, dead " ") == 1 { next }
		sw == "spine" && index($0, loop " ") == 1 { sub(/^0x[0-9a-f]+ [0-9]+ /, loop " 001 ") }
		{ print }' "$t/tables" >"$t/planted-walk"
	grep -v '^SWITCH ' "$t/planted-walk" >"$t/planted"
	"$BATS_TEST_DIRNAME/lft-walk" "$t/ports" "$t/planted-walk" | sort >"$t/walked"
	FABRIC_CONSOLE=1 FABRIC_OPENSM_ARGS="-R file -U $t/planted" \
		fabric_start "$t/fat.net"
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
	read -r lid16 lid13 <"$BATS_FILE_TMPDIR/lids"
}

@test "the planted tables: L1 has no entry for Hca16, the spines send Hca13 to port 1" {
	run sim_run ibroute "$(node_lid L1)"
	[ "$status" -eq 0 ]
	! grep -q "^$lid16 " <<<"$output"
	run sim_run ibroute "$(node_lid S2)"
	grep -q "^$lid13 001 " <<<"$output"
	grep -qx 'failed 16' "$BATS_FILE_TMPDIR/walked"
}

@test "dead ends and loops: counted as the brute-force walk fails them, grouped by place, exit 1" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json
	[ "$status" -eq 1 ]
	jqe '.summary | .pairs == 240 and .arrived == 224 and .dead_ends == 4 and .loops == 12' <<<"$output"
	grep -qx 'arrived 224' "$BATS_FILE_TMPDIR/walked"
	jqe --arg lid "$((lid16))" '.failures[] | select(.cause == "route_dead_end") |
		.node == "L1" and .pairs == 4 and .where == "L1 has no route for LID \($lid)"' <<<"$output"
	jqe '[.failures[] | select(.cause == "route_loop") | .pairs] | add == 12' <<<"$output"
	jqe '[.failures[] | select(.cause == "route_loop") | .where] |
		all(test("^the route to LID [0-9]+ comes back to (L1|S1|S2)$"))' <<<"$output"
	jqe '.failures[0].hint | length > 0' <<<"$output"
	# Hca16's port is ACTIVE: the SM swept, and routed it nowhere at L1.
	jqe '.failures[] | select(.cause == "route_dead_end") | .dest_state == "ACTIVE" and
		(.hint | startswith("the destination'"'"'s port is ACTIVE, so the SM swept since it came up"))' <<<"$output"
}

@test "text: each failure's place a line on stderr, with its first pair" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs
	[ "$status" -eq 1 ]
	grep -qx "route_dead_end: L1 has no route for LID $((lid16)): 4 pairs, first Hca1 -> Hca16" <<<"$stderr"
	grep -qx 'routes: fault (routes that do not arrive: failed 16, and more); 240 pairs, 224 arrive, 16 fail, 0 credit loops' <<<"$output"
}

@test "JSON Lines: a failed pair's record names its cause and place" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --jsonl --per-pair Hca2 Hca16
	[ "$status" -eq 1 ]
	grep '"record":"routes"' <<<"$output" | jqe -s --arg lid "$((lid16))" '
		map(select(.from == "Hca2")) | length == 1 and (.[0] | .ok == false and
		.cause == "route_dead_end" and .where == "L1 has no route for LID \($lid)" and
		.switches_crossed == 0)'
}

@test "the hottest links: only those that stand out (1.5 fair shares, above the median, 2 routes or more), most first" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json
	[ "$status" -eq 1 ]
	# The rule, written again here, on the loads of the ports between
	# switches (fat-tree names them S and L; the loops' routes make them
	# uneven).  lft-walk's loads differ where a route loops: it counts
	# every turn of the loop, rdma-route the first.
	jq -r '.links[] | select(.node_type == "switch" and (.peer | test("^[SL]"))) |
		"\(.node) \(.port) \(.routes)"' <<<"$output" >"$BATS_TEST_TMPDIR/ours"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/ours")" -eq 16 ]
	hot=$(awk '{ l[NR] = $3; sum += $3 } END {
		n = NR; fair = sum / n
		for (i = 1; i <= n; i++) s[i] = l[i]
		for (i = 2; i <= n; i++) { v = s[i]; for (j = i - 1; j >= 1 && s[j] > v; j--) s[j + 1] = s[j]; s[j + 1] = v }
		med = n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
		for (i = 1; i <= n; i++) if (l[i] >= 2 && l[i] > med && l[i] >= 1.5 * fair) h++
		print h + 0 }' "$BATS_TEST_TMPDIR/ours")
	[ "$hot" -ge 1 ]
	jqe --argjson hot "$hot" '.summary.links_hot == $hot and (.hottest | length) == ([$hot, 10] | min) and
		.hottest[0].node == "S1" and .hottest[0].port == 1 and .hottest[0].routes == 36 and
		.hottest[0].fair_share_ratio == 1.5' <<<"$output"
}

@test "a cable cut after the SM stopped: both its ends named as down links" {
	fabric_stop_sm
	sim_console 'Unlink "S1"[1]'
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json
	[ "$status" -eq 1 ]
	jqe '[.failures[] | select(.cause == "route_link_down") | "\(.node) \(.port)"] | sort == ["L1 5", "S1 1"]' <<<"$output"
	jqe '.failures[] | select(.cause == "route_link_down" and .node == "S1") |
		.where == "S1 port 1 is DOWN (physical state POLLING)"' <<<"$output"
	jqe '.summary.links_down > 0 and .summary.dead_ends == 4' <<<"$output"
}
