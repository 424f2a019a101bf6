#!/usr/bin/env bats
# rdma-route --sa on one switch with three HCAs: every field of the
# PathRecord against what the fabric (ibaddr) and the SA (saquery) say.

load ../helpers
load fabric

setup_file() {
	fabric_require
	fabric_start one-switch.net
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

@test "LID: the record matches the topology and opensm's LIDs" {
	local slid dlid sgid dgid

	slid=$(node_lid Hca1)
	dlid=$(node_lid Hca2)
	sgid=$(node_gid Hca1)
	dgid=$(node_gid Hca2)
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json "$dlid"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	echo "$output" | jqe '.results[0].status == "resolved"'
	echo "$output" | jqe '.results[0].device == "ibsim0"'
	echo "$output" | jqe '.results[0].port == 1'
	echo "$output" | jqe '.results[0].link_layer == "InfiniBand"'
	echo "$output" | jqe '.results[0].gid_type == "IB"'
	echo "$output" | jqe '.results[0].num_paths == 1'
	echo "$output" | jqe --argjson l "$dlid" '.results[0].paths[0].dlid == $l'
	echo "$output" | jqe --argjson l "$slid" '.results[0].paths[0].slid == $l'
	echo "$output" | jqe --arg g "$dgid" '.results[0].paths[0].dgid == $g'
	echo "$output" | jqe --arg g "$sgid" '.results[0].paths[0].sgid == $g'
	echo "$output" | jqe '.results[0] | has("error") | not'
}

@test "every field as saquery decodes it from the same SA" {
	local slid dlid sa mtu rate plt pkey sl

	slid=$(node_lid Hca1)
	dlid=$(node_lid Hca2)
	sa=$(sim_run saquery -p --src-to-dst "$slid:$dlid")
	mtu=$(($(echo "$sa" | saquery_field mtu)))
	rate=$(($(echo "$sa" | saquery_field rate)))
	plt=$(($(echo "$sa" | saquery_field pkt_life)))
	pkey=$(($(echo "$sa" | saquery_field pkey)))
	sl=$(($(echo "$sa" | saquery_field sl)))
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json "$dlid"
	[ "$status" -eq 0 ]
	local p='.results[0].paths[0]'
	echo "$output" | jqe --argjson v $((mtu & 63)) "$p.mtu_raw == \$v"
	echo "$output" | jqe --argjson v $((mtu >> 6)) "$p.mtu_selector_raw == \$v"
	echo "$output" | jqe --argjson v $((rate & 63)) "$p.rate_raw == \$v"
	echo "$output" | jqe --argjson v $((rate >> 6)) "$p.rate_selector_raw == \$v"
	echo "$output" | jqe --argjson v $((plt & 63)) "$p.packet_life_time_raw == \$v"
	echo "$output" | jqe --argjson v $((plt >> 6)) "$p.packet_life_time_selector_raw == \$v"
	echo "$output" | jqe --arg v "$(printf '0x%04x' "$pkey")" "$p.pkey == \$v"
	echo "$output" | jqe --argjson v "$sl" "$p.sl == \$v"
	# What this simulator's opensm answers, decoded.
	echo "$output" | jqe "$p.mtu == 2048 and $p.mtu_selector == \"exactly\""
	echo "$output" | jqe "$p.rate == 10 and $p.rate_selector == \"exactly\""
	echo "$output" | jqe "$p.packet_life_time_raw == 18"
	echo "$output" | jqe "($p.packet_life_time - 1073741.824 | fabs) < 0.001"
	echo "$output" | jqe "$p.pkey == \"0xffff\" and $p.pkey_membership == \"full\""
	echo "$output" | jqe "$p.flow_label == \"0x00000\" and $p.hop_limit == 0"
	echo "$output" | jqe "$p.reversible == true and $p.raw_traffic == false"
}

@test "LID, 0x LID, GID and port GUID forms give the same record" {
	local dlid dgid guid

	dlid=$(node_lid Hca3)
	dgid=$(node_gid Hca3)
	guid=$(node_port_guid Hca3)
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json \
		"$dlid" "$(printf '0x%x' "$dlid")" "$dgid" "$guid"
	[ "$status" -eq 0 ]
	echo "$output" | jqe '[.results[].status] == ["resolved", "resolved", "resolved", "resolved"]'
	echo "$output" | jqe '[.results[].paths[0]] | unique | length == 1'
	echo "$output" | jqe --arg g "$dgid" '.results[3].paths[0].dgid == $g'
}

@test "time_ms has the SA steps, each result its own query" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json "$(node_lid Hca2)" "$(node_lid Hca3)"
	[ "$status" -eq 0 ]
	echo "$output" | jqe '[.results[].time_ms | has("open_port") and has("find_sm") and has("sa_query") and has("total")] == [true, true]'
	echo "$output" | jqe '.results[] | .time_ms | .total >= .open_port + .find_sm + .sa_query - 0.01'
	echo "$output" | jqe '.results[0].time_ms.open_port == .results[1].time_ms.open_port'
}

