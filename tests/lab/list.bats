#!/usr/bin/env bats
# --list: every RDMA port, checked against `rdma link`, sysfs and
# ibv_devinfo read here (nothing hard-coded).

load ../helpers

IB=/sys/class/infiniband

setup() {
	[ -d "$IB" ] || skip "not in the lab: no RDMA device here"
}

@test "JSON: one record per port of rdma link, same state, physical state, netdev" {
	run --separate-stderr rr --json --list
	[ "$status" -eq 0 ]
	j=$output
	links=$(rdma link show)
	[ "$(jq '.ports | length' <<<"$j")" -eq "$(wc -l <<<"$links")" ]
	while read -r _ devport _ state _ phys rest; do
		dev=${devport%/*}
		port=${devport#*/}
		netdev=$(sed -n 's/.*netdev \([^ ]*\).*/\1/p' <<<"$rest")
		sel=".ports[] | select(.device == \"$dev\" and .port == $port)"
		jqe "$sel | .state == \"$state\" and .physical_state == \"$phys\"" <<<"$j"
		if [ -n "$netdev" ]; then
			jqe "$sel | .netdev == \"$netdev\"" <<<"$j"
		else
			jqe "$sel | has(\"netdev\") | not" <<<"$j"
		fi
	done <<<"$links"
}

@test "JSON: link layer, rate and the GID table summary as sysfs has them" {
	run --separate-stderr rr --json --list
	[ "$status" -eq 0 ]
	j=$output
	for d in "$IB"/*; do
		dev=${d##*/}
		for p in "$d"/ports/*; do
			port=${p##*/}
			sel=".ports[] | select(.device == \"$dev\" and .port == $port)"
			jqe "$sel | .link_layer == \"$(cat "$p/link_layer")\"" <<<"$j"
			jqe "$sel | .rate == \"$(cat "$p/rate")\"" <<<"$j"
			slots=$(ls "$p/gids" | wc -l)
			count=$(cat "$p"/gids/* | grep -cv '^0000:0000:0000:0000:0000:0000:0000:0000$' || true)
			v2=$(cat "$p"/gid_attrs/types/* 2>/dev/null | grep -c '^RoCE v2$' || true)
			v1=$(cat "$p"/gid_attrs/types/* 2>/dev/null | grep -c '^IB/RoCE v1$' || true)
			jqe "$sel | .gids == {\"count\": $count, \"slots\": $slots, \"ib\": 0, \"roce_v1\": $v1, \"roce_v2\": $v2}" <<<"$j"
		done
	done
}

@test "JSON: active and max MTU as ibv_devinfo says" {
	command -v ibv_devinfo >/dev/null || skip "no ibv_devinfo"
	run --separate-stderr rr --json --list
	j=$output
	for d in "$IB"/*; do
		dev=${d##*/}
		info=$(ibv_devinfo -d "$dev" -i 1)
		active=$(sed -n 's/.*active_mtu:[[:space:]]*\([0-9]*\).*/\1/p' <<<"$info")
		max=$(sed -n 's/.*max_mtu:[[:space:]]*\([0-9]*\).*/\1/p' <<<"$info")
		jqe ".ports[] | select(.device == \"$dev\" and .port == 1) | .active_mtu == $active and .max_mtu == $max" <<<"$j"
	done
}

@test "text: a heading per port, the fields labelled" {
	run --separate-stderr rr --list
	[ "$status" -eq 0 ]
	[[ "$output" == *"rxe0/1: ACTIVE LINK_UP, netdev veth0"* ]]
	[[ "$output" == *"rxe1/1: ACTIVE LINK_UP, netdev none"* ]]
	has_field "$output" "physical state" "LINK_UP"
	has_field "$output" "link layer" "Ethernet"
	has_field "$output" "roce v2" "*"
}

@test "JSONL and Prometheus come from the same fields" {
	run --separate-stderr rr --jsonl --list
	[ "$status" -eq 0 ]
	[ "$(grep -c '"record":"ports"' <<<"$output")" -eq "$(rdma link show | wc -l)" ]
	run --separate-stderr rr --prom --list --host-label lab
	[ "$status" -eq 0 ]
	prom_valid <<<"$output"
	mtu=$(rr --json --list | jq '.ports[] | select(.device == "rxe0") | .active_mtu')
	grep -q "^rdma_route_port_active_mtu_bytes{host=\"lab\",device=\"rxe0\",port=\"1\"} $mtu\$" <<<"$output"
	grep -q '^rdma_route_port_up{host="lab",device="rxe0",port="1"} 1$' <<<"$output"
	grep -q '^rdma_route_port_info{host="lab",device="rxe0",port="1",link_layer="Ethernet",netdev="veth0"} 1$' <<<"$output"
	v2=$(rr --json --list | jq '.ports[] | select(.device == "rxe0") | .gids.roce_v2')
	grep -q "^rdma_route_port_gids{host=\"lab\",device=\"rxe0\",port=\"1\",type=\"roce_v2\"} $v2\$" <<<"$output"
	[ "$(grep -c '^rdma_route_port_up{' <<<"$output")" -eq "$(rdma link show | wc -l)" ]
}

@test "--list takes no destination" {
	run rr --list 192.168.77.2
	[ "$status" -eq 2 ]
}
