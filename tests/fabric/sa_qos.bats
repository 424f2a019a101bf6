#!/usr/bin/env bats
# --sa --tos: the query carries the ToS as its QoS class, as the kernel's
# RDMA CM asks for an id with a ToS.  opensm with QoS on and a policy
# (qos-class.policy) that serves QoS class 5 on SL 3 shows it is asked.

load ../helpers
load fabric

setup_file() {
	fabric_require
	FABRIC_OPENSM_ARGS="-Q -Y $FABRIC_LIB_DIR/qos-class.policy" fabric_start guids.net
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

@test "--tos 5 is QoS class 5: the SM's policy gives SL 3; other classes, and none, SL 0" {
	local t
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --tos 5 --json Hca2
	# Failed once (a busy machine, not seen again in 30 runs under load):
	# what it said, should it fail again.
	[ "$status" -eq 0 ] || { echo "$output"; echo "$stderr"; false; }
	jqe '.results[0] | .paths[0].sl == 3 and .tos == 5 and .tos_from == "option"' <<<"$output"
	for t in 0 6; do
		run --separate-stderr sim_run "$RDMA_ROUTE" --sa --tos "$t" --json Hca2
		[ "$status" -eq 0 ]
		jqe '.results[0].paths[0].sl == 0' <<<"$output"
	done
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --json Hca2
	jqe '.results[0] | .paths[0].sl == 0 and (has("tos") | not)' <<<"$output"
	# As saquery asks it: no QoS class, the default level.
	[ "$(($(sim_run saquery -p --src-to-dst "$(node_lid Hca1):$(node_lid Hca2)" | saquery_field sl)))" -eq 0 ]
}

@test "--sa --tos in Prometheus: a run label, as without --sa" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --tos 5 --prom Hca2
	[ "$status" -eq 0 ]
	prom_valid <<<"$output"
	grep -q '^rdma_route_probe_success{.*tos="5",destination="Hca2"} 1$' <<<"$output"
	grep -q '^rdma_route_path_info{.*tos="5",destination="Hca2",.*,sl="3"} 1$' <<<"$output"
}
