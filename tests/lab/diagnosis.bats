#!/usr/bin/env bats
# The diagnosis where it is hard: the chain follows what the kernel did
# (the destination's scope, the bound --src and the device the id was
# bound to), and the cause holds up against the facts.  Every test undoes
# what it changed (teardown): the lab's files share one VM.

load ../helpers
load lab

setup() {
	[ -e /dev/infiniband/rdma_cm ] || skip "not in the lab: no RDMA CM here"
	restore=()
}

# links JSON: "link state" per line, for the whole chain.
links() {
	jq -r '.results[0].explain[] | "\(.link) \(.state)"' <<<"$1" | tr '\n' ' '
}

peer_link_local() {
	"$IP" -n peer -6 -br addr show veth1 | grep -o 'fe80::[0-9a-f:]*'
}

@test "link-local with its scope: the route via that interface, rxe0, nothing broken" {
	ll=$(peer_link_local)
	run --separate-stderr rr --json --explain "$ll%veth0"
	[ "$status" -eq 0 ]
	jqe '.results[0].device == "rxe0"' <<<"$output"
	jqe '.results[0].explain[0].interface == "veth0"' <<<"$output"
	jqe '.results[0].explain[1] | .state != "broken" and .rdma_device == "rxe0"' <<<"$output"
	jqe '[.results[0].explain[] | select(.state == "broken")] == []' <<<"$output"
	# fe80::/64 is on every interface, but the scope chose: the route is ok.
	jqe '.results[0].explain[0].state == "ok"' <<<"$output"
}

@test "link-local without a scope: link_local_no_scope, exit 1" {
	ll=$(peer_link_local)
	run --separate-stderr rr --json "$ll"
	[ "$status" -eq 1 ]
	jqe '.results[0].error | .event == "ADDR_ERROR" and .errno_name == "ENODEV" and .cause == "link_local_no_scope"' <<<"$output"
	jqe '.results[0].error.hint | startswith("add the interface: fe80::...%IFACE")' <<<"$output"
	jqe '.results[0].root_cause.reason | test("RDMA devices are on veth0 \\(rxe0\\)")' <<<"$output"
}

@test "--src on an interface with no RDMA device: source_not_rdma" {
	run --separate-stderr rr --json --src 192.168.79.1 192.168.77.2
	[ "$status" -eq 1 ]
	jqe '.results[0].error | .step == "bind_addr" and .cause == "source_not_rdma"' <<<"$output"
	run --separate-stderr rr --json --src 192.168.77.77 192.168.77.2
	jqe '.results[0].error | .step == "bind_addr" and .cause == "source_not_local"' <<<"$output"
}

# A second RDMA device on veth0's subnet: rxe3 on veth4 .250, its peer in
# netns peer3 at .251.
add_rxe3() {
	"$IP" netns add peer3
	"$IP" link add veth4 type veth peer name veth5 netns peer3
	"$IP" address add 192.168.77.250/24 dev veth4
	"$IP" link set veth4 up
	"$IP" -n peer3 address add 192.168.77.251/24 dev veth5
	"$IP" -n peer3 link set veth5 up
	rdma link add rxe3 type rxe netdev veth4
	wait_active rxe3
	busybox ping -q -c 1 -W 1 -I veth4 192.168.77.251 >/dev/null 2>&1 || true
	restore+=(del_rxe3)
}

del_rxe3() {
	rdma link delete rxe3 2>/dev/null || true
	"$IP" link del veth4 2>/dev/null || true
	"$IP" netns del peer3 2>/dev/null || true
}

@test "--src on the second device: resolved via rxe3, the chain on rxe3, the choice named" {
	add_rxe3
	run --separate-stderr rr --json --explain --src 192.168.77.250 192.168.77.251
	[ "$status" -eq 0 ]
	jqe '.results[0].device == "rxe3"' <<<"$output"
	# The device link warns of the 1500-byte netdev, as for rxe0.
	[ "$(links "$output")" = "route warning device warning gid ok neighbour ok path_record ok " ] ||
		{ links "$output"; false; }
	jqe '.results[0].explain[1].reason | startswith("netdev veth4 MTU 1500 caps the RoCE MTU of rxe3 port 1")' <<<"$output"
	jqe '.results[0].explain[0].reason == "192.168.77.251 leaves via veth4, the interface the kernel bound the id to (source 192.168.77.250); a plain route lookup gives veth0"' <<<"$output"
	jqe '.results[0].explain[1].rdma_device == "rxe3"' <<<"$output"
	jqe '.results[0].explain[2].reason | startswith("GID index") and test("::ffff:192.168.77.250")' <<<"$output"
}

@test "--src on the second device to a peer of the first: subnet_on_several_interfaces" {
	add_rxe3
	run --separate-stderr rr --json --timeout 500 --src 192.168.77.250 192.168.77.2
	[ "$status" -eq 1 ]
	jqe '.results[0] | .device == "rxe3" and .error.cause == "subnet_on_several_interfaces"' <<<"$output"
	jqe '.results[0].error.errno_name == "ETIMEDOUT"' <<<"$output"
	run --separate-stderr rr --json --explain --timeout 500 --src 192.168.77.250 192.168.77.2
	jqe '.results[0].explain[0] | .state == "warning" and (.reason | test("veth4") and test("veth0"))' <<<"$output"
}

@test "--src of another subnet's device: source_on_other_interface, the chain on rxe2" {
	run --separate-stderr rr --json --explain --timeout 500 --src 192.168.78.1 192.168.77.2
	[ "$status" -eq 1 ]
	jqe '.results[0] | .device == "rxe2" and .error.cause == "source_on_other_interface"' <<<"$output"
	jqe '.results[0].explain[1].rdma_device == "rxe2"' <<<"$output"
}

# keep_addr_on_down: a link taken down keeps its IPv6 addresses (the
# other files' tests need fd00:77::2 and its neighbours).
keep_v6() { # 0|1
	"$IP" netns exec peer sh -c "echo $1 >/proc/sys/net/ipv6/conf/veth1/keep_addr_on_down"
}

peer_link_up() {
	"$IP" -n peer link set veth1 up
	keep_v6 0
	wait_active rxe0
	busybox ping -q -c 1 -W 1 192.168.77.2 >/dev/null 2>&1 || true
	busybox ping6 -q -c 1 -W 1 fd00:77::2 >/dev/null 2>&1 || true
}

@test "the peer's link down: link_down, the port checked and shown DOWN" {
	keep_v6 1
	"$IP" -n peer link set veth1 down
	restore+=(peer_link_up)
	run --separate-stderr rr --json --explain --timeout 500 192.168.77.2
	[ "$status" -eq 1 ]
	jqe '.results[0].error.cause == "link_down"' <<<"$output"
	jqe '.results[0].explain[0] | .state == "broken" and (.reason | test("no carrier"))' <<<"$output"
	jqe '.results[0].explain[1] | .state == "broken" and .port_state == "DOWN" and (.reason | test("no link"))' <<<"$output"
}
