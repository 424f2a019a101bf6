#!/usr/bin/env bats
# --matrix of JSON Lines records, on this host: records this host's runs
# make (no RDMA here: every pair fails) and records written as other
# hosts print them.  The resolved pairs of real hosts are in
# tests/lab/matrix.bats and tests/fabric/sa_pairs.bats.

load ../helpers
load fleet_records

@test "--matrix: the grid, its key and the findings, exactly" {
	fleet >"$BATS_TEST_TMPDIR/fleet.jsonl"
	COLUMNS=80 run --separate-stderr rr --matrix "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 1 ]	# a pair failed, as a batch says it
	[ -z "$stderr" ]
	[ "${lines[0]}" = "mtu from 3 sources to 4 destinations (columns numbered below)" ]
	# The diagonal first: each host's own address in its row's place.
	[ "${lines[1]}" = "     1    2    3    4" ]
	[ "${lines[2]}" = "a    . 1024 1024    A" ]
	[ "${lines[3]}" = "b 1024    . 1024    A" ]
	[ "${lines[4]}" = "c  512  512    .    A" ]
	[ "${lines[5]}" = "1  10.0.0.1 (a)" ]
	[ "${lines[8]}" = "4  10.0.0.9" ]
	[[ "${lines[9]}" == "A  neighbour_timeout: "* ]]
	[ "$(printf '%s\n' "${lines[@]}" | sed -n '/^findings:/,/^summary/p')" = "findings:
  no source reaches 10.0.0.9 (neighbour_timeout)
  a -> 10.0.0.3 (c) and c -> 10.0.0.1 (a) differ: mtu 1024/512
  b -> 10.0.0.3 (c) and c -> 10.0.0.2 (b) differ: mtu 1024/512
summary: 9 pairs, 6 resolved, 3 failed, 3 findings, 0 input errors" ]
}

@test "--matrix: --expect and another field; all resolved with a finding is exit 4" {
	fleet | grep -v 10.0.0.9 >"$BATS_TEST_TMPDIR/fleet.jsonl"
	run --separate-stderr rr --matrix=mtu_raw --expect 'mtu >= 1024' --json "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 4 ]
	jqe '.matrix_field == "mtu_raw" and (.pairs | length) == 6' <<<"$output"
	jqe '[.pairs[] | select(.from == "c") | .mtu_raw] == [2, 2]' <<<"$output"
	jqe '[.findings[] | select(.kind == "expect_failed") | "\(.from) \(.destination) \(.expect)"] == ["c 10.0.0.1 mtu >= 1024 does not hold: 512", "c 10.0.0.2 mtu >= 1024 does not hold: 512"]' <<<"$output"
	jqe '[.findings[] | select(.kind == "asymmetric") | .differs.mtu] == [["1024", "512"], ["1024", "512"]]' <<<"$output"
	jqe '.summary.findings == {"fails_to_all": 0, "reached_by_none": 0, "unreachable": 0, "asymmetric": 2, "expect_failed": 2}' <<<"$output"
	run rr --matrix --prom "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 4 ]
	prom_valid <<<"$output"
	grep -q '^rdma_route_pair_path_mtu_bytes{.*from="c",destination="10.0.0.1"} 512$' <<<"$output"
	grep -q '^rdma_route_matrix_findings{.*kind="asymmetric"} 2$' <<<"$output"
	[ "$(grep -c '^rdma_route_pair_success{' <<<"$output")" -eq 6 ]
}

@test "--matrix: records of this host's own runs, by ClusterShell's prefixes, from stdin" {
	local h
	for h in n1 n2; do
		rr --jsonl --timeout 300 --host-label "$h" 192.0.2.1 192.0.2.2 | sed "s/^/$h: /"
	done >"$BATS_TEST_TMPDIR/both"
	[ "$(grep -c '^n[12]: {"record":"results"' "$BATS_TEST_TMPDIR/both")" -eq 4 ]
	run --separate-stderr rr --matrix --jsonl <"$BATS_TEST_TMPDIR/both"
	# No RDMA here: both fail to all; a remote host's failure is no exit 3.
	[ "$status" -eq 1 ]
	jqe -s '[.[] | select(.record == "findings") | "\(.kind) \(.from // .destination)"] == ["fails_to_all n1", "fails_to_all n2", "reached_by_none 192.0.2.1", "reached_by_none 192.0.2.2"]' <<<"$output"
	jqe -s '[.[] | select(.record == "pairs") | .cause] | unique == ["no_rdma_cm"]' <<<"$output"
}

@test "--matrix: a wide matrix comes in blocks that fit the terminal" {
	local i
	for i in $(seq 1 30); do rec "h$i" 10.0.0.250 "10.0.0.$i" 3; rec "h$i" "10.0.1.$i" "10.0.0.$i" 3; done \
		>"$BATS_TEST_TMPDIR/wide.jsonl"
	COLUMNS=60 run rr --matrix "$BATS_TEST_TMPDIR/wide.jsonl"
	[ "$status" -eq 0 ]
	# The grid's lines (a header, a row): none wider than the terminal.
	[ "$(printf '%s\n' "${lines[@]}" | grep -E '^(h[0-9]+ | +[0-9]+ +[0-9]+ )' | awk 'length > 60' | wc -l)" -eq 0 ]
	# Rows named in 3 characters, 31 columns of 4 + 1: 11 a block, 3 blocks.
	[ "$(printf '%s\n' "${lines[@]}" | grep -c '^h30 ')" -eq 3 ]
	[ "${lines[1]}" = "       1    2    3    4    5    6    7    8    9   10   11" ]
}

@test "--matrix: without \$COLUMNS, the terminal's own width (TIOCGWINSZ)" {
	command -v script >/dev/null || skip "no script(1)"
	local i
	for i in $(seq 1 30); do rec "h$i" 10.0.0.250 "10.0.0.$i" 3; rec "h$i" "10.0.1.$i" "10.0.0.$i" 3; done \
		>"$BATS_TEST_TMPDIR/wide.jsonl"
	# A pseudo-terminal of 200 columns (shells seldom export COLUMNS):
	# all 31 columns in one block.
	run env -u COLUMNS script -qec "stty cols 200; '$RDMA_ROUTE' --matrix '$BATS_TEST_TMPDIR/wide.jsonl'" /dev/null
	[ "$status" -eq 0 ]
	output=${output//$'\r'/}
	[ "$(grep -c '^h30 ' <<<"$output")" -eq 1 ]
	[ "$(grep -E '^h30 ' <<<"$output" | awk '{ print length }')" -gt 80 ]
	# Not a terminal: 80 columns, as before (15 a block: 3 blocks).
	run env -u COLUMNS "$RDMA_ROUTE" --matrix "$BATS_TEST_TMPDIR/wide.jsonl"
	[ "$(grep -c '^h30 ' <<<"$output")" -eq 3 ]
	# -o: a file, never the terminal's width.
	run env -u COLUMNS script -qec "stty cols 200; '$RDMA_ROUTE' --matrix -o '$BATS_TEST_TMPDIR/m.txt' '$BATS_TEST_TMPDIR/wide.jsonl'" /dev/null
	[ "$(grep -c '^h30 ' "$BATS_TEST_TMPDIR/m.txt")" -eq 3 ]
}

@test "--matrix: bad lines said and skipped (exit 2); bad use refused" {
	{ fleet; echo 'not json'; echo '{"results":[]}'; printf 'x: \n'; printf ' \t\n\n'; echo 42; } >"$BATS_TEST_TMPDIR/bad.jsonl"
	run --separate-stderr rr --matrix "$BATS_TEST_TMPDIR/bad.jsonl"
	[ "$status" -eq 2 ]
	# A line of blanks is skipped as an empty one; 42 is a number.
	[ "$(grep -c "invalid record" <<<"$stderr")" -eq 4 ]
	grep -q "bad.jsonl:16: invalid record '42': not a JSON object: a number" <<<"$stderr"
	grep -q "bad.jsonl:11: invalid record 'not json': not a JSON object" <<<"$stderr"
	grep -q 'bad.jsonl:12: .*no "record" member' <<<"$stderr"
	[[ "${lines[-1]}" == "summary: 9 pairs, 6 resolved, 3 failed, 3 findings, 4 input errors" ]]
	run --separate-stderr rr --matrix "$BATS_TEST_TMPDIR/none.jsonl"
	[ "$status" -eq 2 ]
	[[ "$stderr" == "rdma-route: --matrix: '$BATS_TEST_TMPDIR/none.jsonl': No such file or directory" ]]
	run --separate-stderr rr --matrix=nosuchfield x
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"invalid --matrix 'nosuchfield': want a field"* ]]
	run --separate-stderr rr --matrix -f x
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--matrix reads its records from the files given as arguments, not -f"* ]]
	run --separate-stderr rr --matrix --count 2 x
	[ "$status" -eq 2 ]
}

