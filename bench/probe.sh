#!/usr/bin/env bash
# --probe-links on simulated fabrics, run on the host (ibsim + opensm, as
# tests/fabric does); called by bench/run:
#   bash bench/probe.sh RDMA_ROUTE "L H S" PLANTS HEALTHY
# Two rows.  Every cable of a fat tree (L leaves of H HCAs, S spines)
# probed 20 times and blamed, whole process, against the same walk
# without probing: wall time and peak RSS (median of 3).  Then PLANTS
# seeded faults on a ring, a 3x3 torus and a 4x4+2 fat tree in turn,
# each on a fresh fabric, of three kinds in turn (the place picked by
# tests/fabric/fabric.bash as the tests pick it): a lossy port (an end
# of a cable, 5 to 50 %, 200 probes a cable), a climbing
# SymbolErrorCounter (set again and again from ibsim's console while the
# tool probes, 2000 probes a cable: nothing lost), a cable cut with the
# SM stopped (20 probes); the planted cable must be the first suspect
# (its blamed end the planted port, or either), a cut's end first or
# tied with the first; and HEALTHY runs with none planted, the suspects
# they name.  Progress on stderr.
set -o pipefail
cd "$(dirname "$0")/.." || exit 2

bin=$1
read -r leaves hcas spines <<<"$2"
plants=$3
healthy=$4
n=$((leaves * hcas))
time_head="every cable of $n HCAs (fat tree ${leaves}x$hcas+$spines) probed 20 times (by directed route and by LID) and blamed (--sa --trace --all-pairs --probe-links), whole process, median of 3, against the walk alone"
plant_head="$plants seeded faults on a ring, a torus 3x3 and a fat tree 4x4+2 (a third each: a lossy port 5-50 %, a climbing error counter, a cable cut with the SM stopped): the planted cable first (a cut: tied with the first); $healthy runs with none planted: suspects"

# shellcheck source=bench/sim.bash
. bench/sim.bash
sim_bench "$time_head" "≤ 10 s, ≤ 256 MiB"

# measure OUT CMD...: one client, "wall_ms max_rss_kib" appended to OUT.
measure() {
	local out=$1

	shift
	sim_run /usr/bin/time -f '%e %M' -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err"
	[ $? -le 1 ] || fail "$* failed: $(tail -n 5 "$tmp/err")"
	awk '{ printf "%.1f %d\n", $1 * 1000, $2 }' "$tmp/time" >>"$out"
}

tests/fabric/fat-tree "$leaves" "$hcas" "$spines" >"$tmp/tree.net" || fail "fat-tree $2"
fabric_start "$tmp/tree.net" "" || fail "the fabric did not start"
fabric_up=1
echo "bench: probe: every cable of $n HCAs, 20 probes each" >&2
: >"$tmp/walk"
: >"$tmp/probe"
for i in 1 2 3; do
	measure "$tmp/walk" "$bin" --sa --trace --all-pairs --json
	measure "$tmp/probe" "$bin" --sa --trace --all-pairs --probe-links --json
	jq -e '.link_probe[0].probed and .summary.suspect_links == 0' "$tmp/out" >/dev/null ||
		fail "probing the healthy tree: $(jq -c '.link_probe, .summary.suspect_links' "$tmp/out")"
