#!/usr/bin/env bash
# Every pair of a simulated fabric in one process against a shell loop of
# saquery -p --src-to-dst, one per pair (issue 13's benchmark).  Runs on
# the host, on ibsim + opensm as tests/fabric does; called by bench/run:
#   bash bench/pairs.sh RDMA_ROUTE SMALL_HCAS HCAS
# Two fabrics: SMALL_HCAS and HCAS HCAs, eight under each leaf switch, the
# leaves under one spine.  rdma-route --sa --all-pairs discovers the CA
# ports and asks every ordered pair, N(N-1) PathRecords; the loop asks the
# same pairs of the larger fabric.  Prints one Markdown row of bench/run's
# table; progress on stderr.  A simulator that is not installed gives a
# row saying so.
set -o pipefail
cd "$(dirname "$0")/.." || exit 2

bin=$1
small=$2
hcas=$3
row_head="all pairs of $hcas HCAs ($((hcas * (hcas - 1))) PathRecords), one process (--sa --all-pairs) against a shell loop of saquery -p --src-to-dst"

# shellcheck source=bench/sim.bash
. bench/sim.bash
sim_bench "$row_head" "≤ 0.05"

# net N: N HCAs, eight to a leaf switch, the leaves under a spine.
net() {
	local n=$1 leaves=$((($1 + 7) / 8)) l h p

	echo "switchguid=0x0002c90000000100"
	echo "Switch	$((leaves > 1 ? leaves : 2)) \"Spine\""
	for l in $(seq 1 "$leaves"); do printf '[%d]\t"Leaf%d"[9]\n' "$l" "$l"; done
	echo
	for l in $(seq 1 "$leaves"); do
		printf 'switchguid=0x0002c9000000%02x00\nSwitch\t9 "Leaf%d"\n' $((l + 1)) "$l"
		for p in $(seq 1 8); do
			h=$(((l - 1) * 8 + p))
			[ "$h" -le "$n" ] && printf '[%d]\t"Hca%d"[1]\n' "$p" "$h"
		done
		printf '[9]\t"Spine"[%d]\n\n' "$l"
	done
	for h in $(seq 1 "$n"); do
		printf 'caguid=0x0002c9000%03x0000\nHca\t1 "Hca%d"\n[1]\t"Leaf%d"[%d]\n\n' \
			"$h" "$h" $(((h - 1) / 8 + 1)) $(((h - 1) % 8 + 1))
	done
}

ms_since() {
	awk -v a="$1" -v b="$(date +%s%N)" 'BEGIN { printf "%.0f", (b - a) / 1e6 }'
}

# one N: rdma-route's wall ms for every pair of an N-HCA fabric into
# $one_ms; leaves the fabric up and the results in $tmp/pairs.jsonl.  Not
# in a subshell: the fabric's variables must stay this shell's.
one() {
	local n=$1 t0 want=$(($1 * ($1 - 1)))

	[ -n "$fabric_up" ] && fabric_stop
	net "$n" >"$tmp/net$n"
	fabric_start "$tmp/net$n" >/dev/null || fail "the $n-HCA fabric did not start"
	fabric_up=1
	sim_run "$bin" --sa --all-pairs --jsonl >/dev/null || true	# warm
	t0=$(date +%s%N)
	sim_run "$bin" --sa --all-pairs --jsonl >"$tmp/pairs.jsonl" || fail "rdma-route --sa --all-pairs failed on $n HCAs"
	one_ms=$(ms_since "$t0")
	[ "$(jq -s '[.[] | select(.record == "results" and .status == "resolved")] | length' "$tmp/pairs.jsonl")" = "$want" ] ||
		fail "rdma-route resolved not all $want pairs of $n HCAs"
}

echo "bench: pairs: --sa --all-pairs on $small and $hcas HCAs" >&2
one "$small"
small_ms=$one_ms
one "$hcas"
big_ms=$one_ms
# The same pairs, one saquery process each, by LID as saquery takes them.
jq -r 'select(.record == "results") | "\(.paths[0].slid):\(.paths[0].dlid)"' "$tmp/pairs.jsonl" >"$tmp/lids"
echo "bench: pairs: $(wc -l <"$tmp/lids") saquery -p --src-to-dst in a shell loop" >&2
t0=$(date +%s%N)
while read -r p; do
	sim_run saquery -p --src-to-dst "$p" >"$tmp/sa" 2>&1 || fail "saquery $p failed: $(tail -n 3 "$tmp/sa")"
done <"$tmp/lids"
loop_ms=$(ms_since "$t0")
grep -q PathRecord "$tmp/sa" || fail "saquery printed no PathRecord"

r=$(awk -v a="$big_ms" -v b="$loop_ms" 'BEGIN { printf "%.3f", a / b }')
v=$(awk -v r="$r" 'BEGIN { print r + 0 <= 0.05 ? "met" : "**not met**" }')
# Growth: time against pairs, small fabric to large.
g=$(awk -v a="$small_ms" -v b="$big_ms" -v s="$small" -v n="$hcas" \
	'BEGIN { printf "%.2f × the time for %.2f × the pairs", b / (a ? a : 1), (n * (n - 1)) / (s * (s - 1)) }')
echo "| $row_head | $big_ms ms ($small HCAs: $small_ms ms; $g) | the loop: $loop_ms ms | $r | ≤ 0.05: $v |"
