#!/usr/bin/env bats
# Credit loops of --sa --trace --all-pairs on a ring of six switches
# (ring.net), routed by opensm's minhop (loops: routes go round the ring
# both ways) and by updn (none: no route turns down and up again), each
# against a brute-force check: lft-walk's dependencies from what
# ibnetdiscover -p and ibroute print, their loops found by dep-cycles.
# And the routes against the topology: longer than the cables allow
# (updn's, round its root), the two directions apart, the loads' spread.

load ../helpers
load fabric

# ENGINE: the fabric routed by it, its tables walked the slow way into
# $BATS_FILE_TMPDIR/ENGINE.loops, rdma-route's JSON and exit code beside.
# minhop-qos: minhop with opensm's QoS, whose SLtoVL tables send SL 0 to
# VL 1 on the switches' ports (VL 0 on the CAs').
route_with() {
	local engine=$1 lid dir=$BATS_FILE_TMPDIR status=0 args="-R ${1%-qos}"

	# updn from Switch1 (without a root, it would route as minhop).
	echo 0x0002c90000000100 >"$dir/roots"
	[ "$engine" != updn ] || args+=" -a $dir/roots"
	if [ "$engine" = minhop-qos ]; then
		printf '%s\n' 'qos TRUE' 'qos_max_vls 8' \
			'qos_swe_sl2vl 1,1,2,3,4,5,6,7,0,1,2,3,4,5,6,7' \
			'qos_ca_sl2vl 0,1,2,3,4,5,6,7,0,1,2,3,4,5,6,7' >"$dir/qos.conf"
		args+=" -Q -F $dir/qos.conf"
	fi
	FABRIC_DUMPS=1 FABRIC_OPENSM_ARGS=$args fabric_start ring.net
	fabric_dump "$dir/$engine" -v deps=1 -v topo=1
	! command -v ibdmchk >/dev/null ||
		ibdmchk_verdict "$dir/$engine.ibdmchk" >"$dir/$engine.ibdmchk_verdict"
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json \
		>"$dir/$engine.json" 2>"$dir/$engine.err" || status=$?
	echo "$status" >"$dir/$engine.status"
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs \
		>"$dir/$engine.text" 2>"$dir/$engine.text_err" || true
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --prom \
		>"$dir/$engine.prom" 2>/dev/null || true
	# Each loop's channels' VLs the slow way: the VL of SL 0 in the
	# SLtoVL table of the node a channel leaves, by the port the previous
	# channel comes in at and its own (smpquery sl2vl LID OUT lists the
	# in ports' rows).
	jq -r '.credit_loops[]?.cycle | . as $c | length as $n | range($n) |
		[$c[.], $c[(. + $n - 1) % $n]] | "\(.[0].node) \(.[1].peer_port) \(.[0].port) \(.[0].vl)"' \
		"$dir/$engine.json" | sort -u | while read -r node in out vl; do
		lid=$(awk -v n="$node" '$1 == "SW" && index($0, "\x27" n "\x27 -") { print $2; exit }' "$dir/$engine.ports")
		echo "$node $in $out $vl $(sim_run smpquery sl2vl "$lid" "$out" </dev/null |
			awk -F'|' -v p="$in" '$1 ~ "ports: in +" p ", out" { gsub(/ /, "", $2); print $2 }')"
	done >"$dir/$engine.vls"
	# A health check's verdicts on the counts.
	status=0
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json \
		--expect 'credit_loops = 0' --expect 'longer_than_fewest <= 0' \
		--expect 'pairs_unconnected = 0' --expect 'links_degraded = 0' \
		>"$dir/$engine.expect.json" 2>/dev/null || status=$?
	echo "$status" >"$dir/$engine.expect.status"
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --prom \
		--expect 'credit_loops = 0' --expect 'longer_than_fewest <= 0' \
		>"$dir/$engine.expect.prom" 2>/dev/null || true
	if [ "$engine" = minhop ]; then
		# The SM hung: every PathRecord of --sl-from-sa lost.
		fabric_freeze_sm
		sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json --sl-from-sa --timeout 200 \
			>"$dir/minhop.sa_lost.json" 2>/dev/null || true
		kill -CONT "$FABRIC_OPENSM_PID"
	fi
	fabric_stop
}

