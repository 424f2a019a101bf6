#!/usr/bin/env bats
# Hosts no machine here has, read from recorded sysfs trees
# (RDMA_ROUTE_SYSFS_ROOT): an InfiniBand host with a port the subnet
# manager has not activated and one without the default P_Key, and an
# iWARP host.  --list and --explain judge them from sysfs alone; the
# routes come from a network namespace whose interfaces bear the tree's
# netdev names.

load ../helpers
load sysfs_tree

IP=/usr/bin/ip

setup() {
	TREE=$BATS_TEST_TMPDIR/tree
	mkdir -p "$TREE"
}

teardown() {
	ns_del
}

need_netns() {
	[ "$(id -u)" -eq 0 ] || skip "network namespaces need root"
	ns_with "$@" || skip "no network namespace with veth here"
}

# The explain link named $2 of the JSON $1's first result, as "state: reason".
link() {
	jq -r --arg l "$2" '.results[0].explain[] | select(.link == $l) | "\(.state): \(.reason)"' <<<"$1"
}

@test "recorded IB host, --list: every port's state, LIDs, rate and P_Keys from sysfs alone" {
	ib_host_tree "$TREE"
	run --separate-stderr env RDMA_ROUTE_SYSFS_ROOT="$TREE" "$RDMA_ROUTE" --list --json
	[ "$status" -eq 0 ]
	jqe '.ports | length == 3' <<<"$output"
	jqe '.ports[] | select(.device == "mlx5_0") | .state == "ACTIVE" and .physical_state == "LINK_UP" and .link_layer == "InfiniBand" and .lid == 2 and .sm_lid == 1 and .rate == "100 Gb/sec (4X EDR)" and .pkeys == 2 and .default_pkey == "0xffff"' <<<"$output"
	jqe '.ports[] | select(.device == "mlx5_1") | .state == "INIT" and .lid == 0 and .sm_lid == 0' <<<"$output"
	jqe '.ports[] | select(.device == "mlx5_2") | .pkeys == 1 and .default_pkey == null' <<<"$output"
	jqe '.ports[] | select(.device == "mlx5_0") | .gids.count == 1 and .gids.slots == 2 and .gids.ib == 1' <<<"$output" ||
		{ jq '.ports[0]' <<<"$output"; false; }
}

@test "recorded IB host, --list in a namespace with ib0: the IPoIB netdev from the device's net folder" {
	ib_host_tree "$TREE"
	need_netns ib0 ib1 ib2
	run --separate-stderr rr_in_ns "$TREE" --list --json
	[ "$status" -eq 0 ]
	jqe '[.ports[] | .netdev] == ["ib0", "ib1", "ib2"]' <<<"$output" || { echo "$output"; false; }
}

@test "recorded IB host, --explain: an ACTIVE port is ok, its port GID index 0" {
	ib_host_tree "$TREE"
	need_netns ib0 ib1 ib2
	run --separate-stderr rr_in_ns "$TREE" --json --explain 10.90.0.2
	[ "$(link "$output" device)" = "ok: mlx5_0 port 1 on ib0: ACTIVE, LINK_UP, InfiniBand" ] ||
		{ link "$output" device; false; }
	[ "$(link "$output" gid)" = "ok: GID index 0, IB, fe80::2:c903:0:101" ] ||
		{ link "$output" gid; false; }
	jqe '.results[0].explain[] | select(.link == "device") | .lid == 2 and .sm_lid == 1 and .default_pkey == "0xffff"' <<<"$output"
}

@test "recorded IB host, --explain: a port in INIT with LID 0 is broken, the SM named" {
	ib_host_tree "$TREE"
	need_netns ib0 ib1 ib2
	run --separate-stderr rr_in_ns "$TREE" --json --explain 10.91.0.2
	[ "$status" -eq 3 ]	# no RDMA CM on this host: the chain is the point
	[ "$(link "$output" device)" = "broken: mlx5_1 port 1 on ib1 is INIT (physical state LINK_UP): the link is up, the subnet manager has not activated the port" ] ||
		{ link "$output" device; false; }
	# Without --explain: the first broken link, as root_cause.
	run --separate-stderr rr_in_ns "$TREE" --json 10.91.0.2
	jqe '.results[0].root_cause | .link == "device" and (.reason | endswith("the subnet manager has not activated the port"))' <<<"$output"
}

@test "recorded IB host, --explain: no default P_Key in the table is broken" {
	ib_host_tree "$TREE"
	need_netns ib0 ib1 ib2
	run --separate-stderr rr_in_ns "$TREE" --json --explain 10.92.0.2
	[ "$status" -eq 3 ]	# no RDMA CM on this host: the chain is the point
	[[ "$(link "$output" device)" == "broken: the P_Key table of mlx5_2 port 1 (1 keys) holds no default P_Key (0xffff or 0x7fff)"* ]] ||
		{ link "$output" device; false; }
}

@test "recorded iWARP host: --list says iWARP on eth1; --explain's GID link wants no GID" {
	iwarp_host_tree "$TREE"
	need_netns eth1
	run --separate-stderr rr_in_ns "$TREE" --list --json
	[ "$status" -eq 0 ]
	jqe '.ports[0] | .device == "iwp0" and .link_layer == "iWARP" and .netdev == "eth1" and .rate == "25 Gb/sec (1X EDR)"' <<<"$output" ||
		{ echo "$output"; false; }
	run --separate-stderr rr_in_ns "$TREE" --json --explain 10.90.0.2
	[ "$(link "$output" device)" = "ok: iwp0 port 1 on eth1: ACTIVE, LINK_UP, iWARP" ] ||
		{ link "$output" device; false; }
	[ "$(link "$output" gid)" = "ok: iWARP: no GID by design; the connection is addressed by IP through the TCP stack of iwp0" ] ||
		{ link "$output" gid; false; }
}

