#!/usr/bin/env bats
# --sa --trace: the route hop by hop through the switches, read with SMPs,
# against ibtracert on the same fabric; and where a route dies, planted
# from ibsim's console.  Three switches in a line, the link between
# Switch2 and Switch3 1x (slow-link.net).

load ../helpers
load fabric

setup_file() {
	fabric_require
	FABRIC_CONSOLE=1 fabric_start slow-link.net
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

@test "to Hca2: every hop, in and out port as ibtracert's; LIDs, GUIDs and types from the fabric" {
	local want got

	want=$(ibtracert_hops "$(node_lid Hca1)" "$(node_lid Hca2)")
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json "$(node_lid Hca2)"
	[ "$status" -eq 0 ]
	got=$(echo "$output" | our_hops 0)
	echo "ibtracert: $want"
	echo "ours:      $got"
	[ "$(echo "$want" | wc -l)" -eq 5 ]
	[ "$got" = "$want" ]
	echo "$output" | jqe --argjson l "$(node_lid Switch2)" '.results[0].hops[2].lid == $l'
	echo "$output" | jqe '[.results[0].hops[].type] == ["ca", "switch", "switch", "switch", "ca"]'
	echo "$output" | jqe '.results[0].hops[1].guid == "0x0000000000200000"'
	echo "$output" | jqe '.results[0].time_ms.trace > 0'
	echo "$output" | jqe '.results[0].hops[-1] | has("state") | not'
}

@test "to a GID, a port GUID and a node's name: the same route as to the LID" {
	local want gid guid

	gid=$(node_gid Hca2)
	guid=$(node_port_guid Hca2)
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json "$(node_lid Hca2)" "$gid" "$guid" Hca2
	[ "$status" -eq 0 ]
	want=$(echo "$output" | our_hops 0)
	[ "$(echo "$want" | wc -l)" -eq 5 ]
	[ "$(echo "$output" | our_hops 1)" = "$want" ]
	[ "$(echo "$output" | our_hops 2)" = "$want" ]
	[ "$(echo "$output" | our_hops 3)" = "$want" ]
}

@test "the 1x link: its width and rate, marked as the bottleneck and below the ends' links" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json "$(node_lid Hca2)"
	[ "$status" -eq 0 ]
	echo "$output" | jqe '.results[0].paths[0].rate == 2.5'
	echo "$output" | jqe '[.results[0].hops[] | select(.bottleneck)] | map(.name) == ["Switch2"]'
	echo "$output" | jqe '.results[0].hops[2] | .width == "1x" and .speed == "SDR" and .rate == 2.5 and .below_ends'
	echo "$output" | jqe '.results[0].hops[1] | .width == "4x" and .rate == 10 and (.below_ends | not)'
	echo "$output" | jqe '[.results[0].hops[:4][] | .state == "ACTIVE" and .phys_state == "LINK_UP" and .mtu == 2048] | all'
}

@test "to a switch's own LID: the route ends at its port 0, as ibtracert's" {
	local want got

	want=$(ibtracert_hops "$(node_lid Hca1)" "$(node_lid Switch3)")
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json "$(node_lid Switch3)"
	[ "$status" -eq 0 ]
	got=$(echo "$output" | our_hops 0)
	[ "$got" = "$want" ]
	echo "$output" | jqe '.results[0].hops[-1] | .name == "Switch3" and .out_port == 0'
}

@test "--expect over every hop: a hop that breaks it is named, exit 4" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json \
		--expect 'phys_state = LINK_UP' --expect 'width = 4x' "$(node_lid Hca2)"
	[ "$status" -eq 4 ]
	echo "$output" | jqe '.results[0].expect_failed | length == 1'
	echo "$output" | jqe '.results[0].expect_failed[0] | .field == "width" and .actual == "1x at hop 3 (Switch2)"'
}

@test "text: the hops under the path, a line each as ibtracert's; -v every field; --brief the route on its line" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace "$(node_lid Hca2)"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^  hop [1-5] of 5: ' <<<"$output")" -eq 5 ]
	grep -qx '  hop 1 of 5: Hca1, out 1, LID 2, 4x SDR 10 Gb/s MTU 2048' <<<"$output"
	grep -qx '  hop 3 of 5: Switch2, in 2 out 3, LID 3, 1x SDR 2.5 Gb/s MTU 2048, bottleneck' <<<"$output"
	grep -qx '  hop 5 of 5: Hca2, in 1, LID 5' <<<"$output"
	! grep -q 'out port' <<<"$output"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace -v "$(node_lid Hca2)"
	[ "$status" -eq 0 ]
	[[ "$output" == *"hop 3 of 5: Switch2"* ]]
	has_field "$output" "out port" "3"
	has_field "$output" "rate" "2.5 Gb/s"
	has_field "$output" "bottleneck" "yes"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --brief "$(node_lid Hca2)"
	[ "$status" -eq 0 ]
	[[ "$output" == *", route Hca1 > Switch1 > Switch2 > Switch3 > Hca2" ]]
	[ "$(wc -l <<<"$output")" -eq 1 ]
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json -v "$(node_lid Hca2)"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--verbose is for text output"* ]]
}

