#!/usr/bin/env bats
# Faults between two hosts (tests/lab/lab run --hosts 2), planted on b and
# told apart by a's --connect: each with its cause, its exit code and the
# words that name it.

load ../../helpers
load hosts	# setup, teardown

drop_roce_on_b() {
	lab-on b 'nft add table inet lab_f && nft add chain inet lab_f in "{ type filter hook input priority 0; }" &&
		nft add rule inet lab_f in udp dport 4791 @th,64,32 0x72646d61 counter drop &&
		nft add rule inet lab_f in udp dport 4791 counter drop'
	restore+=(undrop_roce_on_b)
}

undrop_roce_on_b() {
	lab-on b 'nft delete table inet lab_f 2>/dev/null; exit 0'
}

@test "UDP 4791 dropped by b's firewall, its witness answering: roce_filtered, decided by the witness's counters and the unanswered REQ" {
	serve_b 7471 "$LAB_PEER" "$RDMA_ROUTE --listen $LAB_PEER"
	drop_roce_on_b
	# 3 s: b's witness answers within the prober's bound on a busy
	# machine (with 1 s, once not in 438 ms: roce_unanswered).
	run --separate-stderr rr --connect --json --timeout 3000 "$LAB_PEER"
	[ "$status" -eq 1 ]
	jqe '.results[0].error | .step == "connect" and .cause == "roce_filtered" and .decided_by == ["witness", "cm_other_service"]' <<<"$output" || { echo "$output"; false; }
	# b has RoCE for the address, its witness says so; none of the
	# requests reached its rxe0 (its CM's request counter did not move).
	jqe '.results[0].peer | .from == "witness" and .host == "rdma-route-lab-b" and .gid.device == "rxe0" and .gid.type == "RoCEv2" and .listening == true' <<<"$output"
	jqe '.results[0].peer_counters | .cm_requests_after == .cm_requests_before' <<<"$output"
	# What it rests on is b's word, and says so.
	jqe '.results[0].error.detail | startswith("rdma-route-lab-b'"'"'s witness says neither its RDMA CM'"'"'s request counter (")' <<<"$output" || { echo "$output"; false; }
	jqe '[.results[0].evidence[] | {(.asked): .answer}] | add | .neighbour == "answered" and .icmp_echo == "answered" and .witness == "answered" and .udp_4791 == "no_answer" and .cm_other_service == "no_answer"' <<<"$output"
	jqe '.results[0] | .udp_4791 == "no_answer" and .gid_type == "RoCE v2"' <<<"$output"
	jqe '.results[0].error.hint | contains("nft list ruleset")' <<<"$output"
	# The firewall dropped the one probe datagram (its payload starts
	# "rdma", 0x72646d61) and the requests.
	run lab-on b 'nft list chain inet lab_f in'
	[[ $output == *"0x72646d61 counter packets 1 "* ]] || { echo "$output"; false; }
	[[ $output =~ dport\ 4791\ counter\ packets\ ([0-9]+) ]] && [ "${BASH_REMATCH[1]}" -ge 2 ]
	# Text and --explain say it too; --expect can hold the field.
	run --separate-stderr rr --connect --explain --timeout 1000 \
		--expect 'udp_4791 != no_answer' "$LAB_PEER"
	[ "$status" -eq 1 ]
	[[ $output$stderr == *"RoCE v2 filtered"* ]]
	[[ $output$stderr == *"witness: answered in "*" ms: rdma-route-lab-b says rxe0 port 1 GID "*" holds the address, it listens"* ]]
	[[ $output$stderr == *"peer: what rdma-route-lab-b says of itself on its witness (its word, not measured here)"* ]]
	has_field "$output" "udp 4791" no_answer
	# The firewall gone, the same listener answers: the fault was the rule.
	undrop_roce_on_b
	run --separate-stderr rr --connect --json --timeout 2000 "$LAB_PEER"
	[ "$status" -eq 0 ]
	jqe '.results[0] | .status == "connected" and (has("udp_4791") | not) and (has("evidence") | not)' <<<"$output"
}

rxe_back_on_b() {
	lab-on b 'lsmod | grep -q "^rdma_rxe " || insmod /run/lab/modules/rdma_rxe.ko
		rdma link show rxe0 >/dev/null 2>&1 || rdma link add rxe0 type rxe netdev eth0
		for _ in $(seq 100); do rdma link show rxe0/1 2>/dev/null | grep -q "state ACTIVE" && exit 0; sleep 0.05; done
		echo "rxe0 not back on b" >&2; exit 1'
}

@test "b without RoCE (rdma_rxe unloaded): no_roce_endpoint, the UDP datagram brought back ICMP port unreachable" {
	lab-on b 'rdma link del rxe0 && rmmod rdma_rxe'
	restore+=(rxe_back_on_b)
	run --separate-stderr rr --connect --json --timeout 1000 "$LAB_PEER"
	[ "$status" -eq 1 ]
	jqe '.results[0].error | .step == "connect" and .cause == "no_roce_endpoint"' <<<"$output"
	jqe '.results[0].error | .decided_by == ["udp_4791"] and (.detail | contains("udp_4791: ICMP port unreachable"))' <<<"$output"
	jqe '.results[0].udp_4791 == "port_unreachable"' <<<"$output"
	# IPv6 too (ICMPv6 destination unreachable, port).
	run --separate-stderr rr --connect --json --timeout 1000 "$LAB_PEER6"
	[ "$status" -eq 1 ]
	jqe '.results[0] | .error.cause == "no_roce_endpoint" and .udp_4791 == "port_unreachable"' <<<"$output"
	run --separate-stderr rr --connect --timeout 1000 "$LAB_PEER"
	[ "$status" -eq 1 ]
	[[ $output$stderr == *"no RoCE v2 endpoint at the peer"* ]]
}

