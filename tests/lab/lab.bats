#!/usr/bin/env bats
# Checks tests/lab/lab itself, from the host. Each test boots a VM
# (~4 s under TCG):   bats tests/lab/lab.bats
# The topology inside the VM is tests/lab/topology.bats, which the lab
# suite runs.

bats_require_minimum_version 1.5.0

setup() {
	LAB="$BATS_TEST_DIRNAME/lab"
	if [ "${RDMA_ROUTE_LAB_GUEST:-}" = 1 ]; then
		skip "runs on the host, not inside the lab VM"
	fi
}

# One boot for what a command gets and gives back (boots are the cost).
@test "CMD's exit code, stdout and stderr apart, working directory, arguments and RDMA_ROUTE_ variables; writes stay inside the VM" {
	cd "$BATS_TEST_TMPDIR"
	# shellcheck disable=SC2016 # expanded inside the VM
	RDMA_ROUTE_X="a 'b' \$c" run --separate-stderr "$LAB" run -- sh -c '
		pwd; printf "[%s]\n" "$@" "$RDMA_ROUTE_X" "${TERM-unset}" "$RDMA_ROUTE_LAB_GUEST"
		echo err >&2
		echo x >written-in-vm && cat written-in-vm
		lab-on b true 2>/dev/null; echo "[$?]"
		exit 7' sh "x y" "it's" ""
	[ "$status" -eq 7 ]
	[ "${lines[0]}" = "$BATS_TEST_TMPDIR" ]
	[ "${lines[1]}" = "[x y]" ]
	[ "${lines[2]}" = "[it's]" ]
	[ "${lines[3]}" = "[]" ]
	[ "${lines[4]}" = "[a 'b' \$c]" ]
	[ "${lines[5]}" = "[unset]" ]
	[ "${lines[6]}" = "[1]" ]
	[ "${lines[7]}" = x ]
	# No host b in a one-host lab: lab-on says so, 125.
	[ "${lines[8]}" = "[125]" ]
	[ "${#lines[@]}" -eq 9 ]
	# CMD's stderr, apart from the lab's own "lab: " lines (a boot tried
	# once more on a busy host says so there).
	# shellcheck disable=SC2154 # bats' run sets $stderr
	echo "stderr: [$stderr]"
	[ "$(grep -v '^lab: ' <<<"$stderr")" = err ]
	[ ! -e written-in-vm ]
}

@test "--hosts takes 1 or 2; anything else is the lab's usage error, 125, before any boot" {
	run --separate-stderr "$LAB" run --hosts 3 -- true
	[ "$status" -eq 125 ]
	# shellcheck disable=SC2154 # bats' run sets $stderr
	[ "$stderr" = "lab: error: --hosts takes 1 or 2, not '3'" ]
	run --separate-stderr "$LAB" run --hosts 2
	[ "$status" -eq 125 ]
	[[ "$stderr" == *"run needs a command"* ]]
}

@test "a boot that never reaches /init is killed and tried once more, then 125" {
	# busybox sleep as the initramfs' init: the kernel boots, /init never runs.
	RDMA_ROUTE_LAB_BOOT_TIMEOUT=8 RDMA_ROUTE_LAB_APPEND="rdinit=/bin/sleep 600" \
		run --separate-stderr "$LAB" run -- true
	[ "$status" -eq 125 ]
	# shellcheck disable=SC2154 # bats' run sets $stderr
	[[ "$stderr" == *"did not reach /init within 8 s; booting once more"* ]]
	[[ "$stderr" == *"did not reach /init within 8 s, twice"* ]]
}

@test "a kernel that stops before /init is booted once more, then 125" {
	# No init at all: the kernel panics, and with -no-reboot qemu exits.
	RDMA_ROUTE_LAB_APPEND="rdinit=/no-such-init" \
		run --separate-stderr "$LAB" run -- true
	[ "$status" -eq 125 ]
	# shellcheck disable=SC2154 # bats' run sets $stderr
	[[ "$stderr" == *"stopped before /init ("*"Kernel panic"*"); booting once more"* ]]
	[[ "$stderr" == *"stopped before /init ("*"), twice"* ]]
}
