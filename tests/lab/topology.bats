#!/usr/bin/env bats
# Checks the lab VM's topology (tests/lab/topology.sh). Runs inside the VM:
#   tests/lab/lab run -- bats tests/lab/topology.bats

setup() {
	[ "${RDMA_ROUTE_LAB_GUEST:-}" = 1 ] || skip "not inside the lab VM (use tests/lab/lab run -- bats ...)"
	IP=/usr/bin/ip
	[ -x "$IP" ] || IP=/sbin/ip
}

@test "rxe0, rxe1 and rxe2 are ACTIVE on veth0, veth1 and veth2" {
	run rdma link show
	[ "$status" -eq 0 ]
	[[ "$output" == *"rxe0/1 state ACTIVE"*"netdev veth0"* ]]
	[[ "$output" == *"rxe2/1 state ACTIVE"*"netdev veth2"* ]]
	[[ "$output" == *"rxe1/1 state ACTIVE"* ]]
	[ "$(cat /sys/class/infiniband/rxe1/ports/1/gid_attrs/ndevs/1)" = veth1 ]
}

@test "libibverbs sees the rxe devices" {
	run ibv_devices
	[ "$status" -eq 0 ]
	[[ "$output" == *rxe0* && "$output" == *rxe1* && "$output" == *rxe2* ]]
}

@test "root namespace addresses" {
	run "$IP" -br addr show
	[[ "$output" == *"192.168.77.1/24"*"fd00:77::1/64"* ]]
	[[ "$output" == *"192.168.78.1/24"* ]]
	[[ "$output" == *"dummy0"*"192.168.79.1/24"* ]]
	[ ! -e /sys/class/infiniband/rxe3 ]
}

@test "peer namespaces and their addresses" {
	run "$IP" netns list
	[[ "$output" == *peer2* && "$output" == *peer* ]]
	run "$IP" -n peer -4 -o addr show dev veth1
	[ "${#lines[@]}" -eq 252 ] # .2 and .3-.254 without .99
	[[ "$output" != *"192.168.77.99/"* ]]
	run "$IP" -n peer -6 -o addr show dev veth1 scope global
	[ "${#lines[@]}" -eq 257 ] # ::2 and ::100-::1ff
	[[ "$output" != *tentative* ]]
	run "$IP" -n peer2 -4 -br addr show dev veth3
	[[ "$output" == *"192.168.78.2/24"* ]]
}

@test "neighbour caches are warm for the peers, not for .99" {
	"$IP" neigh show 192.168.77.2 | grep -q lladdr
	"$IP" neigh show 192.168.78.2 | grep -q lladdr
	"$IP" -6 neigh show fd00:77::2 | grep -q lladdr
	run "$IP" neigh show 192.168.77.99
	[[ "$output" != *lladdr* ]]
}

@test "192.168.77.99 is silent" {
	run busybox ping -c 1 -W 1 192.168.77.99
	[ "$status" -ne 0 ]
}

@test "no route to 10.99.99.99" {
	run "$IP" route get 10.99.99.99
	[ "$status" -ne 0 ]
	[[ "$output" == *"unreachable"* ]]
}

@test "RDMA CM connects over rxe0 (cmtime loopback)" {
	cmtime -b 192.168.77.1 -p 7471 >/dev/null 2>&1 &
	server=$!
	sleep 0.5
	run timeout 30 cmtime -s 192.168.77.1 -b 192.168.77.1 -p 7471 -c 2
	kill "$server" 2>/dev/null || true
	[ "$status" -eq 0 ]
	[[ "$output" == *"resolve addr"* && "$output" == *"connect"* ]]
}