vlans_down() {
	"$IP" link del eth0.10 2>/dev/null
	lab-on b "ip link del eth0.10 2>/dev/null; ip link del eth0.20 2>/dev/null
		ip address del 192.168.91.2/24 dev eth0 2>/dev/null; exit 0"
}

@test "a VLAN on one side only, then two VLAN IDs: neighbour_timeout_vlan, naming the interface and the VLAN; the same ID resolves" {
	restore+=(vlans_down)
	"$IP" link add link eth0 name eth0.10 type vlan id 10
	"$IP" address add 192.168.91.1/24 dev eth0.10
	"$IP" link set eth0.10 up
	# b has the address untagged: a's tagged ARP never reaches it.
	lab-on b 'ip address add 192.168.91.2/24 dev eth0'
	run --separate-stderr rr --json --timeout 1000 192.168.91.2
	[ "$status" -eq 1 ]
	jqe '.results[0].error | .step == "resolve_addr" and .cause == "neighbour_timeout_vlan"' <<<"$output"
	jqe '.results[0].error.detail == "address resolution went out on eth0.10, VLAN 10"' <<<"$output"
	jqe '.results[0].error.hint | contains("ip -d link show")' <<<"$output"
	# b on VLAN 20: still no answer, the same words.
	lab-on b 'ip address del 192.168.91.2/24 dev eth0 &&
		ip link add link eth0 name eth0.20 type vlan id 20 &&
		ip address add 192.168.91.2/24 dev eth0.20 && ip link set eth0.20 up'
	run --separate-stderr rr --timeout 1000 192.168.91.2
	[ "$status" -eq 1 ]
	[[ $output$stderr == *"went out tagged on a VLAN"* ]]
	[[ $output$stderr == *"eth0.10, VLAN 10"* ]]
	# b on VLAN 10 as well: it resolves, over the VLAN's GID.  (The
	# neighbour entry the failures left is dropped and warmed again: an
	# uncached one resolves only at the timeout, tests/lab/README.md.)
	lab-on b 'ip link del eth0.20 && ip link add link eth0 name eth0.10 type vlan id 10 &&
		ip address add 192.168.91.2/24 dev eth0.10 && ip link set eth0.10 up'
	"$IP" neigh flush dev eth0.10
	for _ in 1 2 3 4 5; do
		busybox ping -q -c 1 -W 1 192.168.91.2 >/dev/null 2>&1 && break
	done
	run --separate-stderr rr --json --timeout 2000 192.168.91.2
	[ "$status" -eq 0 ] || { echo "$output $stderr"; false; }
	jqe '.results[0] | .status == "resolved" and .device == "rxe0" and .paths[0].sgid == "::ffff:192.168.91.1"' <<<"$output"
}

@test "b's address on a VLAN, a untagged: b answers ARP on eth0, nothing above it: vlan_mismatch, decided by ARP asked again, ping and TCP" {
	restore+=(vlans_down)
	"$IP" address add 192.168.91.1/24 dev eth0
	restore+=(untagged_down)
	lab-on b 'ip link add link eth0 name eth0.10 type vlan id 10 &&
		ip address add 192.168.91.2/24 dev eth0.10 && ip link set eth0.10 up'
	serve_b 7471 192.168.91.2 "$RDMA_ROUTE --listen 192.168.91.2"
	run --separate-stderr rr --connect --json --timeout 1000 192.168.91.2
	[ "$status" -eq 1 ] || { echo "$output $stderr"; false; }
	# Resolved (b answered the untagged ARP), then b's answers go out
	# tagged on eth0.10 and never reach a.
	jqe '.results[0].error | .step == "connect" and .cause == "vlan_mismatch" and .decided_by == ["neighbour", "icmp_echo", "witness"]' <<<"$output" || { echo "$output"; false; }
	jqe '[.results[0].evidence[] | {(.asked): .answer}] | add | .neighbour == "answered" and .icmp_echo == "no_answer" and .witness == "no_answer"' <<<"$output"
	jqe '.results[0].evidence[0].said == "52:54:00:90:00:02 answered"' <<<"$output"
	jqe '.results[0].error.hint | contains("ip -d link show")' <<<"$output"
	# Tagged on both sides, the same listener connects.
	"$IP" address del 192.168.91.1/24 dev eth0
	"$IP" link add link eth0 name eth0.10 type vlan id 10
	"$IP" address add 192.168.91.1/24 dev eth0.10
	"$IP" link set eth0.10 up
	for _ in 1 2 3 4 5; do
		busybox ping -q -c 1 -W 1 192.168.91.2 >/dev/null 2>&1 && break
	done
	run --separate-stderr rr --connect --json --timeout 2000 192.168.91.2
	[ "$status" -eq 0 ] || { echo "$output $stderr"; false; }
}

untagged_down() {
	"$IP" address del 192.168.91.1/24 dev eth0 2>/dev/null
	return 0
}