@test "--matrix of nothing: no records is exit 3, never a healthy fabric" {
	run --separate-stderr rr --matrix </dev/null
	[ "$status" -eq 3 ]
	[ "$stderr" = "rdma-route: --matrix: no records: standard input held no result" ]
	: >"$BATS_TEST_TMPDIR/empty.jsonl"
	printf '{"record":"summary","host":"a","probes":0}\n' >"$BATS_TEST_TMPDIR/summary.jsonl"
	run --separate-stderr rr --matrix --json "$BATS_TEST_TMPDIR/empty.jsonl" "$BATS_TEST_TMPDIR/summary.jsonl"
	[ "$status" -eq 3 ]
	[ "$stderr" = "rdma-route: --matrix: no records: the files held no result" ]
	jqe '.summary.pairs == 0' <<<"$output"
}

@test "--matrix of a folder or an unreadable stream: named, exit 2" {
	run --separate-stderr rr --matrix "$BATS_TEST_TMPDIR"
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --matrix: '$BATS_TEST_TMPDIR': is a folder: name a file of JSON Lines records" ]
	run --separate-stderr rr --matrix <"$BATS_TEST_TMPDIR"
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --matrix: '(stdin)': is a folder: name a file of JSON Lines records" ]
}

@test "--matrix /dev/zero: stopped in bounded memory, named, exit 2" {
	# Within 400 MB of address space: the old reader grew past 780 MB.
	run --separate-stderr limited_rr 400000 --matrix /dev/zero
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --matrix: '/dev/zero': line 1: no line break within 16 MiB: not JSON Lines" ]
}

