#!/usr/bin/env bats
# Records that merge across hosts: every JSON and JSON Lines record says
# which host made it (--host-label overrides) and when its probe started,
# RFC 3339 in UTC; text does not carry them, Prometheus the host (a label)
# and the run's time (a gauge).

load ../helpers

# epoch TIME: an RFC 3339 time with milliseconds, in seconds since 1970.
epoch() {
	jq -rn --arg t "$1" '$t | sub("\\.[0-9]{3}Z$"; "Z") | fromdateiso8601'
}

@test "JSON Lines: each record carries this host's name and its start time" {
	local before after t

	before=$(date -u +%s)
	run --separate-stderr rr --jsonl 192.0.2.1 192.0.2.2
	after=$(date -u +%s)
	[ "$status" -eq 3 ]
	jqe -s --arg h "$(uname -n)" 'map(.host) == [$h, $h, $h]' <<<"$output"
	jqe -s 'map(.time | test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$")) == [true, true, true]' <<<"$output"
	for t in $(jq -r '.time' <<<"$output"); do
		[ "$(epoch "$t")" -ge "$before" ] && [ "$(epoch "$t")" -le "$after" ] ||
			{ echo "$t not within $before-$after"; false; }
	done
	# The summary's time is the first probe's.
	jqe -s '.[2].time == ([.[0].time, .[1].time] | min)' <<<"$output"
}

@test "--host-label: the name records carry instead" {
	run --separate-stderr rr --json --host-label 'rack7-n01' 192.0.2.1
	[ "$status" -eq 3 ]
	jqe '.results[0].host == "rack7-n01" and .summary.host == "rack7-n01"' <<<"$output"
}

@test "--host-label: empty, or with a line break, is a usage error" {
	run --separate-stderr rr --host-label '' 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"invalid --host-label ''"* ]]
	run --separate-stderr rr --host-label $'a\nb' 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *'invalid --host-label'* ]]
}

@test "--host-label: every control character is refused, UTF-8 letters are not" {
	for c in $'\x01' $'\x07' $'\x1b' $'\x1f' $'\x7f' $'\xc2\x85' $'\xc2\x9b'; do
		run --separate-stderr rr --host-label "rack${c}7" 192.0.2.1
		[ "$status" -eq 2 ] || { printf 'accepted %q\n' "rack${c}7"; false; }
		[[ "$stderr" == *'invalid --host-label'*'no control characters'* ]]
	done
	run --separate-stderr rr --json --host-label 'nœud-7' 192.0.2.1
	[ "$status" -eq 3 ]
	jqe '.results[0].host == "nœud-7"' <<<"$output"
}

@test "text carries neither host nor time; Prometheus the host asked for on every sample" {
	run --separate-stderr rr 192.0.2.1 192.0.2.2
	grep -q '^summary$' <<<"$output"
	[ -z "$(grep -E '^ +(host|time) ' <<<"$output$stderr")" ]
	run --separate-stderr rr --prom --host-label n01 192.0.2.1
	grep -q '^rdma_route_probe_success{host="n01",destination="192.0.2.1"} 0$' <<<"$output"
	[ -z "$(grep -v '^#' <<<"$output" | grep -v '{host="n01"[,}]')" ]
	# A time label would make new series every run: a gauge holds it.
	[ -z "$(grep 'time=' <<<"$output")" ]
}

@test "--expect knows host and time as string fields" {
	run --separate-stderr rr --json --host-label n01 --expect 'host = n01' --expect 'time != x' 192.0.2.1
	[ "$status" -eq 3 ]
	run --separate-stderr rr --expect 'host >= n01' 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"host"* ]]
	run --separate-stderr rr --expect 'hostname = n01' 192.0.2.1
	[ "$status" -eq 2 ]
}