@test "--node-name-map names the hops it knows, by node GUID; the others keep their description" {
	local map=$BATS_TEST_TMPDIR/names

	printf '0x0000000000200001 "mid-switch"\n' >"$map"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --node-name-map "$map" "$(node_lid Hca2)"
	[ "$status" -eq 0 ]
	echo "$output" | jqe '[.results[0].hops[].name] == ["Hca1", "Switch1", "mid-switch", "Switch3", "Hca2"]'
}

@test "a counter planted on a switch port: found on its hop, counted, named, held against --expect" {
	sim_console 'PerformanceSet "Switch1"[2] PortCounters.SymbolErrorCounter=1000'
	[ "$(sim_run perfquery "$(node_lid Switch1)" 2 | sed -n 's/^SymbolErrorCounter:\.*//p')" = 1000 ]
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --expect 'symbol_errors = 0' "$(node_lid Hca2)"
	sim_console 'PerformanceSet "Switch1"[2] PortCounters.SymbolErrorCounter=0'
	[ "$status" -eq 4 ]
	echo "$output" | jqe '.results[0].hop_errors == 1'
	echo "$output" | jqe '[.results[0].hops[:4][].symbol_errors] == [0, 1000, 0, 0]'
	echo "$output" | jqe '.results[0].hops[1].errors == "symbol_errors 1000"'
	echo "$output" | jqe '[.results[0].hops[] | select(has("errors"))] | length == 1'
	echo "$output" | jqe '.results[0].expect_failed[0].actual == "1000 at hop 2 (Switch1)"'
	echo "$output" | jqe '.results[0].hops[-1] | has("symbol_errors") | not'
}

@test "text shows a hop's counters only when not 0; Prometheus the route's error count" {
	sim_console 'PerformanceSet "Switch3"[1] PortCounters.LinkDownedCounter=2'
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace -v "$(node_lid Hca2)"
	local prom line
	prom=$(sim_run "$RDMA_ROUTE" --sa --trace --prom "$(node_lid Hca2)")
	line=$(sim_run "$RDMA_ROUTE" --sa --trace "$(node_lid Hca2)" | grep '^  hop 4 of 5: ')
	sim_console 'PerformanceSet "Switch3"[1] PortCounters.LinkDownedCounter=0'
	[ "$status" -eq 0 ]
	has_field "$output" "hop errors" "1"
	has_field "$output" "errors" "link_downed 2"
	has_field "$output" "link downed" "2"
	[ "$(grep -c 'symbol errors' <<<"$output")" -eq 0 ]
	[[ "$line" == *" [link_downed 2]" ]]
	grep -q '^rdma_route_hop_errors{.*} 1$' <<<"$prom"
}

@test "--trace needs --sa" {
	run --separate-stderr "$RDMA_ROUTE" --trace 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--trace asks for the subnet administrator: add --sa"* ]]
}

@test "--trace --from: another port's route, by LID to it then directed, as ibtracert's from that LID" {
	want=$(ibtracert_hops "$(node_lid Hca2)" "$(node_lid Hca1)")
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --from "$(node_lid Hca2)" "$(node_lid Hca1)"
	[ "$status" -eq 0 ]
	[ -n "$want" ] && [ "$(our_hops 0 <<<"$output")" = "$want" ]
	echo "$output" | jqe '.results[0].hops[0].name == "Hca2" and .results[0].hops[-1].name == "Hca1"'
	# --from by name: the same route.
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --from Hca2 Hca1
	[ "$status" -eq 0 ]
	[ "$(our_hops 0 <<<"$output")" = "$want" ]
}

@test "--trace --from every LID to every other, switches too: each route as ibtracert's" {
	local from to lids want got i

	lids=$(for n in Hca1 Switch1 Switch2 Switch3 Hca2; do node_lid "$n"; done)
	for from in $lids; do
		run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --from "$from" $lids
		i=0
		for to in $lids; do
			want=$(ibtracert_hops "$from" "$to")
			got=$(our_hops "$i" <<<"$output")
			i=$((i + 1))
			[ "$from" != "$to" ] || continue
			echo "from $from to $to: ibtracert [$want] ours [$got]"
			[ "$(echo "$want" | wc -l)" -ge 2 ] && [ "$got" = "$want" ]
		done
	done
	# From a switch: its port 0, out by its table's port, no step back.
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --from "$(node_lid Switch2)" "$(node_lid Hca2)"
	[ "$status" -eq 0 ]
	echo "$output" | jqe '.results[0].hops[0] | .name == "Switch2" and .in_port == 0 and .out_port == 3'
}

