#!/usr/bin/env bats
# The alert rules of contrib/ on what rdma-route prints here, for real:
# promtool test rules, its input series the lab's own output.

load ../helpers
load lab

rules=$(realpath "$BATS_TEST_DIRNAME/../../contrib/rdma-route.rules.yml")

# Exposition on stdin as promtool's input series: each sample a series of
# node_exporter's (instance="lab"), its value held for 30 minutes.
input_series() {
	grep -v '^#' | sed -E 's/^([^{ ]*)\{(.*)\} (.*)$/\1{instance="lab",\2} \3/; s/^([^{ ]*) (.*)$/\1{instance="lab"} \2/' |
		while read -r series value; do
			printf "      - series: '%s'\n        values: '%sx30'\n" "$series" "$value"
		done
}

@test "alert rules on live output: the silent peer is down; RoCE's MTU 1024 as the site expects; nothing else" {
	run --separate-stderr rr --prom --host-label lab --count 3 --interval 0 --timeout 300 192.168.77.2 192.168.77.99
	[ "$status" -eq 1 ]
	{
		printf 'rule_files:\n  - %s\nevaluation_interval: 1m\ntests:\n  - interval: 1m\n    input_series:\n' "$rules"
		input_series <<<"$output"
		cat <<-'EOF'
		    promql_expr_test:
		      - expr: rdma_route:path_mtu_bytes
		        eval_time: 1m
		        exp_samples:
		          - labels: 'rdma_route:path_mtu_bytes{instance="lab",host="lab",destination="192.168.77.2",path="0",link_layer="Ethernet"}'
		            value: 1024
		    alert_rule_test:
		      - eval_time: 6m
		        alertname: RdmaRouteDestinationDown
		        exp_alerts:
		          - exp_labels: { severity: critical, instance: lab, host: lab, destination: 192.168.77.99 }
		            exp_annotations:
		              summary: "lab cannot resolve an RDMA path to 192.168.77.99 (100% of probes failed)"
		              description: "rdma_route_failure_info says at which step and why (its cause label); see rdma-route(8) CAUSES, or run rdma-route --explain 192.168.77.99 there."
		      - eval_time: 30m
		        alertname: RdmaRouteMtuBelowExpected
		      - eval_time: 30m
		        alertname: RdmaRouteDestinationLossy
		      - eval_time: 30m
		        alertname: RdmaRouteExpectFailed
		      - eval_time: 30m
		        alertname: RdmaRouteInputErrors
		      - eval_time: 30m
		        alertname: RdmaRouteResolveSlow
		      - eval_time: 30m
		        alertname: RdmaRouteCheckStale
		EOF
	} >"$BATS_TEST_TMPDIR/test.yml"
	# Labels only where they tell series apart: the host asked for, no ps.
	grep -q "rdma_route_step_latency_seconds{instance=\"lab\",host=\"lab\",destination=\"192.168.77.2\",step=\"total\",quantile=\"0.99\"}" "$BATS_TEST_TMPDIR/test.yml"
	run promtool test rules "$BATS_TEST_TMPDIR/test.yml"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *SUCCESS* ]]
}