@test "--matrix: a line past 1 MiB is refused, and the lines after it read" {
	{ fleet | head -4; head -c 2000000 /dev/zero | tr '\0' 'x'; echo; fleet | tail -6; } >"$BATS_TEST_TMPDIR/long.jsonl"
	run --separate-stderr limited_rr 400000 --matrix "$BATS_TEST_TMPDIR/long.jsonl"
	[ "$status" -eq 2 ]
	grep -q "long.jsonl:5: invalid record 'xxxx.*': line longer than 1 MiB" <<<"$stderr"
	[[ "${lines[-1]}" == "summary: 9 pairs, 6 resolved, 3 failed, 3 findings, 1 input errors" ]]
}

# big_fleet N: records of N hosts h1..hN to each other (fleet.awk).
big_fleet() {
	awk -v n="$1" -f "$BATS_TEST_DIRNAME/fleet.awk"
}

@test "--matrix of 100 hosts: no grid past 64 columns, findings grouped by source" {
	# Pure data, 10,000 pairs: the sanitizer build and fuzz_matrix check
	# its memory; memcheck would take 13 s of CI for nothing more.
	[ -z "${RDMA_ROUTE_UNDER_VALGRIND:-}" ] || skip "10,000 pairs: not under valgrind"
	big_fleet 100 >"$BATS_TEST_TMPDIR/fleet.jsonl"
	run --separate-stderr rr --matrix --expect 'mtu >= 1024' "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "mtu from 100 sources to 100 destinations: no grid past --matrix-grid 64 destinations (JSON keeps every pair)" ]
	grep -qx '  h3 -> 50 destinations: unreachable (neighbour_timeout)' <<<"$output"
	grep -qx '  h7 -> 99 destinations: below an --expect (mtu >= 1024 does not hold: 512)' <<<"$output"
	[ "$(wc -l <<<"$output")" -lt 200 ]
	[[ "${lines[-1]}" == "summary: 9900 pairs, 9850 resolved, 50 failed, "* ]]
	# --matrix-grid asks for the grid, JSON keeps every pair.
	run --separate-stderr rr --matrix --matrix-grid 100 "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "${lines[0]}" = "mtu from 100 sources to 100 destinations (columns numbered below)" ]
	run --separate-stderr rr --matrix --jsonl "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$(grep -c '"record":"pairs"' <<<"$output")" -eq 9900 ]
	[ "$(grep -c '"kind":"unreachable"' <<<"$output")" -eq 50 ]
	run --separate-stderr rr --matrix --matrix-grid=-1 x
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"invalid --matrix-grid '-1': want 0 to 100000 destinations"* ]]
}

