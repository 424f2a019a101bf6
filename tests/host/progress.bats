#!/usr/bin/env bats
# The live progress line of long runs, on a terminal (script(1)'s pty):
# here every probe fails at once (no RDMA), so the runs are made long by
# a large file, or by --count's interval.

load ../helpers

setup() {
	command -v script >/dev/null || skip "no script(1)"
}

# on_tty CMD: CMD's stderr on a pseudo-terminal, its stdout into
# $BATS_TEST_TMPDIR/out (not the terminal); prints what the terminal got.
on_tty() {
	script -qec "$* >'$BATS_TEST_TMPDIR/out'" /dev/null
}

@test "--count: done of total, failures and an estimate, redrawn in place, erased at the end" {
	run on_tty "'$RDMA_ROUTE' -q --count 6 --interval 300 192.0.2.1"
	[ "$status" -eq 3 ]
	# Each drawing starts with a carriage return and an erase.
	grep -Eq $'\r\e\\[Krdma-route: [1-5]/6 \\([0-9]+%\\) done, [1-5] failed, [0-9]+ s, about [0-9]+ s left' <<<"$output"
	# The last thing on the terminal is the erase: no line left behind.
	[[ "$output" == *$'\r\e[K' ]]
	# stdout has the statistics and the summary, no progress.
	grep -q '^summary: 1 destination, 6 probes' "$BATS_TEST_TMPDIR/out"
	[ "$(grep -c 'done, ' "$BATS_TEST_TMPDIR/out")" -eq 0 ]
}

@test "-f: a batch's progress on the terminal, the results in the file" {
	# A pipe that brings a destination every 0.1 s: the run lasts 1.5 s
	# (here each probe fails at once); the total is not known until the
	# input ends.
	cat >"$BATS_TEST_TMPDIR/feed" <<-EOF
	for i in \$(seq 1 15); do echo 10.0.0.\$i; sleep 0.1; done |
		'$RDMA_ROUTE' --jsonl -f - >'$BATS_TEST_TMPDIR/out'
	EOF
	run script -qec "bash '$BATS_TEST_TMPDIR/feed'" /dev/null
	[ "$status" -eq 3 ]
	grep -Eq $'\r\e\\[Krdma-route: [0-9]+ done, [0-9]+ failed, [0-9]+ s \\(reading more\\)' <<<"$output"
	[[ "$output" == *$'\r\e[K' ]]
	[ "$(grep -c '"record":"results"' "$BATS_TEST_TMPDIR/out")" -eq 15 ]
	# Nothing of it in the records.
	[ "$(grep -c 'done, ' "$BATS_TEST_TMPDIR/out")" -eq 0 ]
}

@test "no progress: --no-progress, stderr not a terminal, short runs, results on the terminal" {
	run on_tty "'$RDMA_ROUTE' -q --no-progress --count 4 --interval 300 192.0.2.1"
	[ "$status" -eq 3 ]
	[[ "$output" != *"done, "* ]]
	# stderr into a file: no line, however long the run.
	run --separate-stderr rr -q --count 4 --interval 300 192.0.2.1
	[[ "$stderr" != *"done, "* ]]
	# A run under half a second: nothing to show.
	run on_tty "'$RDMA_ROUTE' -q --count 2 --interval 100 192.0.2.1"
	[[ "$output" != *"done, "* ]]
	# Text results streaming to the same terminal are the sign of life.
	run script -qec "'$RDMA_ROUTE' --brief --count 4 --interval 300 192.0.2.1" /dev/null
	[[ "$output" != *"done, "* ]]
	[ "$(grep -c 'failed' <<<"$output")" -ge 4 ]
}