setup_file() {
	fabric_require
	route_with minhop
	route_with updn
	route_with minhop-qos
}

setup() {
	fabric_require
}

# Each loop of ENGINE's JSON as dep-cycles writes it: "loop SIZE" and the
# channels of its cycle, sorted, on one line.
ours() {
	jq -r '.credit_loops[]? | "loop \(.channels) " +
		([.cycle[] | "\(.node):\(.port)"] | sort | join(" "))' \
		"$BATS_FILE_TMPDIR/$1.json"
}

@test "the brute-force check itself: minhop's routes round the ring close loops, updn's none" {
	grep -qx 'arrived 30' "$BATS_FILE_TMPDIR/minhop.walked"
	grep -qx 'arrived 30' "$BATS_FILE_TMPDIR/updn.walked"
	n=$(sed -n 's/^credit_loops //p' "$BATS_FILE_TMPDIR/minhop.loops")
	[ "$n" -ge 1 ]
	grep -qx 'credit_loops 0' "$BATS_FILE_TMPDIR/updn.loops"
}

@test "minhop: as many credit loops as the brute force, each its channels, exit 1" {
	local loop

	[ "$(cat "$BATS_FILE_TMPDIR/minhop.status")" -eq 1 ]
	n=$(sed -n 's/^credit_loops //p' "$BATS_FILE_TMPDIR/minhop.loops")
	jqe --argjson n "$n" '.summary.credit_loops == $n and (.credit_loops | length) == $n and
		.summary.arrived == 30 and .summary.failed == 0' "$BATS_FILE_TMPDIR/minhop.json"
	# Each loop's cycle goes round all of one brute-force loop's channels
	# (a ring's loop is one cycle), on VL 0.
	ours minhop | sort >"$BATS_TEST_TMPDIR/ours"
	grep '^loop ' "$BATS_FILE_TMPDIR/minhop.loops" | sort | diff - "$BATS_TEST_TMPDIR/ours"
	jqe '[.credit_loops[] | .vls == [0] and (.cycle | length) == .channels and
		([.cycle[].vl] | unique) == [0]] | all' "$BATS_FILE_TMPDIR/minhop.json"
	# Two routes that close it, named, and the hint.
	jqe '[.credit_loops[] | (.route_a.from | startswith("Hca")) and (.route_b.to | startswith("Hca")) and
		(.hint | test("deadlock"))] | all' "$BATS_FILE_TMPDIR/minhop.json"
}

@test "minhop text: the summary counts them, each loop a line on stderr naming its links" {
	n=$(sed -n 's/^credit_loops //p' "$BATS_FILE_TMPDIR/minhop.loops")
	grep -qx "routes: fault (credit loops: credit_loops $n); 30 pairs, 30 arrive, 0 fail, $n credit loop$([ "$n" = 1 ] || echo s)" "$BATS_FILE_TMPDIR/minhop.text"
	[ "$(grep -c '^credit loop on VL 0: [0-9]* links: Switch[1-6] port [23] -> Switch[1-6] port [23],' "$BATS_FILE_TMPDIR/minhop.text_err")" -eq "$n" ]
	grep -q '; closed by Hca[1-6] -> Hca[1-6] and Hca[1-6] -> Hca[1-6]$' "$BATS_FILE_TMPDIR/minhop.text_err"
	grep -qx "rdma_route_fabric_credit_loops $n" "$BATS_FILE_TMPDIR/minhop.prom"
}

