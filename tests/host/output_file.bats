#!/usr/bin/env bats
# -o FILE: what goes to standard output, written beside FILE and renamed
# over it when the run ends: a reader sees the old file or the new one.

load ../helpers
load sysfs_tree

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

@test "-o: the file gets every result, failures too; stderr stays empty" {
	run --separate-stderr rr -o "$dir/r.txt" 192.0.2.1 192.0.2.2
	[ "$status" -eq 3 ]
	[ -z "$stderr" ]
	grep -q '^summary$' "$dir/r.txt"
	[ "$(grep -c 'failed at create id' "$dir/r.txt")" -eq 2 ]
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

# refuses WHAT TARGET: -o TARGET is exit 2 before anything is probed, with
# a message naming it and saying WHAT it is; nothing is made beside it.
refuses() {
	run --separate-stderr rr --json -o "$2" 192.0.2.1
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[[ "$stderr" == "rdma-route: -o '$2': $1"* ]]
	[[ "$stderr" != *"192.0.2.1"* ]]
}

@test "-o of a folder, '.', a trailing slash: exit 2 before probing, never a crash" {
	refuses "is a folder" "$dir"
	refuses "is a folder" .
	refuses "is a folder: name a file" "$dir/"
	[ -z "$(ls -A "$dir")" ]
}

@test "-o of a FIFO, a device, a socket: never replaced" {
	mkfifo "$dir/fifo"
	refuses "is a FIFO, not a regular file" "$dir/fifo"
	[ -p "$dir/fifo" ]
	if mknod "$dir/null" c 1 3 2>/dev/null; then
		refuses "is a character device" "$dir/null"
		[ -c "$dir/null" ]
	fi
	python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$dir/sock"
	refuses "is a socket" "$dir/sock"
	[ -S "$dir/sock" ]
	refuses "is a character device" /dev/null
	[ -c /dev/null ]
	[ "$(ls -A "$dir" | sort | tr '\n' ' ')" = "$(ls -A "$dir" | grep -v '^\.' | sort | tr '\n' ' ')" ]
}

@test "-o of a link to a terminal or a pipe: refused, the link left" {
	ln -s /proc/self/fd/1 "$dir/fd1"
	run --separate-stderr bash -c '"$0" --json -o "$1" 192.0.2.1 | cat' "$RDMA_ROUTE" "$dir/fd1"
	[ -L "$dir/fd1" ]
	[[ "$stderr" == "rdma-route: -o '$dir/fd1': "* ]] || [[ "$output" == "rdma-route: -o '$dir/fd1': "* ]]
	ln -s /dev/null "$dir/devnull"
	refuses "is a character device" "$dir/devnull"
	[ -L "$dir/devnull" ]
}

@test "-o of a link: its target replaced whole, the link stays" {
	mkdir "$dir/real"
	echo old >"$dir/real/r.json"
	ln -s real/r.json "$dir/link.json"
	ln -s link.json "$dir/link2.json"
	run --separate-stderr rr --json -o "$dir/link2.json" 192.0.2.1
	[ "$status" -eq 3 ]
	[ -L "$dir/link.json" ] && [ -L "$dir/link2.json" ]
	jqe '.results[0].destination == "192.0.2.1"' "$dir/real/r.json"
	[ "$(ls -A "$dir/real")" = r.json ]
	# A dangling link: the file it names is made.
	ln -s real/new.json "$dir/dangling"
	run --separate-stderr rr --json -o "$dir/dangling" 192.0.2.1
	jqe '.summary.failed == 1' "$dir/real/new.json"
	# A loop of links is refused.
	ln -s loop-b "$dir/loop-a"
	ln -s loop-a "$dir/loop-b"
	refuses "Too many levels of symbolic links" "$dir/loop-a"
}

@test "-o on a full file system: 'writing FILE: No space left', the old file kept" {
	[ "$(id -u)" -eq 0 ] || skip "needs root (a mount namespace)"
	command -v unshare >/dev/null || skip "no unshare"
	run unshare -m bash -c '
		mount -t tmpfs -o size=16k none "$1" || exit 99
		echo old >"$1/r.json"
		dd if=/dev/zero of="$1/fill" bs=1k count=64 2>/dev/null
		"$0" --json -o "$1/r.json" 192.0.2.1 192.0.2.2 2>"$2"
		echo "status $?"
		cat "$1/r.json" "$2"
		ls -A "$1"
	' "$RDMA_ROUTE" "$dir" "$BATS_TEST_TMPDIR/err"
	[ "$status" -ne 99 ] || skip "mount refused here"
	# No RDMA here: 3 ranks above the write's 1, and stays.
	[ "${lines[0]}" = "status 3" ]
	[ "${lines[1]}" = "old" ]
	[ "${lines[2]}" = "rdma-route: writing '$dir/r.json': No space left on device" ]
	# The old file and the filler: no temporary file left.
	[ "${lines[3]}" = "fill" ] && [ "${lines[4]}" = "r.json" ] && [ "${#lines[@]}" -eq 5 ]
}

@test "-o when the run succeeds but the write fails: exit 1, not 0" {
	[ "$(id -u)" -eq 0 ] || skip "needs root (a mount namespace)"
	command -v unshare >/dev/null || skip "no unshare"
	# A run that exits 0 here: --list of a recorded InfiniBand host.
	tree=$BATS_TEST_TMPDIR/tree
	ib_host_tree "$tree"
	run unshare -m bash -c '
		mount -t tmpfs -o size=16k none "$1" || exit 99
		dd if=/dev/zero of="$1/fill" bs=1k count=64 2>/dev/null
		RDMA_ROUTE_SYSFS_ROOT=$2 "$0" --list --json -o "$1/ports.json"
		echo "status $?"
		ls -A "$1"
	' "$RDMA_ROUTE" "$dir" "$tree"
	[ "$status" -ne 99 ] || skip "mount refused here"
	[ "${lines[-3]}" = "rdma-route: writing '$dir/ports.json': No space left on device" ]
	[ "${lines[-2]}" = "status 1" ]
	[ "${lines[-1]}" = "fill" ]
}
