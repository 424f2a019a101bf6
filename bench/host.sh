#!/usr/bin/env bash
# Fleet-scale input and output on the host, where every probe fails at
# create id (no RDMA stack) and records come from a file (issue 26):
#   bash bench/host.sh RDMA_ROUTE HOSTS DESTINATIONS
# Prints three Markdown rows of bench/run's table:
#   - --matrix of HOSTS hosts, each to every other (HOSTS x (HOSTS - 1)
#     JSON Lines records, generated): time, peak RSS, bytes of text;
#   - --matrix of as many records, each its own host and destination;
#   - --prom of DESTINATIONS destinations from a file: peak RSS.
# Whole-process figures from GNU time (/usr/bin/time -f).
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$1
hosts=$2
dests=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# verdict VALUE GOAL: met when VALUE <= GOAL.
verdict() {
	awk -v v="$1" -v g="$2" 'BEGIN { print (v + 0 <= g + 0) ? "met" : "**not met**" }'
}

# The fleet of tests/host/matrix.bats: h3 fails to every even host, h7's
# MTU is 512 its way.
awk -v n="$hosts" -f tests/host/fleet.awk >"$tmp/fleet.jsonl"
records=$(wc -l <"$tmp/fleet.jsonl")
mb=$(($(stat -c %s "$tmp/fleet.jsonl") / 1000000))

/usr/bin/time -f '%e %M' -o "$tmp/time" "$bin" --matrix "$tmp/fleet.jsonl" \
	>"$tmp/matrix.txt" 2>/dev/null || true
read -r secs kib < <(tail -n 1 "$tmp/time")
mib=$((kib / 1024))
bytes=$(wc -c <"$tmp/matrix.txt")
pairs=$(sed -n 's/^summary: \([0-9]*\) pairs.*/\1/p' "$tmp/matrix.txt")
ok="$(verdict "$secs" 30) (time), $(verdict "$mib" 256) (memory)"
echo "| --matrix of $hosts hosts to each other ($records JSON Lines records, $mb MB), text | $secs s, $mib MiB peak RSS, $bytes bytes of text ($pairs pairs) | — | — | ≤ 30 s and ≤ 256 MiB: $ok |"

# A sparse fleet: as many records, each its own host and destination (a
# grid of sources x destinations would be 10^12 cells for a million).
awk -v n="$records" 'BEGIN {
	for (i = 0; i < n; i++)
		printf "{\"record\":\"results\",\"host\":\"s%d\",\"destination\":\"d%d\",\"status\":\"resolved\",\"paths\":[{\"mtu\":1024,\"mtu_raw\":3}]}\n", i, i
}' >"$tmp/sparse.jsonl"
/usr/bin/time -f '%e %M' -o "$tmp/time" "$bin" --matrix "$tmp/sparse.jsonl" \
	>"$tmp/matrix.txt" 2>/dev/null || true
read -r secs kib < <(tail -n 1 "$tmp/time")
mib=$((kib / 1024))
pairs=$(sed -n 's/^summary: \([0-9]*\) pairs.*/\1/p' "$tmp/matrix.txt")
ok="$(verdict "$secs" 30) (time), $(verdict "$mib" 256) (memory)"
echo "| --matrix of $records records, each its own host and destination, text | $secs s, $mib MiB peak RSS ($pairs pairs) | — | — | ≤ 30 s and ≤ 256 MiB: $ok |"

awk -v n="$dests" 'BEGIN {
	for (i = 1; i <= n; i++)
		printf "10.%d.%d.%d\n", int(i / 65536) % 256, int(i / 256) % 256, i % 256
}' >"$tmp/dests"
/usr/bin/time -f '%e %M' -o "$tmp/time" "$bin" --prom -f "$tmp/dests" \
	>"$tmp/out.prom" 2>/dev/null || true
read -r secs kib < <(tail -n 1 "$tmp/time")
mib=$((kib / 1024))
lines=$(grep -vc '^#' "$tmp/out.prom" || true)
echo "| memory: --prom of $dests destinations from a file (each failing at create id on the host) | $mib MiB ($secs s, $lines samples) | — | — | ≤ 128 MiB: $(verdict "$mib" 128) |"
