#!/usr/bin/env bats
# What was used, shown: the port space, the ToS and where it came from
# (--tos, the port's configfs default_roce_tos, the kernel's 0), the source
# GID's index and type, the port's own rate beside the PathRecord's
# "port current rate".  Every value is read from the kernel at run time.

load ../helpers
load lab

CM_CONFIGFS=/sys/kernel/config/rdma_cm

setup() {
	[ -e /dev/infiniband/rdma_cm ] || skip "not in the lab: no RDMA CM here"
	restore=()
}

# configfs's folder for rxe0: made, and taken away again after the test.
configfs_rxe0() {
	if ! grep -q ' /sys/kernel/config configfs' /proc/mounts; then
		mount -t configfs none /sys/kernel/config
		restore+=(umount_configfs)
	fi
	mkdir "$CM_CONFIGFS/rxe0"
	restore+=(rmdir_configfs_rxe0)
}

rmdir_configfs_rxe0() {
	echo 0 >"$CM_CONFIGFS/rxe0/ports/1/default_roce_tos" 2>/dev/null || true
	rmdir "$CM_CONFIGFS/rxe0" 2>/dev/null || true
}

umount_configfs() {
	umount /sys/kernel/config 2>/dev/null || true
}

@test "a plain resolve says: port space tcp, ToS 0 by default, the kernel's RoCE defaults" {
	run --separate-stderr rr --json 192.168.77.2
	[ "$status" -eq 0 ]
	jqe '.results[0] | .port_space == "tcp" and .tos == 0 and .tos_from == "default"' <<<"$output"
	jqe '.results[0] | .default_roce_mode == "RoCE v2" and .roce_defaults == "kernel"' <<<"$output"
	jqe '.results[0].paths[0].traffic_class == 0' <<<"$output"
}

@test "the source GID's index is the table's entry of that GID and type" {
	want=$(sysfs_gid_index rxe0 1 0000:0000:0000:0000:0000:ffff:c0a8:4d01 "RoCE v2")
	[ -n "$want" ]
	run --separate-stderr rr --json 192.168.77.2
	[ "$status" -eq 0 ]
	jqe --argjson i "$want" '.results[0] | .sgid_index == $i and .gid_type == "RoCE v2"' <<<"$output"
	# IPv6: the entry of the global address, another index.
	want6=$(sysfs_gid_index rxe0 1 fd00:0077:0000:0000:0000:0000:0000:0001 "RoCE v2")
	[ -n "$want6" ] && [ "$want6" != "$want" ]
	run --separate-stderr rr --json fd00:77::2
	[ "$status" -eq 0 ]
	jqe --argjson i "$want6" '.results[0].sgid_index == $i' <<<"$output"
}

@test "rate 0 is the port's rate: port_rate as sysfs says, and --expect on it means something" {
	gbps=$(sed 's/ .*//' /sys/class/infiniband/rxe0/ports/1/rate)
	[ -n "$gbps" ]
	run --separate-stderr rr --json 192.168.77.2
	[ "$status" -eq 0 ]
	jqe --argjson g "$gbps" '.results[0] | .port_rate == $g and .paths[0].rate == $g and .paths[0].rate_raw == 0' <<<"$output"
	run --separate-stderr rr --json --expect "rate >= $gbps" 192.168.77.2
	[ "$status" -eq 0 ]
	run --separate-stderr rr --json --expect "rate > $gbps" 192.168.77.2
	[ "$status" -eq 4 ]
	jqe --arg g "$gbps" '.results[0].expect_failed[0] | .field == "rate" and .actual == $g' <<<"$output"
	run --separate-stderr rr 192.168.77.2
	has_field "$output" rate "port current rate, $gbps Gb/s (raw 0)"
}

@test "--tos 32: the ToS from the option, the traffic class 32" {
	run --separate-stderr rr --json --tos 32 192.168.77.2
	[ "$status" -eq 0 ]
	jqe '.results[0] | .tos == 32 and .tos_from == "option" and .paths[0].traffic_class == 32' <<<"$output"
}

@test "configfs default_roce_tos 96: the ToS from configfs, the traffic class 96; --tos still wins" {
	configfs_rxe0
	echo 96 >"$CM_CONFIGFS/rxe0/ports/1/default_roce_tos"
	run --separate-stderr rr --json 192.168.77.2
	[ "$status" -eq 0 ]
	jqe '.results[0] | .tos == 96 and .tos_from == "configfs" and .roce_defaults == "configfs"' <<<"$output"
	jqe '.results[0].paths[0].traffic_class == 96' <<<"$output"
	run --separate-stderr rr --json --tos 8 192.168.77.2
	jqe '.results[0] | .tos == 8 and .tos_from == "option" and .paths[0].traffic_class == 8' <<<"$output"
	run --separate-stderr rr 192.168.77.2
	has_field "$output" "tos from" configfs
}

@test "--ps udp: the port space shown is the one used" {
	run --separate-stderr rr --json --ps udp 192.168.77.2
	[ "$status" -eq 0 ]
	jqe '.results[0].port_space == "udp"' <<<"$output"
}