@test "--matrix: a pair's records merged, the last wins, duplicates counted" {
	big_fleet 20 >"$BATS_TEST_TMPDIR/a.jsonl"
	# The same again, h2 -> h1 failed this time: the last record wins.
	{ cat "$BATS_TEST_TMPDIR/a.jsonl"; echo '{"record":"results","destination":"h1","host":"h2","status":"failed","error":{"cause":"no_route"}}'; } >"$BATS_TEST_TMPDIR/b.jsonl"
	run --separate-stderr rr --matrix --json "$BATS_TEST_TMPDIR/a.jsonl" "$BATS_TEST_TMPDIR/b.jsonl"
	[ "$status" -eq 1 ]
	jqe '.summary | .pairs == 380 and .duplicate_records == 381' <<<"$output"
	jqe '[.pairs[] | select(.from == "h2" and .destination == "h1")] | length == 1 and .[0].cause == "no_route"' <<<"$output"
	run --separate-stderr rr --matrix "$BATS_TEST_TMPDIR/a.jsonl" "$BATS_TEST_TMPDIR/a.jsonl"
	[[ "${lines[-1]}" == "summary: 380 pairs, 370 resolved, 10 failed, "*", 0 input errors, 380 duplicate records" ]]
}

@test "--matrix reads back every field --expect takes: sgid_index, tos, start_ms, gid_type" {
	{
		printf '{"record":"results","destination":"10.0.0.2","host":"a","status":"resolved","start_ms":0.5,"source":"10.0.0.1","device":"rxe0","port":1,"link_layer":"InfiniBand","gid_type":"IB","sgid_index":1,"port_space":"tcp","tos":96,"tos_from":"configfs","time_ms":{"total":2},"paths":[{"mtu":4096,"mtu_raw":5,"sl":0}]}\n'
		printf '{"record":"results","destination":"10.0.0.1","host":"b","status":"resolved","start_ms":0.7,"source":"10.0.0.2","device":"rxe0","port":1,"link_layer":"InfiniBand","gid_type":"IB","sgid_index":1,"port_space":"tcp","tos":96,"tos_from":"configfs","time_ms":{"total":3},"paths":[{"mtu":4096,"mtu_raw":5,"sl":0}]}\n'
	} >"$BATS_TEST_TMPDIR/f.jsonl"
	# Before, these read back absent ("does not hold: absent").
	run --separate-stderr rr --matrix --json --expect 'sgid_index >= 0' --expect 'tos = 96' \
		--expect 'gid_type = IB' --expect 'start_ms < 1' --expect 'port_space = tcp' "$BATS_TEST_TMPDIR/f.jsonl"
	[ "$status" -eq 0 ]
	jqe '.summary.findings.expect_failed == 0' <<<"$output"
	run --separate-stderr rr --matrix=sgid_index --json "$BATS_TEST_TMPDIR/f.jsonl"
	jqe '[.pairs[].sgid_index] == [1, 1]' <<<"$output"
	run --separate-stderr rr --matrix=gid_type --json "$BATS_TEST_TMPDIR/f.jsonl"
	jqe '[.pairs[].gid_type] == ["IB", "IB"]' <<<"$output"
}

# A record of the fewest members --matrix takes, as a hand or a newer
# rdma-route may write it: no paths, no error, no value of the field.
@test "--matrix: a record with no path and no error is a cell with no value, never a crash" {
	local rec field
	for rec in '{"record":"results","destination":"10.0.0.1"}' \
		'{"record":"results","destination":"10.0.0.1","status":"resolved","paths":[]}'; do
		for field in mtu sl pkey rate hop_limit; do
			run --separate-stderr rr --matrix="$field" --json - <<<"$rec"
			[ "$status" -eq 0 ]
			jqe --arg f "$field" '.pairs == [{"from": "", "destination": "10.0.0.1", "status": "resolved"}] and .summary.resolved == 1' <<<"$output"
		done
	done
	run --separate-stderr rr --matrix - <<<'{"record":"results","destination":"10.0.0.1"}'
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "  -" ]
}

