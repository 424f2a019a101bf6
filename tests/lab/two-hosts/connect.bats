#!/usr/bin/env bats
# --connect across a wire: RoCE packets leave one kernel and reach another
# (tests/lab/lab run --hosts 2).  The servers on b are rdma-route --listen
# and librdmacm's rping, ucmatose and cmtime, each started with its
# defaults but the address (and a port of its own).

load ../../helpers
load hosts	# setup, teardown

@test "--connect to --listen on the other host, IPv4 and IPv6: connected over rxe0, b's listener saw a's address" {
	serve_b 7471 "$LAB_PEER" "$RDMA_ROUTE --listen --jsonl $LAB_PEER"
	serve_b 7470 "$LAB_PEER6" "$RDMA_ROUTE --listen=7470 --jsonl $LAB_PEER6"
	run --separate-stderr rr --connect --json --timeout 3000 "$LAB_PEER"
	[ "$status" -eq 0 ] || { echo "$output $stderr"; false; }
	jqe '.results[0] | .status == "connected" and .device == "rxe0" and .source == "192.168.90.1"' <<<"$output"
	jqe '.results[0].paths[0] | .dgid == "::ffff:192.168.90.2" and .sgid == "::ffff:192.168.90.1" and .mtu == 1024' <<<"$output"
	jqe '.results[0] | .disconnect_confirmed == true and .time_ms.establish > 0 and .time_ms.disconnect > 0' <<<"$output"
	jqe '.summary | .connected == 1 and .failed == 0' <<<"$output"
	run --separate-stderr rr --connect=7470 --json --timeout 3000 "$LAB_PEER6"
	[ "$status" -eq 0 ] || { echo "$output $stderr"; false; }
	jqe '.results[0] | .status == "connected" and .source == "fd00:90::1" and .disconnect_confirmed == true' <<<"$output"
	jqe '.results[0].paths[0] | .dgid == "fd00:90::2" and .sgid == "fd00:90::1"' <<<"$output"
	# Each listener on b wrote a record of the connection from a.
	run lab-on b 'cat /tmp/serve.7471'
	jqe -s 'map(select(.record == "connections")) | length == 1 and (.[0].peer | startswith("192.168.90.1:")) and .[0].local == "192.168.90.2:7471"' <<<"$output"
	run lab-on b 'cat /tmp/serve.7470'
	jqe -s 'map(select(.record == "connections")) | length == 1 and (.[0].peer | startswith("[fd00:90::1]:")) and .[0].status == "disconnected"' <<<"$output"
}

@test "--connect to rping, cmtime and ucmatose servers on the other host with their defaults" {
	serve_b 7472 "$LAB_PEER" "rping -s -a $LAB_PEER -p 7472"
	serve_b 7473 "$LAB_PEER" "cmtime -b $LAB_PEER -p 7473"
	serve_b 7474 "$LAB_PEER" "ucmatose -b $LAB_PEER -p 7474"
	for port in 7472 7473; do
		run --separate-stderr rr --connect=$port --json --timeout 2000 "$LAB_PEER"
		[ "$status" -eq 0 ] || { echo "port $port: $output"; false; }
		jqe '.results[0] | .status == "connected" and .disconnect_confirmed == true and (has("warnings") | not)' <<<"$output"
		jqe '.results[0].time_ms | .create_qp > 0 and .connect > 0 and .establish > 0' <<<"$output"
	done
	# ucmatose waits for its messages and never disconnects: no DREP.
	# b counts the probe datagrams that come to UDP 4791 (their payload
	# starts "rdma": 0x72646d61; a RoCE packet starts with its BTH): a
	# peer that answers in time gets none.
	lab-on b 'nft add table inet lab_c && nft add chain inet lab_c in "{ type filter hook input priority 0; }" &&
		nft add rule inet lab_c in udp dport 4791 @th,64,32 0x72646d61 counter'
	restore+=(uncount_udp_on_b)
	run --separate-stderr rr --connect=7474 --json --timeout 2000 "$LAB_PEER"
	[ "$status" -eq 0 ]
	jqe '.results[0] | .status == "connected" and .disconnect_confirmed == false and .error == null' <<<"$output"
	jqe '.results[0].time_ms.disconnect | . >= 500 and . < 1500' <<<"$output"
	jqe '.results[0].warnings[0] | startswith("the peer did not confirm the disconnect: no DREP within 500 ms")' <<<"$output"
	run lab-on b 'nft list chain inet lab_c in'
	[[ $output == *"counter packets 0 "* ]] || { echo "$output"; false; }
}

uncount_udp_on_b() {
	lab-on b 'nft delete table inet lab_c 2>/dev/null; exit 0'
}

@test "--connect to a port nothing listens on at the other host: no_listener, naming the address and port" {
	run --separate-stderr rr --connect=9999 --json --timeout 2000 "$LAB_PEER"
	[ "$status" -eq 1 ]
	jqe '.results[0].error | .step == "connect" and .cause == "no_listener" and .event == "REJECTED"' <<<"$output"
	jqe '.results[0].error.detail == "nothing listens on 192.168.90.2 port 9999"' <<<"$output"
	run --separate-stderr rr --connect=9999 --timeout 2000 "$LAB_PEER"
	[ "$status" -eq 1 ]
	[[ $output$stderr == *"nothing listens on 192.168.90.2 port 9999"* ]]
}

@test "the other way: b's --connect reaches --listen on a" {
	out=$BATS_TEST_TMPDIR/listen
	env --default-signal=INT "$RDMA_ROUTE" --listen=7475 --count 1 --jsonl "$LAB_SELF" >"$out" 2>"$out.err" &
	listener=$!
	for _ in $(seq 400); do
		grep -q "listening on" "$out.err" && break
		sleep 0.05
	done
	run --separate-stderr lab-on b "\"\$RDMA_ROUTE\" --connect=7475 --json --timeout 3000 $LAB_SELF"
	[ "$status" -eq 0 ] || { echo "$output $stderr"; kill $listener; false; }
	jqe '.results[0] | .status == "connected" and .source == "192.168.90.2" and .host == "rdma-route-lab-b"' <<<"$output"
	wait_bounded $listener 20
	jqe -s 'map(select(.record == "connections"))[0] | .status == "disconnected" and (.peer | startswith("192.168.90.2:")) and .device == "rxe0"' "$out"
}
