#!/usr/bin/env bash
# rdma-route --sa --trace LID against ibtracert SLID DLID, whole process,
# on the simulated fabric (tests/fabric/line.net: three switches in a
# line, Hca1 to Hca2 across all three).  Runs on the host; called by
# bench/run:
#   bash bench/trace.sh RDMA_ROUTE PAIRS
# Prints one Markdown row of bench/run's table against the anchors; the
# progress goes to stderr.  rdma-route asks the SA for the PathRecord
# too; ibtracert only walks.
set -o pipefail
cd "$(dirname "$0")/.." || exit 2

bin=$1
pairs=$2
row_head="one \`--sa --trace LID\` (line.net, Hca1 to Hca2 over three switches), whole process, median of $pairs (min-max)"

# shellcheck source=bench/sim.bash
. bench/sim.bash
sim_bench "$row_head" "≤ 1.0"
command -v ibtracert >/dev/null || {
	echo "| $row_head | not measured (ibtracert not installed) | — | — | ≤ 1.0 |"
	exit 0
}

fabric_start "$PWD/tests/fabric/line.net" "" || fail "the fabric did not start"
fabric_up=1
slid=$(node_lid Hca1) || fail "ibaddr on Hca1 failed"
dlid=$(node_lid Hca2) || fail "ibaddr on Hca2 failed"

echo "bench: --trace: $pairs pairs of rdma-route --sa --trace $dlid / ibtracert $slid $dlid" >&2
# One of each first, not counted, and a check that both walk 5 nodes.
wall "$tmp/warm" "$bin" --sa --trace --json "$dlid"
[ "$(jq '.results[0].hops | length' "$tmp/out")" = 5 ] ||
	fail "rdma-route --sa --trace $dlid: not 5 hops: $(cat "$tmp/out")"
wall "$tmp/warm" ibtracert "$slid" "$dlid"
[ "$(grep -c -- '->' "$tmp/out")" = 4 ] || fail "ibtracert: not 4 links: $(cat "$tmp/out")"
: >"$tmp/rr"
: >"$tmp/it"
for i in $(seq 1 "$pairs"); do
	if [ $((i % 2)) -eq 1 ]; then
		wall "$tmp/rr" "$bin" --sa --trace "$dlid"
		wall "$tmp/it" ibtracert "$slid" "$dlid"
	else
		wall "$tmp/it" ibtracert "$slid" "$dlid"
		wall "$tmp/rr" "$bin" --sa --trace "$dlid"
	fi
done
read -r rr rr_min rr_max < <(stats <"$tmp/rr")
read -r it it_min it_max < <(stats <"$tmp/it")
r=$(awk -v a="$rr" -v b="$it" 'BEGIN { printf "%.2f", a / b }')
v=$(awk -v r="$r" 'BEGIN { print r + 0 <= 1.0 ? "met" : "**not met**" }')
echo "| $row_head | $rr ms ($rr_min-$rr_max) | ibtracert $slid $dlid: $it ms ($it_min-$it_max) | $r | ≤ 1.0: $v |"
