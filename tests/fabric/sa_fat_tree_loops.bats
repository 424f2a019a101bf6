#!/usr/bin/env bats
# Credit loops on a fat tree (fat-tree 4 4 2: leaves L1-L4 of four HCAs,
# spines S1 and S2): opensm's ftree and updn route it without any, as a
# brute-force check of what ibnetdiscover -p and ibroute print finds
# (lft-walk's dependencies, dep-cycles' loops); then updn's tables with
# a loop planted and loaded back by opensm's file engine (-R file -U):
# Hca9's LID sent from L1 up to S1, down to L2 and up again to S2, and
# Hca10's from L2 up to S2, down to L1 and up again to S1, two valleys
# whose dependencies go round S1 -> L2 -> S2 -> L1 -> S1.

load ../helpers
load fabric

# route_with NAME OPENSM-ARGS: the tree routed so, dumped, and our JSON.
route_with() {
	local dir=$BATS_FILE_TMPDIR status=0

	FABRIC_DUMPS=1 FABRIC_OPENSM_ARGS=$2 fabric_start "$dir/tree.net"
	fabric_dump "$dir/$1" -v deps=1
	! command -v ibdmchk >/dev/null ||
		ibdmchk_verdict "$dir/$1.ibdmchk" >"$dir/$1.ibdmchk_verdict"
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json >"$dir/$1.json" 2>/dev/null ||
		status=$?
	echo "$status" >"$dir/$1.status"
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs -q >"$dir/$1.text" 2>&1 || true
	fabric_stop
}

# plant UPDN-TABLES: the two valleys, as ibroute prints tables, on stdout.
plant() {
	local x y

	x=$(awk '$1 == "CA" && /\x27Hca9\x27 -/ { printf "0x%04x", $2 }' "$BATS_FILE_TMPDIR/updn.ports")
	y=$(awk '$1 == "CA" && /\x27Hca10\x27 -/ { printf "0x%04x", $2 }' "$BATS_FILE_TMPDIR/updn.ports")
	# A leaf's port 5 goes up to S1, 6 to S2; a spine's port L down to leaf L.
	awk -v x="$x" -v y="$y" '
		function set(lid, port) { if (index($0, lid " ") == 1) sub(/^0x[0-9a-f]+ [0-9]+ /, lid " " port " ") }
		/^Unicast lids/ { sw = $0; sub(/.*[(]/, "", sw); sub(/[)].*/, "", sw) }
		/^SWITCH / { next }
		sw == "L1" { set(x, "005"); set(y, "005") }
		sw == "S1" { set(x, "002"); set(y, "003") }
		sw == "L2" { set(x, "006"); set(y, "006") }
		sw == "S2" { set(x, "003"); set(y, "001") }
		{ print }' "$1"
}

setup_file() {
	local dir=$BATS_FILE_TMPDIR

	fabric_require
	"$BATS_TEST_DIRNAME/fat-tree" 4 4 2 >"$dir/tree.net"
	route_with ftree "-R ftree"
	route_with updn "-R updn"
	plant "$dir/updn.tables" >"$dir/planted"
	route_with planted "-R file -U $dir/planted"
}

setup() {
	fabric_require
}

@test "ftree and updn: every route arrives, no credit loop, as the brute force finds, exit 0" {
	local e

	for e in ftree updn; do
		grep -qx 'arrived 240' "$BATS_FILE_TMPDIR/$e.walked"
		grep -qx 'credit_loops 0' "$BATS_FILE_TMPDIR/$e.loops"
		[ "$(cat "$BATS_FILE_TMPDIR/$e.status")" -eq 0 ]
		jqe '.summary | .arrived == 240 and .credit_loops == 0 and .channel_dependencies > 0 and
			(.vl_source | startswith("no loop even with every channel on one VL"))' \
			"$BATS_FILE_TMPDIR/$e.json"
	done
	grep -qx 'routes: ok; 240 pairs, 240 arrive, 0 fail, 0 credit loops' "$BATS_FILE_TMPDIR/ftree.text"
}

@test "the planted tables are in effect: the valleys as ibroute prints them, every route still arrives" {
	grep -qx 'arrived 240' "$BATS_FILE_TMPDIR/planted.walked"
	# Hca1 (L1) to Hca9 crosses four switches: L1, S1, L2, S2, then L3.
	grep -q '^dep L1:5 S1:2$' "$BATS_FILE_TMPDIR/planted.walked"
	grep -q '^dep S1:2 L2:6$' "$BATS_FILE_TMPDIR/planted.walked"
	grep -q '^dep L2:6 S2:1$' "$BATS_FILE_TMPDIR/planted.walked"
	grep -q '^dep S2:1 L1:5$' "$BATS_FILE_TMPDIR/planted.walked"
	n=$(sed -n 's/^credit_loops //p' "$BATS_FILE_TMPDIR/planted.loops")
	[ "$n" -ge 1 ]
}

@test "the planted loop: as many as the brute force, each cycle within one of its loops, the valleys' links named, exit 1" {
	local dir=$BATS_FILE_TMPDIR line size chans c

	n=$(sed -n 's/^credit_loops //p' "$dir/planted.loops")
	[ "$(cat "$dir/planted.status")" -eq 1 ]
	jqe --argjson n "$n" '.summary.arrived == 240 and .summary.credit_loops == $n and
		(.credit_loops | length) == $n' "$dir/planted.json"
	# Each of ours: a brute-force loop of its size holds its cycle's channels.
	while read -r size chans; do
		found=0
		while read -r line; do
			set -- $line
			[ "$2" = "$size" ] || continue
			all=1
			for c in $chans; do
				grep -qw -- "$c" <<<"$line" || all=0
			done
			[ "$all" -eq 0 ] || found=1
		done < <(grep '^loop ' "$dir/planted.loops")
		[ "$found" -eq 1 ]
	done < <(jq -r '.credit_loops[] | "\(.channels) " + ([.cycle[] | "\(.node):\(.port)"] | join(" "))' \
		"$dir/planted.json")
	# The four links of the valleys, each in a loop's cycle.
	for c in "S1 2" "L2 6" "S2 1" "L1 5"; do
		jqe --arg n "${c% *}" --argjson p "${c#* }" \
			'[.credit_loops[].cycle[] | select(.node == $n and .port == $p)] | length >= 1' "$dir/planted.json"
	done
	grep -q '^credit loop on VL 0: [0-9]* links: .*S1 port 2 -> L2 port 5' "$dir/planted.text"
	grep -q '; closed by Hca[0-9]* -> Hca[0-9]* and Hca[0-9]* -> Hca[0-9]*$' "$dir/planted.text"
}

@test "ibdmchk, on opensm's own dumps of the same tables, says what we say: ftree and updn none, the planted valleys loops" {
	command -v ibdmchk >/dev/null || skip "ibdmchk not installed (ibutils)"
	local e

	for e in ftree updn planted; do
		echo "$e: ibdmchk $(cat "$BATS_FILE_TMPDIR/$e.ibdmchk_verdict")"
		[ "$(jq -r 'if .summary.credit_loops > 0 then "loops" else "none" end' "$BATS_FILE_TMPDIR/$e.json")" = \
		  "$(cat "$BATS_FILE_TMPDIR/$e.ibdmchk_verdict")" ]
	done
	[ "$(cat "$BATS_FILE_TMPDIR/planted.ibdmchk_verdict")" = loops ]
}
