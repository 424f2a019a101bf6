#!/usr/bin/env bats
# Health-check use: a file of many destinations, repeated probes with
# statistics, assertions, and the machine-readable formats.

load ../helpers

setup_file() {
	[ -e /dev/infiniband/rdma_cm ] || return 0
	# Every peer address answers from veth1: put them in the neighbour
	# cache, so no probe waits out the kernel's uncached-neighbour race.
	mac=$(/usr/bin/ip -n peer -br link show veth1 | awk '{ print $3 }')
	{
		for i in $(seq 3 254); do
			[ "$i" -eq 99 ] || echo "neigh replace 192.168.77.$i lladdr $mac dev veth0 nud permanent"
		done
		for i in $(seq 256 511); do
			printf 'neigh replace fd00:77::%x lladdr %s dev veth0 nud permanent\n' "$i" "$mac"
		done
	} | /usr/bin/ip -batch -
	# 56 destinations: 30 + 6 reachable, 8 silent, 6 without a route,
	# 6 whose route leaves through dummy0 (no RDMA device).
	batch=$BATS_FILE_TMPDIR/batch.txt
	{
		echo "# rdma-route batch test"
		for i in $(seq 10 39); do echo "192.168.77.$i"; done
		echo
		for i in $(seq 3 10); do echo "192.168.78.$i   # silent"; done
		for i in $(seq 1 6); do echo "10.99.99.$i"; done
		for i in $(seq 2 7); do echo "  192.168.79.$i"; done
		for i in $(seq 256 261); do printf 'fd00:77::%x\n' "$i"; done
	} >"$batch"
}

teardown_file() {
	[ -e /dev/infiniband/rdma_cm ] || return 0
	/usr/bin/ip neigh flush dev veth0 nud permanent
}

setup() {
	[ -e /dev/infiniband/rdma_cm ] || skip "not in the lab: no RDMA CM here"
	batch=$BATS_FILE_TMPDIR/batch.txt
}

@test "a file of 56 destinations: each its own result, in input order" {
	run --separate-stderr rr --json --timeout 300 -f "$batch"
	[ "$status" -eq 1 ]
	want=$(grep -v '^#' "$batch" | sed 's/#.*//; s/^ *//; s/ *$//' | grep . | jq -R . | jq -s -c .)
	jqe --argjson want "$want" '[.results[].destination] == $want' <<<"$output"
	jqe '[.results[0:30][] | .status == "resolved" and .device == "rxe0"] | all' <<<"$output"
	jqe '[.results[30:38][] | .error.cause == "neighbour_timeout" and .error.event == "ADDR_ERROR"] | all' <<<"$output"
	jqe '[.results[38:44][] | .error.cause == "no_route" and .error.errno_name == "ENETUNREACH"] | all' <<<"$output"
	jqe '[.results[44:50][] | .error.cause == "not_rdma_netdev" and .error.errno_name == "ENODEV"] | all' <<<"$output"
	jqe '[.results[50:56][] | .status == "resolved" and (.paths[0].dgid | startswith("fd00:77::1"))] | all' <<<"$output"
	jqe '.summary.elapsed_ms >= ([.results[].time_ms.total] | max)' <<<"$output"
	jqe '(.summary | del(.elapsed_ms, .host, .time)) == {"destinations": 56, "probes": 56, "resolved": 36, "failed": 20, "failed_by_cause": {"neighbour_timeout": 8, "no_route": 6, "not_rdma_netdev": 6}, "expect_failed": 0, "input_errors": 0}' <<<"$output"
}

@test "text: the batch summary groups failures by cause" {
	run --separate-stderr rr --timeout 300 -f "$batch"
	[ "$status" -eq 1 ]
	has_field "$output" "destinations" "56"
	has_field "$output" "resolved" "36"
	has_field "$output" "failed" "20"
	has_field "$output" "neighbour_timeout" "8"
	has_field "$output" "no_route" "6"
	has_field "$output" "not_rdma_netdev" "6"
	[ "$(grep -c ': resolved via rxe0 port 1 in ' <<<"$output")" -eq 36 ]
	[ "$(grep -c ': failed at ' <<<"$output")" -eq 20 ]
	[ -z "$stderr" ]
}

