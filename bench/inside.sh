#!/usr/bin/env bash
# The benchmark proper, run inside the lab VM by bench/run.
#   (a) one rdma-route process, --parallel 64, N distinct destinations
#   (b) N single-destination rdma-route processes in a shell loop
#   (c) cmtime with N connections to the lab's own address, beside
#       rdma-route resolving that address N times in one process
#   (d) one process, BIG destinations (the N addresses repeated): RSS
set -euo pipefail

bin=$BENCH_BIN
n=$BENCH_N
big=$BENCH_BIG
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# N distinct reachable peers, their neighbour entries cached first.
mac=$(/usr/bin/ip -n peer -br link show veth1 | awk '{ print $3 }')
for i in $(seq 0 $((n - 1))); do
	printf 'fd00:77::%x\n' $((256 + i))
done >"$tmp/dests"
sed "s/.*/neigh replace & lladdr $mac dev veth0 nud permanent/" "$tmp/dests" |
	/usr/bin/ip -6 -batch -
for _ in $(seq 1 $((big / n))); do cat "$tmp/dests"; done >"$tmp/big"

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# /usr/bin/time: "wall_s max_rss_kib"
measure() {
	/usr/bin/time -f '%e %M' -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err" || {
		echo "bench: $* failed:" >&2
		cat "$tmp/err" >&2
		exit 1
	}
	cat "$tmp/time"
}

read -r a_s a_rss < <(measure "$bin" --parallel 64 --json -f "$tmp/dests")
a_ok=$(jq '.summary.resolved' "$tmp/out")

start=$(now_ms)
while read -r d; do
	"$bin" "$d" >/dev/null || { echo "bench: rdma-route $d failed" >&2; exit 1; }
done <"$tmp/dests"
b_ms=$(($(now_ms) - start))

# cmtime: a server on the lab's own address, a client of N connections.
port=7471
cmtime -b 192.168.77.1 -p "$port" >"$tmp/server" 2>&1 &
server=$!
sleep 0.5
cmtime -s 192.168.77.1 -b 192.168.77.1 -p "$port" -c "$n" >"$tmp/cmtime" 2>&1 || {
	echo "bench: cmtime client failed:" >&2
	cat "$tmp/cmtime" >&2
}
kill "$server" 2>/dev/null || true
wait "$server" 2>/dev/null || true
# cmtime's table: "step : total ms, max ms, min us, us per connection";
# total is the step's wall time over all connections (phase by phase).
c_step() { awk -F: -v s="$1" '$1 ~ "^" s " *$" { split($2, f, " "); print f[1] }' "$tmp/cmtime"; }
c_addr=$(c_step "resolve addr")
c_route=$(c_step "resolve route")

# The same measure for rdma-route: each step's span over all probes, all
# N in flight at once and the source bound first, as cmtime has them.  Its
# steps overlap (each probe goes on to its route at once), so the sum
# counts the overlap twice: the comparison leans against rdma-route.
read -r r_s r_rss < <(measure "$bin" --json --count "$n" --interval 0 --parallel "$n" \
	--src 192.168.77.1 192.168.77.1)
r_addr=$(jq '.statistics[0].time_ms.resolve_addr.span' "$tmp/out")
r_route=$(jq '.statistics[0].time_ms.resolve_route.span' "$tmp/out")
r_elapsed=$(awk -v a="$r_addr" -v r="$r_route" 'BEGIN { print a + r }')
r_ok=$(jq '.summary.resolved' "$tmp/out")

read -r d_s d_rss < <(measure "$bin" --parallel 64 -f "$tmp/big")
read -r e_s e_rss < <(measure "$bin" --parallel 64 --jsonl -f "$tmp/big")

a_ms=$(awk -v s="$a_s" 'BEGIN { printf "%d", s * 1000 }')
cat <<EOT
| run | N | wall | per destination | peak RSS |
|---|---|---|---|---|
| (a) one process, --parallel 64 ($a_ok resolved) | $n | $a_ms ms | $(awk -v t="$a_ms" -v n="$n" 'BEGIN { printf "%.2f ms", t / n }') | $a_rss KiB |
| (b) $n processes in a shell loop | $n | $b_ms ms | $(awk -v t="$b_ms" -v n="$n" 'BEGIN { printf "%.2f ms", t / n }') | - |
| (d) one process, text | $big | ${d_s} s | $(awk -v t="$d_s" -v n="$big" 'BEGIN { printf "%.3f ms", t * 1000 / n }') | $d_rss KiB |
| (d) one process, --jsonl | $big | ${e_s} s | $(awk -v t="$e_s" -v n="$big" 'BEGIN { printf "%.3f ms", t * 1000 / n }') | $e_rss KiB |

(a)/(b) wall time: $(awk -v a="$a_ms" -v b="$b_ms" 'BEGIN { printf "%.3f", a / b }') (target <= 0.1)

| 192.168.77.1, $n times | wall time of resolve addr + resolve route |
|---|---|
| cmtime -b 192.168.77.1 -c $n (addr ${c_addr:-?} ms + route ${c_route:-?} ms, phase by phase) | $(awk -v a="${c_addr:-0}" -v r="${c_route:-0}" 'BEGIN { printf "%.2f ms", a + r }') |
| rdma-route --src 192.168.77.1 --count $n --interval 0 --parallel $n ($r_ok resolved; addr $r_addr ms + route $r_route ms, spans) | $(printf '%.2f' "$r_elapsed") ms |
EOT