@test "a LID the SM never routed: route_dead_end at the first switch, exit 1" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json 50
	[ "$status" -eq 1 ]
	echo "$output" | jqe '.results[0].error | .step == "trace" and .cause == "route_dead_end"'
	echo "$output" | jqe '.results[0].error.call == "SubnGet(LinearForwardingTable)"'
	echo "$output" | jqe '.results[0].error.detail == "Switch1 has no route for LID 50"'
	echo "$output" | jqe '[.results[0].hops[].name] == ["Hca1", "Switch1"]'
	# The SA's answer beside the walk's: it knows no such LID either.
	echo "$output" | jqe '.results[0].error | .sa_cause == "dest_unknown" and .sa_detail == "MAD status 0x0300: ERR_NO_RECORDS"'
}

@test "a switch that drops every NodeInfo: smp_timeout names the hop before it" {
	sim_console 'Error "Switch2" 100 17'
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --timeout 300 "$(node_lid Hca2)"
	sim_console 'Error "Switch2" 0 17'
	[ "$status" -eq 1 ]
	echo "$output" | jqe '.results[0].error | .cause == "smp_timeout" and .call == "SubnGet(NodeInfo)"'
	echo "$output" | jqe '.results[0].error.detail == "the node beyond Switch1 port 2 gave no NodeInfo"'
	# The paths still came from the SA: the route resolved, its walk did not.
	echo "$output" | jqe '.results[0].paths | length == 1'
}

@test "--sa --trace --all-pairs: the 1x link between 4x ones is a degraded link, in every output and the picture; a fault, a warning where --severity says" {
	local f=$BATS_TEST_TMPDIR/slow.dot

	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json
	[ "$status" -eq 1 ]
	jqe '.summary | .verdict == "fault" and .worst == "links_degraded" and .faults == 1' <<<"$output"
	jqe '.summary.links_degraded == 1 and (.degraded_links | length) == 1' <<<"$output"
	jqe '.degraded_links[0] | .fault == "slower_than_neighbours" and .width == "1x" and
		.rate_gbps == 2.5 and .expected_gbps == 10 and
		([.node, .peer] | sort) == ["Switch2", "Switch3"]' <<<"$output"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs -q --dot "$f" --severity links_degraded=warning
	[ "$status" -eq 0 ]
	[ "$(head -1 <<<"$output")" = 'routes: warning (cables below what their ends can: links_degraded 1); 2 pairs, 2 arrive, 0 fail, 0 credit loops' ] || { echo "$output"; false; }
	grep -qx 'degraded link: Switch3 port 3 -> Switch2 port 3: 2.5 Gb/s, slower than every other link at both its ends (10 Gb/s)' <<<"$stderr"
	[ "$(grep -c 'color=orange' "$f")" -eq 1 ]
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --prom
	grep -qx 'rdma_route_fabric_links_degraded 1' <<<"$output"
}

@test "a cable cut while the SM runs: it sweeps and drops the LID; the dead end says so with the SA's answer, then linked again" {
	local lid ups

	lid=$(node_lid Hca2)
	ups=$(fabric_sweeps)
	sim_console 'Unlink "Hca2"[1]'
	_fabric_wait 10 fabric_swept_since "$ups"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json "$lid"
	[ "$status" -eq 1 ]
	jqe '.results[0].error | .cause == "route_dead_end" and .sa_cause == "dest_unknown" and
		.sa_detail == "MAD status 0x0300: ERR_NO_RECORDS" and
		.detail == "Switch1 has no route for LID '"$lid"'" and
		(.hint | startswith("the SA knows no port with that LID either: at its last sweep the SM found none there"))' <<<"$output"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace "$lid"
	grep -q '^  hint  *the SA knows no port with that LID either' <<<"$output"
	ups=$(fabric_sweeps)
	sim_console 'ReLink "Hca2"[1]'
	_fabric_wait 10 fabric_swept_since "$ups"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json "$lid"
	[ "$status" -eq 0 ]
}