done
cables=$(jq '.summary.links_probed' "$tmp/out")
lids=$(jq '.link_probe[0].lids' "$tmp/out")
read -r walk_ms walk_kib < <(sort -g "$tmp/walk" | sed -n 2p)
read -r probe_ms probe_kib < <(sort -g "$tmp/probe" | sed -n 2p)
fabric_stop
fabric_up=
s() { awk -v t="$1" 'BEGIN { printf "%.2f", t / 1000 }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
ok_time=$(awk -v t="$probe_ms" -v k="$probe_kib" 'BEGIN { print (t <= 10000 && k <= 262144) ? "met" : "**not met**" }')
echo "| $time_head | $(s "$probe_ms") s, $(mib "$probe_kib") MiB peak RSS ($cables cables and $lids LIDs, $(((cables + lids) * 20)) probes) | the walk alone: $(s "$walk_ms") s, $(mib "$walk_kib") MiB | — | ≤ 10 s, ≤ 256 MiB: $ok_time |"

# The plants, each on a fresh fabric (ibsim's drops follow its MADs).
cp tests/fabric/ring.net "$tmp/"
tests/fabric/torus 3 3 1 >"$tmp/torus.net"
tests/fabric/fat-tree 4 4 2 >"$tmp/fat.net"
nets=(ring.net torus.net fat.net)
kinds=(lossy climbing cut)
declare -A tried found

# lossy SEED: a seeded port dropping 5-50 % of what enters it; whether
# its cable is the first suspect.
lossy() {
	local name port guid rate

	read -r name port guid rate < <(fabric_pick_lossy "$1" "$tmp/ports")
	what="$name port $port at $rate %"
	sim_console "Error \"$name\"[$port] $rate"
	sim_run "$bin" --sa --trace --all-pairs --probe-links=200 --json >"$tmp/out" 2>"$tmp/err"
	fabric_first_is_planted "$guid" "$port" <"$tmp/out"
}

# climbing SEED: a seeded port's SymbolErrorCounter set higher and
# higher while the tool probes, nothing lost.
climbing() {
	local name port guid loop rc

	read -r name port guid _ < <(fabric_pick_lossy "$1" "$tmp/ports")
	what="$name port $port climbing"
	(for n in $(seq 10 10 5000); do
		sim_console "PerformanceSet \"$name\"[$port] PortCounters.SymbolErrorCounter=$n"
	done) 3>&- &
	loop=$!
	sleep 0.2
	sim_run "$bin" --sa --trace --all-pairs --probe-links=2000 --json >"$tmp/out" 2>"$tmp/err"
	kill "$loop" 2>/dev/null
	wait "$loop" 2>/dev/null
	fabric_first_is_planted "$guid" "$port" <"$tmp/out"
}

# cut SEED: a seeded cable unlinked with the SM stopped.
cut() {
	local name port guid peer_guid peer_port

	read -r name port guid peer_guid peer_port < <(fabric_pick_cable "$1" "$tmp/ports")
	what="$name port $port cut"
	fabric_stop_sm
	sim_console "Unlink \"$name\"[$port]"
	sim_run "$bin" --sa --trace --all-pairs --probe-links --json >"$tmp/out" 2>"$tmp/err"
	fabric_first_is_cut "$guid" "$port" "$peer_guid" "$peer_port" <"$tmp/out"
}

first=0
for i in $(seq 1 "$plants"); do
	net=${nets[$((i % 3))]}
	kind=${kinds[$(((i / 3) % 3))]}
	seed=$((1000 + i))
	FABRIC_CONSOLE=1 fabric_start "$tmp/$net" || fail "$net did not start"
	fabric_up=1
	fabric_cabled_ports "$tmp/ports"
	fabric_stop
	FABRIC_CONSOLE=1 fabric_start "$tmp/$net" || fail "$net did not start"
	tried[$kind]=$((${tried[$kind]:-0} + 1))
	if "$kind" "$seed"; then
		first=$((first + 1))
		found[$kind]=$((${found[$kind]:-0} + 1))
	else
		echo "bench: probe: seed $seed, $net, $what: not first: $(jq -c '.suspect_links[0] // "none"' "$tmp/out")" >&2
	fi
	fabric_stop
	fabric_up=
done
named=0
for i in $(seq 1 "$healthy"); do
	FABRIC_CONSOLE=1 fabric_start "$tmp/${nets[$((i % 3))]}" || fail "the fabric did not start"
	fabric_up=1
	sim_run "$bin" --sa --trace --all-pairs --probe-links --json >"$tmp/out" 2>"$tmp/err"
	named=$((named + $(jq '.summary.suspect_links' "$tmp/out")))
	fabric_stop
	fabric_up=
done
pct=$(awk -v f="$first" -v n="$plants" 'BEGIN { printf "%.1f", 100 * f / n }')
ok_plants=$(awk -v f="$first" -v n="$plants" -v s="$named" 'BEGIN { print (f >= 0.95 * n && s == 0) ? "met" : "**not met**" }')
by_kind=
for kind in "${kinds[@]}"; do
	by_kind+="${by_kind:+, }$kind ${found[$kind]:-0}/${tried[$kind]:-0}"
done
echo "| $plant_head | first in $first of $plants ($pct %: $by_kind); $named suspects in $healthy healthy runs | — | — | ≥ 95 %, 0 suspects: $ok_plants |"
