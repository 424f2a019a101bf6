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
