#!/bin/sh
# The rdma-route lab's fixed network: run as root inside the lab VM (in the
# chroot over the host's root) by /init before the command. See README.md.
#
#   root ns: veth0  192.168.77.1/24 fd00:77::1/64  rxe0 <-> peer:  veth1 .77.2 fd00:77::2 rxe1
#            veth2  192.168.78.1/24                rxe2 <-> peer2: veth3 .78.2 (no RDMA)
#            dummy0 192.168.79.1/24 (no RDMA)
#   peer also has 192.168.77.3-254 and fd00:77::100-1ff on veth1.
#   192.168.77.99 is silent; 10.99.99.99 has no route (no default route).
set -eu

# Under busybox sh, plain `ip` would be busybox's applet: name iproute2's.
IP=/usr/bin/ip
[ -x "$IP" ] || IP=/sbin/ip
# The host has no ping; busybox's works.
PING="busybox ping"
PING6="busybox ping6"

# Progress lines carry the guest uptime: they end up in the console log.
log() {
	read -r up _ </proc/uptime
	echo "topology: $up s: $*"
}

# Runs "$@" in network namespace $1 ("" for the root namespace).
in_ns() {
	ns=$1
	shift
	if [ -n "$ns" ]; then $IP netns exec "$ns" "$@"; else "$@"; fi
}

# Turn off IPv6 duplicate address detection in every namespace (the sysctls
# are per namespace; interfaces copy "default" when created), so addresses,
# link-local ones too, are usable at once. Global addresses also get nodad.
for ns in "" peer peer2; do
	[ -z "$ns" ] || $IP netns add "$ns"
	in_ns "$ns" busybox sysctl -q -w net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
	in_ns "$ns" $IP link set lo up
done

log "namespaces"
$IP link add veth0 type veth peer name veth1 netns peer
$IP link add veth2 type veth peer name veth3 netns peer2
# Loading the dummy module creates dummy0 already (numdummies=1).
$IP link show dummy0 >/dev/null 2>&1 || $IP link add dummy0 type dummy

$IP addr add 192.168.77.1/24 dev veth0
$IP addr add fd00:77::1/64 dev veth0 nodad
$IP -n peer addr add 192.168.77.2/24 dev veth1
$IP -n peer addr add fd00:77::2/64 dev veth1 nodad
$IP addr add 192.168.78.1/24 dev veth2
$IP -n peer2 addr add 192.168.78.2/24 dev veth3
$IP addr add 192.168.79.1/24 dev dummy0

log "links"
# Extra peer addresses for batch tests, one `ip -batch` call for each family
# (hundreds of separate `ip` runs would take seconds under TCG). No .99:
# it must stay silent.
i=3
while [ "$i" -le 254 ]; do
	[ "$i" -ne 99 ] && echo "address add 192.168.77.$i/24 dev veth1"
	i=$((i + 1))
done | $IP -n peer -batch -
i=256
while [ "$i" -le 511 ]; do
	printf 'address add fd00:77::%x/64 dev veth1 nodad\n' "$i"
	i=$((i + 1))
done | $IP -n peer -batch -

log "extra addresses"
for dev in veth0 veth2 dummy0; do
	$IP link set "$dev" up
done
$IP -n peer link set veth1 up
$IP -n peer2 link set veth3 up

log "up"
# Soft-RoCE devices. RDMA devices are not network-namespace scoped (shared
# mode) but `rdma link add` finds the netdev in the caller's namespace.
rdma link add rxe0 type rxe netdev veth0
rdma link add rxe2 type rxe netdev veth2
$IP netns exec peer rdma link add rxe1 type rxe netdev veth1

log "rxe devices"
# Wait (bounded) until the three ports are ACTIVE.
n=0
until [ "$(rdma link show | grep -c 'state ACTIVE')" -ge 3 ]; do
	n=$((n + 1))
	if [ "$n" -gt 100 ]; then
		rdma link show
		log "rxe ports did not become ACTIVE"
		exit 1
	fi
	sleep 0.05
done

log "rxe ports active"
# Warm the neighbour caches: rdma_resolve_addr to an uncached neighbour only
# completes when its timeout expires (kernel race). Never 192.168.77.99.
warm() {
	for _ in 1 2 3; do
		$1 -q -c 1 -W 1 "$2" >/dev/null 2>&1 && return 0
	done
	log "no answer from $2"
	exit 1
}
warm "$PING" 192.168.77.2
warm "$PING" 192.168.78.2
warm "$PING6" fd00:77::2
log "ready"
