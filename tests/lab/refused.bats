#!/usr/bin/env bats
# Routes an admin sets to refuse on purpose (blackhole, prohibit,
# unreachable, throw) and policy rules that do so or send the lookup to a
# table without a route: rdma_resolve_addr fails at once with an errno that
# alone says little; the cause and the route link name the route or rule.

load ../helpers

IP=/usr/bin/ip

setup_file() {
	[ -e /dev/infiniband/rdma_cm ] || return 0
	"$IP" -batch - <<-EOF
	route add blackhole 192.168.90.0/24
	route add prohibit 192.168.91.0/24
	route add unreachable 192.168.92.0/24
	route add throw 192.168.93.0/24
	rule add to 192.168.94.0/24 table 100 pref 100
	rule add to 192.168.95.0/24 prohibit pref 101
	route add throw 192.168.96.0/24 table 100
	rule add to 192.168.96.0/24 table 100 pref 102
	route add blackhole 192.168.97.0/24 table 200
	rule add to 192.168.97.0/24 table 200 pref 103
	rule add from 192.168.77.1 to 192.168.98.0/24 unreachable pref 104
	EOF
	"$IP" -6 -batch - <<-EOF
	route add blackhole fd00:90::/64
	route add prohibit fd00:91::/64
	route add unreachable fd00:92::/64
	route add throw fd00:93::/64
	rule add to fd00:95::/64 prohibit pref 105
	route add blackhole fd00:96::/64 table 300
	rule add to fd00:96::/64 table 300 pref 106
	EOF
}

teardown_file() {
	[ -e /dev/infiniband/rdma_cm ] || return 0
	"$IP" -batch - <<-EOF
	route del blackhole 192.168.90.0/24
	route del prohibit 192.168.91.0/24
	route del unreachable 192.168.92.0/24
	route del throw 192.168.93.0/24
	rule del pref 100
	rule del pref 101
	rule del pref 102
	rule del pref 103
	rule del pref 104
	route flush table 100
	route flush table 200
	EOF
	"$IP" -6 -batch - <<-EOF
	route del blackhole fd00:90::/64
	route del prohibit fd00:91::/64
	route del unreachable fd00:92::/64
	route del throw fd00:93::/64
	rule del pref 105
	rule del pref 106
	route flush table 300
	EOF
}

setup() {
	[ -e /dev/infiniband/rdma_cm ] || skip "not in the lab: no RDMA CM here"
}

