#!/usr/bin/env bats
# The verdict of --sa --trace --all-pairs: the ring of six switches
# routed by updn (no credit loop), its report saved; then the SM stopped
# and the ring split in two (Switch2-Switch3 and Switch5-Switch6 cut from
# ibsim's console) and Hca4's cable cut beyond the split.  What is gone
# and what is only out of reach is checked against ibnetdiscover before
# and after, never against our own code.

load ../helpers
load fabric

setup_file() {
	local t=$BATS_FILE_TMPDIR

	fabric_require
	echo 0x0002c90000000100 >"$t/roots"
	FABRIC_CONSOLE=1 FABRIC_OPENSM_ARGS="-R updn -a $t/roots" fabric_start ring.net
	sim_run sminfo >"$t/sminfo" 2>/dev/null || true
	sim_run ibnetdiscover -p >"$t/before.ports"
	# A node-name map of every node, as ibnetdiscover names them.
	sim_run ibnetdiscover </dev/null |
		awk -F'"' '/^(Ca|Switch)\t/ { g = $2; sub(/^[HS]-/, "0x", g); print g " \"" $4 "\"" }' >"$t/map"
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json >"$t/before.json" || true
	echo $? >"$t/before.status"
	# Hca5 hung (it answers no NodeInfo): the SM, which swept before,
	# still knows its port; from here it is not seen.
	sim_console 'Error "Hca5" 100 17'
	local status=0
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json >"$t/hung.json" 2>/dev/null || status=$?
	echo "$status" >"$t/hung.status"
	sim_run ibnetdiscover -p >"$t/hung.ports" 2>/dev/null || true
	sim_console 'Error "Hca5" 0 17'
	fabric_stop_sm
	sim_console 'Unlink "Switch2"[2]'
	sim_console 'Unlink "Switch5"[2]'
	sim_console 'Unlink "Hca4"[1]'
	sim_run ibnetdiscover -p >"$t/after.ports"
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

# cables FILE: each cable of an ibnetdiscover -p file once (a port
# with no link, its far end unnamed, left out), "A:PORT B:PORT"
# (the lower end first), then "node NAME" for each node it names.
cables() {
	awk -F"'" '$2 !~ /^ *$/ && $4 !~ /^ *$/ { split($0, f, " +"); a = $2 ":" f[3]; b = $4 ":" f[10]
		print (a < b ? a " " b : b " " a); print "node " $2; print "node " $4 }' "$1" | sort -u
}

