#!/bin/sh
# The rdma-route lab's fixed network: run as root inside the lab VM (in the
# chroot over the host's root) by /init before the command. See README.md.
#
#   root ns: veth0  192.168.77.1/24 fd00:77::1/64  rxe0 <-> peer:  veth1 .77.2 fd00:77::2 rxe1
#            veth2  192.168.78.1/24                rxe2 <-> peer2: veth3 .78.2 (no RDMA)
#            dummy0 192.168.79.1/24 (no RDMA)
#   peer also has 192.168.77.3-254 (not .99) and fd00:77::100-1ff on veth1.
#   192.168.77.99 is silent; 10.99.99.99 has no route (no default route).
#
# Every program started costs ~50 ms under TCG (loaded over 9p, dynamically
# linked), so the work is done in a few `ip -batch` runs and sysctls are
# plain writes to /proc.
set -eu

# Under busybox sh, plain `ip` would be busybox's applet: name iproute2's.
IP=/usr/bin/ip
[ -x "$IP" ] || IP=/sbin/ip

# Progress lines carry the guest uptime: they end up in the console log.
log() {
	read -r up _ </proc/uptime
	echo "topology: $up s: $*"
}

# lab.rdma_netns=exclusive on the kernel command line: each RDMA device
# belongs to one network namespace.  Only settable while no namespace but
# the first exists, so before any is made.
if grep -q 'lab.rdma_netns=exclusive' /proc/cmdline; then
	rdma system set netns exclusive
	log "rdma netns exclusive"
fi

# No IPv6 duplicate address detection, so addresses (link-local ones too)
# are usable at once; the global ones also get `nodad`. Namespaces made
# after devconf_inherit_init_net=1 copy these all/default settings.
echo 1 >/proc/sys/net/core/devconf_inherit_init_net
echo 0 >/proc/sys/net/ipv6/conf/all/accept_dad
echo 0 >/proc/sys/net/ipv6/conf/default/accept_dad

# Neighbour entries stay until the VM ends. The kernel's periodic GC runs
# once a table holds gc_thresh1 (128) entries, and batch.bats adds ~250
# permanent ones: the GC then drops every entry unused for 60 s, the warm
# ones below among them, and the next resolution to 192.168.77.2 waits out
# its timeout (the uncached-neighbour race). A slow, busy host made that a
# flaky test.
for t in ipv4 ipv6; do
	echo 1024 >/proc/sys/net/$t/neigh/default/gc_thresh1
	echo 2048 >/proc/sys/net/$t/neigh/default/gc_thresh2
	echo 4096 >/proc/sys/net/$t/neigh/default/gc_thresh3
done

# wait_active DEV...: until each port 1 is ACTIVE (bounded, ~5 s in all).
wait_active() {
	n=0
	for dev in "$@"; do
		until read -r state 2>/dev/null <"/sys/class/infiniband/$dev/ports/1/state" &&
			[ "$state" = "4: ACTIVE" ]; do
			n=$((n + 1))
			if [ "$n" -gt 100 ]; then
				rdma link show
				echo "topology: $dev did not become ACTIVE" >&2
				exit 1
			fi
			sleep 0.05
		done
	done
}

# Two hosts on a wire (lab run --hosts 2: lab.role=a or b on the kernel
# command line): eth0 is the virtio NIC whose other end is the other VM's;
# rxe0 on it, in the initial namespace (the only one where rxe carries
# RoCE).  Nothing of the one-VM network below.
#   a: eth0 192.168.90.1/24 fd00:90::1/64 rxe0 <-> b: eth0 .90.2 fd00:90::2 rxe0
# a waits (bounded) until b's agent answers, warms its neighbour entries
# and writes /run/lab/peer.env, which CMD's script reads.
role=$(sed -n 's/.*lab\.role=\([ab]\).*/\1/p' /proc/cmdline)
if [ -n "$role" ]; then
	if [ "$role" = a ]; then me=1 peer=2; else me=2 peer=1; fi
	[ -e /sys/class/net/eth0 ] || { echo "topology: no eth0 (virtio_net)" >&2; exit 1; }
	echo 0 >/proc/sys/net/ipv6/conf/eth0/accept_dad
	$IP -batch - <<EOF
