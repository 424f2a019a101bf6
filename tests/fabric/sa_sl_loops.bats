#!/usr/bin/env bats
# --sa --trace --all-pairs, with --sl-from-sa and without: a 4x4 torus (tests/fabric/torus,
# an HCA a switch) routed by opensm's dfsssp and lash, which break the
# torus' credit loops by giving pairs different SLs (and the SLs their
# own VLs), and by dor, which does not.  Each pair's SL asked of the SA,
# the switches' SLtoVL tables read: the loops on (link, VL) as a
# brute-force check finds them from what saquery, smpquery sl2vl,
# ibnetdiscover -p and ibroute print (lft-walk -v vls=1, dep-cycles),
# never from our own code.  Without --sl-from-sa, the loops are found on
# SL 0 first, then the SA asked for the SLs of the pairs whose routes
# close them only: the SLs break dfsssp's and lash's, not dor's.
# torus-2QoS (QoS on, the torus described to it) routes without a loop.

load ../helpers
load fabric

# route_with ENGINE [OPENSM-ARGS [nosl]]: the torus routed by ENGINE; the
# brute force's loops into $BATS_FILE_TMPDIR/ENGINE.loops, rdma-route's
# JSON (with and without --sl-from-sa) and exit codes beside.  nosl: the
# SA's SLs not asked (a saquery a pair): for an engine whose routes close
# no loop even on one VL, where no SL can matter.
route_with() {
	local engine=$1 dir=$BATS_FILE_TMPDIR lid sw out status=0 a b an bn sl

	FABRIC_DUMPS=1 FABRIC_OPENSM_ARGS="-R $engine ${2:-}" fabric_start "$dir/torus.net"
	fabric_dump_tables "$dir/$engine"
	# Each switch out port's SLtoVL rows: "sl2vl SWITCH IN OUT VL0 .. VL15".
	awk '$1 == "SW" { split($0, q, "\x27"); print $2, q[2] }' "$dir/$engine.ports" | sort -u |
		while read -r lid sw; do
			for out in 1 2 3 4 5; do
				sim_run smpquery sl2vl "$lid" "$out" </dev/null |
					awk -v sw="$sw" '
						/^ports: in/ { split($0, f, "|"); gsub(/[^0-9 ]/, " ", f[1]); split(f[1], io, " ")
							printf "sl2vl %s %d %d", sw, io[1], io[2]
							for (k = 2; k <= 17; k++) { v = f[k]; gsub(/ /, "", v); printf " %d", v }
							print "" }'
			done
		done >>"$dir/$engine.tables"
	# Each pair's SL as the SA gives it: "sl SRC DST SL".
	awk '$1 == "CA" { split($0, q, "\x27"); print $2, q[2] }' "$dir/$engine.ports" | sort -u >"$dir/cas"
	[ "${3:-}" != nosl ] || : >"$dir/cas"
	while read -r a an; do
		while read -r b bn; do
			[ "$a" != "$b" ] || continue
			sl=$(sim_run saquery -p --src-to-dst "$a:$b" </dev/null | awk -F. '/^[ \t]*sl\./ { print $NF + 0; exit }')
			echo "sl $an $bn $((sl))"
		done <"$dir/cas"
	done <"$dir/cas" >>"$dir/$engine.tables"
	fabric_walk "$dir/$engine" -v deps=1 -v vls=1
	! command -v ibdmchk >/dev/null || ibdmchk_with_sls "$engine"
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json --sl-from-sa \
		>"$dir/$engine.json" 2>"$dir/$engine.err" || status=$?
	echo "$status" >"$dir/$engine.status"
	status=0
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs --json \
		>"$dir/$engine.sl0.json" 2>/dev/null || status=$?
	echo "$status" >"$dir/$engine.sl0.status"
	sim_run "$RDMA_ROUTE" --sa --trace --all-pairs -q --sl-from-sa \
		>"$dir/$engine.text" 2>&1 || true
	cp "$FABRIC_DIR/opensm.log" "$dir/$engine.opensm"
	fabric_stop
}