# The cables of before that after lacks: "gone" when an end's node is
# still seen, "unreachable" when neither is; the CA ports the same way.
missing() {
	cables "$BATS_FILE_TMPDIR/before.ports" >"$BATS_TEST_TMPDIR/b"
	cables "$BATS_FILE_TMPDIR/after.ports" >"$BATS_TEST_TMPDIR/a"
	awk 'FNR == NR { seen[$0] = 1; if ($1 == "node") node[$2] = 1; next }
		$1 == "node" || seen[$0] { next }
		{ split($1, x, ":"); split($2, y, ":")
		  k = (x[1] in node || y[1] in node) ? "gone" : "unreachable"
		  print "link " k " " $0
		  if (x[1] ~ /^Hca/) print "port " k " " x[1]
		  if (y[1] ~ /^Hca/) print "port " k " " y[1] }' \
		"$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}

# The LIDs ibnetdiscover saw before the cuts and does not see after: the
# ones the tables still route (the SM is down), that no port holds now.
lids_gone() {
	comm -23 <(awk '{ print $2 }' "$BATS_FILE_TMPDIR/before.ports" | sort -u) \
		<(awk '{ print $2 }' "$BATS_FILE_TMPDIR/after.ports" | sort -u)
}

@test "the check itself: the ring routed by updn passes before the cuts, its SM as sminfo finds it; after them ibnetdiscover sees half the ring" {
	local guid lid

	[ "$(cat "$BATS_FILE_TMPDIR/before.status")" -eq 0 ]
	jqe '.summary | .verdict == "warning" and .faults == 0 and .arrived == 30' "$BATS_FILE_TMPDIR/before.json"
	# sminfo: "sminfo: sm lid 1 sm guid 0x2c90000000100, activity count ...".
	guid=$(printf '0x%016x' "$(awk '{ print $7 }' "$BATS_FILE_TMPDIR/sminfo" | tr -d ,)")
	lid=$(awk '{ print $4 }' "$BATS_FILE_TMPDIR/sminfo")
	jqe --arg guid "$guid" --argjson lid "$lid" \
		'.summary.sm | .answered and .state == "MASTER" and .lid == $lid and .guid == $guid' \
		"$BATS_FILE_TMPDIR/before.json"
	[ "$(missing | grep -c '^port unreachable')" -eq 3 ]
	[ "$(missing | grep -c '^link gone')" -eq 2 ]
}

@test "the SM's view as the baseline: a hung HCA it routed, unseen from here, is a port not reachable, named by the SA (exit 1); the healthy ring none" {
	local cas lid guid

	cas=$(awk '$1 == "CA"' "$BATS_FILE_TMPDIR/before.ports" | wc -l)
	[ "$cas" -eq 6 ]
	jqe --argjson n "$cas" '.summary | .ports == $n and .lids_unseen == 0 and .ports_unreachable == 0 and
		(has("unseen") | not)' "$BATS_FILE_TMPDIR/before.json"
	# ibnetdiscover does not see Hca5 either; its LID and GUID before.
	[ "$(grep -c "'Hca5'" "$BATS_FILE_TMPDIR/hung.ports")" -eq 0 ]
	lid=$(awk -F"'" '$1 ~ /^CA/ && $2 == "Hca5" { split($1, f, " +"); print f[2] }' "$BATS_FILE_TMPDIR/before.ports")
	guid=$(awk -F"'" '$1 ~ /^CA/ && $2 == "Hca5" { split($1, f, " +"); print f[4] }' "$BATS_FILE_TMPDIR/before.ports")
	[ -n "$lid" ] && [ -n "$guid" ]
	[ "$(cat "$BATS_FILE_TMPDIR/hung.status")" -eq 1 ]
	jqe --argjson n "$cas" --argjson lid "$lid" '.summary | .ports == $n - 1 and .lids_unseen == 1 and
		.ports_unreachable == 1 and .verdict == "fault" and .worst == "ports_unreachable" and
		(.findings[] | select(.finding == "ports_unreachable") | .says) ==
			"CA ports seen before or by the SM are not reachable from here" and
		.unseen == [{lid: $lid, said: "CA", name: "Hca5", node_guid: .unseen[0].node_guid, port: 1}]' \
		"$BATS_FILE_TMPDIR/hung.json"
	# The node GUID is the port's less its port number, as ibsim numbers them.
	[ "$(( $(jq -r '.summary.unseen[0].node_guid' "$BATS_FILE_TMPDIR/hung.json") + 1 ))" -eq "$((guid))" ] ||
		[ "$(jq -r '.summary.unseen[0].node_guid' "$BATS_FILE_TMPDIR/hung.json")" = "$guid" ]
}

@test "split ring, SM stopped, no baseline: the admin's --expect of links passes, the verdict fails on the SM (exit 1)" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs -q --timeout 400 \
		--expect 'links_lost = 0' --expect 'links_down = 0'
	[ "$status" -eq 1 ] || { echo "$output $stderr"; false; }
	[ "$(head -1 <<<"$output")" = 'routes: fault (no SM answered: sm_silent 1, and more); 6 pairs, 6 arrive, 0 fail, 0 credit loops' ]
	has_field "$output" sm 'SMInfo at LID 1 not answered (2 tries, 200 ms each at most)'
	has_field "$output" faults 2
	# The tables still route the far side's LIDs: as many as
	# ibnetdiscover lost, each "not asked" (no SM to ask).
	n=$(lids_gone | wc -l)
	[ "$n" -ge 4 ]
	has_field "$output" "lids unseen" "$n"
	[ "$(grep -c '^  unseen  *LID [0-9]*: not asked$' <<<"$output")" -eq "$n" ]
	# --brief: that line alone.
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --brief --timeout 400
	[ "$status" -eq 1 ]
	[ "$output" = 'routes: fault (no SM answered: sm_silent 1, and more); 6 pairs, 6 arrive, 0 fail, 0 credit loops' ]
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json --timeout 400
	[ "$status" -eq 1 ]
	jqe '.summary | .worst == "sm_silent" and .sm_silent == 1 and
		(.sm | .asked and .lid == 1 and (.answered | not) and
		 .said == "SMInfo at LID 1 not answered (2 tries, 200 ms each at most)")' <<<"$output"
	jqe --argjson lids "$(lids_gone | sort -n | jq -sc .)" \
		'.summary | .lids_unseen == ($lids | length) and ([.unseen[].lid] == $lids) and
		([.unseen[].said] | unique) == ["not asked"] and (has("ports_unreachable") | not)' <<<"$output"
}