link set lo up
address add 192.168.90.$me/24 dev eth0
address add fd00:90::$me/64 dev eth0 nodad
link set eth0 up
EOF
	rdma link add rxe0 type rxe netdev eth0
	wait_active rxe0
	log "wire up (host $role)"
	[ "$role" = b ] && exit 0
	/run/lab/bin/lab-on --wait "${LAB_PEER_WAIT:-120}" b || exit 1
	log "host b answers"
	for a in 192.168.90.$peer fd00:90::$peer; do
		case $a in *:*) p=ping6 ;; *) p=ping ;; esac
		ok=""
		for _ in 1 2 3; do
			busybox "$p" -q -c 1 -W 1 "$a" >/dev/null 2>&1 && ok=1 && break
		done
		[ -n "$ok" ] || { echo "topology: no answer from $a over the wire" >&2; exit 1; }
	done
	cat >/run/lab/peer.env <<EOF
LAB_SELF=192.168.90.$me
LAB_SELF6=fd00:90::$me
LAB_PEER=192.168.90.$peer
LAB_PEER6=fd00:90::$peer
EOF
	log "ready"
	exit 0
fi

# Loading the dummy module already created dummy0 (numdummies=1).
dummy=""
[ -e /sys/class/net/dummy0 ] || dummy="link add dummy0 type dummy"

$IP -batch - <<EOF
netns add peer
netns add peer2
link set lo up
link add veth0 type veth peer name veth1 netns peer
link add veth2 type veth peer name veth3 netns peer2
$dummy
address add 192.168.77.1/24 dev veth0
address add fd00:77::1/64 dev veth0 nodad
address add 192.168.78.1/24 dev veth2
address add 192.168.79.1/24 dev dummy0
link set veth0 up
link set veth2 up
link set dummy0 up
EOF

# veth1 also gets the extra addresses for batch tests (never .99: it must
# stay silent). Each address also becomes a GID of rxe1.
{
	echo "link set lo up"
	echo "address add 192.168.77.2/24 dev veth1"
	echo "address add fd00:77::2/64 dev veth1 nodad"
	i=3
	while [ "$i" -le 254 ]; do
		[ "$i" -eq 99 ] || echo "address add 192.168.77.$i/24 dev veth1"
		i=$((i + 1))
	done
	i=256
	while [ "$i" -le 511 ]; do
		printf 'address add fd00:77::%x/64 dev veth1 nodad\n' "$i"
		i=$((i + 1))
	done
	echo "link set veth1 up"
} | $IP -n peer -batch -

$IP -n peer2 -batch - <<EOF
link set lo up
address add 192.168.78.2/24 dev veth3
link set veth3 up
EOF
log "links and addresses"

# Soft-RoCE devices. RDMA devices are not network-namespace scoped (shared
# mode: all are seen everywhere), but `rdma link add` looks the netdev up in
# the caller's namespace, so rxe1 is added from inside peer. (Adding it in the
# root namespace and then moving veth1 would unregister it.)
rdma -b - <<EOF
link add rxe0 type rxe netdev veth0
link add rxe2 type rxe netdev veth2
EOF
$IP netns exec peer rdma link add rxe1 type rxe netdev veth1

wait_active rxe0 rxe1 rxe2
log "rxe ports active"

# Warm the neighbour caches: rdma_resolve_addr to an uncached neighbour only
# completes when its timeout expires (kernel race). The host has no ping:
# busybox's. Never 192.168.77.99: it must stay silent.
warm() { # PING-APPLET ADDRESS
	for _ in 1 2 3; do
		busybox "$1" -q -c 1 -W 1 "$2" >/dev/null 2>&1 && return 0
	done
	echo "topology: no answer from $2" >&2
	return 1
}
warm ping 192.168.77.2 &
p1=$!
warm ping 192.168.78.2 &
p2=$!
warm ping6 fd00:77::2 &
p3=$!
wait "$p1"
wait "$p2"
wait "$p3"
log "ready"
