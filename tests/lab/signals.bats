#!/usr/bin/env bats
# SIGINT and SIGTERM in the middle of a run: no probe starts after them,
# what finished is printed with its statistics and the summary, the JSON
# document is whole, no rdma_cm id is left, and the status is 128 + the
# signal, but for SIGINT ending --count 0 (the results' status, ping's
# rule).  SIGQUIT prints the statistics so far on stderr and the run goes
# on.  SIGINT is taken even when the tool starts with it ignored, as a
# shell's background job does.

load ../helpers
load lab

setup() {
	[ -e /dev/infiniband/rdma_cm ] || skip "not in the lab: no RDMA CM here"
	out=$BATS_TEST_TMPDIR/out
	err=$BATS_TEST_TMPDIR/err
	mark=$BATS_TEST_TMPDIR/mark
}

# wait_until CMD: until CMD succeeds (60 s at most: a busy machine is slow,
# never wrong).
wait_until() {
	local i

	for i in $(seq 1 600); do
		"$@" && return 0
		sleep 0.1
	done
	echo "never: $*"
	return 1
}

# printed N PATTERN [FILE]: FILE ($out by default) has N lines matching.
printed() {
	[ "$(grep -Ec -- "$2" "${3:-$out}" 2>/dev/null)" -ge "$1" ]
}

# is_rdma_route PID: PID runs rdma-route.
is_rdma_route() {
	[ "$(cat /proc/"$1"/comm 2>/dev/null)" = rdma-route ]
}

# hidden_has_results DIR: -o's hidden file in DIR holds 2 results already.
hidden_has_results() {
	[ "$(cat "$1"/.r.json.* 2>/dev/null | grep -c '"seq"')" -ge 2 ]
}

# interrupt SIGNAL WHEN [VAR=VALUE...] ARGS...: runs rdma-route ARGS (the
# environment VARs set), sends SIGNAL once WHEN holds: the shim's mark says
# it ("resolving N"), or the command WHEN (a word list) succeeds; the
# status in $status, the output in $out and $err.
interrupt() {
	local sig=$1 after=$2 pid vars=()

	shift 2
	while [[ "$1" == *=* ]]; do
		vars+=("$1")
		shift
	done
	env --default-signal=INT,TERM "${vars[@]}" "$RDMA_ROUTE" "$@" >"$out" 2>"$err" &
	pid=$!
	if [[ "$after" == resolving* ]]; then
		wait_resolving "${after#resolving }"
	else
		eval "wait_until $after"
	fi
	kill -s "$sig" "$pid"
	status=0
	wait "$pid" || status=$?
}

@test "SIGINT mid --count: the probes so far, their statistics, the summary, exit 130" {
	interrupt INT "printed 3 seq" --count 1000 --interval 100 192.168.77.2
	[ "$status" -eq 130 ]
	n=$(grep -Ec '^192\.168\.77\.2: seq [0-9]+: rxe0 port 1,' "$out")
	[ "$n" -ge 3 ] && [ "$n" -lt 1000 ]
	# Probes 1 to N, in order: none after the signal, none left out.
	[ "$(grep -Eo '^192\.168\.77\.2: seq [0-9]+' "$out" | awk '{ print $3 }' | paste -sd' ')" = "$(seq -s' ' 1 "$n")" ]
	grep -q "^--- 192.168.77.2 statistics: $n probes, $n resolved, 0 failed (0%) ---\$" "$out"
	[ "$(sed -n '/^summary$/,$p' "$out" | awk '$1 == "probes" { print $2 }')" = "$n" ]
}

@test "SIGTERM mid --count --json: a whole document, the statistics over what ran, exit 143" {
	interrupt TERM "printed 3 \"seq\"" --json --count 1000 --interval 100 192.168.77.2 fd00:77::2
	[ "$status" -eq 143 ]
	jqe . "$out"
	n=$(jq '[.results[] | select(.destination == "192.168.77.2")] | length' "$out")
	[ "$n" -ge 2 ] && [ "$n" -lt 1000 ]
	jqe "[.statistics[] | select(.destination == \"192.168.77.2\") | .probes] == [$n]" "$out"
	jqe '[.statistics[].destination] | sort == ["192.168.77.2", "fd00:77::2"]' "$out"
	jqe '.summary.probes == (.results | length) and .summary.failed == 0' "$out"
	jqe '[.results[] | .status] | all(. == "resolved")' "$out"
	# Fleet-ready: this host's name, and start times in probe order.
	jqe --arg h "$(uname -n)" '[.results[].host] | unique == [$h]' "$out"
	jqe '[.results[] | select(.destination == "192.168.77.2") | .time] | . == sort' "$out"
}

