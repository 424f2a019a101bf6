#!/usr/bin/env bats
# -o FILE: what goes to standard output, written beside FILE and renamed
# over it when the run ends: a reader sees the old file or the new one.

load ../helpers

setup() {
	dir=$BATS_TEST_TMPDIR/out
	mkdir -p "$dir"
}

@test "-o: the JSON document in the file, nothing on stdout, nothing else left" {
	run --separate-stderr rr --json -o "$dir/r.json" 192.0.2.1
	[ "$status" -eq 3 ]
	[ -z "$output" ]
	jqe '.results[0].destination == "192.0.2.1" and .summary.failed == 1' "$dir/r.json"
	[ "$(ls -A "$dir")" = "r.json" ]
}

@test "-o: the file is made as a redirection would make it (0666 less the umask)" {
	(umask 027 && rr --prom -o "$dir/a.prom" 192.0.2.1) || true
	[ "$(stat -c %a "$dir/a.prom")" = 640 ]
	(umask 022 && rr --prom -o "$dir/b.prom" 192.0.2.1) || true
	[ "$(stat -c %a "$dir/b.prom")" = 644 ]
	grep -q '^rdma_route_' "$dir/b.prom"
}

@test "-o: an existing file is replaced whole, not rewritten in place" {
	echo old >"$dir/r.jsonl"
	ln "$dir/r.jsonl" "$dir/old-link"
	run --separate-stderr rr --jsonl -o "$dir/r.jsonl" 192.0.2.1 192.0.2.2
	[ "$status" -eq 3 ]
	# A reader that had the old file open still has it, whole.
	[ "$(cat "$dir/old-link")" = old ]
	[ "$(wc -l <"$dir/r.jsonl")" -eq 3 ]
	jqe -s 'map(.record) == ["results", "results", "summary"]' "$dir/r.jsonl"
}

@test "-o: text failures still go to stderr; the file gets what stdout would" {
	run --separate-stderr rr -o "$dir/r.txt" 192.0.2.1 192.0.2.2
	[ "$status" -eq 3 ]
	[[ "$stderr" == "192.0.2.1: failed at create id: "* ]]
	grep -q '^summary$' "$dir/r.txt"
	[ -z "$(grep 'failed at create id' "$dir/r.txt")" ]
}

@test "-o into a folder that does not exist: exit 2 before probing, named" {
	run --separate-stderr rr --json -o "$dir/none/r.json" 192.0.2.1
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "$stderr" = "rdma-route: -o '$dir/none/r.json': cannot create a file beside it: No such file or directory" ]
	[ -z "$(ls -A "$dir")" ]
}

@test "-o with a usage error: no file made, no file left" {
	run --separate-stderr rr --json -o "$dir/r.json" --expect 'mtu >= lots' 192.0.2.1
	[ "$status" -eq 2 ]
	[ -z "$(ls -A "$dir")" ]
}

@test "--list -o: the ports' output in the file" {
	run --separate-stderr rr --list --prom -o "$dir/ports.prom"
	[ "$status" -eq 3 ]
	[ -f "$dir/ports.prom" ]
	[ "$(ls -A "$dir")" = "ports.prom" ]
}
