#!/usr/bin/env bats
# Success paths on the lab's real kernel RDMA stack (Soft-RoCE): run
# inside the lab VM (tests/lab/lab run -- bats tests/lab).  Topology in
# tests/lab/README.md.

load ../helpers
load lab

setup() {
	[ -e /dev/infiniband/rdma_cm ] || skip "not in the lab: no RDMA CM here"
}

@test "own address: resolved on rxe0 port 1, RoCE v2, decoded PathRecord" {
	run --separate-stderr rr --json 192.168.77.1
	[ "$status" -eq 0 ]
	j=$output
	jqe '.results[0] | .status == "resolved" and .device == "rxe0" and .port == 1' <<<"$j"
	jqe '.results[0] | .link_layer == "Ethernet" and .gid_type == "RoCE v2"' <<<"$j"
	jqe '.results[0] | .address == "192.168.77.1" and .source == "192.168.77.1"' <<<"$j"
	jqe '.results[0].num_paths == 1 and (.results[0].paths | length) == 1' <<<"$j"
	p='.results[0].paths[0]'
	jqe "$p.dgid == \"::ffff:192.168.77.1\" and $p.sgid == \"::ffff:192.168.77.1\"" <<<"$j"
	jqe "$p.mtu == 1024 and $p.mtu_raw == 3" <<<"$j"
	jqe "$p.mtu_selector == \"exactly\" and $p.mtu_selector_raw == 2" <<<"$j"
	jqe "$p.pkey == \"0xffff\" and $p.pkey_membership == \"full\"" <<<"$j"
	jqe "$p.hop_limit == 64 and $p.traffic_class == 0 and $p.sl == 0" <<<"$j"
	jqe "$p.reversible == true and $p.numb_path == 1" <<<"$j"
	# Rate 0, "the port's current rate": read as the port's, from sysfs.
	gbps=$(sed 's/ .*//' /sys/class/infiniband/rxe0/ports/1/rate)
	jqe --argjson g "$gbps" "$p.rate == \$g and $p.rate_raw == 0 and .results[0].port_rate == \$g" <<<"$j"
	# The kernel's choice: 18 on 6.1, 16 on 6.12 (iboe_packet_life).
	read -r plt _ < <(iboe_packet_life)
	jqe --argjson r "$plt" "$p.packet_life_time_raw == \$r and $p.packet_life_time == (4.096 * pow(2; \$r) * 1000 | round / 1000)" <<<"$j"
	# On Ethernet the LID fields hold MAC bytes: never shown as LIDs.
	jqe "$p | has(\"dlid\") | not" <<<"$j"
	jqe "$p | has(\"slid\") | not" <<<"$j"
	jqe '.results[0].time_ms | .create_id >= 0 and .resolve_addr > 0 and .resolve_route > 0' <<<"$j"
	jqe '.results[0].time_ms | .total >= .resolve_addr + .resolve_route' <<<"$j"
	jqe '(.summary | del(.elapsed_ms, .host, .time)) == {"destinations": 1, "probes": 1, "resolved": 1, "failed": 0, "failed_by_cause": {}, "expect_failed": 0, "input_errors": 0}' <<<"$j"
}

@test "text: the neighbour's block on stdout, decoded beside raw, no LIDs" {
	run --separate-stderr rr 192.168.77.2
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[[ "${lines[0]}" =~ ^192\.168\.77\.2:\ resolved\ via\ rxe0\ port\ 1\ in\ [0-9]+\.[0-9]{3}\ ms$ ]]
	has_field "$output" "link layer" "Ethernet"
	has_field "$output" "gid type" "RoCE v2"
	has_field "$output" "dgid" "::ffff:192.168.77.2"
	has_field "$output" "sgid" "::ffff:192.168.77.1"
	has_field "$output" "mtu" "1024 bytes (raw 3)"
	has_field "$output" "rate" "port current rate, $(sed 's/ .*//' /sys/class/infiniband/rxe0/ports/1/rate) Gb/s (raw 0)"
	read -r plt plt_text < <(iboe_packet_life)
	has_field "$output" "packet life time" "$plt_text (raw $plt)"
	has_field "$output" "pkey" "0xffff"
	[[ "$output" =~ resolve\ addr\ +[0-9]+\.[0-9]{3}\ ms ]]
	[[ "$output" =~ resolve\ route\ +[0-9]+\.[0-9]{3}\ ms ]]
	[[ "$output" != *dlid* && "$output" != *slid* ]]
}

@test "a peer without RDMA resolves through rxe2: the remote needs no RDMA" {
	run --separate-stderr rr --json 192.168.78.2
	[ "$status" -eq 0 ]
	jqe '.results[0] | .device == "rxe2" and .source == "192.168.78.1"' <<<"$output"
	jqe '.results[0].paths[0].dgid == "::ffff:192.168.78.2"' <<<"$output"
}

