#!/usr/bin/env bats
# Three switches in a line: a path that crosses them, and paths to a
# switch's management port, against saquery.

load ../helpers
load fabric

setup_file() {
	fabric_require
	fabric_start line.net
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

# check_like_saquery DLID [SLID [RDMA-ROUTE ARGS...]]: our record equals
# saquery's (from SLID, by default this port, Hca1's), field by field.
check_like_saquery() {
	local slid dlid=$1 sa mtu rate plt sl

	slid=${2:-$(node_lid Hca1)}
	sa=$(sim_run saquery -p --src-to-dst "$slid:$dlid")
	mtu=$(($(echo "$sa" | saquery_field mtu)))
	rate=$(($(echo "$sa" | saquery_field rate)))
	plt=$(($(echo "$sa" | saquery_field pkt_life)))
	sl=$(($(echo "$sa" | saquery_field sl)))
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json "${@:3}" "$dlid"
	[ "$status" -eq 0 ]
	local p='.results[0].paths[0]'
	echo "$output" | jqe --argjson v "$dlid" "$p.dlid == \$v"
	echo "$output" | jqe --argjson v "$slid" "$p.slid == \$v"
	echo "$output" | jqe --argjson v $((mtu & 63)) "$p.mtu_raw == \$v"
	echo "$output" | jqe --argjson v $((rate & 63)) "$p.rate_raw == \$v"
	echo "$output" | jqe --argjson v $((plt & 63)) "$p.packet_life_time_raw == \$v"
	echo "$output" | jqe --argjson v "$sl" "$p.sl == \$v"
	echo "$output" | jqe --arg v "$(echo "$sa" | saquery_field dgid)" "$p.dgid == \$v"
	# The SA's own fields, which only --sa shows.
	echo "$output" | jqe --arg v "$(echo "$sa" | saquery_field service_id | tr A-F a-f)" "$p.service_id == \$v"
	echo "$output" | jqe --argjson v $(($(echo "$sa" | saquery_field qos_class))) "$p.qos_class == \$v"
}

@test "across three switches: the record saquery gets" {
	check_like_saquery "$(node_lid Hca2)"
	# Within one subnet opensm leaves HopLimit 0, however many switches.
	echo "$output" | jqe '.results[0].paths[0].hop_limit == 0'
	echo "$output" | jqe '.results[0].paths[0].mtu == 2048'
}

@test "to the far switch's port 0: its MTU, as saquery says" {
	local lid

	lid=$(node_lid Switch3)
	check_like_saquery "$lid"
	# The simulated switch's management port offers 1024 bytes, not 2048.
	echo "$output" | jqe '.results[0].paths[0].mtu == 1024'
}

@test "the GID of the far HCA gives the same record as its LID" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json "$(node_lid Hca2)" "$(node_gid Hca2)"
	[ "$status" -eq 0 ]
	echo "$output" | jqe '.results[0].paths[0] == .results[1].paths[0]'
}

@test "--from: the path between two other ports, as saquery --src-to-dst gets it" {
	local from to
	from=$(node_lid Hca2)
	to=$(node_lid Switch1)
	# Hca2 -> Switch1's management port: three switches, a 1024-byte MTU.
	check_like_saquery "$to" "$from" --from "$from"
	echo "$output" | jqe --arg f "$from" '.results[0].from == $f'
	echo "$output" | jqe '.results[0].paths[0].mtu == 1024'
	echo "$output" | jqe --arg g "$(node_gid Hca2)" '.results[0].paths[0].sgid == $g'
	# The same source by its GID and by its port GUID.
	for f in "$(node_gid Hca2)" "$(node_port_guid Hca2)"; do
		run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json --from "$f" "$to"
		[ "$status" -eq 0 ]
		echo "$output" | jqe --argjson l "$from" --argjson d "$to" '.results[0].paths[0] | .slid == $l and .dlid == $d'
	done
}

@test "--from: bad or unknown, said; it needs --sa" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --from 12a "$(node_lid Hca2)"
	[ "$status" -eq 2 ]
	[[ "$stderr" == "rdma-route: invalid --from '12a': want a LID"* ]]
	# A name no node has: one source for every query, so the run stops.
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --from no.such.port "$(node_lid Hca2)"
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: invalid --from 'no.such.port': no CA port of the fabric has that name, in the node-name map or as its node description" ]
	run --separate-stderr "$RDMA_ROUTE" --from 3 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"rdma-route: --from asks for the subnet administrator: add --sa"* ]]
	# A source the SA does not know: no record, said as for a destination.
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json --from 999 "$(node_lid Hca2)"
	[ "$status" -eq 1 ]
	jq -e '.results[0].error.step == "sa_query" and .results[0].from == "999"' <<<"$output" >/dev/null
}