# rxe0's valid GID entries (sysfs shows an empty one as all zeros).
valid_gids_rxe0() {
	cat /sys/class/infiniband/rxe0/ports/1/gids/* 2>/dev/null |
		grep -vc '^0000:0000:0000:0000:0000:0000:0000:0000$'
}

# One ip process for the 40 (a process costs some 0.1 s in the lab).
del_many_addresses() {
	seq -f 'address del fd00:99::%g/64 dev veth0' 1 40 |
		"$IP" -6 -force -batch - 2>/dev/null || true
}

@test "more valid GID entries than a first look has room for (32): the index still from libibverbs" {
	command -v strace >/dev/null || skip "strace not installed"
	local trace=$BATS_TEST_TMPDIR/openat i n
	restore+=(del_many_addresses)
	seq -f 'address add fd00:99::%g/64 dev veth0 nodad' 1 40 | "$IP" -6 -batch -
	# The kernel adds the entries from a work queue: until they are there.
	for i in $(seq 1 50); do
		n=$(valid_gids_rxe0)
		[ "$n" -gt 40 ] && break
		sleep 0.1
	done
	[ "$n" -gt 40 ]
	want=$(sysfs_gid_index rxe0 1 0000:0000:0000:0000:0000:ffff:c0a8:4d01 "RoCE v2")
	[ -n "$want" ]
	# LeakSanitizer cannot run under ptrace: no leak check for this run.
	run --separate-stderr env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -e trace=openat -o "$trace" "$RDMA_ROUTE" --json 192.168.77.2
	[ "$status" -eq 0 ]
	jqe --argjson i "$want" '.results[0] | .sgid_index == $i and .gid_type == "RoCE v2"' <<<"$output"
	# From libibverbs' table, not sysfs's entry by entry.
	[ "$(grep -c 'gid_attrs/types/' "$trace")" -eq 0 ]
}

@test "a VLAN with an egress QoS map: ToS 0x10 goes out as SL 5, the GID entry on the VLAN" {
	add_vlan
	run --separate-stderr rr --json --explain --tos 16 192.168.80.2
	[ "$status" -eq 0 ]
	jqe '.results[0] | .device == "rxe0" and .tos == 16 and .tos_from == "option"' <<<"$output"
	jqe '.results[0].paths[0] | .sl == 5 and .traffic_class == 16' <<<"$output" ||
		{ jq -c '.results[0].paths[0]' <<<"$output"; false; }
	jqe '.results[0].explain[] | select(.link == "gid") | .vlan == 10 and .netdev == "veth0.10"' <<<"$output" ||
		{ jq -c '.results[0].explain[]' <<<"$output"; false; }
	want=$(sysfs_gid_index rxe0 1 0000:0000:0000:0000:0000:ffff:c0a8:5001 "RoCE v2")
	[ -n "$want" ]
	[ "$(cat /sys/class/infiniband/rxe0/ports/1/gid_attrs/ndevs/"$want")" = veth0.10 ]
	jqe --argjson i "$want" '.results[0].sgid_index == $i' <<<"$output"
	# Without a ToS: priority 0, unmapped, SL 0.
	run --separate-stderr rr --json 192.168.80.2
	[ "$status" -eq 0 ]
	jqe '.results[0].paths[0].sl == 0' <<<"$output"
}

@test "--cm-defaults: each port's defaults as a resolve through it takes them, the kernel's then configfs's" {
	run --separate-stderr rr --cm-defaults --json
	[ "$status" -eq 0 ]
	[ "$(jq '.cm_defaults | length' <<<"$output")" -eq "$(rdma link show | wc -l)" ]
	jqe '.cm_defaults[] | select(.device == "rxe0" and .port == 1) | .applies and .link_layer == "Ethernet" and .netdev == "veth0" and .roce_defaults == "kernel" and .default_roce_tos == 0 and .default_roce_mode == "RoCE v2"' <<<"$output" ||
		{ echo "$output"; false; }
	configfs_rxe0
	echo 106 >"$CM_CONFIGFS/rxe0/ports/1/default_roce_tos"
	run --separate-stderr rr --cm-defaults --json
	[ "$status" -eq 0 ]
	jqe '.cm_defaults[] | select(.device == "rxe0") | .roce_defaults == "configfs" and .default_roce_tos == 106 and .dscp == 26 and .ecn == 2' <<<"$output"
	# What a resolve out of veth0 then used: the same ToS, from configfs.
	tos=$(jq '.cm_defaults[] | select(.device == "rxe0") | .default_roce_tos' <<<"$output")
	run --separate-stderr rr --json 192.168.77.2
	jqe ".results[0] | .device == \"rxe0\" and .tos == $tos and .tos_from == \"configfs\"" <<<"$output"
	run --separate-stderr rr --cm-defaults --prom
	grep -qx 'rdma_route_cm_default_roce_tos{device="rxe0",port="1"} 106' <<<"$output"
	grep -qx 'rdma_route_cm_default_roce_mode_info{device="rxe0",port="1",mode="RoCE v2",from="configfs"} 1' <<<"$output"
}