# ibdmchk_with_sls ENGINE: ibdmchk's verdict on opensm's dumps, given the
# SL of each pair and the switches' SLtoVL rows read above, in its own
# formats (-c: "0xSRC-NODE-GUID DLID SL", -d: "0xSWITCH-GUID IN OUT 0xVV
# ..." two VLs a byte), and without them (one SL, identity SLtoVL).
ibdmchk_with_sls() {
	local f=$BATS_FILE_TMPDIR/$1

	sim_run ibnetdiscover </dev/null |
		awk -F'"' '/^(Ca|Switch)\t/ { g = $2; sub(/^[HS]-/, "0x", g); print $4, g }' >"$f.guids"
	awk 'FILENAME == ARGV[1] { guid[$1] = $2; next }
		FILENAME == ARGV[2] { lid[$2] = $1; next }
		$1 == "sl" { print guid[$2], lid[$3], $4 }' \
		"$f.guids" "$BATS_FILE_TMPDIR/cas" "$f.tables" >"$f.psl"
	awk 'FILENAME == ARGV[1] { guid[$1] = $2; next }
		$1 == "sl2vl" { printf "%s %d %d", guid[$2], $3, $4
			for (k = 5; k <= 20; k += 2) printf " 0x%x%x", $k, $(k + 1)
			print "" }' "$f.guids" "$f.tables" >"$f.slvl"
	if [ -s "$f.psl" ]; then
		ibdmchk_verdict "$f.ibdmchk" -c "$f.psl" -d "$f.slvl" >"$f.ibdmchk_verdict"
	else
		ibdmchk_verdict "$f.ibdmchk" -d "$f.slvl" >"$f.ibdmchk_verdict"
	fi
	ibdmchk_verdict "$f.ibdmchk_sl0" >"$f.ibdmchk_sl0_verdict"
}

setup_file() {
	fabric_require
	"$BATS_TEST_DIRNAME/torus" 4 4 1 >"$BATS_FILE_TMPDIR/torus.net"
	route_with dfsssp
	route_with lash
	route_with dor
	# torus-2QoS wants QoS on and the torus described: its seed switch
	# T1.1 and that switch's neighbours in each direction.
	printf '%s\n' 'torus 4 4 1' \
		'xp_link 0x0002c9fd00000100 0x0002c9fd00000200' \
		'xm_link 0x0002c9fd00000100 0x0002c9fd00000400' \
		'yp_link 0x0002c9fd00000100 0x0002c9fd00000500' \
		'ym_link 0x0002c9fd00000100 0x0002c9fd00000d00' >"$BATS_FILE_TMPDIR/torus-2QoS.conf"
	route_with torus-2QoS "-Q --torus_config $BATS_FILE_TMPDIR/torus-2QoS.conf" nosl
}

setup() {
	fabric_require
}

# ENGINE's loops as dep-cycles writes them: "loop SIZE" and the channels
# of its cycle (NAME:PORT/VL), sorted, a line each.
ours() {
	jq -r '.credit_loops[]? | "loop \(.channels) " +
		([.cycle[] | "\(.node):\(.port)/\(.vl)"] | sort | join(" "))' \
		"$BATS_FILE_TMPDIR/$1.json"
}

@test "the brute-force check itself: the SA gives dfsssp's and lash's pairs several SLs, dor's one; every route arrives" {
	for e in dfsssp lash dor; do
		grep -qx 'arrived 240' "$BATS_FILE_TMPDIR/$e.walked"
	done
	[ "$(awk '$1 == "sl" { print $4 }' "$BATS_FILE_TMPDIR/dfsssp.tables" | sort -u | wc -l)" -ge 2 ]
	[ "$(awk '$1 == "sl" { print $4 }' "$BATS_FILE_TMPDIR/lash.tables" | sort -u | wc -l)" -ge 2 ]
	[ "$(awk '$1 == "sl" { print $4 }' "$BATS_FILE_TMPDIR/dor.tables" | sort -u)" = 0 ]
	grep -qx 'credit_loops 0' "$BATS_FILE_TMPDIR/dfsssp.loops"
	grep -qx 'credit_loops 0' "$BATS_FILE_TMPDIR/lash.loops"
	n=$(sed -n 's/^credit_loops //p' "$BATS_FILE_TMPDIR/dor.loops")
	[ "$n" -ge 1 ]
}

@test "dfsssp and lash with --sl-from-sa: no loop, as the brute force; each pair's SL asked, the SLs in use listed, exit 0" {
	local e sls

	for e in dfsssp lash; do
		[ "$(cat "$BATS_FILE_TMPDIR/$e.status")" -eq 0 ]
		sls=$(awk '$1 == "sl" { print $4 }' "$BATS_FILE_TMPDIR/$e.tables" | sort -un | jq -sc .)
		jqe --argjson sls "$sls" '.summary | .credit_loops == 0 and .path_records_asked == 240 and
			.path_records_lost == 0 and .sls == $sls and .sl2vl_not_vl0 > 0 and
			(.vl_source | test("each pair.s SL from the SA.s PathRecord \\(240 asked, 0 lost"))' \
			"$BATS_FILE_TMPDIR/$e.json"
	done
	grep -q "SLs in use: 0 1" "$BATS_FILE_TMPDIR/lash.text"
}