# refused DEST ERRNO_NAME CAUSE REFUSED_BY TYPE PREFIX TABLE [RR ARGS...]:
# one probe of DEST fails at rdma_resolve_addr as said, exit 1, and its
# root cause is the route link naming TYPE, PREFIX and TABLE ("" none).
refused() {
	local dst=$1 errno=$2 cause=$3 by=$4 type=$5 prefix=$6 table=$7
	shift 7
	run --separate-stderr rr --json --timeout 500 "$@" "$dst"
	[ "$status" -eq 1 ]
	j=$output
	jqe --arg e "$errno" --arg c "$cause" '.results[0].error |
		.call == "rdma_resolve_addr" and .failed_by == "call" and
		.errno_name == $e and .cause == $c' <<<"$j"
	jqe --arg b "$by" --arg t "$type" --arg p "$prefix" --arg tb "$table" \
		'.results[0].root_cause | .link == "route" and .state == "broken" and
		.refused_by == $b and (.route_type // "") == $t and
		(.route_prefix // "") == $p and (.table // "") == $tb' <<<"$j"
}

@test "IPv4 blackhole route: route_blackhole, not bad_address" {
	refused 192.168.90.5 EINVAL route_blackhole route blackhole 192.168.90.0/24 main
	jqe '.results[0].root_cause.reason == "192.168.90.5 matches a blackhole route (192.168.90.0/24, table main)"' <<<"$j"
	jqe '.results[0].root_cause | has("rule") | not' <<<"$j"
}

@test "IPv4 prohibit route: route_prohibited, exit 1, not permission_denied" {
	refused 192.168.91.5 EACCES route_prohibited route prohibit 192.168.91.0/24 main
	jqe '.results[0].root_cause.reason == "192.168.91.5 matches a prohibit route (192.168.91.0/24, table main)"' <<<"$j"
}

@test "IPv4 unreachable route: route_unreachable" {
	refused 192.168.92.5 EHOSTUNREACH route_unreachable route unreachable 192.168.92.0/24 main
	jqe '.results[0].root_cause.reason == "192.168.92.5 matches an unreachable route (192.168.92.0/24, table main)"' <<<"$j"
}

@test "IPv4 throw route in main: route_throw" {
	refused 192.168.93.5 ENETUNREACH route_throw no_route throw 192.168.93.0/24 main
	jqe '.results[0].root_cause.reason | startswith("192.168.93.5 matches a throw route (192.168.93.0/24, table main), and no later")' <<<"$j"
}

@test "IPv6 blackhole route" {
	refused fd00:90::5 EINVAL route_blackhole route blackhole fd00:90::/64 main
	jqe '.results[0].root_cause.reason == "fd00:90::5 matches a blackhole route (fd00:90::/64, table main)"' <<<"$j"
}

@test "IPv6 prohibit route: exit 1" {
	refused fd00:91::5 EACCES route_prohibited route prohibit fd00:91::/64 main
}

@test "IPv6 unreachable route" {
	refused fd00:92::5 EHOSTUNREACH route_unreachable route unreachable fd00:92::/64 main
}

@test "IPv6 throw route" {
	refused fd00:93::5 ENETUNREACH route_throw no_route throw fd00:93::/64 main
}

@test "a rule to an empty table: no_route, the rule and table named" {
	refused 192.168.94.5 ENETUNREACH no_route no_route "" "" 100
	jqe '.results[0].root_cause | .rule_priority == 100 and .rule == "from all to 192.168.94.0/24 lookup 100"' <<<"$j"
	jqe '.results[0].root_cause.reason == "no route to 192.168.94.5: policy rule 100: from all to 192.168.94.0/24 lookup 100 sends 192.168.94.5 to table 100, which has no route to it, nor has any later rule'"'"'s table"' <<<"$j"
}

@test "a prohibit rule: route_prohibited, refused by the rule" {
	refused 192.168.95.5 EACCES route_prohibited rule prohibit "" ""
	jqe '.results[0].root_cause | .rule_priority == 101 and .reason == "192.168.95.5 matches policy rule 101: from all to 192.168.95.0/24 prohibit"' <<<"$j"
}

@test "a throw route in a rule's table: route_throw, with its rule" {
	refused 192.168.96.5 ENETUNREACH route_throw no_route throw 192.168.96.0/24 100
	jqe '.results[0].root_cause | .rule_priority == 102 and .rule == "from all to 192.168.96.0/24 lookup 100"' <<<"$j"
}

@test "a blackhole in a rule's table: named with table and rule" {
	refused 192.168.97.5 EINVAL route_blackhole route blackhole 192.168.97.0/24 200
	jqe '.results[0].root_cause.reason == "192.168.97.5 matches a blackhole route (192.168.97.0/24, table 200, by rule 103: from all to 192.168.97.0/24 lookup 200)"' <<<"$j"
}

@test "a rule from a source: no match without one; bound, the kernel goes on link" {
	# Without a source the kernel looks up from 0.0.0.0: the rule does
	# not match, and main has no route.
	refused 192.168.98.5 ENETUNREACH no_route no_route "" "" ""
	# With --src the id is bound to veth0, and a lookup held to an
	# interface that fails is taken as on link (ip_route_output_key):
	# the rule is passed by and ARP asked, unanswered.
	run --separate-stderr rr --json --timeout 300 --src 192.168.77.1 192.168.98.5
	[ "$status" -eq 1 ]
	jqe '.results[0].error | .event == "ADDR_ERROR" and .cause == "neighbour_timeout"' <<<"$output"
	jqe '.results[0].root_cause | .link == "neighbour" and .interface == "veth0"' <<<"$output"
}

@test "IPv6 rules: a prohibit rule, a blackhole in a rule's table" {
	refused fd00:95::5 EACCES route_prohibited rule prohibit "" ""
	jqe '.results[0].root_cause.rule == "from all to fd00:95::/64 prohibit"' <<<"$j"
	refused fd00:96::5 EINVAL route_blackhole route blackhole fd00:96::/64 300
	jqe '.results[0].root_cause.rule_priority == 106' <<<"$j"
}

@test "text: the cause and the route link's line name the route" {
	run --separate-stderr rr --timeout 500 192.168.90.5
	[ "$status" -eq 1 ]
	has_field "$output" "cause" "route_blackhole"
	[[ "$output" == *"route: broken: 192.168.90.5 matches a blackhole route (192.168.90.0/24, table main)"* ]]
	has_field "$output" "route type" "blackhole"
	has_field "$output" "route prefix" "192.168.90.0/24"
	has_field "$output" "table" "main"
}

@test "--explain: the route link first and broken, the others unknown" {
	run --separate-stderr rr --json --explain --timeout 500 192.168.91.5
	[ "$status" -eq 1 ]
	jqe '.results[0].explain[0] | .link == "route" and .state == "broken" and .route_type == "prohibit" and .refused_by == "route"' <<<"$output"
	jqe '[.results[0].explain[1:4][] | .state] | all(. == "unknown")' <<<"$output"
	jqe '.results[0].explain[4] | .link == "path_record" and .state == "broken"' <<<"$output"
	jqe '.results[0].error.cause == "route_prohibited"' <<<"$output"
}

@test "a batch of refused and reachable destinations: each its cause, exit 1" {
	run --separate-stderr rr --json --timeout 500 192.168.77.2 192.168.90.5 192.168.91.5 fd00:92::5 192.168.93.5
	[ "$status" -eq 1 ]
	jqe '[.results[] | .error.cause // .status] == ["resolved", "route_blackhole", "route_prohibited", "route_unreachable", "route_throw"]' <<<"$output"
	jqe '.summary.failed_by_cause == {"route_blackhole": 1, "route_prohibited": 1, "route_unreachable": 1, "route_throw": 1}' <<<"$output"
}
