#!/usr/bin/env bats
# --listen under a burst: librdmacm's cmtime sends all its connection
# requests at once, far more than one turn of the listener handles.  Every
# connection the listener accepted or refused is a record and is counted,
# and --count N (accepted and refused alike) ends it by itself.

load ../helpers
load lab

setup() {
	[ -e /dev/infiniband/rdma_cm ] || skip "not in the lab: no RDMA CM here"
	servers=()
}

teardown() {
	local pid
	for pid in "${servers[@]}"; do
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	done
	return 0
}

# listen_bg PORT ARGS...: rdma-route --listen=PORT ARGS on 192.168.77.1 in
# the background, JSON lines to $out, until it listens.  Its own deadline
# (timeout: 120 s) stands for "it never ends by itself": exit 124.
listen_bg() {
	local port=$1
	shift
	env --default-signal=INT timeout -s INT 120 "$RDMA_ROUTE" --listen="$port" \
		"$@" --jsonl 192.168.77.1 >"$out" 2>"$out.err" &
	listener=$!
	servers+=($listener)
	listening "$port" TCP || { cat "$out.err"; false; }
}

# ended: the listener's exit code, 0 expected (124: its deadline ended it).
ended() {
	local rc=0
	wait "$listener" || rc=$?
	servers=()
	[ "$rc" -eq 0 ] || {
		echo "listener exit $rc (124: never ended by itself)," \
			"$(grep -c '"record":"connections"' "$out") records"
		cat "$out.err"
		false
	}
}

@test "--listen --count 1024: 1024 connections open at once from cmtime under a soft limit of 1024 files, each a record, counted, then it ends" {
	out=$BATS_TEST_TMPDIR/listen
	# Two descriptors a connection: the listener raises its own limit.
	# A hold (--timeout) long past cmtime's own disconnects: on a busy
	# machine 1024 DREQs take seconds, and a connection the listener
	# ends itself is "held", not "disconnected".
	ulimit -Sn 1024
	listen_bg 7501 --count 1024 --timeout 60000
	ulimit -Sn 4096
	run timeout 200 cmtime -s 192.168.77.1 -p 7501 -c 1024
	[ "$status" -eq 0 ] || { echo "cmtime: $status $output"; false; }
	ended
	[ "$(cat "$out.err")" = "rdma-route: listening on 192.168.77.1 port 7501 (tcp), its witness on TCP" ]
	jqe -s '[.[] | select(.record == "connections")] | length == 1024' "$out"
	jqe -s '[.[] | select(.record == "connections") | .status] | unique == ["disconnected"]' "$out" || {
		echo "statuses: $(jq -sc '[.[] | select(.record == "connections") | .status] | group_by(.) | map({(.[0]): length}) | add' "$out")"
		false
	}
	jqe -s '[.[] | select(.record == "connections") | .local] | unique == ["192.168.77.1:7501"]' "$out"
	# 1024 distinct peers: no record twice, none lost.
	jqe -s '[.[] | select(.record == "connections") | .peer] | unique | length == 1024' "$out"
	jqe -s '[.[] | select(.record == "summary")] | length == 1 and .[0].connections == 1024 and .[0].by_status == {"disconnected": 1024}' "$out"
}

@test "--listen --reject --count 200: 200 requests at once, each refused, a record each, counted, then it ends" {
	out=$BATS_TEST_TMPDIR/listen
	listen_bg 7502 --reject --count 200
	# cmtime's client takes a reject for a failure, but sends all 200.
	run timeout 100 cmtime -s 192.168.77.1 -p 7502 -c 200
	ended
	[ "$(cat "$out.err")" = "rdma-route: listening on 192.168.77.1 port 7502 (tcp), rejecting every request, its witness on TCP" ]
	jqe -s '[.[] | select(.record == "connections")] | length == 200' "$out"
	jqe -s '[.[] | select(.record == "connections") | .status] | unique == ["rejected"]' "$out"
	jqe -s '[.[] | select(.record == "connections") | .peer] | unique | length == 200' "$out"
	jqe -s '[.[] | select(.record == "summary")] | length == 1 and .[0].connections == 200 and .[0].by_status == {"rejected": 200}' "$out"
}
