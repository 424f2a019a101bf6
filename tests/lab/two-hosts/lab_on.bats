#!/usr/bin/env bats
# The two-host lab itself (tests/lab/lab run --hosts 2): two VMs, a wire
# between them with Soft-RoCE on each end, lab-on to reach b, nftables.

load ../../helpers
load hosts	# setup, teardown

@test "lab-on b: b's stdout, stderr and exit code, in this folder, with RDMA_ROUTE_* passed" {
	run --separate-stderr lab-on b 'hostname; pwd; echo "$RDMA_ROUTE"; echo to-err >&2; exit 7'
	[ "$status" -eq 7 ]
	[ "${lines[0]}" = rdma-route-lab-b ]
	[ "${lines[1]}" = "$PWD" ]
	[ "${lines[2]}" = "$RDMA_ROUTE" ]
	[ "$stderr" = to-err ]
	[ "$(hostname)" = rdma-route-lab-a ]
	# Words are joined as ssh joins them; quoting goes through.
	run lab-on b printf '%s-' "'a b'" c
	[ "$output" = "a b-c-" ]
	# Binary output and no final newline arrive byte for byte.
	lab-on b "head -c 3000 /dev/urandom | tee /tmp/rand" >"$BATS_TEST_TMPDIR/rand"
	[ "$(lab-on b 'sha256sum </tmp/rand')" = "$(sha256sum <"$BATS_TEST_TMPDIR/rand")" ]
	# A request of more than one write (32 KiB) goes whole.
	run lab-on b "$(printf ': %040000d\n' 0)"$'\n''echo big'
	[ "$status" -eq 0 ] && [ "$output" = big ]
}

@test "lab-on b: a background server keeps running after the call; LAB_* name the wire's addresses" {
	[ "$LAB_SELF" = 192.168.90.1 ] && [ "$LAB_SELF6" = fd00:90::1 ]
	[ "$LAB_PEER" = 192.168.90.2 ] && [ "$LAB_PEER6" = fd00:90::2 ]
	pid=$(lab-on b 'sleep 300 >/dev/null 2>&1 & echo $!')
	b_pids+=("$pid")
	lab-on b "kill -0 $pid"
	run lab-on b "ip -br address show eth0"
	[[ $output == *" 192.168.90.2/24 fd00:90::2/64 "* ]]
	run lab-on b "rdma link show rxe0/1"
	[[ $output == *"state ACTIVE"*"netdev eth0"* ]]
	run rdma link show rxe0/1
	[[ $output == *"state ACTIVE"*"netdev eth0"* ]]
	# The neighbour is warm: topology.sh pinged it.
	run "$IP" neigh show "$LAB_PEER" dev eth0
	[[ $output == *"lladdr 52:54:00:90:00:02"* ]]
	# A call that takes longer than LAB_ON_TIMEOUT fails, 125, and the
	# next call still gets its own answer, not the late one.
	LAB_ON_TIMEOUT=1 run --separate-stderr lab-on b 'sleep 2; echo late'
	[ "$status" -eq 125 ]
	[[ $stderr == *"no answer from host b within 1 s"* ]]
	run lab-on b 'echo mine'
	[ "$output" = mine ]
}

# What a's end of the channel has written so far (debugfs).
sent_bytes() {
	local f
	for f in /sys/kernel/debug/virtio-ports/*; do
		grep -q '^name: lab.ctl$' "$f" && sed -n 's/^bytes_sent: //p' "$f"
	done
}

@test "lab-on b: a call still running after 5 s is asked again, and b runs it once" {
	lab-on b 'rm -f /tmp/lab_on_runs'
	# The same request, but done at once: sent once.
	s0=$(sent_bytes)
	run lab-on b 'echo ran >>/tmp/lab_on_runz; sleep 00; echo done'
	s1=$(sent_bytes)
	# Asked again at 5 s and at 10 s: b's agent reads both, runs neither.
	run lab-on b 'echo ran >>/tmp/lab_on_runs; sleep 11; echo done'
	s2=$(sent_bytes)
	[ "$status" -eq 0 ] && [ "$output" = done ]
	echo "sent: $((s1 - s0)) bytes at once, $((s2 - s1)) for the call of 11 s"
	[ $((s2 - s1)) -gt $((2 * (s1 - s0))) ]
	run lab-on b 'wc -l </tmp/lab_on_runs'
	[ "$output" = 1 ]
}

@test "nftables on both hosts: a rule on b drops RoCE's UDP port and counts it" {
	nft list tables >/dev/null
	lab-on b 'nft add table inet lab_t && nft add chain inet lab_t in "{ type filter hook input priority 0; }" &&
		nft add rule inet lab_t in udp dport 4791 counter drop'
	restore+=(drop_lab_t)
	# A plain datagram to 4791 (bash's /dev/udp: no RDMA involved).
	echo hello >"/dev/udp/$LAB_PEER/4791"
	run lab-on b 'nft list chain inet lab_t in'
	[[ $output =~ counter\ packets\ ([1-9][0-9]*) ]]
}

drop_lab_t() {
	lab-on b 'nft delete table inet lab_t 2>/dev/null; exit 0'
}
