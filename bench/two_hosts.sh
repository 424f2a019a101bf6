#!/usr/bin/env bash
# The benchmark's rows between two hosts, run on host a of the two-host
# lab (tests/lab/lab run --hosts 2) by bench/run; lines starting with
# "@KEY " are its rows:
#   @connect_hosts  N connections from a to a cmtime server on b, against
#                   cmtime's 6 steps (bench/lab.bash's connect_rows)
#   @transfer_hosts the round trip of a 64-byte message to rdma-route
#                   --listen on b (the transfer step, 8 a connection) against
#                   ib_send_lat -R (perftest, rdma_cm mode) to b: its
#                   typical latency, one way, doubled (and ib_send_lat -R -e,
#                   which sleeps on CQ events, beside it)
# Progress goes to stderr.
set -euo pipefail

bin=$BENCH_BIN
n=$BENCH_N
reps=$BENCH_REPS
tmp=$(mktemp -d)
server=
listener=
cleanup() {
	[ -z "$server$listener" ] || lab-on b "kill $server $listener 2>/dev/null; exit 0" || true
	rm -rf "$tmp"
}
trap cleanup EXIT
. "$(dirname "${BASH_SOURCE[0]}")/lab.bash"

dst=$LAB_PEER
src=$LAB_SELF
port=7480
server=$(lab-on b "cmtime -b $dst -p $port >/tmp/cmtime-server 2>&1 & echo \$!")
# A client that comes before the server listens is rejected (error 8).
lab-on b "end=\$((SECONDS + 20))
	while [ \$SECONDS -lt \$end ]; do
		rdma res show cm_id 2>/dev/null | grep -q 'state LISTEN .* src-addr $dst:$port ' && exit 0
		sleep 0.1
	done
	exit 1" || { say "cmtime server on b not listening after 20 s"; exit 1; }

say "$n connections from $src to $dst (host b): $reps runs each of rdma-route and cmtime"
connect_rows
echo "@connect_hosts | $n connections from host a to host b over the wire (cmtime's server on b), first start to last establish, median of $reps (min-max)${c_ok:+; $c_ok} | $c_rr ms ($c_rr_min-$c_rr_max) | cmtime -c $n from a, create id + bind addr + resolve addr + resolve route + create qp + connect totals: $c_cm ms ($c_cm_min-$c_cm_max) | $c_ratio | ≤ 1.0: $(verdict "$c_ratio" 1.0) |"

# The transfer row: MSGS round trips each way, per message, process start
# and connection set-up excluded on both sides.
msgs=$((n < 100 ? 100 : n))
lport=7481
listener=$(lab-on b "$bin --listen=$lport --count 0 $dst >/dev/null 2>&1 & echo \$!")
listening_on_b() {
	lab-on b "end=\$((SECONDS + 20))
		while [ \$SECONDS -lt \$end ]; do
			rdma res show cm_id 2>/dev/null | grep -q 'state LISTEN .*:$1 ' && exit 0
			sleep 0.05
		done
		exit 1"
}
listening_on_b $lport || { say "rdma-route --listen on b not listening after 20 s"; exit 1; }
# rdma-route: MSGS 64-byte messages, 8 a connection (as ib_send_lat's go
# on one: the first on a new connection waits for the listener's handling
# of its ESTABLISHED, a millisecond more in the lab), the median of the
# probes' transfer steps (each the median of its 8).
t_rr() {
	"$bin" --connect=$lport --data=64,64,64,64,64,64,64,64 --count "$((msgs / 8))" \
		--interval 0 --parallel 1 \
		--jsonl --timeout 2000 "$dst" >"$tmp/out" 2>"$tmp/err" || {
		say "rdma-route --data failed:"; tail -n 5 "$tmp/err" >&2; exit 1
	}
	jq -r 'select(.record == "results") | .time_ms.transfer' "$tmp/out" |
		stats 4 | cut -d' ' -f1 >>"$tmp/t_rr"
	settle
}
# ib_send_lat -R: a server on b for each run, MSGS iterations; its
# t_typical (the median, one way) doubled. Busy-polling its CQ (the anchor)
# and, beside it for the reader, sleeping on CQ events (-e), as rdma-route
# did before it spun for its echo (a transfer alone in flight spins 4 ms).
# ib_send_lat itself fails now and then in the lab ("Failed to handle RDMA
# CM event", a segfault): a run that fails is run again, twice at most,
# with a new server, and the row says how many were.
isl_fails=0
isl_run() {
	local ev=$1 out=$2 try pid

	for try in 1 2 3; do
		pid=$(lab-on b "ib_send_lat -R -s 64 -n $msgs -F $ev >/tmp/isl-server 2>&1 & echo \$!")
		listening_on_b 18515 || { say "ib_send_lat server on b not listening"; exit 1; }
		if ib_send_lat -R -s 64 -n "$msgs" -F $ev "$dst" >"$tmp/out" 2>"$tmp/err"; then
			awk '$1 == 64 && NF >= 5 { printf "%.4f\n", 2 * $5 / 1000 }' "$tmp/out" >>"$out"
			settle
			return 0
		fi
		isl_fails=$((isl_fails + 1))
		say "ib_send_lat $ev failed (try $try):"; tail -n 3 "$tmp/err" >&2
		lab-on b "kill $pid 2>/dev/null; exit 0"
		sleep 1
	done
	say "ib_send_lat $ev failed 3 times"; exit 1
}
t_isl() {
	isl_run "" "$tmp/t_isl"
	isl_run -e "$tmp/t_isle"
}
say "$msgs 64-byte round trips from $src to $dst (host b): $reps runs each of rdma-route --data and ib_send_lat -R"
: >"$tmp/t_rr"
: >"$tmp/t_isl"
: >"$tmp/t_isle"
alternate t_rr t_isl
read -r x_rr x_rr_min x_rr_max < <(stats 4 <"$tmp/t_rr")
read -r x_isl x_isl_min x_isl_max < <(stats 4 <"$tmp/t_isl")
read -r x_isle x_isle_min x_isle_max < <(stats 4 <"$tmp/t_isle")
x_ratio=$(ratio "$x_rr" "$x_isl")
isl_said=
[ "$isl_fails" = 0 ] || isl_said="; $isl_fails ib_send_lat runs failed and were run again"
echo "@transfer_hosts | a 64-byte message's round trip from host a to rdma-route --listen on host b (the transfer step of --data=64 8 times), $msgs messages, median of $reps runs (min-max) | $x_rr ms ($x_rr_min-$x_rr_max) | ib_send_lat -R -s 64 -n $msgs to b, t_typical doubled: $x_isl ms ($x_isl_min-$x_isl_max); with -e (sleeping on CQ events, as rdma-route did before it spun for its echo): $x_isle ms ($x_isle_min-$x_isle_max), ratio $(ratio "$x_rr" "$x_isle")$isl_said | $x_ratio | ≤ 1.1: $(verdict "$x_ratio" 1.1) |"
