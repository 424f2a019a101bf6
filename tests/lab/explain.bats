#!/usr/bin/env bats
# --explain: the chain route -> RDMA device -> GID -> neighbour ->
# PathRecord, each broken link produced for real.  Every test undoes what it
# changed (teardown), as the lab's files share one VM.

load ../helpers
load lab

IB=/sys/class/infiniband

setup() {
	[ -e /dev/infiniband/rdma_cm ] || skip "not in the lab: no RDMA CM here"
	[ -x "$IP" ] || IP=/sbin/ip
	restore=()
}

warm() { # ADDRESS: the neighbour cached, as topology.sh leaves it
	local _
	for _ in 1 2 3; do
		busybox ping -q -c 1 -W 1 "$1" >/dev/null 2>&1 && return 0
	done
	return 1
}

lladdr_of() { # ADDRESS: what `ip neigh` says
	"$IP" neigh show "$1" | sed -n 's/.* lladdr \([0-9a-f:]*\).*/\1/p'
}

# The sysfs index of the RoCE v2 entry of DEVICE port 1 holding GID.
gid_index() { # DEVICE GID
	sysfs_gid_index "$1" 1 "$2" "RoCE v2"
}

@test "IPv4 chain: route, rxe0, the RoCE v2 GID from sysfs, the neighbour from ip neigh" {
	run --separate-stderr rr --json --explain 192.168.77.2
	[ "$status" -eq 0 ]
	j=$output
	jqe '[.results[0].explain[].link] == ["route", "device", "gid", "neighbour", "path_record"]' <<<"$j"
	jqe '.results[0].explain[0] | .state == "ok" and .interface == "veth0" and .source == "192.168.77.1" and .local == false and (has("gateway") | not)' <<<"$j"
	jqe '.results[0].explain[0].reason == "192.168.77.2 leaves via veth0, directly connected, source 192.168.77.1"' <<<"$j"
	jqe '.results[0].explain[1] | .rdma_device == "rxe0" and .rdma_port == 1 and .netdev == "veth0" and .port_state == "ACTIVE" and .physical_state == "LINK_UP" and .link_layer == "Ethernet"' <<<"$j"
	idx=$(gid_index rxe0 0000:0000:0000:0000:0000:ffff:c0a8:4d01)
	jqe ".results[0].explain[2] | .state == \"ok\" and .index == $idx and .type == \"RoCE v2\" and .gid == \"::ffff:192.168.77.1\" and .from == \"path_record\"" <<<"$j"
	mac=$(lladdr_of 192.168.77.2)
	[ -n "$mac" ]
	jqe ".results[0].explain[3] | .state == \"ok\" and .address == \"192.168.77.2\" and .lladdr == \"$mac\" and .interface == \"veth0\"" <<<"$j"
	jqe '.results[0].explain[3].nud_state | test("REACHABLE|STALE|DELAY|PROBE")' <<<"$j"
	jqe '.results[0].explain[4] | .state == "ok" and .see == "paths"' <<<"$j"
	# The PathRecord is where it always was, and no root cause on success.
	jqe '.results[0].paths[0].dgid == "::ffff:192.168.77.2"' <<<"$j"
	jqe '.results[0] | has("root_cause") | not' <<<"$j"
}

@test "IPv6 chain: fd00:77::2 via veth0, GID fd00:77::1, ND neighbour" {
	run --separate-stderr rr --json --explain fd00:77::2
	[ "$status" -eq 0 ]
	j=$output
	jqe '.results[0].explain[0] | .state == "ok" and .interface == "veth0" and .source == "fd00:77::1"' <<<"$j"
	jqe '.results[0].explain[1].rdma_device == "rxe0"' <<<"$j"
	idx=$(gid_index rxe0 fd00:0077:0000:0000:0000:0000:0000:0001)
	jqe ".results[0].explain[2] | .index == $idx and .gid == \"fd00:77::1\" and .type == \"RoCE v2\"" <<<"$j"
	mac=$("$IP" -6 neigh show fd00:77::2 | sed -n 's/.* lladdr \([0-9a-f:]*\).*/\1/p')
	jqe ".results[0].explain[3] | .address == \"fd00:77::2\" and .lladdr == \"$mac\"" <<<"$j"
}

