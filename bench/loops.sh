#!/usr/bin/env bash
# The credit-loop check of --sa --trace --all-pairs, beyond the walk, on
# two simulated fabrics: a fat tree (tests/fabric/fat-tree, opensm's
# default routing: no loop, no SLtoVL table read) and a two-dimensional
# torus (tests/fabric/torus, minhop: loops round its rings, the SLtoVL
# tables of their channels read and the routes walked again on them).
# Runs on the host, on ibsim + opensm as tests/fabric does; called by
# bench/run:
#   bash bench/loops.sh RDMA_ROUTE "L H S" "X Y H"
# Each fabric's run three times, whole process: the check's time is the
# summary's credit_loop_check_ms + vl_read_ms (finding the loops, reading
# the tables and walking again), its peak RSS the whole run's; the
# median of the three.  The anchor: ibdmchk (ibutils), the credit-loop
# check of the SM's own dumps (opensm -D 0x43: its subnet and forwarding
# tables as files, on the SM's node only), run three times on them, its
# whole run against rdma-route's whole run (which reads the tables from
# the switches).  Prints two Markdown rows of bench/run's table; progress
# on stderr.
set -o pipefail
cd "$(dirname "$0")/.." || exit 2

bin=$1
read -r leaves hcas spines <<<"$2"
read -r tx ty th <<<"$3"
goal="≤ 1 s beyond the walk, ≤ 256 MiB"

# shellcheck source=bench/sim.bash
. bench/sim.bash
sim_bench "credit-loop check" "$goal"

# one NET ENGINE HEAD: three runs on NET routed by ENGINE, a row.
one() {
	local net=$1 engine=$2 head=$3 i

	FABRIC_DUMPS=1 FABRIC_OPENSM_ARGS="-R $engine" fabric_start "$net" "" ||
		fail "the fabric did not start"
	fabric_up=1
	: >"$tmp/loops"
	for i in 1 2 3; do
		# Exit 1 when there are loops: time(1) says so on a line before.
		t0=$EPOCHREALTIME
		sim_run /usr/bin/time -f '%M' -o "$tmp/time" "$bin" --sa --trace --all-pairs --json \
			>"$tmp/out" 2>"$tmp/err"
		wall=$(ms_since "$t0")
		[ "$(jq '.summary.arrived == .summary.pairs' "$tmp/out")" = true ] ||
			fail "$head: not every route arrived: $(jq -c .summary "$tmp/out") $(head -c 300 "$tmp/err")"
		kib=$(tail -n 1 "$tmp/time")
		jq -r --arg kib "$kib" --arg wall "$wall" '.summary |
			"\(.credit_loop_check_ms + .vl_read_ms) \(.walk_ms) \(.credit_loops) \(.sl2vl_read // 0) \($kib) \($wall)"' \
			"$tmp/out" >>"$tmp/loops"
	done
	anchor "$head"
	fabric_stop
	fabric_up=
	read -r ms walk loops tables kib _ < <(sort -g "$tmp/loops" | sed -n 2p)
	wall=$(awk '{ print $6 }' "$tmp/loops" | sort -g | sed -n 2p)
	v=$(awk -v ms="$ms" -v kib="$kib" 'BEGIN { print ms <= 1000 && kib <= 256 * 1024 ? "met" : "**not met**" }')
	printf '| %s | %.1f ms beyond a walk of %.1f ms (%s loops, %s SLtoVL tables read), %.1f MiB peak RSS; the whole run %.0f ms (medians of 3) | %s | %s | %s: %s |\n' \
		"$head" "$ms" "$walk" "$loops" "$tables" \
		"$(awk -v k="$kib" 'BEGIN { print k / 1024 }')" "$wall" "$anchor_cell" \
		"$(awk -v a="$wall" -v b="$anchor_wall" 'BEGIN { if (b + 0 > 0) printf "%.2f", a / b; else printf "—" }')" \
		"$goal" "$v"
}

# ms_since T0: milliseconds since T0 (an $EPOCHREALTIME).
ms_since() {
	awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", (b - a) * 1000 }'
}

# anchor HEAD: ibdmchk three times on opensm's dumps of this fabric, the
# median whole run into anchor_wall (ms) and anchor_cell.
anchor() {
	local d=$FABRIC_DIR/dumps i verdict wall kib t0

	anchor_wall=0
	anchor_cell="— (ibdmchk not installed)"
	command -v ibdmchk >/dev/null || return 0
	_fabric_wait 30 test -s "$d/opensm.fdbs" || fail "$1: opensm wrote no dumps"
	: >"$tmp/ibdmchk"
	for i in 1 2 3; do
		# ibutils 1.5.7 ends with a segmentation fault after its verdict.
		t0=$EPOCHREALTIME
		(cd "$d" && /usr/bin/time -f '%M' -o "$tmp/time" ibdmchk -s opensm-subnet.lst \
			-f opensm.fdbs -m opensm.mcfdbs </dev/null >"$tmp/ibdmchk.out" 2>&1) 2>/dev/null || true
		echo "$(ms_since "$t0") $(tail -n 1 "$tmp/time")" >>"$tmp/ibdmchk"
	done
	verdict=unknown
	grep -q '^-E- credit loops in routing' "$tmp/ibdmchk.out" && verdict="loops"
	grep -q '^-I- no credit loops found' "$tmp/ibdmchk.out" && verdict="no loop"
	wall=$(awk '{ print $1 }' "$tmp/ibdmchk" | sort -g | sed -n 2p)
	kib=$(awk '{ print $2 }' "$tmp/ibdmchk" | sort -g | sed -n 2p)
	anchor_wall=$wall
	anchor_cell=$(printf 'ibdmchk on opensm'"'"'s dumps: %.0f ms, %.1f MiB (%s)' "$wall" \
		"$(awk -v k="$kib" 'BEGIN { print k / 1024 }')" "$verdict")
}

n=$((leaves * hcas))
tests/fabric/fat-tree "$leaves" "$hcas" "$spines" >"$tmp/tree.net" || fail "fat-tree $2"
echo "bench: loops: the credit-loop check of $n HCAs in a fat tree" >&2
one "$tmp/tree.net" minhop "credit-loop check of $n HCAs' $((n * (n - 1))) routes (fat tree ${leaves}x$hcas+$spines, minhop), --sa --trace --all-pairs"
tests/fabric/torus "$tx" "$ty" "$th" >"$tmp/torus.net" || fail "torus $3"
n=$((tx * ty * th))
echo "bench: loops: the credit-loop check of a ${tx}x$ty torus" >&2
one "$tmp/torus.net" minhop "credit-loop check of a ${tx}x$ty torus ($((tx * ty)) switches, $n HCAs, minhop: loops, their SLtoVL tables read), --sa --trace --all-pairs"