# Each line: a record, then the words that must name what is wrong in it.
@test "--matrix: a member of the wrong type or out of range is an input error naming its line and field" {
	local -a bad=(
		'"paths":[{"sl":"5"}]|"paths[0].sl": want a whole number'
		'"paths":[{"sl":-1}]|"paths[0].sl": -1 is out of its range'
		'"paths":[{"sl":16}]|"paths[0].sl": 16 is out of its range'
		'"paths":[{"pkey":65535}]|"paths[0].pkey": want a hexadecimal string'
		'"paths":[{"pkey":"0x10000"}]|"paths[0].pkey": 0x10000 is out of its range'
		'"paths":[{"mtu":512,"mtu_raw":3}]|"paths[0].mtu": 512 disagrees with "paths[0].mtu_raw": 3'
		'"paths":[{"mtu_raw":2.9}]|"paths[0].mtu_raw": want a whole number from 0 to 255'
		'"paths":[{"mtu":1000}]|"paths[0].mtu": 1000 is no value of it'
		'"paths":[{"reversible":1}]|"paths[0].reversible": want true or false'
		'"paths":"none"|"paths": want an array'
		'"status":"failed","error":"neighbour_timeout"|"error": want an object'
		'"status":"failed"|"status" is "failed" but the result has no "error" object'
		'"status":"resolved","error":{"cause":"no_path"}|"status" is "resolved" but the result has an "error"'
		'"time_ms":{"create_id":"0.1"}|"time_ms.create_id": want a number'
		'"link_layer":"Token Ring"|"link_layer": Token Ring is not a value it takes'
	)
	local b rec why
	for b in "${bad[@]}"; do
		rec="{\"record\":\"results\",\"destination\":\"10.0.0.1\",${b%%|*}}"
		why=${b#*|}
		run --separate-stderr rr --matrix=sl - < <(echo '{"record":"results","destination":"10.0.0.2","status":"resolved","paths":[{"sl":0}]}'; echo "$rec")
		[ "$status" -eq 2 ]
		[[ "$stderr" == "(stdin):2: invalid record '"*"': $why"* ]] || { echo "$b: $stderr"; false; }
		[[ "$output" == *"summary: 1 pairs, 1 resolved, 0 failed, 0 findings, 1 input errors"* ]]
	done
}

@test "--matrix: absent stays absent, a decoded value alone is read, JSON null is null" {
	# No pkey on c's side: no difference invented from a missing member.
	{
		echo '{"record":"results","host":"a","destination":"10.0.0.2","source":"10.0.0.1","status":"resolved","paths":[{"pkey":"0xffff","mtu":1024,"mtu_raw":3}]}'
		echo '{"record":"results","host":"b","destination":"10.0.0.1","source":"10.0.0.2","status":"resolved","paths":[{"mtu":1024}]}'
		echo '{"record":"results","host":"c","destination":"10.0.0.1","source":"10.0.0.3","status":"resolved","paths":[{"mtu":512}]}'
	} >"$BATS_TEST_TMPDIR/r.jsonl"
	run --separate-stderr rr --matrix --json "$BATS_TEST_TMPDIR/r.jsonl"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	jqe '[.pairs[] | .mtu] == [1024, 1024, 512] and .summary.findings.asymmetric == 0' <<<"$output"
	# mtu 1024 alone is code 3; 512 among them is below the --expect.
	run --separate-stderr rr --matrix=mtu_raw --expect 'mtu >= 1024' --json "$BATS_TEST_TMPDIR/r.jsonl"
	[ "$status" -eq 4 ]
	jqe '[.pairs[] | .mtu_raw] == [3, 3, 2]' <<<"$output"
	jqe '[.findings[] | "\(.from) \(.expect)"] == ["c mtu >= 1024 does not hold: 512"]' <<<"$output"
	# A missing pkey is absent to --expect, not 0x0000.
	run --separate-stderr rr --matrix=pkey --expect 'pkey = 0xffff' --json "$BATS_TEST_TMPDIR/r.jsonl"
	jqe '[.findings[] | "\(.from) \(.expect)"] == ["b pkey = 0xffff does not hold: absent", "c pkey = 0xffff does not hold: absent"]' <<<"$output"
	# An MTU code that means nothing: null in JSON and JSON Lines, never "null".
	echo '{"record":"results","destination":"10.0.0.1","status":"resolved","paths":[{"mtu":null,"mtu_raw":0}]}' >"$BATS_TEST_TMPDIR/n.jsonl"
	run --separate-stderr rr --matrix --jsonl "$BATS_TEST_TMPDIR/n.jsonl"
	[ "$status" -eq 0 ]
	jqe -s '[.[] | select(.record == "pairs")] | length == 1 and (.[0] | has("mtu") and .mtu == null)' <<<"$output"
	run --separate-stderr rr --matrix --json "$BATS_TEST_TMPDIR/n.jsonl"
	jqe '.pairs[0] | has("mtu") and .mtu == null' <<<"$output"
}

@test "--matrix --expect: a decimal is equal as printed (create_id = 0.086 on a record of 0.086)" {
	echo '{"record":"results","destination":"10.0.0.1","status":"resolved","time_ms":{"create_id":0.086}}' >"$BATS_TEST_TMPDIR/t.jsonl"
	local e
	for e in 'create_id = 0.086' 'create_id <= 0.086' 'create_id >= 0.086' 'create_id != 0.087'; do
		run rr --matrix --expect "$e" "$BATS_TEST_TMPDIR/t.jsonl"
		[ "$status" -eq 0 ] || { echo "$e: $output"; false; }
	done
	for e in 'create_id != 0.086' 'create_id < 0.086' 'create_id = 0.087'; do
		run rr --matrix --expect "$e" "$BATS_TEST_TMPDIR/t.jsonl"
		[ "$status" -eq 4 ] || { echo "$e: $output"; false; }
	done
}

@test "--matrix: a write error outranks a finding (exit 1, not 4)" {
	[ -w /dev/full ] || skip "no /dev/full"
	fleet | grep -v 10.0.0.9 >"$BATS_TEST_TMPDIR/fleet.jsonl"
	run rr --matrix "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 4 ]
	run --separate-stderr bash -c '"$0" --matrix "$1" >/dev/full' "$RDMA_ROUTE" "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"error writing the standard output"* ]]
}

@test "--matrix of a sparse fleet: memory follows the records, not sources times destinations" {
	# ASan reserves terabytes of address space: a limit means nothing there.
	[ -z "${ASAN_OPTIONS:-}" ] || skip "the sanitizer build maps its own shadow memory"
	awk 'BEGIN { for (i = 0; i < 20000; i++)
		printf "{\"record\":\"results\",\"host\":\"s%d\",\"destination\":\"d%d\",\"status\":\"resolved\",\"paths\":[{\"mtu\":1024,\"mtu_raw\":3}]}\n", i, i }' \
		>"$BATS_TEST_TMPDIR/sparse.jsonl"
	# 20000 x 20000 cells of 8 bytes were 3.2 GB; the records are 20000.
	run --separate-stderr bash -c 'ulimit -v 262144 && "$0" --matrix --svg "$1" "$2"' \
		"$RDMA_ROUTE" "$BATS_TEST_TMPDIR/m.svg" "$BATS_TEST_TMPDIR/sparse.jsonl"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "${lines[-1]}" = "summary: 20000 pairs, 20000 resolved, 0 failed, 0 findings, 0 input errors" ]
	# The picture draws the records: one hatched ground for the pairs with none.
	[ "$(stat -c %s "$BATS_TEST_TMPDIR/m.svg")" -lt 20000000 ]
	[ "$(grep -c '<rect' "$BATS_TEST_TMPDIR/m.svg")" -gt 20000 ]
	[ "$(grep -c '<rect' "$BATS_TEST_TMPDIR/m.svg")" -lt 20100 ]
}