@test "IPv6: GIDs are the plain addresses, RoCE v2 from the GID table" {
	run --separate-stderr rr --json fd00:77::2
	[ "$status" -eq 0 ]
	jqe '.results[0] | .device == "rxe0" and .address == "fd00:77::2"' <<<"$output"
	jqe '.results[0].paths[0] | .dgid == "fd00:77::2" and .sgid == "fd00:77::1"' <<<"$output"
	jqe '.results[0].gid_type == "RoCE v2"' <<<"$output"
}

@test "--src binds first and is timed as bind addr" {
	run --separate-stderr rr --json --src 192.168.77.1 192.168.77.2
	[ "$status" -eq 0 ]
	jqe '.results[0] | .source == "192.168.77.1" and .time_ms.bind_addr >= 0' <<<"$output"
}

@test "-b and -I, as cmtime and ping spell them: an address, an interface's address" {
	run --separate-stderr rr --json -b 192.168.77.1 192.168.77.2
	[ "$status" -eq 0 ]
	jqe '.results[0] | .source == "192.168.77.1" and .time_ms.bind_addr >= 0' <<<"$output"
	run --separate-stderr rr --json -I veth2 192.168.78.2
	[ "$status" -eq 0 ]
	jqe '.results[0] | .source == "192.168.78.1" and .device == "rxe2" and .time_ms.bind_addr >= 0' <<<"$output"
	run --separate-stderr rr --json -6 -I veth0 fd00:77::2
	[ "$status" -eq 0 ]
	jqe '.results[0] | .source == "fd00:77::1" and .device == "rxe0"' <<<"$output"
	run --separate-stderr rr --json --tos 0x20 -I 192.168.77.1 192.168.77.2
	[ "$status" -eq 0 ]
	jqe '.results[0] | .source == "192.168.77.1" and .tos == 32 and .paths[0].traffic_class == 32' <<<"$output"
}

@test "--tos sets the traffic class of the path" {
	run --separate-stderr rr --json --tos 32 192.168.77.2
	[ "$status" -eq 0 ]
	jqe '.results[0].paths[0].traffic_class == 32' <<<"$output"
}

@test "--ps udp and --ps ib resolve too" {
	for ps in udp ib; do
		run --separate-stderr rr --json --ps "$ps" 192.168.77.2
		[ "$status" -eq 0 ] || { echo "--ps $ps: $stderr"; false; }
		jqe '.results[0].device == "rxe0"' <<<"$output"
	done
}

@test "a host name is looked up, then resolved" {
	echo "192.168.77.2 rr-lab-peer" >>/etc/hosts
	run --separate-stderr rr --json rr-lab-peer
	[ "$status" -eq 0 ]
	jqe '.results[0] | .destination == "rr-lab-peer" and .address == "192.168.77.2"' <<<"$output"
	jqe '.results[0].time_ms.lookup >= 0' <<<"$output"
}

@test "several destinations resolve at once, in input order" {
	run --separate-stderr rr --json 192.168.78.2 192.168.77.2 fd00:77::2 192.168.77.1
	[ "$status" -eq 0 ]
	jqe '[.results[].destination] == ["192.168.78.2", "192.168.77.2", "fd00:77::2", "192.168.77.1"]' <<<"$output"
	jqe '[.results[].device] == ["rxe2", "rxe0", "rxe0", "rxe0"]' <<<"$output"
	jqe '.summary.resolved == 4' <<<"$output"
}

@test "success at the timeout on an uncached neighbour is flagged" {
	# 192.168.77.3 lives on the peer and was never pinged: the kernel's
	# uncached-neighbour race holds ADDR_RESOLVED until the timer, most
	# times but not every time.  Each try must be flagged exactly when it
	# came at the timeout; one of three must come at it.
	local try late=0 ms

	for try in 1 2 3; do
		/usr/bin/ip neigh del 192.168.77.3 dev veth0 2>/dev/null || true
		run --separate-stderr rr --json --timeout 500 192.168.77.3
		[ "$status" -eq 0 ]
		jqe '.results[0].status == "resolved"' <<<"$output"
		ms=$(jq '.results[0].time_ms.resolve_addr' <<<"$output")
		if jq -e '.results[0].time_ms.resolve_addr >= 490' <<<"$output" >/dev/null; then
			jqe '.results[0].warnings[0] | startswith("resolve addr succeeded only at its timeout")' <<<"$output"
			late=1
			break
		fi
		echo "# try $try: resolved in $ms ms, before the timer" >&3
		jqe '(.results[0].warnings // []) | length == 0' <<<"$output"
	done
	[ "$late" -eq 1 ]
}
