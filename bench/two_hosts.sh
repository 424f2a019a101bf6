#!/usr/bin/env bash
# The benchmark's rows between two hosts, run on host a of the two-host
# lab (tests/lab/lab run --hosts 2) by bench/run; lines starting with
# "@KEY " are its rows:
#   @connect_hosts  N connections from a to a cmtime server on b, against
#                   cmtime's 6 steps (bench/lab.bash's connect_rows)
# Progress goes to stderr.
set -euo pipefail

bin=$BENCH_BIN
n=$BENCH_N
reps=$BENCH_REPS
tmp=$(mktemp -d)
server=
cleanup() {
	[ -z "$server" ] || lab-on b "kill $server 2>/dev/null; exit 0" || true
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
