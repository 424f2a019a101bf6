#!/usr/bin/env bats
# --sa --trace --all-pairs cut short: SIGINT and SIGTERM while
# --probe-links probes end the run within a probe round, and its report
# says so (the finding `stopped`, a fault; the record `stops`: what
# stopped it, while doing what, how far), the walk before the probes
# whole (the ring's credit loops still reported); a discovery that does
# not end (ibsim frozen) ended by a stop and by its bound; --parallel
# above the 64 MADs in flight that ibsim and real SMAs take, capped, on
# a tree of 256 HCAs (at 400 in flight ibsim and its client block each
# other for good).  Each test its own fabric: a client cut off in its
# discovery (it ends by _exit()) leaks its ibsim slot.

load ../helpers
load fabric

setup_file() {
	local t=$BATS_FILE_TMPDIR

	fabric_require
	"$BATS_TEST_DIRNAME/fat-tree" 8 8 4 >"$t/fat96.net"
	"$BATS_TEST_DIRNAME/fat-tree" 16 16 8 >"$t/fat256.net"
	cp "$BATS_TEST_DIRNAME/ring.net" "$t/"
}

setup() {
	fabric_require
}

teardown() {
	# A test that failed with its rdma-route still running, or with
	# ibsim frozen: both let go (the run is ours, its fabric goes too).
	if [ -n "${rr_pid:-}" ] && ! _fabric_gone "$rr_pid"; then
		kill -KILL "$rr_pid"
	fi
	[ -z "${FABRIC_IBSIM_PID:-}" ] || kill -CONT "$FABRIC_IBSIM_PID" 2>/dev/null || :
	fabric_stop
}

# xmit_pkts LID: the PortXmitPkts of port 1 at LID, asked from Hca2.
xmit_pkts() {
	sim_run --host Hca2 perfquery "$1" 1 |
		awk -F. '/^PortXmitPkts:/ { n = $NF } END { print n + 0 }'
}

# start_rr ARGS...: rdma-route ARGS from Hca1 in the background, SIGINT
# not ignored (a background job's is), its output into $FABRIC_DIR/out
# and err, its PID in $rr_pid (sh writes its own, then execs it) and the
# job's in $job.
start_rr() {
	sim_run sh -c 'echo $$ >"$0"; exec env --default-signal=INT "$@"' \
		"$FABRIC_DIR/rr.pid" "$RDMA_ROUTE" "$@" \
		>"$FABRIC_DIR/out" 2>"$FABRIC_DIR/err" 3>&- &
	job=$!
	_fabric_wait 10 test -s "$FABRIC_DIR/rr.pid"
	rr_pid=$(cat "$FABRIC_DIR/rr.pid")
}

# wait_rr: rdma-route's end waited for, 60 s at most (then killed: a
# run that does not end fails), $status its exit.
wait_rr() {
	local end=$((SECONDS + 60))

	while ! _fabric_gone "$rr_pid" && ((SECONDS < end)); do
		sleep 0.05
	done
	_fabric_gone "$rr_pid" || kill -KILL "$rr_pid"
	status=0
	wait "$job" || status=$?
}

# signal_and_wait SIGNAL: SIGNAL to rdma-route, then its end waited for:
# $status its exit, $took_ms from the signal to its end.
signal_and_wait() {
	local t0

	t0=$(date +%s%N)
	kill -"$1" "$rr_pid"
	wait_rr
	took_ms=$((($(date +%s%N) - t0) / 1000000))
	echo "exit $status, ${took_ms} ms after SIG$1"
	cat "$FABRIC_DIR/err"
}

# stop_probing NET SIGNAL ARGS...: a fresh fabric, --probe-links=10000
# from Hca1 (tens of seconds of probes), and SIGNAL once Hca1 has sent
# 20,000 packets: the probes have begun (measured on the 96 cables: the
# discovery and the reads around the probes send some 1,000, a round of
# probes 171; on the ring some 200, and 25).
stop_probing() {
	local net=$1 sig=$2 lid n

	shift 2
	fabric_start "$BATS_FILE_TMPDIR/$net"
	lid=$(node_lid Hca1)
	start_rr --sa --trace --all-pairs --timeout 300 --probe-links=10000 "$@"
	for ((n = 0; n < 600; n++)); do
		[ "$(xmit_pkts "$lid")" -gt 20000 ] && break
		sleep 0.1
	done
	signal_and_wait "$sig"
	# Within a probe round, and the report: a couple of seconds
	# however busy the machine (without the fix: every probe, 10+ s).
	[ "$took_ms" -lt 5000 ]
}

