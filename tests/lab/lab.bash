# Shared by the lab's bats files: load lab (after ../helpers).

# iproute2's ip: under busybox sh plain `ip` would be busybox's applet.
IP=/usr/bin/ip

# The lab's fault shim (tests/lab/shim), built beside the binary tested.
SHIM=$(dirname "$RDMA_ROUTE")/tests/lab/shim/rdma_cm_shim.so

# wait_resolving N: until the shim's mark ($mark) says rdma-route has N
# resolutions with the kernel (bounded: 20 s).
wait_resolving() {
	local _ n
	for _ in $(seq 400); do
		read -r _ n 2>/dev/null <"$mark" && [ "$n" -ge "$1" ] && return 0
		sleep 0.05
	done
	echo "never saw $1 resolutions" >&2
	return 1
}

# sysfs_gid_index DEVICE PORT GID TYPE: the index of GID (as sysfs prints
# it) of TYPE ("RoCE v2") in the port's table, from sysfs.  rxe's table
# has 1024 entries: read with the shell's own read, as a process per
# entry (cat) costs some 0.1 s in the lab's emulated CPU (it took 69 s).
sysfs_gid_index() {
	local d=/sys/class/infiniband/$1/ports/$2 f g t

	for f in "$d"/gids/*; do
		g=
		read -r g <"$f" 2>/dev/null
		[ "$g" = "$3" ] || continue
		t=
		read -r t <"$d/gid_attrs/types/${f##*/}" 2>/dev/null
		[ "$t" = "$4" ] || continue
		echo "${f##*/}"
		return 0
	done
	return 1
}

# wait_active DEVICE: until its port 1 is ACTIVE (bounded: 5 s).
wait_active() {
	local _
	for _ in $(seq 100); do
		rdma link show "$1/1" 2>/dev/null | grep -q 'state ACTIVE' && return 0
		sleep 0.05
	done
	echo "$1 not ACTIVE" >&2
	return 1
}

# A test lists in restore=() the functions that undo what it changed;
# teardown runs them, whether the test passed or not, the last first (a
# folder made in configfs goes before configfs is unmounted).
teardown() {
	local i
	for ((i = ${#restore[@]} - 1; i >= 0; i--)); do
		"${restore[i]}"
	done
}

# The RoCE PathRecord's packet life time, as the kernel's RDMA CM sets it
# (CMA_IBOE_PACKET_LIFETIME): "RAW TEXT" of the lab's kernel.  6.1 gives
# 18 (4.096 us x 2^18, 1.07 s), 6.12 gives 16 (268.4 ms).  Another kernel
# line: say which it gives, here.
iboe_packet_life() {
	case $(uname -r) in
	6.1.*) echo "18 1.07 s" ;;
	6.12.*) echo "16 268.4 ms" ;;
	*) echo "iboe_packet_life: kernel $(uname -r) not known here" >&2; return 1 ;;
	esac
}

# VLAN 10 over veth0/veth1 (192.168.80.0/24), its egress QoS map sending
# priority 6 to PCP 5.  The ToS 0x10 (low delay) is priority 6
# (rt_tos2priority): RoCE takes the SL from the map.
add_vlan() {
	"$IP" link add link veth0 name veth0.10 type vlan id 10 egress-qos-map 6:5
	restore+=(del_vlan)
	"$IP" -n peer link add link veth1 name veth1.10 type vlan id 10
	"$IP" address add 192.168.80.1/24 dev veth0.10
	"$IP" -n peer address add 192.168.80.2/24 dev veth1.10
	"$IP" link set veth0.10 up
	"$IP" -n peer link set veth1.10 up
	busybox ping -q -c 1 -W 1 192.168.80.2 >/dev/null 2>&1 || true
}

del_vlan() {
	"$IP" link del veth0.10 2>/dev/null || true
	"$IP" -n peer link del veth1.10 2>/dev/null || true
}

# Two more RDMA devices in the initial namespace, rxeA on vA (10.1.0.1)
# and rxeB on vB (10.1.0.2), a veth pair: a wire.  rxe carries RoCE only
# in the initial namespace, and the kernel would deliver one local
# address to another through lo; policy rules send what this host
# originates for the other address out through the wire (the local
# table after them), and each end accepts packets from a local source.
wire_up() {
	local d
	restore+=(wire_down)
	"$IP" link add vA type veth peer name vB
	"$IP" address add 10.1.0.1/24 dev vA
	"$IP" address add 10.1.0.2/24 dev vB
	for d in vA vB; do
		sysctl -qw net.ipv4.conf.$d.accept_local=1 net.ipv4.conf.$d.rp_filter=0
		"$IP" link set "$d" up
	done
	"$IP" -batch - <<EOT
rule add pref 10 iif lo to 10.1.0.2 lookup 100
rule add pref 11 iif lo to 10.1.0.1 lookup 101
rule add pref 100 lookup local
rule del pref 0
route add 10.1.0.2 dev vA src 10.1.0.1 table 100
route add 10.1.0.1 dev vB src 10.1.0.2 table 101
EOT
	rdma link add rxeA type rxe netdev vA
	rdma link add rxeB type rxe netdev vB
	wait_active rxeA && wait_active rxeB
}

wire_down() {
	rdma link del rxeA 2>/dev/null || true
	rdma link del rxeB 2>/dev/null || true
	"$IP" link del vA 2>/dev/null || true
	"$IP" -force -batch - <<EOT 2>/dev/null
rule add pref 0 lookup local
rule del pref 100
rule del pref 11
rule del pref 10
route flush table 100
route flush table 101
EOT
	return 0
}

# listening PORT PS [ADDR]: until an id listens on ADDR:PORT (default
# 192.168.77.1) in port space PS (bounded: 20 s, for a loaded machine).
listening() {
	local _ addr=${3:-192.168.77.1}
	for _ in $(seq 400); do
		rdma resource show cm_id 2>/dev/null |
			grep -q "state LISTEN ps $2 .*src-addr $addr:$1 " && return 0
		sleep 0.05
	done
	echo "nothing listened on $1" >&2
	return 1
}
