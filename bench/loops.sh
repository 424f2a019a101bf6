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
# median of the three.  Prints two Markdown rows of bench/run's table;
# progress on stderr.
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

	FABRIC_OPENSM_ARGS="-R $engine" fabric_start "$net" "" || fail "the fabric did not start"
	fabric_up=1
	: >"$tmp/loops"
	for i in 1 2 3; do
		# Exit 1 when there are loops: time(1) says so on a line before %M.
		sim_run /usr/bin/time -f '%M' -o "$tmp/time" "$bin" --sa --trace --all-pairs --json \
			>"$tmp/out" 2>"$tmp/err"
		[ "$(jq '.summary.arrived == .summary.pairs' "$tmp/out")" = true ] ||
			fail "$head: not every route arrived: $(jq -c .summary "$tmp/out")"
		jq -r --arg kib "$(tail -n 1 "$tmp/time")" '.summary |
			"\(.credit_loop_check_ms + .vl_read_ms) \(.walk_ms) \(.credit_loops) \(.sl2vl_read // 0) \($kib)"' \
			"$tmp/out" >>"$tmp/loops"
	done
	fabric_stop
	fabric_up=
	read -r ms walk loops tables kib < <(sort -g "$tmp/loops" | sed -n 2p)
	v=$(awk -v ms="$ms" -v kib="$kib" 'BEGIN { print ms <= 1000 && kib <= 256 * 1024 ? "met" : "**not met**" }')
	printf '| %s | %.1f ms beyond a walk of %.1f ms (%s loops, %s SLtoVL tables read), %.1f MiB peak RSS (median of 3) | — | — | %s: %s |\n' \
		"$head" "$ms" "$walk" "$loops" "$tables" \
		"$(awk -v k="$kib" 'BEGIN { print k / 1024 }')" "$goal" "$v"
}

n=$((leaves * hcas))
tests/fabric/fat-tree "$leaves" "$hcas" "$spines" >"$tmp/tree.net" || fail "fat-tree $2"
echo "bench: loops: the credit-loop check of $n HCAs in a fat tree" >&2
one "$tmp/tree.net" minhop "credit-loop check of $n HCAs' $((n * (n - 1))) routes (fat tree ${leaves}x$hcas+$spines, minhop), --sa --trace --all-pairs"
tests/fabric/torus "$tx" "$ty" "$th" >"$tmp/torus.net" || fail "torus $3"
n=$((tx * ty * th))
echo "bench: loops: the credit-loop check of a ${tx}x$ty torus" >&2
one "$tmp/torus.net" minhop "credit-loop check of a ${tx}x$ty torus ($((tx * ty)) switches, $n HCAs, minhop: loops, their SLtoVL tables read), --sa --trace --all-pairs"