@test "updn: no credit loop, as the brute force says; exit 0, its longer routes a warning" {
	local longer

	[ "$(cat "$BATS_FILE_TMPDIR/updn.status")" -eq 0 ]
	jqe '.summary.credit_loops == 0 and (.credit_loops // []) == [] and
		.summary.arrived == 30 and .summary.channel_dependencies > 0' "$BATS_FILE_TMPDIR/updn.json"
	# updn goes round its root for some pairs: the brute force counts them.
	longer=$(sed -n 's/^longer //p' "$BATS_FILE_TMPDIR/updn.walked")
	[ "$longer" -gt 0 ]
	jqe --argjson n "$longer" '.summary | .verdict == "warning" and .worst == "longer_than_fewest" and
		.faults == 0 and .warnings == 1 and
		.findings == [{finding: "longer_than_fewest", severity: "warning", count: $n,
			says: "routes longer than the cables need"}]' "$BATS_FILE_TMPDIR/updn.json"
	grep -qx "routes: warning (routes longer than the cables need: longer_than_fewest $longer); 30 pairs, 30 arrive, 0 fail, 0 credit loops" "$BATS_FILE_TMPDIR/updn.text"
	grep -qx 'rdma_route_fabric_credit_loops 0' "$BATS_FILE_TMPDIR/updn.prom"
}

@test "--sl-from-sa with the SM hung: every PathRecord lost, said so, SL 0 taken for every pair, the loops still found" {
	jqe '.summary | .path_records_asked == 30 and .path_records_lost == 30 and .sls == [0] and
		(.vl_source | endswith("(30 asked, 30 lost: SL 0 there), SLs in use: none answered, SL 0 taken")) and
		.credit_loops > 0 and .sm_silent == 1' "$BATS_FILE_TMPDIR/minhop.sa_lost.json"
}

@test "ibdmchk, on opensm's own dumps of the same routes, says what we say: minhop loops, updn none" {
	command -v ibdmchk >/dev/null || skip "ibdmchk not installed (ibutils)"
	local e

	for e in minhop updn minhop-qos; do
		echo "$e: ibdmchk $(cat "$BATS_FILE_TMPDIR/$e.ibdmchk_verdict")"
		[ "$(jq -r 'if .summary.credit_loops > 0 then "loops" else "none" end' "$BATS_FILE_TMPDIR/$e.json")" = \
		  "$(cat "$BATS_FILE_TMPDIR/$e.ibdmchk_verdict")" ]
	done
	[ "$(cat "$BATS_FILE_TMPDIR/minhop.ibdmchk_verdict")" = loops ]
	[ "$(cat "$BATS_FILE_TMPDIR/updn.ibdmchk_verdict")" = none ]
}

# ENGINE's summary against the brute force: longer routes, the most
# switches more, asymmetric pairs.
topology_matches() {
	local f=$BATS_FILE_TMPDIR/$1

	jq -r '.summary | "longer \(.longer_than_fewest)", "most_extra \(.most_extra_switches)",
		"asymmetric \(.asymmetric_pairs)"' "$f.json" | sort >"$BATS_TEST_TMPDIR/ours"
	grep -E '^(longer|most_extra|asymmetric) ' "$f.walked" | sort | diff - "$BATS_TEST_TMPDIR/ours"
}

@test "the routes against the topology: longer than the fewest switches, the two directions apart, as the brute force counts them" {
	topology_matches minhop
	topology_matches updn
	# minhop takes the fewest; updn goes round its root for some.
	jqe '.summary.longer_than_fewest == 0 and .summary.pairs_unconnected == 0' "$BATS_FILE_TMPDIR/minhop.json"
	jqe '.summary.longer_than_fewest > 0 and .summary.most_extra_switches >= 2' "$BATS_FILE_TMPDIR/updn.json"
}

@test "the loads' spread over the links between switches: min, median, max of the links' routes" {
	local f

	for f in minhop updn; do
		jq -r '[.links[] | select(.node_type == "switch" and (.peer // "" | startswith("Switch"))) | .routes] | sort |
			"\(.[0]) \(if length % 2 == 1 then .[length / 2 | floor] else (.[length / 2 - 1] + .[length / 2]) / 2 end) \(.[-1])"' \
			"$BATS_FILE_TMPDIR/$f.json" >"$BATS_TEST_TMPDIR/links"
		jq -r '.summary | "\(.load_min) \(.load_median) \(.load_max)"' "$BATS_FILE_TMPDIR/$f.json" |
			diff - "$BATS_TEST_TMPDIR/links"
	done
	# updn's root carries more than the rest: the spread shows it.
	jqe '.summary.load_max > .summary.load_min' "$BATS_FILE_TMPDIR/updn.json"
}

