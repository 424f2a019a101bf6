#!/usr/bin/env bats
# rdma-route loads its RDMA libraries when it first needs them: a missing
# one fails the run with a cause that names it, and --sa runs without
# librdmacm.  The library is hidden in a mount namespace of the test's own
# (an empty file bound over it), so the loader really misses it.

load ../helpers

setup() {
	[ "$(id -u)" -eq 0 ] || skip "needs root: a mount namespace hides the library"
	unshare -m true 2>/dev/null || skip "no mount namespaces here"
}

# hidden SONAME CMD...: CMD where the loader finds SONAME empty.
hidden() {
	local so=$1 path

	shift
	path=$(ldconfig -p | awk -v so="$so" '$1 == so { print $NF; exit }')
	if [ -z "$path" ]; then
		echo "no $so on this host"
		return 99
	fi
	unshare -m sh -c 'mount --bind /dev/null "$1" && shift && exec "$@"' \
		sh "$path" "$@"
}

@test "without librdmacm: no_rdma_library, exit 3, the loader's words" {
	run --separate-stderr hidden librdmacm.so.1 "$RDMA_ROUTE" --json 192.0.2.1
	[ "$status" -eq 3 ]
	echo "$output" | jqe '.results[0].error.step == "create_id"'
	echo "$output" | jqe '.results[0].error.call == "dlopen"'
	echo "$output" | jqe '.results[0].error.errno_name == "ELIBACC"'
	echo "$output" | jqe '.results[0].error.cause == "no_rdma_library"'
	echo "$output" | jqe '.results[0].error.detail | test("librdmacm.so.1: file too short")'
	echo "$output" | jqe '.summary.failed_by_cause == {"no_rdma_library": 1}'
}

@test "without libmnl: the failure is still told, the route link says why it was not looked up" {
	run --separate-stderr hidden libmnl.so.0 "$RDMA_ROUTE" --explain --json 192.0.2.1
	[ "$status" -eq 3 ]
	echo "$output" | jqe '.results[0].error.cause == "no_rdma_cm"'
	echo "$output" | jqe '.results[0].explain[0].link == "route"'
	echo "$output" | jqe '.results[0].explain[0].state == "unknown"'
	echo "$output" | jqe '.results[0].explain[0].error | test("libmnl.so.0: file too short")'
}

@test "--sa without librdmacm: the SA backend runs on its own" {
	run --separate-stderr hidden librdmacm.so.1 "$RDMA_ROUTE" --sa --json 1
	[ "$status" -eq 3 ]
	# This host has no umad port: the SA backend got that far.
	echo "$output" | jqe '.results[0].error.step == "open_port"'
	echo "$output" | jqe '.results[0].error.cause == "no_umad"'
}

@test "--sa without libibmad: no_mad_library, the loader's words kept to the end" {
	run --separate-stderr hidden libibmad.so.5 "$RDMA_ROUTE" --sa --json 1 2
	[ "$status" -eq 3 ]
	echo "$output" | jqe '[.results[].error.cause] == ["no_mad_library", "no_mad_library"]'
	echo "$output" | jqe '[.results[].error.detail | test("libibmad.so.5: file too short")] == [true, true]'
}

@test "--all-pairs on a host with no InfiniBand port: said, exit 3, with --trace too" {
	run --separate-stderr "$RDMA_ROUTE" --sa --all-pairs
	[ "$status" -eq 3 ]
	[[ "$stderr" == "rdma-route: --all-pairs: cannot discover the fabric: ibnd_discover_fabric(): "*": no InfiniBand CA with a usable port (see ibstat)" ]]
	run --separate-stderr "$RDMA_ROUTE" --sa --trace --all-pairs
	[ "$status" -eq 3 ]
	[[ "$stderr" == "rdma-route: --trace --all-pairs: cannot read the fabric: ibnd_discover_fabric(): "*": no InfiniBand CA with a usable port (see ibstat)" ]]
	run --separate-stderr hidden libibnetdisc.so.5 "$RDMA_ROUTE" --sa --trace --all-pairs
	[ "$status" -eq 3 ]
	[[ "$stderr" == *"libibnetdisc.so.5: file too short"* ]]
}

@test "--list without libibverbs: the error names the library, exit 3" {
	run --separate-stderr hidden libibverbs.so.1 "$RDMA_ROUTE" --list
	[ "$status" -eq 3 ]
	[ -z "$output" ]
	[[ "$stderr" == "rdma-route: reading the RDMA devices: "*"libibverbs.so.1: file too short" ]]
}

@test "the binary needs libc alone: the rest, libm too, loads at its first need" {
	local needed

	command -v readelf >/dev/null || skip "no readelf here"
	readelf -h "$RDMA_ROUTE" >/dev/null 2>&1 ||
		skip "a wrapper runs the tool (valgrind): no binary to read"
	needed=$(readelf -d "$RDMA_ROUTE" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p')
	[[ "$needed" != *libasan* ]] || skip "a sanitizer build links its runtime"
	echo "needed: $needed"
	[ "$needed" = "libc.so.6" ]
}