@test "--all-paths lists what the SA returns, as many as saquery counts" {
	local sgid dgid count

	sgid=$(node_gid Hca1)
	dgid=$(node_gid Hca2)
	count=$(sim_run saquery -p --sgid-to-dgid "$sgid-$dgid" | grep -c 'PathRecord dump')
	[ "$count" -ge 1 ]
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --all-paths --json "$dgid"
	[ "$status" -eq 0 ]
	echo "$output" | jqe --argjson n "$count" '.results[0].num_paths == $n'
	echo "$output" | jqe --argjson n "$count" '.results[0].paths | length == $n'
	echo "$output" | jqe --arg g "$dgid" '[.results[0].paths[].dgid] | all(. == $g)'
}

@test "--sl and --pkey filter the query" {
	local dlid

	dlid=$(node_lid Hca2)
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json --sl 1 --pkey 0xffff "$dlid"
	[ "$status" -eq 0 ]
	echo "$output" | jqe '.results[0].paths[0].sl == 1'
	echo "$output" | jqe '.results[0].paths[0].pkey == "0xffff"'
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json --pkey 0x7fff "$dlid"
	[ "$status" -eq 0 ]
	echo "$output" | jqe '.results[0].paths[0].pkey == "0x7fff"'
	echo "$output" | jqe '.results[0].paths[0].pkey_membership == "limited"'
}

@test "a P_Key the subnet does not have: no record, no_matching_path" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json --pkey 0x1234 "$(node_lid Hca2)"
	[ "$status" -eq 1 ]
	echo "$output" | jqe '.results[0].error.cause == "no_matching_path"'
	echo "$output" | jqe '.results[0].error.detail == "MAD status 0x0300: ERR_NO_RECORDS"'
}

@test "an unknown LID and an unknown GID: dest_unknown, exit 1" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json 999 fe80::dead:beef "$(node_lid Hca2)"
	[ "$status" -eq 1 ]
	[ -z "$stderr" ]
	echo "$output" | jqe '[.results[].status] == ["failed", "failed", "resolved"]'
	echo "$output" | jqe '[.results[0,1].error.cause] == ["dest_unknown", "dest_unknown"]'
	echo "$output" | jqe '[.results[0,1].error.step] == ["sa_query", "sa_query"]'
	echo "$output" | jqe '.results[0].error.detail == "MAD status 0x0300: ERR_NO_RECORDS"'
	echo "$output" | jqe '.results[0].error | has("explanation") and has("hint")'
	echo "$output" | jqe '.summary.failed_by_cause == {"dest_unknown": 2}'
}

@test "an unknown LID with --all-paths: an empty table is dest_unknown too" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --all-paths --json 999
	[ "$status" -eq 1 ]
	echo "$output" | jqe '.results[0].error.cause == "dest_unknown"'
}

@test "-C and -P pick the port; a CA that does not exist is no_umad" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa -C ibsim0 -P 1 --json "$(node_lid Hca2)"
	[ "$status" -eq 0 ]
	echo "$output" | jqe '.results[0].device == "ibsim0" and .results[0].port == 1'
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa -C nosuch0 --json "$(node_lid Hca2)"
	[ "$status" -eq 3 ]
	echo "$output" | jqe '.results[0].error.cause == "no_umad"'
	echo "$output" | jqe '.results[0].error.step == "open_port"'
}

@test "text: the resolved path on stdout" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa "$(node_lid Hca2)"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[[ "$output" == *"resolved via ibsim0 port 1"* ]]
	[[ "$output" == *"$(node_gid Hca2)"* ]]
}

@test "a malformed DEST is a usage error (exit 2)" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa 0xc000
	[ "$status" -eq 2 ]
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa 0x10000000000000000
	[ "$status" -eq 2 ]
}

@test "--prom: the SA's PathRecord, IB LIDs as labels of path_info, what --sa was told as labels" {
	local slid dlid
	slid=$(node_lid Hca1)
	dlid=$(node_lid Hca2)
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --prom --sl 0 --host-label fab "$dlid" 999
	[ "$status" -eq 1 ]
	prom_valid <<<"$output"
	local ok="{host=\"fab\",sl=\"0\",destination=\"$dlid\""
	grep -q "^rdma_route_probe_success$ok} 1\$" <<<"$output"
	grep -q "^rdma_route_path_info$ok,path=\"0\",.*,dlid=\"$dlid\",slid=\"$slid\"," <<<"$output"
	grep -q "^rdma_route_info$ok,device=\"ibsim0\",port=\"1\",link_layer=\"InfiniBand\",gid_type=\"IB\"} 1\$" <<<"$output"
	grep -Eq "^rdma_route_step_duration_seconds$ok,step=\"sa_query\"\\} [0-9.e-]+\$" <<<"$output"
	# With an SL asked for, the SA's "no record" cannot tell an unknown
	# LID from a path without that SL.
	grep -q '^rdma_route_failure_info{host="fab",sl="0",destination="999",step="sa_query",call="umad_recv",failed_by="call",cause="no_matching_path"} 1$' <<<"$output"
	grep -q '^rdma_route_probe_success{host="fab",sl="0",destination="999"} 0$' <<<"$output"
}
