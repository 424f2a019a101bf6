#!/usr/bin/env bash
# The benchmark proper, run inside the lab VM by bench/run.
#   (a) one rdma-route process, --parallel 64, N distinct destinations
#   (b) N single-destination rdma-route processes in a shell loop
#   (c) cmtime with N connections to the lab's own address, beside
#       rdma-route resolving that address N times in one process
#   (d) one process, BIG destinations (the N addresses repeated): RSS
# Then the rows of the table against the anchors (bench/run prints them
# after the tables above; lines starting with "@KEY " are its rows):
#   @process   rdma-route DEST against bench-floor DEST, whole process
#   @process_fixed  the same with ASLR off for both (a note, not a goal)
#   @many      N resolutions of one address against cmtime's 4 steps
#   @connect   N connections to one address against cmtime's 6 steps
#   @failures  N peers, then the same with FAILS fast failures added
#   @memory    MILLION destinations from a file, --jsonl: peak RSS
#   @count     --count COUNT against --count 10 of one destination: peak RSS
# Progress goes to stderr.
set -euo pipefail

bin=$BENCH_BIN
floor=$BENCH_FLOOR
n=$BENCH_N
big=$BENCH_BIG
pairs=$BENCH_PAIRS
reps=$BENCH_REPS
fail_reps=$BENCH_FAIL_REPS
fails=$BENCH_FAILS
million=$BENCH_MILLION
million_timeout=$BENCH_MILLION_TIMEOUT
count=$BENCH_COUNT
tmp=$(mktemp -d)
server=
cleanup() {
	if [ -n "$server" ]; then
		kill "$server" 2>/dev/null || true
		wait "$server" 2>/dev/null || true
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
# say, now_ms, measure, wall, stats, ratio, verdict, settle, alternate,
# c_step: bench/lab.bash.
. "$(dirname "${BASH_SOURCE[0]}")/lab.bash"
# Where cm_total's and connect_rows' cmtime client connects, and from.
dst=192.168.77.1
src=192.168.77.1

# N distinct reachable peers, their neighbour entries cached first; the
# single destination of the whole-process rows too.
peer=192.168.77.2
mac=$(/usr/bin/ip -n peer -br link show veth1 | awk '{ print $3 }')
/usr/bin/ip neigh replace "$peer" lladdr "$mac" dev veth0 nud permanent
for i in $(seq 0 $((n - 1))); do
	printf 'fd00:77::%x\n' $((256 + i))
done >"$tmp/dests"
sed "s/.*/neigh replace & lladdr $mac dev veth0 nud permanent/" "$tmp/dests" |
	/usr/bin/ip -6 -batch -
for _ in $(seq 1 $((big / n))); do cat "$tmp/dests"; done >"$tmp/big"

# Waits (10 s at most) until a cmtime server listens on 192.168.77.1:$1:
# a client that comes too early is rejected (connect fails, error 8).
wait_listen() {
	local i

	for i in $(seq 1 100); do
		rdma res show cm_id 2>/dev/null |
			grep -q "state LISTEN .* src-addr 192\.168\.77\.1:$1 " && return 0
		sleep 0.1
	done
	say "cmtime server on port $1 not listening after 10 s"
	return 1
}

read -r a_s a_rss < <(measure "$bin" --parallel 64 --json -f "$tmp/dests")
a_ok=$(jq '.summary.resolved' "$tmp/out")

say "(b) $n processes in a loop"
start=$(now_ms)
while read -r d; do
	"$bin" "$d" >/dev/null || { echo "bench: rdma-route $d failed" >&2; exit 1; }
done <"$tmp/dests"
b_ms=$(($(now_ms) - start))

# cmtime: a server on the lab's own address, kept for the @many row too.
port=7471
cmtime -b 192.168.77.1 -p "$port" >"$tmp/server" 2>&1 &
server=$!
wait_listen "$port" || true
cmtime -s 192.168.77.1 -b 192.168.77.1 -p "$port" -c "$n" >"$tmp/cmtime" 2>&1 || {
	echo "bench: cmtime client failed:" >&2
	cat "$tmp/cmtime" >&2
}
c_addr=$(c_step "resolve addr")
c_route=$(c_step "resolve route")

# The same measure for rdma-route: each step's span over all probes, all
# N in flight at once and the source bound first, as cmtime has them.  Its
# steps overlap (each probe goes on to its route at once), so the sum
# counts the overlap twice: the comparison leans against rdma-route.
read -r _ _ < <(measure "$bin" --json --count "$n" --interval 0 --parallel "$n" \
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

# --- @process: one destination, whole process, against the floor -------
# One run of each first, not counted: the first start of a program in a
# fresh VM reads it and its libraries over 9p and costs seconds.
say "whole process: $pairs pairs of rdma-route $peer / bench-floor $peer"
wall 0 "$bin" "$peer" >/dev/null
wall 0 "$floor" "$peer" 2000 >/dev/null
mtu=$(cat "$tmp/out")

# process_pairs [WRAPPER...]: $pairs pairs, each run under WRAPPER, into
# $tmp/p_rr and $tmp/p_floor.
process_pairs() {
	local i

	: >"$tmp/p_rr"
	: >"$tmp/p_floor"
	for i in $(seq 1 "$pairs"); do
		# Alternate which goes first, so neither always follows the other.
		if [ $((i % 2)) -eq 1 ]; then
			wall 0 "$@" "$bin" "$peer" >>"$tmp/p_rr"
			wall 0 "$@" "$floor" "$peer" 2000 >>"$tmp/p_floor"
		else
			wall 0 "$@" "$floor" "$peer" 2000 >>"$tmp/p_floor"
			wall 0 "$@" "$bin" "$peer" >>"$tmp/p_rr"
		fi
	done
	read -r p_rr p_rr_min p_rr_max < <(stats 1 <"$tmp/p_rr")
	read -r p_fl p_fl_min p_fl_max < <(stats 1 <"$tmp/p_floor")
	p_ratio=$(ratio "$p_rr" "$p_fl")
}
process_pairs
echo "@process | one destination ($peer), whole process, median of $pairs (min-max) | $p_rr ms ($p_rr_min-$p_rr_max) | bench-floor (path MTU $mtu): $p_fl ms ($p_fl_min-$p_fl_max) | $p_ratio | ≤ 1.05: $(verdict "$p_ratio" 1.05) |"

# The same with address-space randomization off for both.  The emulated
# CPU translates each program's code afresh whenever it sits at new
# addresses (QEMU 7.2 keys its translations by virtual address): with
# ASLR, every run pays for translating all the code it runs, the more of
# it the more.  Without, what remains is the work each program does.
say "whole process, ASLR off: $pairs pairs under setarch -R"
# Once each first, not counted: the first run at the fixed addresses.
wall 0 setarch -R "$bin" "$peer" >/dev/null
wall 0 setarch -R "$floor" "$peer" 2000 >/dev/null
process_pairs setarch -R
echo "@process_fixed One destination, the same pairs with ASLR off for both (setarch -R): rdma-route $p_rr ms ($p_rr_min-$p_rr_max), bench-floor $p_fl ms ($p_fl_min-$p_fl_max), ratio $p_ratio"

# --- @many: N resolutions of one address, against cmtime -----------------
# rdma-route: the total step's span, first create to last route.
# cmtime: the totals of create id, bind addr, resolve addr and resolve
# route, each the step's wall time over all connections, summed.
say "$n resolutions of 192.168.77.1: $reps runs each of rdma-route and cmtime"
: >"$tmp/m_rr"
: >"$tmp/m_cm"
m_ok=
# A pause (settle) before each run, so that neither side pays for the
# teardown of the other's ids.
many_rr() {
	local ok

	settle
	wall 0 "$bin" --json --count "$n" --interval 0 --parallel "$n" \
		--src 192.168.77.1 192.168.77.1 >/dev/null
	ok=$(jq '.statistics[0].resolved' "$tmp/out")
	[ "$ok" = "$n" ] || m_ok+=" rdma-route resolved $ok of $n;"
	jq '.statistics[0].time_ms.total.span' "$tmp/out" >>"$tmp/m_rr"
}
many_cm() {
	cm_total "$tmp/m_cm" "create id" "bind addr" "resolve addr" "resolve route" ||
		m_ok+=" cmtime connections rejected;"
}
alternate many_rr many_cm
# --- @connect: N connections to one address, against cmtime -------------
# (bench/lab.bash's connect_rows, to the lab's own address from itself.)
say "$n connections to 192.168.77.1: $reps runs each of rdma-route and cmtime"
connect_rows
echo "@connect | $n connections to one address (192.168.77.1, cmtime's server), first start to last establish, median of $reps (min-max)${c_ok:+; $c_ok} | $c_rr ms ($c_rr_min-$c_rr_max) | cmtime -c $n, create id + bind addr + resolve addr + resolve route + create qp + connect totals: $c_cm ms ($c_cm_min-$c_cm_max) | $c_ratio | ≤ 1.0: $(verdict "$c_ratio" 1.0) |"

kill "$server" 2>/dev/null || true
wait "$server" 2>/dev/null || true
server=
read -r m_rr m_rr_min m_rr_max < <(stats 2 <"$tmp/m_rr")
read -r m_cm m_cm_min m_cm_max < <(stats 2 <"$tmp/m_cm")
m_ratio=$(ratio "$m_rr" "$m_cm")
echo "@many | $n resolutions of one address (192.168.77.1), first create to last route, median of $reps (min-max)${m_ok:+; $m_ok} | $m_rr ms ($m_rr_min-$m_rr_max) | cmtime -c $n, create id + bind addr + resolve addr + resolve route totals: $m_cm ms ($m_cm_min-$m_cm_max) | $m_ratio | ≤ 0.90: $(verdict "$m_ratio" 0.90) |"

# --- @failures: N peers, then the same with FAILS fast failures ---------
# 192.168.79.0/24 is on dummy0, which has no RDMA device: every address
# of it, the own .1 included, fails at once with ENODEV (not_rdma_netdev).
# .2 up are taken, as addresses of another host there would be.
{
	cat "$tmp/dests"
	for i in $(seq 2 $((fails + 1))); do echo "192.168.79.$i"; done
} >"$tmp/fails"
say "failures: $fail_reps runs each of $n peers and $n peers + $fails failures"
: >"$tmp/f_clean"
: >"$tmp/f_fail"
: >"$tmp/f_clean_el"
: >"$tmp/f_fail_el"
# fails_run RC FILE OUT: one run, --jsonl; its wall time to OUT, the
# summary's elapsed_ms to OUT_el.
fails_run() {
	wall "$1" "$bin" --parallel 64 --jsonl -f "$2" >>"$3"
	tail -n 1 "$tmp/out" | jq '.elapsed_ms' >>"${3}_el"
}
f_check() {
	local want=$1 got

	got=$(tail -n 1 "$tmp/out" | jq -c '[.resolved, .failed, .failed_by_cause]')
	[ "$got" = "$want" ] || say "failures: expected $want (resolved, failed, causes), got $got"
}
# floor_run FILE OUT FAILED: the floor on the same list, its wall time to
# OUT; it resolved what the tool did (N, and FAILED failed).
floor_run() {
	wall 0 "$floor" -f "$1" 64 2000 >>"$2"
	[ "$(cat "$tmp/out")" = "$n $3" ] ||
		say "failures: the floor gave '$(cat "$tmp/out")', not '$n $3'"
}
: >"$tmp/fl_clean"
: >"$tmp/fl_fail"
for i in $(seq 1 "$fail_reps"); do
	if [ $((i % 2)) -eq 1 ]; then
		fails_run 0 "$tmp/dests" "$tmp/f_clean"
		f_check "[$n,0,{}]"
		fails_run 1 "$tmp/fails" "$tmp/f_fail"
		f_check "[$n,$fails,{\"not_rdma_netdev\":$fails}]"
		floor_run "$tmp/dests" "$tmp/fl_clean" 0
		floor_run "$tmp/fails" "$tmp/fl_fail" "$fails"
	else
		fails_run 1 "$tmp/fails" "$tmp/f_fail"
		f_check "[$n,$fails,{\"not_rdma_netdev\":$fails}]"
		fails_run 0 "$tmp/dests" "$tmp/f_clean"
		f_check "[$n,0,{}]"
		floor_run "$tmp/fails" "$tmp/fl_fail" "$fails"
		floor_run "$tmp/dests" "$tmp/fl_clean" 0
	fi
done
# The elapsed the text output reports, one run each.
wall 0 "$bin" --parallel 64 -f "$tmp/dests" >/dev/null
f_text_clean=$(awk '$1 == "elapsed" && $3 == "ms" { print $2 }' "$tmp/out")
wall 1 "$bin" --parallel 64 -f "$tmp/fails" >/dev/null
f_text_fail=$(awk '$1 == "elapsed" && $3 == "ms" { print $2 }' "$tmp/out")
read -r f_clean f_clean_min f_clean_max < <(stats 1 <"$tmp/f_clean")
read -r f_fail f_fail_min f_fail_max < <(stats 1 <"$tmp/f_fail")
read -r f_clean_el _ _ < <(stats 1 <"$tmp/f_clean_el")
read -r f_fail_el _ _ < <(stats 1 <"$tmp/f_fail_el")
f_ratio=$(ratio "$f_fail" "$f_clean")
read -r fl_clean _ _ < <(stats 1 <"$tmp/fl_clean")
read -r fl_fail _ _ < <(stats 1 <"$tmp/fl_fail")
fl_ratio=$(ratio "$fl_fail" "$fl_clean")
s() { awk -v t="$1" 'BEGIN { printf "%.2f", t / 1000 }'; }
echo "@failures | $n resolvable peers, then the same + $fails fast failures (192.168.79.2-$((fails + 1)), ENODEV), --parallel 64 --jsonl, whole processes, $fail_reps alternating pairs, median (min-max); the tool's elapsed: JSON median, text one run | clean $(s "$f_clean") s ($(s "$f_clean_min")-$(s "$f_clean_max")), with failures $(s "$f_fail") s ($(s "$f_fail_min")-$(s "$f_fail_max")); elapsed JSON $f_clean_el / $f_fail_el ms, text ${f_text_clean:-?} / ${f_text_fail:-?} ms | bench-floor -f, the same two lists (the RDMA CM's own cost, nothing said of a failure): clean $(s "$fl_clean") s, with failures $(s "$fl_fail") s, ratio $fl_ratio | $f_ratio | ≤ 1.2: $(verdict "$f_ratio" 1.2) |"

# --- @memory: MILLION destinations from a file, --jsonl -----------------
# The N peers repeated.  The results are counted, not kept: the file
# system of the VM is its RAM.  The tool is the OOM killer's first
# choice (oom_score_adj 1000), so that an overrun kills it, not the VM.
say "memory: $million destinations, --jsonl (timeout $million_timeout s)"
awk -v m="$million" '{ a[NR] = $0 } END { for (i = 0; i < m; i++) print a[i % NR + 1] }' \
	"$tmp/dests" >"$tmp/million"
ooms() { dmesg 2>/dev/null | grep -c 'Killed process' || true; }
oom_before=$(ooms)
set +e
(
	echo 1000 >/proc/self/oom_score_adj
	exec /usr/bin/time -f '%M %e' -o "$tmp/mtime" \
		timeout -k 10 "$million_timeout" \
		"$bin" --parallel 64 --jsonl -f "$tmp/million" 2>"$tmp/merr"
) | wc -l >"$tmp/mlines"
m_rc=${PIPESTATUS[0]}
set -e
m_lines=$(cat "$tmp/mlines")
# time's last line; a line before it says how the command ended.
read -r mem_kib mem_s < <(tail -n 1 "$tmp/mtime")
mem_mib=$(awk -v k="$mem_kib" 'BEGIN { printf "%.1f", k / 1024 }')
# --jsonl: one line per destination, and the summary.
m_done=$((m_lines > 0 ? m_lines - 1 : 0))
if [ "$(ooms)" != "$oom_before" ]; then
	mem_val="killed (OOM) at $mem_mib MiB after $m_done of $million results, ${mem_s} s"
	mem_verdict="**not met**"
elif [ "$m_rc" -eq 124 ] || [ "$m_rc" -eq 137 ]; then
	mem_val="timed out after $million_timeout s at $mem_mib MiB, $m_done of $million results"
	mem_verdict="**not met**"
elif [ "$m_rc" -ne 0 ]; then
	echo "bench: memory run exited with $m_rc:" >&2
	cat "$tmp/mtime" >&2
	tail -n 20 "$tmp/merr" >&2
	exit 1
else
	mem_val="$mem_mib MiB (${mem_s} s, $m_done results)"
	mem_verdict=$(verdict "$mem_mib" 64)
fi
echo "@memory | memory: $million destinations from a file, --parallel 64 --jsonl | $mem_val | — | — | ≤ 64 MiB: $mem_verdict |"

# --- @count: a long --count of one destination, against --count 10 ------
# Each probe is printed (JSON Lines, counted, not kept) and let go: the
# peak RSS may not grow with the number of probes.
say "count: --count $count and --count 10 of $peer"
count_rss() {
	/usr/bin/time -f '%M %e' -o "$tmp/ctime" \
		"$bin" --jsonl --count "$1" --interval 0 "$peer" 2>"$tmp/cerr" |
		grep -c '"record":"results"' >"$tmp/clines" || true
	read -r c_kib c_s < <(tail -n 1 "$tmp/ctime")
	c_done=$(cat "$tmp/clines")
	[ "$c_done" -eq "$1" ] || {
		echo "bench: --count $1 printed $c_done results:" >&2
		tail -n 5 "$tmp/cerr" >&2
		exit 1
	}
	echo "$c_kib $c_s"
}
read -r small_kib small_s < <(count_rss 10)
read -r long_kib long_s < <(count_rss "$count")
grow_mib=$(awk -v a="$long_kib" -v b="$small_kib" 'BEGIN { printf "%.2f", (a - b) / 1024 }')
echo "@count | memory: --count $count --interval 0 --jsonl, one destination, against --count 10 | $long_kib KiB ($long_s s) against $small_kib KiB: +$grow_mib MiB | — | — | ≤ +4 MiB: $(verdict "$grow_mib" 4) |"