@test "destinations from stdin, with the command line's first" {
	run --separate-stderr rr --json -f - 192.168.77.2 <<<"192.168.77.11
# comment

192.168.77.12"
	[ "$status" -eq 0 ]
	jqe '[.results[].destination] == ["192.168.77.2", "192.168.77.11", "192.168.77.12"]' <<<"$output"
}

@test "a bad line is reported with its number; the rest still runs (exit 2)" {
	printf '192.168.77.11\nnot an address\n192.168.77.300\n192.168.77.12\n' >"$BATS_TEST_TMPDIR/bad.txt"
	run --separate-stderr rr --json -f "$BATS_TEST_TMPDIR/bad.txt"
	[ "$status" -eq 2 ]
	jqe '[.results[].status] == ["resolved", "resolved"]' <<<"$output"
	jqe '[.input_errors[].line] == [2, 3]' <<<"$output"
	jqe '.input_errors[1] | .text == "192.168.77.300" and .reason == "not a valid IPv4 address (want four decimal numbers 0-255, a.b.c.d, no leading zeros)"' <<<"$output"
	jqe '.summary.input_errors == 2' <<<"$output"
	run --separate-stderr rr -f "$BATS_TEST_TMPDIR/bad.txt"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"bad.txt:2: invalid destination 'not an address': not an IPv4/IPv6 address or host name"* ]]
	[[ "$stderr" == *"bad.txt:3: invalid destination '192.168.77.300': not a valid IPv4 address"* ]]
}

@test "--count: one line per probe, then consistent statistics" {
	run --separate-stderr rr --count 5 --interval 20 192.168.77.2
	[ "$status" -eq 0 ]
	for s in 1 2 3 4 5; do
		grep -Eq "^192\.168\.77\.2: seq $s: rxe0 port 1, resolve addr [0-9.]+ ms, resolve route [0-9.]+ ms, total [0-9.]+ ms$" <<<"$output" ||
			{ echo "no line for seq $s"; false; }
	done
	grep -q '^--- 192.168.77.2 statistics: 5 probes, 5 resolved, 0 failed (0%) ---$' <<<"$output"
	run --separate-stderr rr --json --count 5 --interval 20 192.168.77.2 192.168.77.99 --timeout 300
	[ "$status" -eq 1 ]
	jqe '.count == 5 and .interval_ms == 20' <<<"$output"
	# Rounds: each destination once, then each again (as fping).
	jqe '[.results[].seq] == [1,1,2,2,3,3,4,4,5,5]' <<<"$output"
	jqe '[.results[].destination] == [range(5) | "192.168.77.2", "192.168.77.99"]' <<<"$output"
	jqe '.statistics | length == 2' <<<"$output"
	s='.statistics[0]'
	jqe "$s.probes == 5 and $s.resolved == 5 and $s.failed == 0" <<<"$output"
	for step in create_id resolve_addr resolve_route total; do
		jqe "$s.time_ms.$step | .n == 5 and .min <= .p50 and .p50 <= .p90 and .p90 <= .p99 and .p99 <= .max and .min <= .avg and .avg <= .max and .mdev >= 0" <<<"$output"
	done
	# The statistics are those of the probes printed.
	ok='[.results[] | select(.destination == "192.168.77.2") | .time_ms.total]'
	jqe "($ok | min) == $s.time_ms.total.min and ($ok | max) == $s.time_ms.total.max" <<<"$output"
	jqe "(($ok | add / length) - $s.time_ms.total.avg | fabs) < 0.001" <<<"$output"
	# Percentiles within 1 % of the nearest-rank ones of the probes.
	jqe "($ok | sort | .[2]) as \$p50 | ($s.time_ms.total.p50 - \$p50 | fabs) <= 0.01 * \$p50 + 0.0005" <<<"$output"
	jqe '.statistics[1] | .probes == 5 and .resolved == 0 and .failed_by_cause == {"neighbour_timeout": 5}' <<<"$output"
	jqe '.statistics[1].time_ms == {}' <<<"$output"
	jqe '.summary | .destinations == 2 and .probes == 10 and .resolved == 5 and .failed == 5' <<<"$output"
}

