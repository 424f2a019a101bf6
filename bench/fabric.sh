#!/usr/bin/env bash
# rdma-route --sa LID against saquery -p --src-to-dst SLID:DLID, whole
# process, on the simulated InfiniBand fabric of tests/fabric (ibsim,
# opensm, libumad2sim).  Runs on the host; called by bench/run:
#   bash bench/fabric.sh RDMA_ROUTE PAIRS
# Prints one Markdown row of bench/run's table against the anchors; the
# progress goes to stderr.  Exits non-zero on a real failure only; a
# simulator that is not installed gives a row saying so.
#
# Clients are never killed (tests/fabric/fabric.bash: ibsim has 10 client
# slots and a killed client leaks its slot).  A client that exits frees
# its slot: one fabric serves all the runs (2 ibaddr + 2 + 2 × PAIRS).
set -o pipefail
cd "$(dirname "$0")/.." || exit 2

bin=$1
pairs=$2
row_head="\`--sa LID\` (one-switch.net, Hca1 to Hca2), whole process, median of $pairs (min-max)"

# shellcheck source=bench/sim.bash
. bench/sim.bash
sim_bench "$row_head" "≤ 1.0"

fabric_start "$PWD/tests/fabric/one-switch.net" "" || fail "the fabric did not start"
fabric_up=1
slid=$(node_lid Hca1) || fail "ibaddr on Hca1 failed"
dlid=$(node_lid Hca2) || fail "ibaddr on Hca2 failed"
if ! [ "$slid" -gt 0 ] || ! [ "$dlid" -gt 0 ]; then
	fail "no LIDs (Hca1 '$slid', Hca2 '$dlid')"
fi

echo "bench: --sa: $pairs pairs of rdma-route --sa $dlid / saquery -p --src-to-dst $slid:$dlid" >&2
# One of each first, not counted (cold caches), and a check of the answers.
wall "$tmp/warm" "$bin" --sa --json "$dlid"
[ "$(jq -r '.results[0].paths[0].dlid' "$tmp/out")" = "$dlid" ] ||
	fail "rdma-route --sa $dlid: no path to LID $dlid: $(cat "$tmp/out")"
wall "$tmp/warm" saquery -p --src-to-dst "$slid:$dlid"
grep -q PathRecord "$tmp/out" || fail "saquery printed no PathRecord: $(cat "$tmp/out")"
: >"$tmp/rr"
: >"$tmp/sa"
for i in $(seq 1 "$pairs"); do
	if [ $((i % 2)) -eq 1 ]; then
		wall "$tmp/rr" "$bin" --sa "$dlid"
		wall "$tmp/sa" saquery -p --src-to-dst "$slid:$dlid"
	else
		wall "$tmp/sa" saquery -p --src-to-dst "$slid:$dlid"
		wall "$tmp/rr" "$bin" --sa "$dlid"
	fi
done
read -r rr rr_min rr_max < <(stats <"$tmp/rr")
read -r sa sa_min sa_max < <(stats <"$tmp/sa")
r=$(awk -v a="$rr" -v b="$sa" 'BEGIN { printf "%.2f", a / b }')
v=$(awk -v r="$r" 'BEGIN { print r + 0 <= 1.0 ? "met" : "**not met**" }')
echo "| $row_head | $rr ms ($rr_min-$rr_max) | saquery -p --src-to-dst $slid:$dlid: $sa ms ($sa_min-$sa_max) | $r | ≤ 1.0: $v |"