@test "recorded port whose GIDs are all zero: --list counts none, no UB" {
	# Its GID table sorted with no valid entry: qsort was given NULL.
	ib_port "$TREE" mlx5_9 1 "4: ACTIVE" "5: LinkUp" 0x9 0x1 "100 Gb/sec (4X EDR)" ib9 \
		0000:0000:0000:0000:0000:0000:0000:0000 0xffff
	run --separate-stderr env RDMA_ROUTE_SYSFS_ROOT="$TREE" "$RDMA_ROUTE" --list --json
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	jqe '.ports[0] | .device == "mlx5_9" and .gids.count == 0 and .gids.slots == 2' <<<"$output"
}

# A RoCE port $2 of $1 on netdev $3; with $4 and $5, its configfs folder
# holds default_roce_tos $4 and default_roce_mode $5, as the kernel's.
roce_port() {
	local d=$1/sys/class/infiniband/$2 p c
	p=$d/ports/1
	mkdir -p "$p/gids" "$p/gid_attrs/types" "$d/device/net/$3"
	echo "1: CA" >"$d/node_type"
	echo "4: ACTIVE" >"$p/state"
	echo "5: LinkUp" >"$p/phys_state"
	echo Ethernet >"$p/link_layer"
	echo "100 Gb/sec (4X EDR)" >"$p/rate"
	echo 0x0 >"$p/lid"
	echo 0x0 >"$p/sm_lid"
	echo fe80:0000:0000:0000:0000:00ff:fe00:0001 >"$p/gids/0"
	echo "RoCE v2" >"$p/gid_attrs/types/0"
	echo 0 >"$d/device/net/$3/dev_port"
	[ $# -ge 5 ] || return 0
	c=$1/sys/kernel/config/rdma_cm/$2/ports/1
	mkdir -p "$c"
	echo "$4" >"$c/default_roce_tos"
	echo "$5" >"$c/default_roce_mode"
}

@test "recorded host, --cm-defaults: configfs's ToS and RoCE mode where set, the kernel's where not, InfiniBand's do not apply" {
	roce_port "$TREE" mlx5_0 eth0 106 "IB/RoCE v1"
	roce_port "$TREE" mlx5_1 eth1
	ib_port "$TREE" mlx5_2 1 "4: ACTIVE" "5: LinkUp" 0x5 0x1 "56 Gb/sec (4X FDR)" ib2 \
		fe80:0000:0000:0000:0002:c903:0000:0301 0xffff
	run --separate-stderr env RDMA_ROUTE_SYSFS_ROOT="$TREE" "$RDMA_ROUTE" --cm-defaults --json
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	jqe '.cm_defaults | length == 3' <<<"$output"
	jqe '.cm_defaults[] | select(.device == "mlx5_0") | .applies and .roce_defaults == "configfs" and .default_roce_tos == 106 and .dscp == 26 and .ecn == 2 and .default_roce_mode == "RoCE v1"' <<<"$output" ||
		{ echo "$output"; false; }
	jqe '.cm_defaults[] | select(.device == "mlx5_1") | .applies and .roce_defaults == "kernel" and .default_roce_tos == 0 and .default_roce_mode == "RoCE v2"' <<<"$output"
	jqe '.cm_defaults[] | select(.device == "mlx5_2") | .applies == false and .link_layer == "InfiniBand"' <<<"$output"
	# Text: a line a port, its heading the values.
	run --separate-stderr env RDMA_ROUTE_SYSFS_ROOT="$TREE" "$RDMA_ROUTE" --cm-defaults --brief
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "mlx5_0/1: ToS 106, RoCE v1 (configfs)" ] || { echo "$output"; false; }
	[ "${lines[1]}" = "mlx5_1/1: ToS 0, RoCE v2 (kernel)" ]
	[ "${lines[2]}" = "mlx5_2/1: InfiniBand: the RoCE defaults do not apply" ]
	# Prometheus: the RoCE ports only, the same values.
	run --separate-stderr env RDMA_ROUTE_SYSFS_ROOT="$TREE" "$RDMA_ROUTE" --cm-defaults --prom
	[ "$status" -eq 0 ]
	grep -qx 'rdma_route_cm_default_roce_tos{device="mlx5_0",port="1"} 106' <<<"$output"
	grep -qx 'rdma_route_cm_default_roce_mode_info{device="mlx5_0",port="1",mode="RoCE v1",from="configfs"} 1' <<<"$output"
	grep -qx 'rdma_route_cm_default_roce_tos{device="mlx5_1",port="1"} 0' <<<"$output"
	[ "$(grep -c '^rdma_route_cm_default_roce_tos{' <<<"$output")" -eq 2 ]
}

@test "recorded host, --cm-defaults: a default_roce_tos that is no ToS byte is not taken" {
	roce_port "$TREE" mlx5_0 eth0 300 "RoCE v2"
	run --separate-stderr env RDMA_ROUTE_SYSFS_ROOT="$TREE" "$RDMA_ROUTE" --cm-defaults --json
	[ "$status" -eq 0 ]
	# The mode was read from configfs; the ToS, out of range, was not.
	jqe '.cm_defaults[0] | .roce_defaults == "configfs" and .default_roce_tos == 0' <<<"$output" ||
		{ echo "$output"; false; }
}