@test "dfsssp and lash by default: the loops on SL 0 found, the SA asked for the SLs of the pairs that close them only, no loop left, exit 0" {
	local e

	for e in dfsssp lash; do
		[ "$(cat "$BATS_FILE_TMPDIR/$e.sl0.status")" -eq 0 ]
		jqe '.summary | .credit_loops == 0 and .faults == 0 and
			.path_records_asked > 0 and .path_records_asked < 240 and .path_records_lost == 0 and
			(.vl_source | test("the SLs of the [0-9]+ pairs whose routes close the loops on SL 0 from the SA.s PathRecords \\([0-9]+ asked, 0 lost"))' \
			"$BATS_FILE_TMPDIR/$e.sl0.json"
	done
}

@test "torus-2QoS: its routes close no loop even on one VL, as the brute force finds; no table or SL needed, exit 0" {
	grep -q 'torus-2QoS tables configured on all switches\|Built 4 x 4 x 1 torus' "$BATS_FILE_TMPDIR/torus-2QoS.opensm" ||
		skip "opensm's torus-2QoS did not route the simulated torus"
	grep -qx 'arrived 240' "$BATS_FILE_TMPDIR/torus-2QoS.walked"
	grep -qx 'credit_loops 0' "$BATS_FILE_TMPDIR/torus-2QoS.loops"
	[ "$(cat "$BATS_FILE_TMPDIR/torus-2QoS.status")" -eq 0 ]
	jqe '.summary | .credit_loops == 0 and
		(.vl_source | startswith("no loop even with every channel on one VL"))' \
		"$BATS_FILE_TMPDIR/torus-2QoS.json"
}

@test "ibdmchk, on opensm's dumps with the SA's SLs and the SLtoVL tables, says what we say: dfsssp, lash and torus-2QoS none, dor loops; on one SL, loops" {
	command -v ibdmchk >/dev/null || skip "ibdmchk not installed (ibutils)"
	local e f

	for e in dfsssp lash dor torus-2QoS; do
		f=$BATS_FILE_TMPDIR/$e
		echo "$e: ibdmchk $(cat "$f.ibdmchk_verdict"), on one SL $(cat "$f.ibdmchk_sl0_verdict")"
		# rdma-route's default run: the SA asked where SL 0 closes loops.
		[ "$(jq -r 'if .summary.credit_loops > 0 then "loops" else "none" end' "$f.sl0.json")" = \
		  "$(cat "$f.ibdmchk_verdict")" ]
	done
	[ "$(cat "$BATS_FILE_TMPDIR/lash.ibdmchk_verdict")" = none ]
	[ "$(cat "$BATS_FILE_TMPDIR/dor.ibdmchk_verdict")" = loops ]
	# Told nothing of the SLs, ibdmchk finds lash's loops on SL 0, as
	# rdma-route would without asking the SA.
	[ "$(cat "$BATS_FILE_TMPDIR/lash.ibdmchk_sl0_verdict")" = loops ]
}

@test "dor with --sl-from-sa and by default: its loops, each as the brute force's on its VL, exit 1" {
	n=$(sed -n 's/^credit_loops //p' "$BATS_FILE_TMPDIR/dor.loops")
	[ "$(cat "$BATS_FILE_TMPDIR/dor.status")" -eq 1 ]
	jqe --argjson n "$n" '.summary.credit_loops == $n and .summary.sls == [0]' "$BATS_FILE_TMPDIR/dor.json"
	ours dor | sort >"$BATS_TEST_TMPDIR/ours"
	grep '^loop ' "$BATS_FILE_TMPDIR/dor.loops" | sort | diff - "$BATS_TEST_TMPDIR/ours"
	# By default the same loops, the SLs of fewer pairs asked.
	[ "$(cat "$BATS_FILE_TMPDIR/dor.sl0.status")" -eq 1 ]
	jqe --argjson n "$n" '.summary | .credit_loops == $n and .worst == "credit_loops" and
		.sls == [0] and .path_records_asked < 240' "$BATS_FILE_TMPDIR/dor.sl0.json"
}
