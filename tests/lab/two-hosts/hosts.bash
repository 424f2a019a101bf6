# Shared by the two-host lab's bats files (tests/lab/lab run --hosts 2):
# load after ../../helpers; it gives them their setup and teardown.  This file's tests run on host a; b is reached
# with lab-on (tests/lab/lab-on), its addresses in LAB_PEER and LAB_PEER6.

IP=/usr/bin/ip

setup() {
	[ -e /dev/infiniband/rdma_cm ] || skip "not in the lab: no RDMA CM here"
	[ -n "${LAB_PEER:-}" ] || skip "not in the two-host lab (tests/lab/lab run --hosts 2)"
	b_pids=()
	restore=()
}

# Stops what the test started on b (by PID, then until it is gone: the next
# test may take its port) and runs restore=()'s functions.
teardown() {
	local r
	if [ "${#b_pids[@]}" -gt 0 ]; then
		lab-on b "kill ${b_pids[*]} 2>/dev/null
			for _ in \$(seq 200); do kill -0 ${b_pids[*]} 2>/dev/null || exit 0; sleep 0.05; done
			kill -KILL ${b_pids[*]} 2>/dev/null; exit 0"
	fi
	for r in "${restore[@]}"; do
		"$r"
	done
	return 0
}

# serve_b PORT ADDR CMD: CMD (a shell command) in the background on b, until
# an id listens there on ADDR:PORT (TCP port space; bounded: 20 s).  Its
# stdout goes to b's /tmp/serve.PORT, its stderr to /tmp/serve.PORT.err.
serve_b() {
	local port=$1 addr=$2 pid
	pid=$(lab-on b "$3 >/tmp/serve.$port 2>/tmp/serve.$port.err & echo \$!") || return 1
	b_pids+=("$pid")
	# rdma prints an IPv6 address with its port as [ADDR]:PORT.
	lab-on b "end=\$((SECONDS + 20))
	while [ \$SECONDS -lt \$end ]; do
		rdma resource show cm_id 2>/dev/null | grep -qE 'state LISTEN ps TCP .*src-addr \\[?$addr\\]?:$port ' && exit 0
		sleep 0.05
	done
	echo 'nothing listened on $addr port $port on b' >&2; exit 1"
}

# eth0 up again on b, its IPv6 address back (a link down drops it), and
# rdma_rxe loaded again: on 6.1, b's RDMA CM answers no
# connection request after a link flap that cut a connection's packets
# (b gets the REQs, answers none; seen for 26 s), and a reload of the
# module is what brings it back (tests/lab/README.md).  Servers on b
# stopped first: teardown stops b_pids before it calls this.
eth0_up_on_b() {
	lab-on b 'ip link set eth0 up
		ip -6 address replace fd00:90::2/64 dev eth0 nodad
		rdma link del rxe0 && rmmod rdma_rxe && insmod /run/lab/modules/rdma_rxe.ko &&
			rdma link add rxe0 type rxe netdev eth0 || exit 1
		for _ in $(seq 200); do
			rdma link show rxe0/1 2>/dev/null | grep -q "state ACTIVE" &&
				grep -qs ffff:c0a8:5a02 /sys/class/infiniband/rxe0/ports/1/gids/* && exit 0
			sleep 0.05
		done
		echo "rxe0 not active again on b, or without its GID" >&2; exit 1'
}