@test "--matrix: a stop that lands outside the read still ends the reading of a FIFO held open" {
	local d=$BATS_TEST_TMPDIR i

	# The matrix is stuck writing its input errors to a full pipe when
	# SIGINT comes, never in the read that a signal would cut short; the
	# FIFO's writer stays open, so only the stop can end the reading.
	mkfifo "$d/in" "$d/err"
	"$RDMA_ROUTE" --matrix -o "$d/m.txt" "$d/in" 2>"$d/err" &
	local pid=$!
	exec 6<"$d/err" 5>"$d/in"
	for i in $(seq 3000); do echo "not a record $i"; done >&5
	for i in $(seq 300); do
		grep -q pipe_write "/proc/$pid/wchan" 2>/dev/null && break
		sleep 0.1
	done
	grep -q pipe_write "/proc/$pid/wchan"
	kill -INT "$pid"
	cat <&6 >"$d/said" &
	local cat_pid=$!
	status=0
	wait_bounded "$pid" 60 || status=$?
	exec 5>&- 6<&-
	# Its own PID: a bare wait would wait for bats' timeout watchdog too.
	wait_bounded "$cat_pid" 60
	[ "$status" -eq 130 ]
	grep -q "^rdma-route: --matrix: '$d/in': stopped by signal 2, at line " "$d/said"
	[ "$(ls -A "$d" | grep -c '^\.')" -eq 0 ]
	[ ! -e "$d/m.txt" ]
}