@test "SIGINT ends --count 0 --json, a batch in rounds: whole document, statistics, the results' status" {
	interrupt INT "printed 6 \"seq\"" --json --count 0 --interval 50 --timeout 300 \
		192.168.77.2 fd00:77::2 192.168.77.99
	# The normal end of --count 0: 1, as 192.168.77.99 never resolved.
	[ "$status" -eq 1 ]
	jqe '.count == 0 and .interval_ms == 50' "$out"
	# Each destination's statistics, over exactly its printed probes.
	for d in 192.168.77.2 fd00:77::2 192.168.77.99; do
		n=$(jq --arg d "$d" '[.results[] | select(.destination == $d)] | length' "$out")
		[ "$n" -ge 1 ] || { echo "$d: no probe"; false; }
		jqe --arg d "$d" --argjson n "$n" '[.statistics[] | select(.destination == $d) | .probes] == [$n]' "$out"
		# Its probes from 1, in order (one still in flight at the signal
		# is given up, not printed: a busy machine may leave a gap).
		jqe --arg d "$d" '[.results[] | select(.destination == $d) | .seq] | .[0] == 1 and . == (sort | unique)' "$out"
	done
	jqe '.statistics[] | select(.destination == "192.168.77.99") | .resolved == 0 and .failed_by_cause.neighbour_timeout == .probes' "$out"
	jqe '.summary.destinations == 3 and .summary.probes == (.results | length)' "$out"
}

@test "SIGINT with ids in flight: they are destroyed by the tool, none left" {
	local count=$BATS_TEST_TMPDIR/count

	# The kernel's answers are swallowed: 20 ids wait when the signal comes.
	interrupt INT "resolving 20" RDMA_ROUTE_SHIM_SWALLOW=addr \
		RDMA_ROUTE_SHIM_COUNT="$count" RDMA_ROUTE_SHIM_MARK="$mark" \
		LD_PRELOAD="$SHIM" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		--jsonl --timeout 60000 $(seq -f '192.168.77.%g' 10 29)
	[ "$status" -eq 130 ] || { cat "$err"; false; }
	# librdmacm makes one id of its own at start (its AF_IB check).
	[ "$(cat "$count")" = "created 21 destroyed 21" ] || { cat "$count" "$mark"; false; }
	[ -z "$(rdma resource show cm_id)" ]
	# No result finished: the summary alone, and it says so.
	[ "$(wc -l <"$out")" -eq 1 ]
	jqe '.record == "summary" and .probes == 0' "$out"
}

@test "SIGINT ends --count 0 before any probe finished: probes 0, exit 1 (nothing came back)" {
	# Issue 62: it exited 0, as if every probe had passed.
	interrupt INT "resolving 1" RDMA_ROUTE_SHIM_SWALLOW=addr \
		RDMA_ROUTE_SHIM_MARK="$mark" LD_PRELOAD="$SHIM" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		--jsonl --count 0 --interval 100 --timeout 60000 192.168.77.10
	[ "$status" -eq 1 ] || { echo "status $status"; cat "$out" "$err"; false; }
	jqe -s '.[-1] | .record == "summary" and .probes == 0' "$out"
}

@test "SIGINT inherited ignored (a script's background job) still stops the run" {
	# Started with SIGINT ignored, as a shell's background job starts.
	python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_IGN)
os.execv(sys.argv[1], sys.argv[1:])' "$RDMA_ROUTE" --brief --count 300 --interval 100 192.168.77.2 >"$out" 2>"$err" &
	pid=$!
	wait_until is_rdma_route "$pid"
	wait_until printed 3 "seq"
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
	[ "$status" -eq 130 ] || { echo "status $status"; cat "$out" "$err"; false; }
	n=$(grep -Ec '^192\.168\.77\.2: seq [0-9]+:' "$out")
	[ "$n" -ge 3 ] && [ "$n" -lt 300 ]
	grep -q "^--- 192.168.77.2 statistics: $n probes, $n resolved" "$out"
}

@test "SIGQUIT: the statistics so far on stderr, and the run goes on" {
	env --default-signal=INT,QUIT "$RDMA_ROUTE" --brief --count 0 --interval 100 \
		192.168.77.2 >"$out" 2>"$err" &
	pid=$!
	wait_until printed 3 "seq"
	kill -QUIT "$pid"
	wait_until printed 1 "statistics" "$err"
	n=$(grep -Eo '^--- 192\.168\.77\.2 statistics: [0-9]+ probes' "$err" | awk '{ print $4 }')
	[ "$n" -ge 3 ]
	grep -q '^summary: 1 destination, [0-9]* probes, [0-9]* resolved, 0 failed (0%)' "$err"
	# It goes on: more probes after the interim statistics.
	wait_until printed $((n + 3)) "seq"
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
	# SIGINT ended --count 0, every probe resolved: 0.
	[ "$status" -eq 0 ]
	[ "$(grep -c 'statistics' "$out")" -eq 1 ]
	m=$(grep -Ec '^192\.168\.77\.2: seq [0-9]+:' "$out")
	[ "$m" -ge $((n + 3)) ]
}

