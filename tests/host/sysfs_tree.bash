# Recorded sysfs trees of hosts no machine here has, built from the
# kernel's documented layout (Documentation/ABI/stable/sysfs-class-infiniband):
# read by rdma-route under RDMA_ROUTE_SYSFS_ROOT.  Load after ../helpers.

# ib_port ROOT DEV PORT STATE PHYS LID SM_LID RATE NETDEV GID PKEY...
ib_port() {
	local root=$1 dev=$2 port=$3 state=$4 phys=$5 lid=$6 sm=$7 rate=$8 netdev=$9
	local gid=${10} d p i=0 k
	shift 10
	d=$root/sys/class/infiniband/$dev
	p=$d/ports/$port
	mkdir -p "$p/gids" "$p/gid_attrs/types" "$p/gid_attrs/ndevs" "$p/pkeys" \
		"$d/device/net/$netdev"
	echo "1: CA" >"$d/node_type"
	echo "$state" >"$p/state"
	echo "$phys" >"$p/phys_state"
	echo "$lid" >"$p/lid"
	echo "$sm" >"$p/sm_lid"
	echo "$rate" >"$p/rate"
	echo InfiniBand >"$p/link_layer"
	echo "$gid" >"$p/gids/0"
	echo "IB/RoCE v1" >"$p/gid_attrs/types/0"
	echo 0000:0000:0000:0000:0000:0000:0000:0000 >"$p/gids/1"
	for k in "$@" 0x0000 0x0000; do
		echo "$k" >"$p/pkeys/$i"
		i=$((i + 1))
	done
	echo $((port - 1)) >"$d/device/net/$netdev/dev_port"
}

# An InfiniBand host: mlx5_0 ACTIVE (LID 2, SM LID 1) on ib0; mlx5_1 INIT,
# the SM not done (LID 0) on ib1; mlx5_2 ACTIVE but its P_Key table lacks
# the default key, on ib2.
ib_host_tree() {
	ib_port "$1" mlx5_0 1 "4: ACTIVE" "5: LinkUp" 0x2 0x1 "100 Gb/sec (4X EDR)" ib0 \
		fe80:0000:0000:0000:0002:c903:0000:0101 0xffff 0x8001
	ib_port "$1" mlx5_1 1 "2: INIT" "5: LinkUp" 0x0 0x0 "100 Gb/sec (4X EDR)" ib1 \
		fe80:0000:0000:0000:0002:c903:0000:0201 0xffff
	ib_port "$1" mlx5_2 1 "4: ACTIVE" "5: LinkUp" 0x5 0x1 "56 Gb/sec (4X FDR)" ib2 \
		fe80:0000:0000:0000:0002:c903:0000:0301 0x8001
}

# An iWARP host: irdma's iwp0 on eth1, node type RNIC, its GID the MAC.
iwarp_host_tree() {
	local d=$1/sys/class/infiniband/iwp0 p
	p=$d/ports/1
	mkdir -p "$p/gids" "$d/device/net/eth1"
	echo "4: RNIC" >"$d/node_type"
	echo "4: ACTIVE" >"$p/state"
	echo "5: LinkUp" >"$p/phys_state"
	echo Ethernet >"$p/link_layer"
	echo "25 Gb/sec (1X EDR)" >"$p/rate"
	echo 0x0 >"$p/lid"
	echo 0x0 >"$p/sm_lid"
	echo 3cfd:feaa:bb01:0000:0000:0000:0000:0000 >"$p/gids/0"
	echo 0 >"$d/device/net/eth1/dev_port"
}

# A network namespace with interfaces named as the tree names them, each
# up on its own subnet (10.9N.0.1/24): the routes the chain looks up.
# Its name is in $NS; ns_del removes it.
ns_with() {
	local i=0 n
	NS=rr-recorded-$$-$BATS_TEST_NUMBER
	"$IP" netns add "$NS" || return 1
	for n in "$@"; do
		"$IP" -n "$NS" link add "$n" type veth peer name "${n}p" || return 1
		"$IP" -n "$NS" link set "${n}p" up
		"$IP" -n "$NS" link set "$n" up
		"$IP" -n "$NS" address add "10.9$i.0.1/24" dev "$n"
		i=$((i + 1))
	done
}

ns_del() {
	[ -n "${NS:-}" ] && "$IP" netns del "$NS" 2>/dev/null
	return 0
}

# rr_in_ns TREE ARGS...: rdma-route in $NS, reading TREE as its sysfs.
rr_in_ns() {
	local tree=$1
	shift
	"$IP" netns exec "$NS" env RDMA_ROUTE_SYSFS_ROOT="$tree" "$RDMA_ROUTE" "$@"
}
