#!/usr/bin/env bash
# A failure's explanation on a host with 100,000 neighbour entries against
# one with ten (issue 28), on the host:
#   bash bench/neigh.sh RDMA_ROUTE FAILURES REPS
# Two network namespaces of its own, each a bridge with no port holding
# 10.80.0.1/12 and N permanent entries (10 and 100000); in each, FAILURES
# destinations of that subnet are explained in one process (every probe
# fails at create id on the host), REPS times, the two alternating.
# Prints one Markdown row of bench/run's table: the medians and their
# ratio, goal <= 1.1.  Needs root; says so in the row otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$1
fails=$2
reps=$3
tmp=$(mktemp -d)
ns_few=rr-bench-few-$$
ns_many=rr-bench-many-$$
what="--explain of $fails failures, 100,000 neighbour entries against 10"

cleanup() {
	ip netns del "$ns_few" 2>/dev/null || true
	ip netns del "$ns_many" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

if [ "$(id -u)" -ne 0 ] || ! ip netns add "$ns_few" 2>/dev/null; then
	echo "| $what | not run: needs root and network namespaces | — | — | ≤ 1.1 |"
	exit 0
fi
ip netns add "$ns_many"

# fill NS N: the bridge, its address and N entries.
fill() {
	awk -v n="$2" 'BEGIN {
		for (i = 0; i < n; i++) {
			a = 10 * 16777216 + 80 * 65536 + i + 2
			printf "neigh add %d.%d.%d.%d lladdr 02:00:%02x:%02x:%02x:%02x dev nb0 nud permanent\n",
				int(a / 16777216), int(a / 65536) % 256, int(a / 256) % 256, a % 256,
				int(i / 16777216) % 256, int(i / 65536) % 256, int(i / 256) % 256, i % 256
		}
	}' >"$tmp/batch"
	ip -n "$1" link add nb0 type bridge
	ip -n "$1" link set nb0 up
	ip -n "$1" addr add 10.80.0.1/12 dev nb0
	ip -n "$1" -batch "$tmp/batch"
}
fill "$ns_few" 10
fill "$ns_many" 100000

# The first FAILURES entries of the big table: found there, not in the small.
awk -v n="$fails" 'BEGIN {
	for (i = 0; i < n; i++) {
		a = 80 * 65536 + i + 2
		printf "10.%d.%d.%d\n", int(a / 65536) % 256, int(a / 256) % 256, a % 256
	}
}' >"$tmp/dests"

# once NS: one run's milliseconds.
once() {
	local t0 t1

	t0=$(date +%s%N)
	ip netns exec "$1" "$bin" --explain --jsonl -f "$tmp/dests" >"$tmp/out" || true
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000))
}

for ((r = 0; r < reps; r++)); do
	once "$ns_few" >>"$tmp/few"
	once "$ns_many" >>"$tmp/many"
done
explained=$(grep -c '"link":"neighbour"' "$tmp/out" || true)

median() {
	sort -n "$1" | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] / 1000 }'
}
few=$(median "$tmp/few")
many=$(median "$tmp/many")
awk -v few="$few" -v many="$many" -v what="$what" -v reps="$reps" -v n="$explained" 'BEGIN {
	ratio = many / few
	printf "| %s (median of %d, alternating; %d chains with a neighbour link) | %.1f ms | %.1f ms (10 entries) | %.2f | ≤ 1.1: %s |\n",
		what, reps, n, many, few, ratio, ratio <= 1.1 ? "met" : "**not met**"
}'