@test "--count with --interval spaces the probes out" {
	# Three probes 200 ms apart cannot all be done in much less than 400 ms.
	start=$(date +%s%N)
	rr --count 3 --interval 200 192.168.77.2 >/dev/null
	elapsed=$((($(date +%s%N) - start) / 1000000))
	[ "$elapsed" -ge 400 ] || { echo "took $elapsed ms"; false; }
}

@test "--expect: each operator passes where it holds" {
	run --separate-stderr rr --json 192.168.77.2 \
		--expect 'mtu = 1024' --expect 'mtu != 4096' --expect 'mtu < 2048' \
		--expect 'mtu <= 1024' --expect 'hop_limit > 63' --expect 'hop_limit >= 64' \
		--expect 'device = rxe0' --expect 'gid_type = RoCE v2' \
		--expect 'pkey = 0xffff' --expect 'numb_path >= 1' --expect 'port = 1' \
		--expect 'link_layer = Ethernet' --expect 'sl = 0' --max-ms 60000 \
		--max-ms resolve_route=60000
	[ "$status" -eq 0 ]
	jqe '.results[0] | has("expect_failed") | not' <<<"$output"
	jqe '.summary.expect_failed == 0' <<<"$output"
}

@test "--expect: each operator fails where it does not (exit 4), naming it" {
	for e in 'mtu = 4096' 'mtu != 1024' 'mtu < 1024' 'mtu <= 512' 'hop_limit > 64' \
		 'hop_limit >= 65' 'device = rxe2' 'gid_type != RoCE v2' 'pkey = 0x7fff'; do
		run --separate-stderr rr --json --expect "$e" 192.168.77.2
		[ "$status" -eq 4 ] || { echo "'$e' gave $status"; false; }
		field=${e%% *}
		jqe --arg f "$field" '.results[0].expect_failed[0].field == $f' <<<"$output"
	done
	run --separate-stderr rr --json --expect 'mtu >= 4096' 192.168.77.2
	jqe '.results[0].expect_failed == [{"field": "mtu", "op": ">=", "expected": "4096", "actual": "1024"}]' <<<"$output"
	jqe '.summary.expect_failed == 1' <<<"$output"
	run --separate-stderr rr --expect 'mtu >= 4096' 192.168.77.2
	[ "$status" -eq 4 ]
	[[ "$output" == *"expectation failed: mtu >= 4096, actual 1024"* ]]
}

@test "--max-ms fails a step that took longer (exit 4)" {
	run --separate-stderr rr --json --max-ms resolve_addr=0.001 192.168.77.2
	[ "$status" -eq 4 ]
	jqe '.results[0].expect_failed[0] | .field == "resolve_addr" and .op == "<=" and .expected == "0.001"' <<<"$output"
}

@test "an unresolved destination is exit 1, not 4, even with --expect" {
	run --separate-stderr rr --json --expect 'mtu >= 4096' 192.168.77.2 10.99.99.99
	[ "$status" -eq 1 ]
	jqe '.results[1] | has("expect_failed") | not' <<<"$output"
}

