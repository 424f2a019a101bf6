#!/usr/bin/env bats
# --sa --all-pairs streams its pairs: made a chunk at a time after the
# ports, printed as they finish, let go: a 288-HCA fat tree's 82,656 pairs
# in the memory of a few.  (Kept to the end, they took 253 MB.)

load ../helpers
load fabric

setup_file() {
	fabric_require
	"$BATS_TEST_DIRNAME/fat-tree" 16 18 9 >"$BATS_FILE_TMPDIR/fat.net"
	fabric_start "$BATS_FILE_TMPDIR/fat.net"
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
	[ -z "${RDMA_ROUTE_UNDER_VALGRIND:-}" ] || skip "measures the process itself: not under valgrind"
	[ -z "${ASAN_OPTIONS:-}" ] || skip "measures the process itself: not under ASan"
}

@test "288 HCAs, 82,656 pairs: every one resolved, each source's pairs together, in a few MiB" {
	local out=$BATS_TEST_TMPDIR/pairs.jsonl rss=$BATS_TEST_TMPDIR/rss

	sim_run /usr/bin/time -f '%M' -o "$rss" "$RDMA_ROUTE" --sa --all-pairs --jsonl >"$out"
	jqe -s '[.[] | select(.record == "results")] | length == 82656 and all(.status == "resolved")' <"$out"
	jqe -s '[.[] | select(.record == "summary")][0] | .destinations == 82656 and .resolved == 82656' <"$out"
	# The pairs in input order: each source's 287 in a row, 288 sources.
	[ "$(jq -r 'select(.record == "results") | .from' "$out" | uniq | wc -l)" -eq 288 ]
	[ "$(jq -r 'select(.record == "results") | .from' "$out" | uniq -c | awk '$1 != 287' | wc -l)" -eq 0 ]
	echo "peak RSS: $(tail -n 1 "$rss") KiB"
	[ "$(tail -n 1 "$rss")" -lt $((32 * 1024)) ]
}

@test "--matrix of the 82,656 pairs: one cell a pair, the same counts" {
	local rss=$BATS_TEST_TMPDIR/rss

	run --separate-stderr sim_run /usr/bin/time -f '%M' -o "$rss" "$RDMA_ROUTE" --sa --all-pairs --matrix
	[ "$status" -eq 0 ]
	[[ "$output" == *"summary: 82656 pairs, 82656 resolved, 0 failed, 0 findings"* ]]
	echo "peak RSS: $(tail -n 1 "$rss") KiB"
	[ "$(tail -n 1 "$rss")" -lt $((64 * 1024)) ]
}