@test "split ring, SM stopped, the node-name map as the baseline: the nodes it names that ibnetdiscover no longer sees, named, a warning" {
	local want

	[ "$(wc -l <"$BATS_FILE_TMPDIR/map")" -eq 12 ]
	want=$(comm -23 <(awk -F"'" '{ print $2; print $4 }' "$BATS_FILE_TMPDIR/before.ports" | grep -v '^ *$' | sort -u) \
		<(awk -F"'" '{ print $2; print $4 }' "$BATS_FILE_TMPDIR/after.ports" | grep -v '^ *$' | sort -u) | jq -Rsc 'split("\n")[:-1]')
	[ "$(jq length <<<"$want")" -ge 4 ]
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json --timeout 400 \
		--node-name-map "$BATS_FILE_TMPDIR/map"
	[ "$status" -eq 1 ]
	jqe --argjson want "$want" '.summary | .mapped_unseen == ($want | length) and
		([.mapped_unseen_nodes[].name] | sort) == $want and
		(.findings[] | select(.finding == "mapped_unseen") | .severity) == "warning"' <<<"$output"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs -q --timeout 400 \
		--node-name-map "$BATS_FILE_TMPDIR/map"
	[ "$(grep -c '^  mapped unseen node  *[A-Za-z0-9]* (GUID 0x[0-9a-f]\{16\})$' <<<"$output")" -eq "$(jq length <<<"$want")" ]
}

@test "split ring against the report before: the partition named, ports out of reach apart from ports gone, as ibnetdiscover before and after says" {
	local gone unreach lgone lunreach

	gone=$(missing | grep -c '^port gone') || true
	unreach=$(missing | grep -c '^port unreachable')
	lgone=$(missing | grep -c '^link gone')
	lunreach=$(missing | grep -c '^link unreachable')
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json --timeout 400 \
		--compare "$BATS_FILE_TMPDIR/before.json"
	[ "$status" -eq 1 ]
	jqe --argjson g "$gone" --argjson u "$unreach" --argjson lg "$lgone" --argjson lu "$lunreach" \
		'.summary | .ports_gone == $g and .ports_unreachable == $u and .links_gone == $lg and
		.links_unreachable == $lu and .ports == 6 - $u - $g and
		.partition == {said: "this port'"'"'s side \(6 - $u - $g) CA ports, \($u) beyond (not reachable from here)",
			this_side: (6 - $u - $g), beyond: $u} and
		([.findings[] | select(.severity == "fault") | .finding] == ["sm_silent", "ports_unreachable", "lids_unseen", "links_gone"])' <<<"$output" || { jq .summary <<<"$output"; false; }
	# The cables gone, by the names ibnetdiscover gives their ends.
	jq -r '.links_gone[] | .link' <<<"$output" | sed 's/ port /:/g; s/ -> / /' |
		awk '{ print ($1 < $2 ? $1 " " $2 : $2 " " $1) }' | sort >"$BATS_TEST_TMPDIR/ours"
	missing | awk '$2 == "gone" && $1 == "link" { print $3 " " $4 }' | sort | diff - "$BATS_TEST_TMPDIR/ours"
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --prom --timeout 400 \
		--compare "$BATS_FILE_TMPDIR/before.json"
	grep -qx "rdma_route_fabric_ports_unreachable $unreach" <<<"$output"
	grep -qx 'rdma_route_fabric_sm_silent 1' <<<"$output"
	grep -qx 'rdma_route_fabric_faults 4' <<<"$output"
	grep -qx "rdma_route_fabric_lids_unseen $(lids_gone | wc -l)" <<<"$output"
	grep -qx "rdma_route_fabric_ports $((6 - unreach - gone))" <<<"$output"
}

@test "--severity: the same findings as warnings pass (exit 0, verdict warning); none leaves one out" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json --timeout 400 \
		--compare "$BATS_FILE_TMPDIR/before.json" \
		--severity sm_silent=warning,ports_unreachable=warning --severity links_gone=none \
		--severity lids_unseen=warning
	[ "$status" -eq 0 ] || { jq .summary <<<"$output"; false; }
	jqe '.summary | .verdict == "warning" and .worst == "sm_silent" and .faults == 0 and .warnings == 3 and
		([.findings[] | select(.finding == "links_gone") | .severity] == ["none"])' <<<"$output"
}

@test "--compare with a report of another fabric (every GUID changed): refused, exit 2, naming both counts as ibnetdiscover finds them" {
	local f=$BATS_TEST_TMPDIR/other.json then now

	jq 'walk(if type == "object" then with_entries(
		if (.key | test("guid$")) and (.value | type) == "string" then .value |= "0x7f" + .[4:] else . end)
		else . end)' "$BATS_FILE_TMPDIR/before.json" >"$f"
	then=$(cables "$BATS_FILE_TMPDIR/before.ports" | grep -c '^node ')
	now=$(cables "$BATS_FILE_TMPDIR/after.ports" | grep -c '^node ')
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json --timeout 400 --compare "$f"
	[ "$status" -eq 2 ]
	[[ $stderr == *"--compare '$f': a report of another fabric: none of its $then nodes is among the $now read now (no switch or CA GUID in common)"* ]] || { echo "$stderr"; false; }
	# The report itself, unchanged, is the same fabric: taken.
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json --timeout 400 \
		--compare "$BATS_FILE_TMPDIR/before.json"
	[ "$status" -eq 1 ]
}
