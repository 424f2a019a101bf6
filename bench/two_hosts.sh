#!/usr/bin/env bash
# The benchmark's rows between two hosts, run on host a of the two-host
# lab (tests/lab/lab run --hosts 2) by bench/run; lines starting with
# "@KEY " are its rows:
#   @connect_hosts  N connections from a to a cmtime server on b, against
#                   cmtime's 6 steps (bench/lab.bash's connect_rows)
#   @transfer_hosts the round trip of a 64-byte message to rdma-route
#                   --listen on b (the transfer step, 8 a connection) against
#                   ib_send_lat -R (perftest, rdma_cm mode) to b: the median
#                   of a connection's first 8 latencies, one way, doubled
#                   (and its steady state, the messages after, beside it)
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

# The transfer row: the round trip of a 64-byte message, process start and
# connection set-up excluded on both sides, the same shape on both: a
# connection's first 8 messages, their median (a probe's transfer step of
# --data=64 8 times), the median of the connections'.  The first messages
# on a new connection are slower in the lab, for ib_send_lat as for
# rdma-route (its unsorted latencies show it: about twice its typical
# latency at the second and third message, at it from the fifth on), so
# its t_typical over hundreds of messages on one connection measures
# another thing; the row gives it beside, as its steady state.
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
# rdma-route: MSGS/8 probes, each 8 64-byte messages on its connection.
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
# ib_send_lat -R -U: ISL_CONNS connections a run, each to a server of its
# own on b (it serves one), ISL_ITERS messages; from its unsorted
# latencies (one way: doubled), the median of the first 8 and of the rest.
# ib_send_lat itself fails now and then in the lab ("Failed to handle RDMA
# CM event", a segfault): a connection that fails is made again, twice at
# most, with a new server, and the row says how many were.
isl_conns=${BENCH_ISL_CONNS:-4}
isl_iters=64
isl_fails=0
isl_conn() {
	local try pid

	for try in 1 2 3; do
		pid=$(lab-on b "ib_send_lat -R -s 64 -n $isl_iters -F >/tmp/isl-server 2>&1 & echo \$!")
		listening_on_b 18515 || { say "ib_send_lat server on b not listening"; exit 1; }
		if ib_send_lat -R -s 64 -n "$isl_iters" -F -U "$dst" >"$tmp/out" 2>"$tmp/err"; then
			awk '/^[0-9]+, [0-9.]+$/ { sub(",", "", $1)
				print ($1 + 0 <= 8 ? "first" : "rest"), 2 * $2 / 1000 }' "$tmp/out" >"$tmp/lat"
			[ "$(grep -c '^first' "$tmp/lat")" = 8 ] || {
				say "ib_send_lat -U printed no 8 latencies:"; head -n 30 "$tmp/out" >&2; exit 1
			}
			awk '$1 == "first" { print $2 }' "$tmp/lat" | stats 4 | cut -d' ' -f1 >>"$tmp/c_first"
			awk '$1 == "rest" { print $2 }' "$tmp/lat" | stats 4 | cut -d' ' -f1 >>"$tmp/c_rest"
			settle
			return 0
		fi
		isl_fails=$((isl_fails + 1))
		say "ib_send_lat failed (try $try):"; tail -n 3 "$tmp/err" >&2
		lab-on b "kill $pid 2>/dev/null; exit 0"
		sleep 1
	done
	say "ib_send_lat failed 3 times"; exit 1
}
t_isl() {
	local left=$isl_conns

	: >"$tmp/c_first"
	: >"$tmp/c_rest"
	while [ "$left" -gt 0 ]; do
		isl_conn
		left=$((left - 1))
	done
	stats 4 <"$tmp/c_first" | cut -d' ' -f1 >>"$tmp/t_isl"
	stats 4 <"$tmp/c_rest" | cut -d' ' -f1 >>"$tmp/t_isl_rest"
}
say "64-byte round trips from $src to $dst (host b), $reps runs each: rdma-route --data ($((msgs / 8)) connections of 8 messages) and ib_send_lat -R ($isl_conns connections of $isl_iters)"
: >"$tmp/t_rr"
: >"$tmp/t_isl"
: >"$tmp/t_isl_rest"
alternate t_rr t_isl
read -r x_rr x_rr_min x_rr_max < <(stats 4 <"$tmp/t_rr")
read -r x_isl x_isl_min x_isl_max < <(stats 4 <"$tmp/t_isl")
read -r x_rest x_rest_min x_rest_max < <(stats 4 <"$tmp/t_isl_rest")
x_ratio=$(ratio "$x_rr" "$x_isl")
isl_said=
[ "$isl_fails" = 0 ] || isl_said="; $isl_fails ib_send_lat connections failed and were made again"
echo "@transfer_hosts | a 64-byte message's round trip from host a to rdma-route --listen on host b, a connection's first 8 messages, their median (the transfer step of --data=64 8 times), $((msgs / 8)) connections a run, the median of the connections', median of $reps runs (min-max) | $x_rr ms ($x_rr_min-$x_rr_max) | ib_send_lat -R -s 64 -n $isl_iters -U to b, $isl_conns connections a run, the median of each one's first 8 latencies doubled: $x_isl ms ($x_isl_min-$x_isl_max); its steady state (the messages after the eighth): $x_rest ms ($x_rest_min-$x_rest_max), ratio $(ratio "$x_rr" "$x_rest")$isl_said | $x_ratio | ≤ 1.1: $(verdict "$x_ratio" 1.1) |"
