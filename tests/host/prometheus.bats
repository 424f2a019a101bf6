#!/usr/bin/env bats
# Prometheus output a monitoring team can live with, on this host (no
# RDMA: every destination fails).  tests/lab/batch.bats has the resolved.

load ../helpers

@test "--prom: promtool passes every output here" {
	printf '192.0.2.1\n\xff\xfe\n192.0.2.2\n' >"$BATS_TEST_TMPDIR/peers"
	local args
	for args in "192.0.2.1" "-f $BATS_TEST_TMPDIR/peers" \
		"--count 3 --interval 0 192.0.2.1 192.0.2.2" \
		"--src 192.0.2.9 --tos 32 --ps udp 192.0.2.1" \
		"192.0.2.1 192.0.2.1" "--sa 3" "--sa --sl 2 --pkey 0xffff 0x0002c90300000103" \
		"--host-label n01 --expect mtu>=4096 192.0.2.1"; do
		# shellcheck disable=SC2086
		run --separate-stderr rr --prom --timeout 300 $args
		[ "$status" -ne 2 ] || { echo "$args: $stderr"; false; }
		prom_valid <<<"$output" || { echo "promtool failed on: $args"; false; }
		grep -q '^rdma_route_build_info{.*version="' <<<"$output"
	done
}

@test "--prom: two runs give the same series" {
	local a b
	a=$(rr --prom --timeout 300 192.0.2.1 192.0.2.2 192.0.2.1 | prom_series)
	b=$(rr --prom --timeout 300 192.0.2.1 192.0.2.2 192.0.2.1 | prom_series)
	[ -n "$a" ]
	[ "$a" = "$b" ]
	a=$(rr --prom --count 2 --interval 0 192.0.2.1 | prom_series)
	b=$(rr --prom --count 2 --interval 0 192.0.2.1 | prom_series)
	[ "$a" = "$b" ]
}

@test "--prom: a destination's labels are the run's and its own, nothing free" {
	run --separate-stderr rr --prom --host-label n01 --tos 32 192.0.2.1
	[ "$status" -eq 3 ]
	[ "$(grep '^rdma_route_probe_success' <<<"$output")" = 'rdma_route_probe_success{host="n01",tos="32",destination="192.0.2.1"} 0' ]
	# The failure: bounded labels only, never what the kernel said.
	[ "$(grep '^rdma_route_failure_info' <<<"$output" | prom_label_names)" = "host tos destination step call failed_by errno_name cause" ]
	grep -q 'cause="no_rdma_cm"} 1$' <<<"$output"
	[ -z "$(grep -E 'kernel_said|explanation|hint|reason|seq=|flow_label=' <<<"$output")" ]
	# Every per-destination series has the same labels ahead of its own.
	[ -z "$(grep destination= <<<"$output" | grep -v '{host="n01",tos="32",destination="192.0.2.1"[,}]')" ]
	# The run's series: the run's labels only.
	[ "$(grep '^rdma_route_run_probes_failed' <<<"$output")" = 'rdma_route_run_probes_failed{host="n01",tos="32"} 1' ]
}

@test "--prom: labels only where they tell series apart: no host, no ps unless given" {
	run --separate-stderr rr --prom 192.0.2.1
	[ "$status" -eq 3 ]
	[ "$(grep '^rdma_route_probe_success' <<<"$output")" = 'rdma_route_probe_success{destination="192.0.2.1"} 0' ]
	[ "$(grep '^rdma_route_build_info' <<<"$output")" = "rdma_route_build_info{version=\"$(rr --version | awk '{ print $NF; exit }')\"} 1" ]
	grep -Eq '^rdma_route_run_probes 1$' <<<"$output"
	[ -z "$(grep -E '(host|ps)="' <<<"$output")" ]
	# Given, they are there: on every sample, build_info too (two units'
	# files on one node_exporter must not collide).
	run --separate-stderr rr --prom --ps udp --host-label n01 192.0.2.1
	[ -z "$(grep -v '^#' <<<"$output" | grep -v '^rdma_route_[a-z_]*{host="n01",ps="udp"[,}]')" ]
	run --separate-stderr rr --prom --list --host-label n01
	[ -z "$(grep -v '^#' <<<"$output" | grep -v '{host="n01"')" ]
}

@test "--prom: a destination's series, counted as the man page says them" {
	# A failed probe: probe_success, probes, probes_failed,
	# expect_failures, failure_info, and a duration per step run.
	run --separate-stderr rr --prom 192.0.2.1
	[ "$(grep -c '^rdma_route_[a-z_]*{destination=' <<<"$output")" -eq 7 ]
	grep -q '^rdma_route_probes{destination="192.0.2.1"} 1$' <<<"$output"
	grep -q '^rdma_route_probes_failed{destination="192.0.2.1"} 1$' <<<"$output"
	# Raw codes and selectors are JSON's detail, not series.
	[ -z "$(grep -E '_raw|_selector|flow_label|preference|numb_path' <<<"$output")" ]
}

@test "--prom: units in names, no reserved suffix on a gauge, every cause counted" {
	run --separate-stderr rr --prom 192.0.2.1
	[ -z "$(grep -E '^# TYPE .*(_total|_count|_sum|_bucket) gauge$' <<<"$output")" ]
	grep -Eq '^rdma_route_step_duration_seconds\{.*step="create_id"\} [0-9.e-]+$' <<<"$output"
	grep -Eq '^rdma_route_run_duration_seconds [0-9.e-]+$' <<<"$output"
	# Every cause, so that a cause appearing makes no new series.
	[ "$(grep -c '^rdma_route_run_failures{' <<<"$output")" -eq "$(sed -n '/^.SH CAUSES/,/^.SH EXIT/p' "$BATS_TEST_DIRNAME/../../man/rdma-route.8" | grep -c '^\.B [a-z_]*$')" ]
	grep -q '^rdma_route_run_failures{.*cause="no_rdma_cm"} 1$' <<<"$output"
	grep -q '^rdma_route_run_failures{.*cause="no_route"} 0$' <<<"$output"
}

@test "--prom: the run's timestamp is now, to the millisecond" {
	local before after t
	before=$(date +%s.%N)
	run --separate-stderr rr --prom 192.0.2.1
	after=$(date +%s.%N)
	t=$(sed -n 's/^rdma_route_run_timestamp_seconds //p' <<<"$output")
	[ -n "$t" ]
	awk -v b="$before" -v t="$t" -v a="$after" 'BEGIN { exit !(b <= t + 0.001 && t <= a) }'
}

@test "--prom: a destination given twice is told apart, not repeated" {
	run --separate-stderr rr --prom 192.0.2.1 192.0.2.2 192.0.2.1
	[ "$(grep -c '^rdma_route_probe_success{' <<<"$output")" -eq 3 ]
	grep -q '^rdma_route_probe_success{.*destination="192.0.2.1",occurrence="2"} 0$' <<<"$output"
	[ -z "$(prom_series <<<"$output" | uniq -d)" ]
}

@test "--prom --count: the last probe's metrics and the counts, no series per probe" {
	run --separate-stderr rr --prom --count 3 --interval 0 192.0.2.1
	[ "$status" -eq 3 ]
	prom_valid <<<"$output"
	[ "$(grep -c '^rdma_route_probe_success{' <<<"$output")" -eq 1 ]
	grep -q '^rdma_route_probes{.*destination="192.0.2.1"} 3$' <<<"$output"
	grep -q '^rdma_route_probes_failed{.*destination="192.0.2.1"} 3$' <<<"$output"
	# No probe resolved: no times to summarise.
	[ -z "$(grep '^rdma_route_step_latency' <<<"$output")" ]
}
