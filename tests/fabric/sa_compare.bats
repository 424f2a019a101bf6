#!/usr/bin/env bats
# --sa --trace --all-pairs --compare FILE: the six-switch ring routed by
# minhop, its report saved; then a cable cut from ibsim's console with
# the SM running, which sweeps and routes round it; the run after
# compared with the one before.  Checked against a brute-force walk of
# what ibnetdiscover -p and ibroute print before and after (lft-walk's
# paths and loads, dep-cycles' loops), never against our own code.

load ../helpers
load fabric

setup_file() {
	local t=$BATS_FILE_TMPDIR ups status=0

	fabric_require
	FABRIC_CONSOLE=1 FABRIC_OPENSM_ARGS="-R minhop" fabric_start ring.net
	fabric_dump "$t/before" -v paths=1 -v deps=1
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json >"$t/before.json" || true
	ups=$(fabric_sweeps)
	sim_console 'Unlink "Switch1"[2]'
	# The switches' trap brings a sweep; a SIGHUP asks for one as well.
	_fabric_wait 5 fabric_swept_since "$ups" || kill -HUP "$FABRIC_OPENSM_PID"
	_fabric_wait 10 fabric_swept_since "$ups"
	# ibsim counts no link down: planted on one end as a switch counts
	# it; the other end left at 0 (a port with no link and no such count).
	sim_console 'PerformanceSet "Switch1"[2] PortCounters.LinkDownedCounter=1'
	fabric_dump "$t/after" -v paths=1 -v deps=1
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json --compare "$t/before.json" \
		>"$t/compare.json" 2>"$t/compare.err" || status=$?
	echo "$status" >"$t/compare.status"
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --compare "$t/before.json" \
		--dot "$t/compare.dot" >"$t/compare.text" 2>&1 || true
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json >"$t/after.json" || true
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

# The pairs whose path lines differ between the two walks, "SRC DST".
moved_pairs() {
	awk 'FNR == NR { if ($1 == "path") { k = $2 " " $3; $1 = $2 = $3 = ""; p[k] = $0 } next }
		$1 == "path" { k = $2 " " $3; $1 = $2 = $3 = ""; if (p[k] != $0) print k }' \
		"$BATS_FILE_TMPDIR/before.walked" "$BATS_FILE_TMPDIR/after.walked"
}

@test "the brute-force check itself: the cut cable gone from ibnetdiscover, routes moved, every pair still arrives" {
	grep -q "'Switch1' - .*'Switch2'\|'Switch2' - .*'Switch1'" "$BATS_FILE_TMPDIR/before.ports"
	! grep -q "'Switch1' - .*'Switch2'\|'Switch2' - .*'Switch1'" "$BATS_FILE_TMPDIR/after.ports"
	grep -qx 'arrived 30' "$BATS_FILE_TMPDIR/after.walked"
	[ "$(moved_pairs | wc -l)" -ge 1 ]
}

@test "routes moved: as many as the brute force's pairs whose hops differ, a warning; the cable gone and lost faults, exit 1" {
	n=$(moved_pairs | wc -l)
	[ "$(cat "$BATS_FILE_TMPDIR/compare.status")" -eq 1 ]
	jqe --argjson n "$n" '.summary | .verdict == "fault" and .worst == "links_gone" and
		.faults == 2 and .warnings == 1 and
		([.findings[] | "\(.finding) \(.severity) \(.count)"] ==
			["links_gone fault 1", "links_lost fault 1", "routes_moved warning \($n)"]) and
		.ports_unreachable == 0 and .links_unreachable == 0 and (has("partition") | not)' \
		"$BATS_FILE_TMPDIR/compare.json"
	jqe --argjson n "$n" '.summary.routes_compared == 30 and .summary.routes_moved == $n and
		.summary.ports_gone == 0 and .summary.ports_new == 0 and
		([.moved[].routes] | add) == $n' "$BATS_FILE_TMPDIR/compare.json"
	jqe --arg f "$BATS_FILE_TMPDIR/before.json" '.summary.compared_with == $f' "$BATS_FILE_TMPDIR/compare.json"
}

@test "each group of moved routes: its first pair parts where the group says, port then and now" {
	local from to node pthen pnow

	while IFS=$'\t' read -r from to node pthen pnow; do
		b=$(awk -v s="$from" -v d="$to" '$1 == "path" && $2 == s && $3 == d' "$BATS_FILE_TMPDIR/before.walked")
		a=$(awk -v s="$from" -v d="$to" '$1 == "path" && $2 == s && $3 == d' "$BATS_FILE_TMPDIR/after.walked")
		[ -n "$b" ] && [ "$b" != "$a" ]
		# The first hop where they differ: NODE:PORT_THEN before, NODE:PORT_NOW after.
		read -r first_b first_a < <(awk -v b="$b" -v a="$a" 'BEGIN {
			nb = split(b, x, " "); na = split(a, y, " ")
			for (i = 5; i <= nb || i <= na; i++)
				if (x[i] != y[i]) { print (i <= nb ? x[i] : "-"), (i <= na ? y[i] : "-"); exit }
		}')
		[ "$first_b" = "$node:$pthen" ]
		[ "$first_a" = "$node:$pnow" ]
	done < <(jq -r '.moved[] | select(.at_source | not) | [.from, .to, .node, .port_then, .port_now] | @tsv' \
		"$BATS_FILE_TMPDIR/compare.json")
	[ "$(jq '[.moved[] | select(.at_source | not)] | length' "$BATS_FILE_TMPDIR/compare.json")" -ge 1 ]
}

@test "the cut cable is the one link gone, named by its two ends, none new" {
	jqe '.summary.links_gone == 1 and .summary.links_new == 0 and
		(.links_gone | length) == 1 and
		.links_gone[0].link == "Switch1 port 2 -> Switch2 port 3" and
		.links_gone[0].guid == "0x0002c90000000100" and .links_gone[0].port == 2 and
		.links_gone[0].peer_port == 3' "$BATS_FILE_TMPDIR/compare.json"
	grep -qx 'link gone: Switch1 port 2 -> Switch2 port 3' "$BATS_FILE_TMPDIR/compare.text"
}

@test "--dot draws the cable gone between its two switches, dotted and labelled, beside today's cables" {
	local dot=$BATS_FILE_TMPDIR/compare.dot s1 s2

	s1=$(sed -n 's/^\t\(n[0-9]*\) \[label="Switch1".*/\1/p' "$dot")
	s2=$(sed -n 's/^\t\(n[0-9]*\) \[label="Switch2".*/\1/p' "$dot")
	[ -n "$s1" ] && [ -n "$s2" ]
	[ "$(grep -c 'label="gone"' "$dot")" -eq 1 ]
	grep -qx "	$s1 -- $s2 \[taillabel=\"2\", headlabel=\"3\", label=\"gone\", style=dotted, color=grey50, constraint=false\];" "$dot"
	# Today's cables: the ring's other five and the six HCAs', once each.
	[ "$(grep -c ' -- n[0-9]* \[taillabel=.*penwidth' "$dot")" -eq 11 ]
	if command -v dot >/dev/null; then
		dot -Tsvg "$dot" >"$BATS_TEST_TMPDIR/fabric.svg"
		grep -q '>gone<' "$BATS_TEST_TMPDIR/fabric.svg"
	fi
}

@test "links lost, the ports' own view: each switch port down whose LinkDownedCounter is not 0, as smpquery and perfquery find them" {
	local lid name port want=

	# The brute force: every switch port DOWN, its counter by perfquery.
	while read -r lid name; do
		for port in 1 2 3; do
			sim_run smpquery portinfo "$lid" "$port" </dev/null | grep -q '^LinkState:\.*Down$' || continue
			n=$(sim_run perfquery "$lid" "$port" </dev/null | sed -n 's/^LinkDownedCounter:\.*//p')
			[ "$n" -eq 0 ] || want+="$name $port $n,"
		done
	done < <(awk '$1 == "SW" { split($0, q, "\x27"); print $2, q[2] }' "$BATS_FILE_TMPDIR/after.ports" | sort -u)
	[ "$want" = "Switch1 2 1," ]
	jqe '.summary.links_lost == 1 and ([.lost_links[] | "\(.node) \(.port) \(.link_downed),"] | add) == "Switch1 2 1," and
		.lost_links[0].state == "DOWN" and .lost_links[0].physical_state == "POLLING"' "$BATS_FILE_TMPDIR/compare.json"
	grep -qx 'link lost: Switch1 port 2: no link now (DOWN, physical state POLLING), LinkDownedCounter 1: it had one' \
		"$BATS_FILE_TMPDIR/compare.text"
	grep -q '^	n[0-9]* -- lost0 \[taillabel="2", label="lost", style=dashed, color=red' "$BATS_FILE_TMPDIR/compare.dot"
	# Before the cut: none.
	jqe '.summary.links_lost == 0 and (.lost_links | length) == 0' "$BATS_FILE_TMPDIR/before.json"
}

@test "loads moved: each as the brute force's loads before and after, most moved first" {
	local link pthen pnow node port

	[ "$(jq '.loads_moved | length' "$BATS_FILE_TMPDIR/compare.json")" -ge 1 ]
	while IFS=$'\t' read -r link pthen pnow; do
		node=${link%% *}
		port=$(awk '{ print $3 }' <<<"$link")
		[ "$(awk -v k="$node $port" '$1 == "load" && $2 " " $3 == k { print $4 }' "$BATS_FILE_TMPDIR/before.walked")" = "$pthen" ]
		[ "$(awk -v k="$node $port" '$1 == "load" && $2 " " $3 == k { print $4 }' "$BATS_FILE_TMPDIR/after.walked")" = "$pnow" ]
	done < <(jq -r '.loads_moved[] | [.link, .routes_then, .routes_now] | @tsv' "$BATS_FILE_TMPDIR/compare.json")
	jqe '[.loads_moved[] | (.routes_now - .routes_then) | fabs] as $d |
		$d == ($d | sort | reverse)' "$BATS_FILE_TMPDIR/compare.json"
}

@test "credit loops: the brute force's loops before all vanished with the cable, none new" {
	n=$(sed -n 's/^credit_loops //p' "$BATS_FILE_TMPDIR/before.loops")
	[ "$n" -ge 1 ]
	grep -qx 'credit_loops 0' "$BATS_FILE_TMPDIR/after.loops"
	jqe --argjson n "$n" '.summary.credit_loops == 0 and .summary.credit_loops_vanished == $n and
		.summary.credit_loops_new == 0 and (.credit_loops_vanished | length) == $n and
		(.credit_loops_vanished[0].loop | test("^on VL 0, 6 links: Switch[1-6] port [23] -> Switch[1-6] port [23],"))' \
		"$BATS_FILE_TMPDIR/compare.json"
	[ "$(grep -c '^credit loop vanished: on VL 0' "$BATS_FILE_TMPDIR/compare.text")" -eq "$n" ]
}

@test "compared with a report of the same routing: nothing moved, gone or new; the lost link a fault, exit 0 with --severity links_lost=warning" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json \
		--compare "$BATS_FILE_TMPDIR/after.json"
	[ "$status" -eq 1 ] || { echo "$stderr"; false; }
	jqe '.summary | .worst == "links_lost" and .faults == 1 and .warnings == 0' <<<"$output"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json \
		--compare "$BATS_FILE_TMPDIR/after.json" --severity links_lost=warning
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	jqe '.summary | .verdict == "warning" and .worst == "links_lost" and .faults == 0 and .warnings == 1' <<<"$output"
	jqe '.summary.routes_moved == 0 and .summary.links_gone == 0 and .summary.links_new == 0 and
		.summary.credit_loops_new == 0 and .summary.credit_loops_vanished == 0 and
		.summary.routes_compared == 30 and (.moved | length) == 0' <<<"$output"
}

@test "--expect routes_moved = 0 fails with exit 4; the gauges say the changes" {
	n=$(moved_pairs | wc -l)
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json \
		--compare "$BATS_FILE_TMPDIR/before.json" --expect 'routes_moved = 0' --expect 'links_gone = 1' \
		--severity links_gone=warning,links_lost=none
	[ "$status" -eq 4 ]
	jqe --argjson n "$n" '.summary.expect_failed | length == 1 and .[0].field == "routes_moved" and
		.[0].actual == ($n | tostring)' <<<"$output"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --prom \
		--compare "$BATS_FILE_TMPDIR/before.json"
	grep -qx "rdma_route_fabric_routes_moved $n" <<<"$output"
	grep -qx 'rdma_route_fabric_links_gone 1' <<<"$output"
	grep -qx 'rdma_route_fabric_links_new 0' <<<"$output"
}
