#!/usr/bin/env bash
# Every route of a simulated fat tree (tests/fabric/fat-tree) in one
# process, rdma-route --sa --trace --all-pairs, against ibtracert once per
# pair; and the peak RSS of --sa --all-pairs of a smaller tree.  Runs on
# the host, on ibsim + opensm as tests/fabric does; called by bench/run:
#   bash bench/routes.sh RDMA_ROUTE "L H S" "L H S" SAMPLES
# The first tree's every ordered pair of HCAs (L leaves of H HCAs, S
# spines) is routed by rdma-route, whole process: wall time and peak RSS;
# ibtracert is timed on SAMPLES pairs spread over the tree, whole process
# each, and its loop over every pair is their mean times the pairs (a loop
# of 1.3 million ibtracerts is 45 hours: not run).  The second tree's
# --sa --all-pairs (a PathRecord per pair, streamed) gives its peak RSS.
# Then --compare of the first tree with its own report (every pair walked
# through both fabrics), against the run alone.
# Prints three Markdown rows of bench/run's table; progress on stderr.
set -o pipefail
cd "$(dirname "$0")/.." || exit 2

bin=$1
read -r leaves hcas spines <<<"$2"
read -r p_leaves p_hcas p_spines <<<"$3"
samples=$4
n=$((leaves * hcas))
pairs=$((n * (n - 1)))
pn=$((p_leaves * p_hcas))
row_head="every route of $n HCAs (fat tree ${leaves}x$hcas+$spines, $pairs pairs), one process (--sa --trace --all-pairs) against ibtracert per pair × pairs"
pairs_head="--sa --all-pairs of $pn HCAs (fat tree ${p_leaves}x$p_hcas+$p_spines, $((pn * (pn - 1))) PathRecords), --jsonl, peak RSS"

# shellcheck source=bench/sim.bash
. bench/sim.bash
sim_bench "$row_head" "≤ 5 s, ≤ 256 MiB, ≤ 1/10000"
command -v ibtracert >/dev/null || {
	echo "| $row_head | not measured (ibtracert not installed) | — | — | ≤ 5 s, ≤ 256 MiB, ≤ 1/10000 |"
	exit 0
}

# measure OUT CMD...: one client, "wall_ms max_rss_kib" appended to OUT.
measure() {
	local out=$1

	shift
	sim_run /usr/bin/time -f '%e %M' -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err" ||
		fail "$* failed: $(tail -n 5 "$tmp/err")"
	awk '{ printf "%.1f %d\n", $1 * 1000, $2 }' "$tmp/time" >>"$out"
}

tests/fabric/fat-tree "$leaves" "$hcas" "$spines" >"$tmp/tree.net" || fail "fat-tree $2"
fabric_start "$tmp/tree.net" "" || fail "the fabric did not start"
fabric_up=1
echo "bench: routes: every route of $n HCAs, then ibtracert on $samples pairs" >&2
sim_run "$bin" --sa --trace --all-pairs --json >"$tmp/warm" || fail "rdma-route --sa --trace --all-pairs failed"
: >"$tmp/rr"
for i in 1 2 3; do
	measure "$tmp/rr" "$bin" --sa --trace --all-pairs --json
	jq -e --argjson p "$pairs" '.summary | .pairs == $p and .arrived == $p' "$tmp/out" >/dev/null ||
		fail "not every one of $pairs routes arrived: $(jq -c .summary "$tmp/out")"
done
read -r rr_ms rr_kib < <(sort -g "$tmp/rr" | sed -n 2p)
# --compare against that report: every pair walked again through the
# earlier fabric beside today's (nothing moved: the same fabric).
cp "$tmp/out" "$tmp/report.json"
: >"$tmp/cmp"
for i in 1 2 3; do
	measure "$tmp/cmp" "$bin" --sa --trace --all-pairs --json --compare "$tmp/report.json"
	jq -e --argjson p "$pairs" '.summary | .routes_compared == $p and .routes_moved == 0' "$tmp/out" >/dev/null ||
		fail "--compare with its own report: not $pairs routes compared, none moved: $(jq -c .summary "$tmp/out")"