# The assertions of ENGINE's --expect run that failed, "field op expected actual".
expect_failed() {
	jq -r '.summary.expect_failed[]? | "\(.field) \(.op) \(.expected) \(.actual)"' \
		"$BATS_FILE_TMPDIR/$1.expect.json"
}

@test "--expect on the counts: minhop fails credit_loops = 0 with the brute force's count (exit 1, the loops'); updn fails longer_than_fewest <= 0 alone, exit 4" {
	local n longer

	n=$(sed -n 's/^credit_loops //p' "$BATS_FILE_TMPDIR/minhop.loops")
	[ "$(cat "$BATS_FILE_TMPDIR/minhop.expect.status")" -eq 1 ]
	[ "$(expect_failed minhop)" = "credit_loops = 0 $n" ]
	grep -qx 'rdma_route_fabric_expect_failures 1' "$BATS_FILE_TMPDIR/minhop.expect.prom"
	longer=$(sed -n 's/^longer //p' "$BATS_FILE_TMPDIR/updn.walked")
	[ "$longer" -gt 0 ]
	[ "$(cat "$BATS_FILE_TMPDIR/updn.expect.status")" -eq 4 ]
	[ "$(expect_failed updn)" = "longer_than_fewest <= 0 $longer" ]
	grep -qx 'rdma_route_fabric_expect_failures 1' "$BATS_FILE_TMPDIR/updn.expect.prom"
	grep -qx "rdma_route_fabric_routes_longer_than_fewest $longer" "$BATS_FILE_TMPDIR/updn.expect.prom"
	grep -qx 'rdma_route_fabric_pairs_unconnected 0' "$BATS_FILE_TMPDIR/updn.expect.prom"
	# Without --expect nothing failed, and says so.
	grep -qx 'rdma_route_fabric_expect_failures 0' "$BATS_FILE_TMPDIR/updn.prom"
	jqe '.summary | has("expect_failed") | not' "$BATS_FILE_TMPDIR/updn.json"
}

@test "the VLs from the SLtoVL tables: minhop's loops on VL 0 without QoS, on VL 1 where opensm's QoS maps SL 0 there, each channel's VL as smpquery reads its table" {
	local f=$BATS_FILE_TMPDIR n

	n=$(sed -n 's/^credit_loops //p' "$f/minhop.loops")
	# The same loops either way: every switch port moves SL 0 alike.
	jqe --argjson n "$n" '.summary as $s | $s.credit_loops == $n and ([.credit_loops[].vls] | unique) == [[0]] and
		$s.sl2vl_read > 0 and $s.sl2vl_lost == 0 and $s.sl2vl_not_vl0 == 0 and
		($s.vl_source | startswith("the SLtoVL tables of the \($s.sl2vl_read) (node, in port, out port) by which routes enter the loops'"'"' channels"))' \
		"$f/minhop.json"
	# updn has no loop on one VL: none on any, no table asked.
	jqe '.summary | (has("sl2vl_read") | not) and (.vl_source | startswith("no loop even with every channel on one VL"))' \
		"$f/updn.json"
	jqe --argjson n "$n" '.summary.credit_loops == $n and ([.credit_loops[].vls] | unique) == [[1]] and
		.summary.sl2vl_not_vl0 > 0 and .summary.sl2vl_lost == 0 and
		([.credit_loops[].cycle[].vl] | unique) == [1]' "$f/minhop-qos.json"
	[ "$(cat "$f/minhop-qos.status")" -eq 1 ]
	grep -q '^credit loop on VL 1: 6 links: ' "$f/minhop-qos.text_err"
	# Each channel of each cycle: its VL is the table's, read the slow way.
	[ "$(wc -l <"$f/minhop-qos.vls")" -ge 6 ]
	awk 'NF != 5 || $4 != $5 { print "differs: " $0; bad = 1 } END { exit bad }' "$f/minhop-qos.vls"
	awk 'NF != 5 || $4 != $5 || $4 != 0 { bad = 1 } END { exit bad }' "$f/minhop.vls"
}