@test "SIGINT while probing 96 cables: ended within a round; JSON says stopped (a fault), while probing, how many rounds; the walk whole" {
	stop_probing fat96.net INT --json
	[ "$status" -eq 130 ]
	jq -c '.summary | {verdict, worst, stopped, pairs}, .stops, .link_probe' "$FABRIC_DIR/out"
	jqe '.summary | .verdict == "fault" and .worst == "stopped" and
		.stopped == 1 and .faults >= 1 and
		any(.findings[]; .finding == "stopped" and .severity == "fault")' \
		"$FABRIC_DIR/out"
	jqe '.stops | length == 1 and .[0].by == "SIGINT" and
		.[0].during == "probes" and .[0].planned == 10000 and
		.[0].done >= 1 and .[0].done < 10000 and
		.[0].unit == "rounds sent"' "$FABRIC_DIR/out"
	# What the probes covered: the whole rounds said, and sent as said
	# (the round under way, some of its probes).
	jqe '.stops[0].done as $r | .link_probe[0] |
		.probed and .rounds == $r and .probes_a_link == 10000 and
		.cables == 96 and .sent >= $r * 96 and .sent <= ($r + 1) * 96' \
		"$FABRIC_DIR/out"
	# The walk came before the probes: every pair of the 64 HCAs.
	jqe '.summary | .ports == 64 and .pairs == 64 * 63 and .arrived == .pairs' \
		"$FABRIC_DIR/out"
}

@test "SIGTERM while probing 96 cables: ended within a round; text says stopped, by what, how far" {
	local line rounds

	stop_probing fat96.net TERM
	[ "$status" -eq 143 ]
	line=$(grep '^stopped: ' "$FABRIC_DIR/err")
	[[ "$line" =~ ^stopped:\ SIGTERM\ while\ probing:\ ([0-9]+)\ of\ 10000\ rounds\ sent$ ]]
	rounds=${BASH_REMATCH[1]}
	[ "$rounds" -ge 1 ] && [ "$rounds" -lt 10000 ]
	grep -qx "links probed: 96 cables, 10000 probes each asked, cut short after $rounds rounds, .*" \
		"$FABRIC_DIR/out"
	grep -q "^routes: fault (the run was cut short by a signal or a phase's bound: stopped 1.*); 4032 pairs, 4032 arrive, 0 fail" \
		"$FABRIC_DIR/out"
	has_field "$(cat "$FABRIC_DIR/out")" stopped 1
}

@test "the ring stopped while probing: its two credit loops (minhop) still found and a fault beside the stop" {
	stop_probing ring.net INT --json
	[ "$status" -eq 130 ]
	jq -c '.summary | {verdict, worst, stopped, credit_loops, findings}' "$FABRIC_DIR/out"
	jqe '.stops[0] | .by == "SIGINT" and .during == "probes"' "$FABRIC_DIR/out"
	# Six switches in a ring under minhop: a loop each way round.
	jqe '(.credit_loops | length) == 2 and .summary.credit_loops == 2 and
		.summary.worst == "stopped" and .summary.faults == 2 and
		any(.summary.findings[]; .finding == "credit_loops" and .severity == "fault")' \
		"$FABRIC_DIR/out"
}

# hung_discovery ARGS...: a fresh fabric whose ibsim is frozen (SIGSTOP:
# it answers nothing, its clients wait), rdma-route ARGS started on it
# at $started (ns): its discovery waits at its first step, umad2sim's
# connection to the simulator, for ever (the rdma-route before this
# change hung there past its bound, and SIGTERM ended it with
# umad2sim's exit 255, without a word).
hung_discovery() {
	fabric_start "$BATS_FILE_TMPDIR/fat96.net"
	kill -STOP "$FABRIC_IBSIM_PID"
	started=$(date +%s%N)
	start_rr --sa --trace --all-pairs "$@"
}

@test "a discovery that never ends (ibsim frozen): SIGTERM ends the run at once" {
	hung_discovery --json
	sleep 1	# well into the discovery, which waits for ever
	signal_and_wait TERM
	kill -CONT "$FABRIC_IBSIM_PID"
	[ "$status" -eq 143 ]
	[ "$took_ms" -lt 5000 ]
	grep -qx "rdma-route: --trace --all-pairs: stopped before the fabric was discovered: nothing to report" \
		"$FABRIC_DIR/err"
}

@test "a discovery that never ends (ibsim frozen): ended by its bound, 64 steps of its tries of --timeout" {
	local ms

	hung_discovery --timeout 20
	wait_rr
	ms=$((($(date +%s%N) - started) / 1000000))
	kill -CONT "$FABRIC_IBSIM_PID"
	echo "exit $status after $ms ms"
	cat "$FABRIC_DIR/err"
	[ "$status" -eq 1 ]
	# 64 steps of 2 tries of 20 ms: 2,560 ms, and the run's start.
	[ "$ms" -ge 2560 ] && [ "$ms" -lt 30000 ]
	grep -qx "rdma-route: --trace --all-pairs: cannot read the fabric: the discovery did not end within 2560 ms (64 steps of 2 tries of 20 ms)" \
		"$FABRIC_DIR/err"
}

@test "--parallel 4096 on a tree of 256 HCAs: 64 MADs in flight at most, the run ends whole" {
	fabric_start "$BATS_FILE_TMPDIR/fat256.net"
	# Without the cap the discovery waits for ever: bounded here.
	run --separate-stderr sim_run timeout -s KILL 60 "$RDMA_ROUTE" \
		--sa --trace --all-pairs --parallel 4096 --json
	echo "exit $status: $stderr"
	[ "$status" -eq 0 ]
	jqe '.fabric | .nodes == 256 + 24 and .table_blocks_lost == 0 and
		.tables_unread == 0' <<<"$output"
	jqe '.summary | .verdict == "ok" and .ports == 256 and
		.pairs == 256 * 255 and .arrived == .pairs and .stopped == 0' <<<"$output"
}
