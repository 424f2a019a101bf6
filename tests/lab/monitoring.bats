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

@test "alert rules on live output: the silent peer is down, MTU 1024 below 4096, nothing else" {
	run --separate-stderr rr --prom --host-label lab --count 3 --interval 0 --timeout 300 192.168.77.2 192.168.77.99
	[ "$status" -eq 1 ]
	{
		printf 'rule_files:\n  - %s\nevaluation_interval: 1m\ntests:\n  - interval: 1m\n    input_series:\n' "$rules"
		input_series <<<"$output"
		cat <<-'EOF'
		    alert_rule_test:
		      - eval_time: 6m
		        alertname: RdmaRouteDestinationDown
		        exp_alerts:
		          - exp_labels: { severity: critical, instance: lab, host: lab, ps: tcp, destination: 192.168.77.99 }
		            exp_annotations:
		              summary: "lab cannot resolve an RDMA path to 192.168.77.99"
		              description: "rdma_route_failure_info says at which step and why (its cause label); see rdma-route(8) CAUSES, or run rdma-route --explain 192.168.77.99 there."
		      - eval_time: 16m
		        alertname: RdmaRouteMtuBelowExpected
		        exp_alerts:
		          - exp_labels: { severity: warning, instance: lab, host: lab, ps: tcp, destination: 192.168.77.2, path: "0" }
		            exp_annotations:
		              summary: "the RDMA path from lab to 192.168.77.2 has MTU 1024"
		              description: "A lower path MTU than the fabric's costs bandwidth: check the netdev MTU (RoCE) or the SM's MTU settings (InfiniBand); rdma-route --explain says which link caps it."
		      - eval_time: 30m
		        alertname: RdmaRouteResolveSlow
		      - eval_time: 30m
		        alertname: RdmaRouteCheckStale
		EOF
	} >"$BATS_TEST_TMPDIR/test.yml"
	grep -q "rdma_route_step_latency_seconds{instance=\"lab\",host=\"lab\",ps=\"tcp\",destination=\"192.168.77.2\",step=\"total\",quantile=\"0.99\"}" "$BATS_TEST_TMPDIR/test.yml"
	run promtool test rules "$BATS_TEST_TMPDIR/test.yml"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *SUCCESS* ]]
}