@test "text: one heading per link, the same fields as JSON" {
	run --separate-stderr rr --explain 192.168.77.2
	[ "$status" -eq 0 ]
	[[ "$output" == *"route: ok: 192.168.77.2 leaves via veth0, directly connected, source 192.168.77.1"* ]]
	[[ "$output" == *"device: "*"rxe0 port 1"* ]]
	[[ "$output" == *"gid: ok: GID index "*", RoCE v2, ::ffff:192.168.77.1"* ]]
	[[ "$output" == *"neighbour: ok: 192.168.77.2 is at "* ]]
	has_field "$output" "rdma device" "rxe0"
	has_field "$output" "port state" "ACTIVE"
	has_field "$output" "see" "paths"
	has_field "$output" "mtu" "1024 bytes (raw 3)"
}

@test "interface without RDMA device: route ok via dummy0, device broken naming where RDMA is" {
	run --separate-stderr rr --json --explain 192.168.79.2
	[ "$status" -eq 1 ]
	j=$output
	jqe '.results[0].error.cause == "not_rdma_netdev"' <<<"$j"
	jqe '.results[0].explain[0] | .state == "ok" and .interface == "dummy0" and .source == "192.168.79.1"' <<<"$j"
	want='route to 192.168.79.2 leaves via dummy0, which has no RDMA device; RDMA devices are on veth0 (rxe0) and veth2 (rxe2)'
	jqe ".results[0].explain[1] | .state == \"broken\" and .reason == \"$want\"" <<<"$j"
	jqe '[.results[0].explain[1].rdma_netdevs[] | "\(.netdev)=\(.rdma_device)"] == ["veth0=rxe0", "veth2=rxe2"]' <<<"$j"
	# With the whole chain, its first broken link is the root cause.
	jqe "first(.results[0].explain[] | select(.state == \"broken\")) | .link == \"device\" and .reason == \"$want\"" <<<"$j"
	jqe '.results[0] | has("root_cause") | not' <<<"$j"
	jqe '.results[0].explain[4] | .state == "broken"' <<<"$j"
}

@test "failure without --explain: only the first broken link, as root_cause" {
	run --separate-stderr rr --json 192.168.79.2
	[ "$status" -eq 1 ]
	jqe '.results[0] | has("explain") | not' <<<"$output"
	jqe '.results[0].root_cause | .link == "device" and .state == "broken"' <<<"$output"
	run --separate-stderr rr 192.168.79.2
	[ "$status" -eq 1 ]
	[[ "$output" == *"device: broken: route to 192.168.79.2 leaves via dummy0, which has no RDMA device; RDMA devices are on veth0 (rxe0) and veth2 (rxe2)"* ]]
	[[ "$output" != *"route: ok"* ]]
	# The error block scripts read is unchanged.
	has_field "$output" "cause" "not_rdma_netdev"
}