@test "-o: the file appears whole when the run ends, SIGINT or not" {
	local dir=$BATS_TEST_TMPDIR/o

	mkdir "$dir"
	env --default-signal=INT "$RDMA_ROUTE" --json --count 1000 --interval 100 \
		-o "$dir/r.json" 192.168.77.2 >"$out" 2>"$err" &
	pid=$!
	wait_until hidden_has_results "$dir"
	# While it runs: only the hidden file it writes, beside the target.
	[ ! -e "$dir/r.json" ]
	ls -A "$dir" | grep -Eq '^\.r\.json\.[A-Za-z0-9]{6}$'
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
	[ "$status" -eq 130 ]
	[ "$(ls -A "$dir")" = "r.json" ]
	jqe '(.results | length) > 0 and .summary.probes == (.results | length)' "$dir/r.json"
	[ ! -s "$out" ]
}

@test "-o and a second SIGINT at once: the same request, the file whole" {
	local dir=$BATS_TEST_TMPDIR/o2

	mkdir "$dir"
	env --default-signal=INT RDMA_ROUTE_SHIM_SWALLOW=addr LD_PRELOAD="$SHIM" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		RDMA_ROUTE_SHIM_MARK="$mark" \
		"$RDMA_ROUTE" --json --timeout 60000 -o "$dir/r.json" 192.168.77.10 >"$out" 2>"$err" &
	pid=$!
	wait_resolving 1
	kill -INT "$pid"
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
	[ "$status" -eq 130 ]
	[ "$(ls -A "$dir")" = "r.json" ]
	jqe '.results == [] and .summary.probes == 0' "$dir/r.json"
}

# gone PID: PID has ended (zombie or reaped).
gone() {
	! kill -0 "$1" 2>/dev/null || [ "$(awk '{ print $3 }' /proc/"$1"/stat 2>/dev/null)" = Z ]
}

@test "-o and a SIGINT later than the repeat window, the end hanging: the run ends at once, no half file left" {
	local dir=$BATS_TEST_TMPDIR/o3

	mkdir "$dir"
	# Each id's destruction stalls 60 s: the end of the run hangs.
	env --default-signal=INT RDMA_ROUTE_SHIM_SWALLOW=addr LD_PRELOAD="$SHIM" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		RDMA_ROUTE_SHIM_MARK="$mark" RDMA_ROUTE_SHIM_STALL_DESTROY=60 \
		"$RDMA_ROUTE" --json --timeout 60000 -o "$dir/r.json" 192.168.77.10 >"$out" 2>"$err" &
	pid=$!
	wait_resolving 1
	kill -INT "$pid"
	wait_until grep -qx destroying "$mark"
	# The first signal was taken before the end began: 2 s later, the
	# second is one of its own (RR_SIGNAL_REPEAT_MS).
	sleep 2.1
	kill -INT "$pid"
	# Ended by the second, not by the stall's end.
	wait_until gone "$pid"
	status=0
	wait "$pid" || status=$?
	[ "$status" -eq 130 ]
	[ -z "$(ls -A "$dir")" ]
}

# timeout(1) signals the command, then its process group: two SIGINTs,
# the second often while the first is being handled.  Its own deadline
# is not waited for (a busy machine may not have finished a probe by
# then): timeout takes a SIGINT sent to it the way it takes its deadline,
# passing it on to the command and to the group.
@test "timeout -s INT ends --count 0: statistics and a whole JSON document, every run" {
	local i fmt tpid

	for i in $(seq 1 10); do
		fmt=--brief
		[ $((i % 2)) -eq 0 ] || fmt=--json
		env --default-signal=INT timeout --preserve-status -s INT 600 \
			"$RDMA_ROUTE" "$fmt" -c 0 -i 50 192.168.77.1 >"$out" 2>"$err" &
		tpid=$!
		wait_until printed 2 'seq'
		kill -INT "$tpid"
		status=0
		wait "$tpid" || status=$?
		[ "$status" -eq 0 ] || { echo "run $i: status $status"; cat "$err"; false; }
		if [ "$fmt" = --json ]; then
			jqe '(.statistics | length) == 1 and .statistics[0].probes >= 2 and .statistics[0].probes == (.results | length) and .statistics[0].resolved == .statistics[0].probes and .summary.probes == (.results | length)' "$out" ||
				{ echo "run $i: $(tail -c 300 "$out")"; false; }
		else
			n=$(grep -Ec '^192\.168\.77\.1: seq [0-9]+: ' "$out")
			grep -q "^--- 192.168.77.1 statistics: $n probes, $n resolved, 0 failed (0%)" "$out" ||
				{ echo "run $i:"; cat "$out"; false; }
			grep -q '^summary: 1 destination, ' "$out"
		fi
	done
}