done
read -r cmp_ms cmp_kib < <(sort -g "$tmp/cmp" | sed -n 2p)
report_mb=$(awk -v b="$(stat -c %s "$tmp/report.json")" 'BEGIN { printf "%.1f", b / 1048576 }')
# SAMPLES pairs, each from a leaf to another, spread over the HCAs.
: >"$tmp/it"
for i in $(seq 1 "$samples"); do
	a=$(((i * 37) % n + 1))
	b=$(((i * 101 + n / 2) % n + 1))
	[ "$a" = "$b" ] && b=$((a % n + 1))
	slid=$(node_lid "Hca$a") && dlid=$(node_lid "Hca$b") || fail "ibaddr of Hca$a or Hca$b failed"
	wall "$tmp/it" ibtracert "$slid" "$dlid"
done
read -r it it_min it_max < <(stats <"$tmp/it")
fabric_stop
fabric_up=
loop_h=$(awk -v m="$it" -v p="$pairs" 'BEGIN { printf "%.1f", m * p / 3.6e6 }')
r=$(awk -v a="$rr_ms" -v m="$it" -v p="$pairs" 'BEGIN { printf "%.1e", a / (m * p) }')
v=$(awk -v r="$r" -v ms="$rr_ms" -v kib="$rr_kib" 'BEGIN {
	print r + 0 <= 1e-4 && ms <= 5000 && kib <= 256 * 1024 ? "met" : "**not met**" }')
printf '| %s | %.2f s, %.1f MiB peak RSS (median of 3) | ibtracert: %s ms a pair (%s-%s, %d pairs) × %d = %s h | %s | ≤ 5 s, ≤ 256 MiB, ≤ 1/10000: %s |\n' \
	"$row_head" "$(awk -v m="$rr_ms" 'BEGIN { print m / 1000 }')" \
	"$(awk -v k="$rr_kib" 'BEGIN { print k / 1024 }')" "$it" "$it_min" "$it_max" \
	"$samples" "$pairs" "$loop_h" "$r" "$v"

v=$(awk -v ms="$cmp_ms" -v kib="$cmp_kib" 'BEGIN { print kib <= 256 * 1024 ? "met" : "**not met**" }')
printf '| %s | %.2f s, %.1f MiB peak RSS (median of 3; the report %s MB) | the run alone: %.2f s, %.1f MiB | %.2f | ≤ 256 MiB: %s |\n' \
	"--compare of every route of $n HCAs ($pairs pairs) with a report of the same fabric, one process" \
	"$(awk -v m="$cmp_ms" 'BEGIN { print m / 1000 }')" \
	"$(awk -v k="$cmp_kib" 'BEGIN { print k / 1024 }')" "$report_mb" \
	"$(awk -v m="$rr_ms" 'BEGIN { print m / 1000 }')" \
	"$(awk -v k="$rr_kib" 'BEGIN { print k / 1024 }')" \
	"$(awk -v a="$cmp_ms" -v b="$rr_ms" 'BEGIN { print a / b }')" "$v"

tests/fabric/fat-tree "$p_leaves" "$p_hcas" "$p_spines" >"$tmp/pairs.net" || fail "fat-tree $3"
fabric_start "$tmp/pairs.net" "" || fail "the fabric did not start"
fabric_up=1
echo "bench: routes: --sa --all-pairs of $pn HCAs" >&2
: >"$tmp/pr"
measure "$tmp/pr" "$bin" --sa --all-pairs --jsonl
[ "$(grep -c '"record":"results"' "$tmp/out")" -eq $((pn * (pn - 1))) ] ||
	fail "--sa --all-pairs: not $((pn * (pn - 1))) results"
read -r pr_ms pr_kib <"$tmp/pr"
v=$(awk -v kib="$pr_kib" 'BEGIN { print kib <= 256 * 1024 ? "met" : "**not met**" }')
printf '| %s | %.1f MiB, %.1f s | — | — | ≤ 256 MiB: %s |\n' "$pairs_head" \
	"$(awk -v k="$pr_kib" 'BEGIN { print k / 1024 }')" \
	"$(awk -v m="$pr_ms" 'BEGIN { print m / 1000 }')" "$v"