@test "a failure's chain reads the netdev names of this namespace's GID entries only" {
	command -v strace >/dev/null || skip "strace not installed"
	local trace=$BATS_TEST_TMPDIR/openat entries
	# rxe1's entries are veth1's, in namespace peer: hundreds of them.
	entries=$(cat "$IB"/rxe1/ports/1/gids/* | grep -vc '^0000:0000:0000:0000:0000:0000:0000:0000$')
	[ "$entries" -gt 100 ]
	# LeakSanitizer cannot run under ptrace: no leak check for this run.
	run --separate-stderr env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -e trace=openat -o "$trace" "$RDMA_ROUTE" --jsonl 192.168.79.2
	[ "$status" -eq 1 ]
	jqe -s 'map(select(.record == "results"))[0].root_cause.reason | endswith("RDMA devices are on veth0 (rxe0) and veth2 (rxe2)")' <<<"$output"
	# Named: rxe0's entries (veth0 is here); not one of rxe1's.
	[ "$(grep -c 'rxe0/ports/1/gid_attrs/ndevs/' "$trace")" -gt 0 ]
	[ "$(grep -c 'rxe1/ports/1/gid_attrs/ndevs/' "$trace")" -eq 0 ]
}

restore_rxe2() {
	rdma link show rxe2/1 >/dev/null 2>&1 ||
		rdma link add rxe2 type rxe netdev veth2
	wait_active rxe2
}

@test "rxe device removed: veth2 has no RDMA device any more" {
	restore+=(restore_rxe2)
	rdma link delete rxe2
	run --separate-stderr rr --json --explain 192.168.78.2
	[ "$status" -eq 1 ]
	j=$output
	jqe '.results[0].explain[0] | .state == "ok" and .interface == "veth2"' <<<"$j"
	jqe 'first(.results[0].explain[] | select(.state == "broken")) | .link == "device" and .reason == "route to 192.168.78.2 leaves via veth2, which has no RDMA device; RDMA devices are on veth0 (rxe0)"' <<<"$j"
}

restore_veth2() {
	"$IP" link set veth2 up
	wait_active rxe2
	warm 192.168.78.2
}

@test "netdev down: no route, the down interface named; rxe2 DOWN in --list" {
	restore+=(restore_veth2)
	"$IP" link set veth2 down
	run --separate-stderr rr --json --explain 192.168.78.2
	[ "$status" -eq 1 ]
	j=$output
	jqe '.results[0].error.cause == "no_route"' <<<"$j"
	jqe '.results[0].explain[0] | .state == "broken" and .down_interface == "veth2"' <<<"$j"
	jqe '.results[0].explain[0].reason == "no route to 192.168.78.2: veth2, which holds its subnet, is down"' <<<"$j"
	jqe '.results[0].explain[1].state == "unknown"' <<<"$j"
	run --separate-stderr rr --json --list
	state=$(rdma link show rxe2/1 | sed -n 's/.* state \([A-Z_]*\) .*/\1/p')
	[ "$state" != ACTIVE ]
	jqe ".ports[] | select(.device == \"rxe2\") | .state == \"$state\"" <<<"$output"
}

restore_router() {
	rdma link show rxeg/1 >/dev/null 2>&1 && rdma link delete rxeg
	"$IP" route del 10.77.0.0/24 2>/dev/null
	"$IP" link del vethg0 2>/dev/null
	"$IP" netns del rtr 2>/dev/null
	"$IP" netns del far 2>/dev/null
	true
}

@test "a route via a gateway: the gateway in the chain, its neighbour entry" {
	restore+=(restore_router)
	"$IP" netns add rtr
	"$IP" netns add far
	"$IP" link add vethg0 type veth peer name vethg1 netns rtr
	"$IP" -n rtr link add vethg2 type veth peer name vethg3 netns far
	"$IP" addr add 10.76.0.1/24 dev vethg0
	"$IP" link set vethg0 up
	"$IP" -n rtr addr add 10.76.0.2/24 dev vethg1
	"$IP" -n rtr addr add 10.77.0.1/24 dev vethg2
	"$IP" -n rtr link set vethg1 up
	"$IP" -n rtr link set vethg2 up
	"$IP" netns exec rtr sysctl -qw net.ipv4.ip_forward=1
	"$IP" -n far addr add 10.77.0.2/24 dev vethg3
	"$IP" -n far link set vethg3 up
	"$IP" -n far route add default via 10.77.0.1
	"$IP" route add 10.77.0.0/24 via 10.76.0.2 dev vethg0
	rdma link add rxeg type rxe netdev vethg0
	wait_active rxeg
	warm 10.77.0.2
	run --separate-stderr rr --json --explain 10.77.0.2
	[ "$status" -eq 0 ]
	j=$output
	jqe '.results[0] | .device == "rxeg" and .paths[0].dgid == "::ffff:10.77.0.2"' <<<"$j"
	jqe '.results[0].explain[0] | .state == "ok" and .interface == "vethg0" and .gateway == "10.76.0.2" and .source == "10.76.0.1"' <<<"$j"
	jqe '.results[0].explain[0].reason == "10.77.0.2 leaves via vethg0 through gateway 10.76.0.2, source 10.76.0.1"' <<<"$j"
	jqe '.results[0].explain[1] | .rdma_device == "rxeg" and .netdev == "vethg0"' <<<"$j"
	mac=$(lladdr_of 10.76.0.2)
	[ -n "$mac" ]
	jqe ".results[0].explain[3] | .state == \"ok\" and .address == \"10.76.0.2\" and .lladdr == \"$mac\"" <<<"$j"
	run --separate-stderr rr --explain 10.77.0.2
	has_field "$output" "gateway" "10.76.0.2"
}

restore_mtu() {
	"$IP" link set veth0 mtu 1500
	"$IP" -n peer link set veth1 mtu 1500
	wait_active rxe0
}

@test "MTU: 9000 on both ends gives path MTU 4096; 1500 caps RoCE at 1024, a warning" {
	restore+=(restore_mtu)
	"$IP" link set veth0 mtu 9000
	"$IP" -n peer link set veth1 mtu 9000
	run --separate-stderr rr --json --explain 192.168.77.2
	[ "$status" -eq 0 ]
	j=$output
	jqe '.results[0].paths[0] | .mtu == 4096 and .mtu_raw == 5' <<<"$j"
	jqe '.results[0].explain[0].interface_mtu == 9000' <<<"$j"
	jqe '.results[0].explain[1] | .state == "ok" and .active_mtu == 4096 and .max_mtu == 4096' <<<"$j"
	jqe '.results[0].explain[4].state == "ok"' <<<"$j"

	restore_mtu
	run --separate-stderr rr --json --explain 192.168.77.2
	[ "$status" -eq 0 ]
	j=$output
	jqe '.results[0].paths[0].mtu == 1024' <<<"$j"
	jqe '.results[0].explain[1] | .state == "warning" and .active_mtu == 1024 and .max_mtu == 4096' <<<"$j"
	jqe '.results[0].explain[1].reason == "netdev veth0 MTU 1500 caps the RoCE MTU of rxe0 port 1 at 1024 bytes; the port could carry 4096"' <<<"$j"
	run --separate-stderr rr --explain 192.168.77.2
	[[ "$output" == *"device: warning: netdev veth0 MTU 1500 caps the RoCE MTU of rxe0 port 1 at 1024 bytes; the port could carry 4096"* ]]
}

@test "silent neighbour: the neighbour link is the root cause" {
	run --separate-stderr rr --json --timeout 500 192.168.77.99
	[ "$status" -eq 1 ]
	jqe '.results[0].error.cause == "neighbour_timeout"' <<<"$output"
	jqe '.results[0].root_cause | .link == "neighbour" and .state == "broken" and .address == "192.168.77.99"' <<<"$output"
}

@test "no route: the route link is the root cause, with the kernel's answer" {
	run --separate-stderr rr --json 10.99.99.99
	[ "$status" -eq 1 ]
	jqe '.results[0].root_cause | .link == "route" and .error == "Network is unreachable"' <<<"$output"
	jqe '.results[0].root_cause.reason == "no route to 10.99.99.99: no table has one (Network is unreachable)"' <<<"$output"
}

@test "loopback: the chain agrees with the cause: lo holds 127.0.0.1 and has no RDMA device, no neighbour blamed" {
	run --separate-stderr rr --json --explain 127.0.0.1
	[ "$status" -eq 1 ]
	j=$output
	jq -c '.results[0].explain[]' <<<"$j"
	jqe '.results[0].error.cause == "not_rdma_address"' <<<"$j"
	# The id was bound to an RDMA device all the same: the route is not
	# held to its interface, 127.0.0.1 is local, on lo.
	jqe '.results[0].explain[0] | .link == "route" and .state == "ok" and .local == true and .interface == "lo"' <<<"$j"
	jqe '.results[0].explain[0].reason == "127.0.0.1 is this host'"'"'s own address, on lo"' <<<"$j"
	jqe '.results[0].explain[1] | .link == "device" and .state == "broken" and (.reason | startswith("127.0.0.1 is on lo, which has no RDMA device; RDMA devices are on veth0 (rxe0)"))' <<<"$j"
	jqe '.results[0].explain[] | select(.link == "neighbour") | .state == "ok" and .reason == "a local address needs no neighbour"' <<<"$j"
	jqe '[.results[0].explain[].reason | select(test("veth0") and test("neighbour"))] == []' <<<"$j"
	# Without --explain: that same link is the root cause.
	run --separate-stderr rr --json 127.0.0.1
	jqe '.results[0].root_cause | .link == "device" and .state == "broken"' <<<"$output"
}

@test "--explain with --sa: its own chain, the port broken where Soft-RoCE has no MAD port" {
	run --separate-stderr rr --explain --sa --json 1
	[ "$status" -ne 0 ] && [ "$status" -ne 2 ]
	jqe '.results[0].explain | map(.link) == ["port", "sm", "path"] and
		.[0].state == "broken" and .[1].state == "unknown" and .[2].state == "unknown"' <<<"$output"
}
