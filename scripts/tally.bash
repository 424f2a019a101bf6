# shellcheck shell=bash
# What scripts/test-all counts, sourced by it (and tested by
# tests/host/tally.bats): each suite leaves build/NAME.tally ("passed
# failed skipped"); a step that is no suite counts as one test; the
# closing line adds them up.  Uses and sets the caller's $status.

# step NAME CMD...: CMD as one test of its own, counted in the closing
# line (a failure there is a red run, so it is a failed test here too),
# its output in build/NAME.log, the end of it shown when it failed, and
# its time.
step() {
	local name=$1 t0=$SECONDS rc=0
	shift
	echo "== $name"
	"$@" >"build/$name.log" 2>&1 || rc=$?
	if [ "$rc" -eq 0 ]; then
		echo "ok - $name"
		echo "1 0 0" >"build/$name.tally"
	else
		tail -40 "build/$name.log"
		echo "not ok - $name: exited $rc (build/$name.log)"
		echo "0 1 0" >"build/$name.tally"
		status=1
	fi
	echo "$name: $((SECONDS - t0)) s"
}

# closing_line: the total of build/*.tally, and the run's minutes; never
# "0 failed" of a red run ($status not 0).
closing_line() {
	local p f s

	read -r p f s < <(cat build/*.tally 2>/dev/null |
		awk '{ p += $1; f += $2; s += $3 } END { print p + 0, f + 0, s + 0 }')
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - test-all: a step failed without a failing test (above)"
		f=1
	fi
	echo "total: $p passed, $f failed, $s skipped ($((SECONDS / 60)) min)"
}
