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

# half_open NAME N BYTES [--establish]: tests/lab/shim/half_open's N
# requests to the listener on 7503, in the background until the test
# ends; half_said NAME waits for its line (answered A established E
# rejected R busy B failed F), into $half.
half_open() {
	local name=$1
	shift
	"$(dirname "$RDMA_ROUTE")/tests/lab/shim/half_open" 192.168.77.1 7503 "$@" \
		>"$BATS_TEST_TMPDIR/$name" 2>&1 &
	servers+=($!)
}

half_said() {
	local _
	for _ in $(seq 600); do
		if grep -qs ' failed [0-9]*$' "$BATS_TEST_TMPDIR/$1"; then
			half=$(cat "$BATS_TEST_TMPDIR/$1")
			return 0
		fi
		sleep 0.05
	done
	echo "half_open $1 said nothing in 30 s: $(cat "$BATS_TEST_TMPDIR/$1")"
	false
}

# records_within S STATUS N: until $out has N records of STATUS, S seconds
# at most.
records_within() {
	local end=$((SECONDS + $1)) have
	while :; do
		have=$(jq -s --arg s "$2" '[.[] | select(.record == "connections" and .status == $s)] | length' "$out")
		[ "$have" -ge "$3" ] && return 0
		[ $SECONDS -lt $end ] || break
		sleep 0.1
	done
	echo "$have records $2 of $3 in $1 s: $(jq -sc '[.[] | select(.record == "connections") | .status] | group_by(.) | map({(.[0]): length}) | add' "$out")"
	false
}

@test "--listen bounds what a client that stops mid-handshake holds: no RTU by --timeout after its request ('unestablished', its slot and echo buffer free again), no DREP a quarter of --timeout after its DREQ ('held', disconnect_confirmed false); a real --connect --data is served after" {
	out=$BATS_TEST_TMPDIR/listen
	listen_bg 7503 --timeout 1000
	# Four requests more than the echo budget (an eighth of the memory,
	# 256 MiB at most) holds at 2 MiB each: the listener refuses those
	# four itself.  Beside them, four that send their RTU, then nothing.
	budget=$(($(getconf _PHYS_PAGES) / 8 * $(getconf PAGESIZE)))
	[ "$budget" -le $((256 << 20)) ] || budget=$((256 << 20))
	fit=$((budget / (2 << 20)))
	half_open rtu-never $((fit + 4)) 1048576
	half_open drep-never 4 0 --establish
	half_said rtu-never
	[ "$half" = "answered $fit established 0 rejected 4 busy 4 failed 0" ] || { echo "$half (budget $budget)"; false; }
	half_said drep-never
	[ "$half" = "answered 4 established 4 rejected 0 busy 0 failed 0" ] || { echo "$half"; false; }
	# Each half-open one ended 1 s after its request, its echo buffer
	# (echoed 0) let go; each established one held 1 s, then our DREQ,
	# then 250 ms for its DREP (the kernel's own wait lasts over a
	# minute).  Both clients still hold their ends.
	records_within 30 unestablished "$fit"
	records_within 30 held 4
	jqe -s '[.[] | select(.record == "connections" and .status == "unestablished")] |
		all(.echoed == 0 and .time_ms.total >= 1000 and .time_ms.total < 10000 and (.time_ms | has("establish") | not))' "$out"
	jqe -s '[.[] | select(.record == "connections" and .status == "held")] |
		all(.disconnect_confirmed == false and .time_ms.held >= 1250 and .time_ms.held < 10000)' "$out"
	kill -0 "${servers[1]}" "${servers[2]}"
	# The memory and the slots free again: a real probe of 1 MiB passes.
	run --separate-stderr rr --connect=7503 --data=1M --json --timeout 3000 192.168.77.1
	[ "$status" -eq 0 ] || { echo "$output $stderr"; false; }
	jqe '.results[0] | .status == "connected" and .data_passed == 1' <<<"$output"
	records_within 30 disconnected 1
}
