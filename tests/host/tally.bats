#!/usr/bin/env bats
# scripts/tally.bash, what scripts/test-all counts: a step is a test of
# the closing line, and the closing line never says "0 failed" of a red
# run (issue 62: a failed bench left "total: 5099 passed, 0 failed").

load ../helpers

setup() {
	cd "$BATS_TEST_TMPDIR"
	mkdir build
	# shellcheck source=../../scripts/tally.bash
	. "$BATS_TEST_DIRNAME/../../scripts/tally.bash"
	status=0
}

@test "a step that passes is one passed test; one that fails is one failed, with its output's end and why" {
	echo "12 0 3" >build/suite.tally
	step good true >"$BATS_TEST_TMPDIR/out"
	[ "$status" -eq 0 ]
	grep -qx "ok - good" "$BATS_TEST_TMPDIR/out"
	step bad sh -c 'echo "bench: none of 16 connected"; exit 7' >"$BATS_TEST_TMPDIR/out"
	[ "$status" -eq 1 ]
	grep -qx "bench: none of 16 connected" "$BATS_TEST_TMPDIR/out"
	grep -qx "not ok - bad: exited 7 (build/bad.log)" "$BATS_TEST_TMPDIR/out"
	closing_line >"$BATS_TEST_TMPDIR/out"
	grep -Eqx "total: 13 passed, 1 failed, 3 skipped \([0-9]+ min\)" "$BATS_TEST_TMPDIR/out"
}

@test "a red run whose suites all passed: the closing line counts a failure and says so" {
	echo "40 0 2" >build/suite.tally
	status=1
	closing_line >"$BATS_TEST_TMPDIR/out"
	grep -qx "not ok - test-all: a step failed without a failing test (above)" "$BATS_TEST_TMPDIR/out"
	grep -Eqx "total: 40 passed, 1 failed, 2 skipped \([0-9]+ min\)" "$BATS_TEST_TMPDIR/out"
	status=0
	closing_line >"$BATS_TEST_TMPDIR/out"
	grep -Eqx "total: 40 passed, 0 failed, 2 skipped \([0-9]+ min\)" "$BATS_TEST_TMPDIR/out"
}
