#!/usr/bin/env bats
# A streamed run (one probe per destination, text or JSON Lines): files
# read as it goes, results let go once printed.  On this host every probe
# fails at create id, which is enough to go through the whole loop.

load ../helpers

# A file of N distinct IPv4 destinations (10.0.0.1 and on: never probed).
many() {
	local f=$BATS_TEST_TMPDIR/many.$1

	seq 1 "$1" | awk '{ printf "10.%d.%d.%d\n", int($1 / 65536) % 256, int($1 / 256) % 256, $1 % 256 }' >"$f"
	echo "$f"
}

# The process's own memory: not valgrind's, nor ASan's quarantine of freed
# blocks (up to 256 MiB by design).
own_memory() {
	[ -z "${RDMA_ROUTE_UNDER_VALGRIND:-}" ] || skip "measures the process itself: not under valgrind"
	[ -z "${ASAN_OPTIONS:-}" ] || skip "measures the process itself: not under ASan"
}

# peak_rss_kib ARGS...: the peak RSS of one run, its output dropped.
peak_rss_kib() {
	/usr/bin/time -f '%M' -o "$BATS_TEST_TMPDIR/rss" "$RDMA_ROUTE" "$@" >/dev/null 2>&1 || true
	tail -n 1 "$BATS_TEST_TMPDIR/rss"
}

@test "--jsonl, --json and --prom: memory does not grow with the number of destinations" {
	own_memory
	small=$(peak_rss_kib --jsonl -f "$(many 1000)")
	big=$(peak_rss_kib --jsonl -f "$(many 100000)")
	json=$(peak_rss_kib --json -f "$(many 100000)")
	echo "--jsonl, 1000 destinations: $small KiB, 100000: $big KiB; --json, 100000: $json KiB"
	[ "$big" -lt $((small + 4096)) ]
	[ "$json" -lt $((small + 4096)) ]
	# Prometheus: each family spooled, the results let go; the
	# destinations' identities (for the occurrence label) stay.
	prom=$(peak_rss_kib --prom -f "$(many 100000)")
	echo "--prom, 100000 destinations: $prom KiB"
	[ "$prom" -lt $((small + 16384)) ]
}

@test "--json streamed: one valid document, results in order, input errors and summary after them" {
	f=$(many 600)
	sed -i '10s/.*/bad!/' "$f"
	run --separate-stderr rr --json -f "$f"
	[ "$status" -eq 3 ]
	jqe '(keys_unsorted == ["version", "timeout_ms", "results", "input_errors", "summary"])
		and (.results | length) == 599 and .results[9].destination == "10.0.0.11"
		and .input_errors[0].line == 10 and .summary.destinations == 599' <<<"$output"
}

@test "a streamed run counts every destination, repeats included, in its summary" {
	f=$(many 1000)
	for _ in 1 2 3; do cat "$f"; done >"$BATS_TEST_TMPDIR/3000"
	run --separate-stderr rr --jsonl -f "$BATS_TEST_TMPDIR/3000"
	[ "$status" -eq 3 ]
	[ "$(grep -c '"record":"results"' <<<"$output")" -eq 3000 ]
	tail -n 1 <<<"$output" | jqe '.record == "summary" and .destinations == 3000 and .probes == 3000 and .failed_by_cause.no_rdma_cm == 3000'
}

@test "results in input order across chunks; bad lines reported with their numbers" {
	f=$(many 700)
	sed -i '300s/.*/10.0.1.300/; 650s/.*/not an address!/' "$f"
	run --separate-stderr rr --jsonl -f "$f"
	[ "$status" -eq 3 ]
	jq -s -e '[.[] | select(.record == "results") | .destination] == [range(1; 701) | select(. != 300 and . != 650) | "10.0.\(. / 256 | floor).\(. % 256)"]' <<<"$output" >/dev/null
	jq -s -e '[.[] | select(.record == "input_errors") | .line] == [300, 650]' <<<"$output" >/dev/null
	tail -n 1 <<<"$output" | jqe '.destinations == 698 and .input_errors == 2'
}

@test "a -f file that cannot be opened fails before anything is probed" {
	f=$(many 10)
	run --separate-stderr rr --jsonl -f "$f" -f "$BATS_TEST_TMPDIR/missing"
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: cannot read '$BATS_TEST_TMPDIR/missing': No such file or directory" ]
	[ -z "$output" ]
}

@test "text: a streamed run prints every failure and one summary" {
	# Past two chunks of 256; under valgrind past one (30 s otherwise).
	local n=600
	[ -z "${RDMA_ROUTE_UNDER_VALGRIND:-}" ] || n=300
	run --separate-stderr rr -f "$(many "$n")"
	[ "$status" -eq 3 ]
	[ "$(grep -c '^10\.0\.[0-9]*\.[0-9]*: failed' <<<"$output")" -eq "$n" ]
	has_field "$output" "destinations" "$n"
}

@test "a slow pipe: each result printed as its line comes, not when 256 have" {
	fifo=$BATS_TEST_TMPDIR/in
	out=$BATS_TEST_TMPDIR/out
	mkfifo "$fifo"
	"$RDMA_ROUTE" --jsonl -f - <"$fifo" >"$out" 2>&1 &
	pid=$!
	exec 9>"$fifo"
	echo 192.0.2.1 >&9
	# The pipe stays open: the first result must come all the same.
	first=no
	for _ in $(seq 1 300); do
		grep -q '"destination":"192.0.2.1"' "$out" && { first=yes; break; }
		sleep 0.1
	done
	echo 192.0.2.2 >&9
	exec 9>&-
	wait_bounded "$pid" 60 || true
	[ "$first" = yes ]
	[ "$(grep -c '"record":"results"' "$out")" -eq 2 ]
	jqe -s '[.[] | select(.record == "summary")][0].probes == 2' <"$out"
}

@test "--jsonl: a million refused lines, each let go as refused: memory flat" {
	own_memory
	bad=$BATS_TEST_TMPDIR/bad
	yes 'not-an-address!' | head -n 1000000 >"$bad"
	small=$(peak_rss_kib --jsonl -f "$(many 1000)")
	big=$(peak_rss_kib --jsonl -f "$bad")
	echo "1000 destinations: $small KiB; 1000000 refused lines: $big KiB"
	[ "$big" -lt $((small + 16384)) ]
}