@test "every field of a real result can be asserted on, with a value of its type" {
	run --separate-stderr rr --json 192.168.77.2
	# FIELD<TAB>an assertion that holds: numbers (0x strings too) >= 0,
	# booleans = themselves, strings != something they are not, null
	# (rate on RoCE: the port's current rate) != 0.
	checks=$(jq -r '.results[0] | (to_entries | map(select(.key != "paths" and .key != "time_ms" and .key != "destination"))),
		(.time_ms | to_entries), (.paths[0] | to_entries) | .[] |
		"\(.key)\t" + (if (.value | type) == "number" or ((.value | type) == "string" and (.value | test("^0x[0-9a-f]+$")))
			then "\(.key) >= 0" elif (.value | type) == "boolean" then "\(.key) = \(.value)"
			elif .value == null then "\(.key) != 0"
			else "\(.key) != __never__" end)' <<<"$output")
	[ "$(wc -l <<<"$checks")" -ge 35 ]
	# A run for each 32 (the most --expect takes): one that does not hold
	# is named in its output.
	# (Not $i: bats's run sets it.)
	mapfile -t exprs < <(cut -f2 <<<"$checks")
	for ((first = 0; first < ${#exprs[@]}; first += 32)); do
		args=()
		for e in "${exprs[@]:first:32}"; do
			args+=(--expect "$e")
		done
		run --separate-stderr rr --json "${args[@]}" 192.168.77.2
		[ "$status" -eq 0 ] || { jq -c '.results[0].expect_failed' <<<"$output"; echo "$stderr"; false; }
		jqe '.results[0] | has("expect_failed") | not' <<<"$output"
	done
}

@test "--jsonl: one JSON object per line, probes in rounds, each destination's statistics after its last" {
	run --separate-stderr rr --jsonl --timeout 300 --count 2 --interval 0 192.168.77.2 10.99.99.99
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 7 ]
	for line in "${lines[@]}"; do
		jq -e . >/dev/null <<<"$line" || { echo "not JSON: $line"; false; }
	done
	[ "$(jq -r '"\(.record):\(.destination // "")"' <<<"$output" | tr '\n' ' ')" = "results:192.168.77.2 results:10.99.99.99 results:192.168.77.2 statistics:192.168.77.2 results:10.99.99.99 statistics:10.99.99.99 summary: " ]
	[ "$(jq -r 'select(.record == "results") | .seq' <<<"$output" | tr '\n' ' ')" = "1 1 2 2 " ]
	jqe 'select(.record == "summary") | .probes == 4 and .resolved == 2' <<<"$output"
}

# Prometheus: promtool on every output (prom_valid, tests/helpers.bash).
@test "--prom: resolved and failed, the same labels, units in the names" {
	run --separate-stderr rr --prom --host-label lab --timeout 300 192.168.77.2 192.168.77.99
	[ "$status" -eq 1 ]
	prom_valid <<<"$output"
	local ok='{host="lab",destination="192.168.77.2"' bad='{host="lab",destination="192.168.77.99"'
	grep -q "^rdma_route_probe_success$ok} 1$" <<<"$output"
	grep -q "^rdma_route_probe_success$bad} 0$" <<<"$output"
	grep -q "^rdma_route_probes_failed$bad} 1$" <<<"$output"
	grep -q "^rdma_route_path_mtu_bytes$ok,path=\"0\"} 1024$" <<<"$output"
	grep -q "^rdma_route_path_packet_life_time_seconds$ok,path=\"0\"} [0-9.]*$" <<<"$output"
	grep -Eq "^rdma_route_step_duration_seconds$ok,step=\"resolve_addr\"\} [0-9.e-]+$" <<<"$output"
	# What the kernel chose: in the _info series, not the identity.
	grep -q "^rdma_route_info$ok,source=\"192.168.77.1\",device=\"rxe0\",port=\"1\",link_layer=\"Ethernet\",gid_type=\"RoCE v2\",sgid_index=\"1\"," <<<"$output"
	# Identifiers are labels of _info, not gauges of their own.
	grep -q "^rdma_route_path_info$ok,path=\"0\",dgid=\"::ffff:192.168.77.2\",sgid=\"::ffff:192.168.77.1\",hop_limit=\"64\",traffic_class=\"0\",reversible=\"true\",pkey=\"0xffff\",pkey_membership=\"full\",sl=\"0\"} 1$" <<<"$output"
	# A resolved destination: 15 series (man page, PROMETHEUS).
	[ "$(grep -c "^rdma_route_[a-z_]*$ok[,}]" <<<"$output")" -eq 15 ]
	# A neighbour that never answered: 8 (three steps ran).
	[ "$(grep -c "^rdma_route_[a-z_]*$bad[,}]" <<<"$output")" -eq 8 ]
	grep -q "^rdma_route_failure_info$bad,step=\"resolve_addr\",call=\"rdma_resolve_addr\",failed_by=\"event\",event=\"ADDR_ERROR\",errno_name=\"ETIMEDOUT\",cause=\"neighbour_timeout\"} 1$" <<<"$output"
	grep -q '^rdma_route_run_failures{host="lab",cause="neighbour_timeout"} 1$' <<<"$output"
	# The flow label changes every probe: JSON's, never a label; raw
	# codes and selectors are JSON's too.
	[ -z "$(grep -E 'flow_label|_raw|_selector' <<<"$output")" ]
}

@test "--prom with -b and --tos: the run's labels, never twice on the _info series" {
	run --separate-stderr rr --prom -b 192.168.77.1 --tos 32 192.168.77.2
	[ "$status" -eq 0 ]
	prom_valid <<<"$output"
	grep -q '^rdma_route_info{source="192.168.77.1",tos="32",destination="192.168.77.2",device="rxe0",port="1",link_layer="Ethernet",' <<<"$output"
	[ "$(grep '^rdma_route_info{' <<<"$output" | grep -o 'source=' | wc -l)" -eq 1 ]
	[ "$(grep '^rdma_route_info{' <<<"$output" | grep -o ',tos=' | wc -l)" -eq 1 ]
}

@test "--prom: two runs against the same destinations give the same series" {
	local a b
	a=$(rr --prom --timeout 300 192.168.77.2 192.168.77.99 fd00:77::2 | prom_series)
	b=$(rr --prom --timeout 300 192.168.77.2 192.168.77.99 fd00:77::2 | prom_series)
	[ "$(grep -c '^rdma_route_probe_success{' <<<"$a")" -eq 3 ]
	[ "$a" = "$b" ]
	a=$(rr --prom --count 3 --interval 0 192.168.77.2 | prom_series)
	b=$(rr --prom --count 3 --interval 0 192.168.77.2 | prom_series)
	[ "$a" = "$b" ]
}

@test "--prom --count: a summary of each step's times, the last probe's values" {
	run --separate-stderr rr --prom --count 5 --interval 0 192.168.77.2
	[ "$status" -eq 0 ]
	prom_valid <<<"$output"
	local d='{destination="192.168.77.2"'
	grep -q '^# TYPE rdma_route_step_latency_seconds summary$' <<<"$output"
	grep -q "^rdma_route_probes$d} 5$" <<<"$output"
	grep -q "^rdma_route_probes_failed$d} 0$" <<<"$output"
	grep -q "^rdma_route_step_latency_seconds_count$d,step=\"total\"} 5$" <<<"$output"
	for q in 0.5 0.9 0.99; do
		grep -Eq "^rdma_route_step_latency_seconds$d,step=\"total\",quantile=\"$q\"\} [0-9.e-]+$" <<<"$output"
	done
	# The sum lies between 5 times the median's lower half and 5 times
	# the largest (p99 of 5 probes is the largest).
	sum=$(sed -n 's/^rdma_route_step_latency_seconds_sum{.*step="total"} //p' <<<"$output")
	max=$(sed -n 's/^rdma_route_step_latency_seconds{.*step="total",quantile="0.99"} //p' <<<"$output")
	awk -v s="$sum" -v b="$max" 'BEGIN { exit !(b > 0 && s > 0 && s <= 5 * b * 1.000001) }'
	grep -q "^rdma_route_path_mtu_bytes$d,path=\"0\"} 1024$" <<<"$output"
	[ "$(grep -c '^rdma_route_probe_success{' <<<"$output")" -eq 1 ]
	[ -z "$(grep 'seq=' <<<"$output")" ]
}

@test "-A: every address of a name resolved for real; without it, the first and a warning" {
	# The VM's /etc is a RAM overlay: this hosts file ends with the VM.
	cp /etc/hosts "$BATS_TEST_TMPDIR/hosts.saved"
	printf '192.168.77.11 peers.lab\n192.168.77.12 peers.lab\nfd00:77::100 peers.lab\n' >>/etc/hosts
	run --separate-stderr rr --json -A peers.lab
	cp "$BATS_TEST_TMPDIR/hosts.saved" /etc/hosts
	[ "$status" -eq 0 ]
	jqe '[.results[].address] | sort == ["192.168.77.11", "192.168.77.12", "fd00:77::100"]' <<<"$output"
	jqe '[.results[] | .status == "resolved" and .device == "rxe0" and .name_addresses == 3] | all' <<<"$output"
	jqe '.summary | .destinations == 3 and .resolved == 3' <<<"$output"
	printf '192.168.77.11 peers.lab\n192.168.77.12 peers.lab\n' >>/etc/hosts
	run --separate-stderr rr --json peers.lab
	cp "$BATS_TEST_TMPDIR/hosts.saved" /etc/hosts
	[ "$status" -eq 0 ]
	jqe '.results | length == 1' <<<"$output"
	jqe '.results[0] | .status == "resolved" and .name_addresses == 2' <<<"$output"
	jqe '.results[0] | .warnings == ["peers.lab has 2 addresses; only the first, \(.address), was probed (-A probes each)"]' <<<"$output"
}

@test "--brief: a line per probe, the statistics with the total's, the summary" {
	run --separate-stderr rr --brief --count 3 --interval 0 192.168.77.2
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 5 ]
	for s in 1 2 3; do
		[[ "${lines[$((s - 1))]}" =~ ^192\.168\.77\.2:\ seq\ $s:\ rxe0\ port\ 1,\ .*total\ [0-9.]+\ ms$ ]]
	done
	[[ "${lines[3]}" =~ ^---\ 192\.168\.77\.2\ statistics:\ 3\ probes,\ 3\ resolved,\ 0\ failed\ \(0%\),\ total\ min/avg/max/mdev\ [0-9.]+/[0-9.]+/[0-9.]+/[0-9.]+\ ms\ ---$ ]]
	[[ "${lines[4]}" =~ ^summary:\ 1\ destination,\ 3\ probes,\ 3\ resolved,\ 0\ failed\ \(0%\),\ elapsed\ [0-9.]+\ ms$ ]]
}

@test "-f from a slow pipe: a line starts when written, while another is in flight" {
	fifo=$BATS_TEST_TMPDIR/in
	out=$BATS_TEST_TMPDIR/out
	mkfifo "$fifo"
	rr --jsonl --timeout 3000 -f - <"$fifo" >"$out" 2>&1 &
	pid=$!
	exec 9>"$fifo"
	echo 192.168.77.99 >&9		# silent: in flight for 3 s
	sleep 0.5
	echo 192.168.77.2 >&9
	# Open past the first one's timeout: a reader that waited for more
	# lines (or the end) would start the second only now.
	sleep 4
	exec 9>&-
	wait "$pid" || true
	jqe -s '[.[] | select(.record == "results")] | map(.destination) == ["192.168.77.99", "192.168.77.2"]' <"$out"
	jqe -s '[.[] | select(.destination == "192.168.77.2")][0] | .status == "resolved" and .start_ms < 2500' <"$out"
	jqe -s '[.[] | select(.destination == "192.168.77.99")][0].error.cause == "neighbour_timeout"' <"$out"
}