@test "a node not seen from here by name: the SA's NodeRecord gives its LID, walked as the LID is; the node-name map's GUID too" {
	local lid guid map=$BATS_TEST_TMPDIR/map

	lid=$(node_lid Hca2)
	guid=$(node_guid "$lid")
	[[ $guid == 0x* ]]
	printf '%s "node-b"\n' "$guid" >"$map"
	# Hca2 answers no NodeInfo (a hung node): discovery from here misses
	# it; the SM, which swept before, still has its record.
	sim_console 'Error "Hca2" 100 17'
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --timeout 300 "$lid"
	local by_lid=$output
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --timeout 300 Hca2
	local by_name=$output
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --timeout 300 \
		--node-name-map "$map" node-b
	local by_map=$output
	sim_console 'Error "Hca2" 0 17'
	echo "$by_lid" | jqe '.results[0].error | .step == "trace" and .cause == "smp_timeout"'
	echo "$by_lid" | jqe '.results[0] | has("name_known_to") | not'
	echo "$by_name" | jqe '.results[0] | .name_known_to == "sa" and .paths[0].dlid == '"$lid"' and
		.error.step == "trace"'
	[ "$(jq -c '.results[0].error | [.cause, .detail]' <<<"$by_name")" = \
	  "$(jq -c '.results[0].error | [.cause, .detail]' <<<"$by_lid")" ]
	echo "$by_name" | jqe '.results[0].error.hint | startswith("the name is not in the fabric discovered from this port, though the SA still knows its LID: not reachable from here, down or cut off?")'
	echo "$by_map" | jqe '.results[0] | .name_known_to == "node_name_map+sa" and .paths[0].dlid == '"$lid"' and
		.error.cause == "smp_timeout"'
}

@test "a link cut after the SM stopped: route_link_down names the switch and its port" {
	local map=$BATS_TEST_TMPDIR/map

	printf '%s "node-b"\n' "$(node_guid "$(node_lid Hca2)")" >"$map"
	fabric_stop_sm
	sim_console 'Unlink "Switch2"[3]'
	# By name, the node beyond the cut: the map knows it, the SA is
	# silent, so no LID to walk to: not reachable from here.
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --timeout 300 \
		--node-name-map "$map" node-b
	[ "$status" -eq 1 ]
	echo "$output" | jqe '.results[0] | .name_known_to == "node_name_map" and
		.error.step == "lookup" and .error.cause == "node_unreachable" and
		(.error.explanation | endswith("not reachable from here, down or cut off?"))'
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --timeout 300 Hca2
	[ "$status" -eq 1 ]
	# Without the map nothing here knows the name: said so, not guessed.
	[[ "$output" == "Hca2: failed at lookup: not in the fabric seen from here nor in the node-name map, and the SA did not answer: a node cut off and a misspelt name look alike from here"* ]] || { echo "$output"; false; }
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --timeout 300 "$(node_lid Hca2)"
	[ "$status" -eq 1 ]
	echo "$output" | jqe '.results[0].error | .step == "trace" and .cause == "route_link_down"'
	echo "$output" | jqe '.results[0].error.detail == "Switch2 port 3 is DOWN (physical state POLLING)"'
	echo "$output" | jqe '.results[0].error.kernel_said == "SubnGet(PortInfo): Switch2 port 3 is DOWN (physical state POLLING)"'
	# The SM is down: the SA did not answer, said beside the walk, and
	# the hint says nothing will reroute.
	echo "$output" | jqe '.results[0].error.sa_cause == "sa_timeout"'
	echo "$output" | jqe '.results[0].error.hint | startswith("the SM did not answer: with none running, nothing reroutes around this link")'
	echo "$output" | jqe '.results[0].hops[-1] | .name == "Switch2" and .out_port == 3 and .state == "DOWN"'
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --timeout 300 "$(node_lid Hca2)"
	[[ "$output" == "5: failed at trace: SubnGet(PortInfo): Switch2 port 3 is DOWN"* ]]
	# Linked again with no SM to activate it: up, but INIT.  The node
	# beyond answers no NodeInfo: that round ends on the out port's state,
	# and the route dies there, not at the node.  (How long a node that
	# drops SMPs would be waited for is not seen here: ibsim answers what
	# it drops at once, with a timeout status.)
	sim_console 'ReLink "Switch2"[3]'
	sim_console 'Error "Switch3" 100 17'
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --json --timeout 300 "$(node_lid Hca2)"
	sim_console 'Error "Switch3" 0 17'
	[ "$status" -eq 1 ]
	echo "$output" | jqe '.results[0].error.cause == "route_link_down"'
	echo "$output" | jqe '.results[0].error.detail == "Switch2 port 3 is INIT (physical state LINK_UP)"'
	# Every route: that cable, up but not ACTIVE, is a degraded link.
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json --timeout 300
	jqe '.summary.links_degraded == 1' <<<"$output"
	jqe '.degraded_links[0] | .fault == "not_active" and .state == "INIT" and
		([.node, .peer] | sort) == ["Switch2", "Switch3"]' <<<"$output"
}
