#!/usr/bin/env bats
# The host's facts behind a failure's explanation, asked of rtnetlink
# (libmnl): the one neighbour entry it needs (RTM_GETNEIGH for one
# address), not the whole table, so a host with 100,000 entries is
# explained as one with ten; links and addresses kept only until the
# kernel says they changed.  Each case builds its own network namespace:
# a bridge with no port stands for the interface (this host's kernel has
# no dummy or veth), 10.80.0.1/12 on it, and N permanent entries
# 10.80.0.2, 10.80.0.3, ... with MACs 02:00:<i>.

load ../helpers

setup() {
	[ "$(id -u)" -eq 0 ] || skip "needs root: a network namespace of its own"
	unshare -n ip link add nb0 type bridge 2>/dev/null ||
		skip "no network namespace with a bridge here"
	command -v python3 >/dev/null || skip "python3 writes the neighbour batch"
}

# in_netns N CMD...: CMD in a new namespace holding N neighbour entries.
in_netns() {
	local n=$1 batch=$BATS_TEST_TMPDIR/neigh.$1

	shift
	python3 - "$n" >"$batch" <<'EOF'
import sys
for i in range(int(sys.argv[1])):
    a = (10 << 24 | 80 << 16) + i + 2
    print("neigh add %d.%d.%d.%d lladdr 02:00:%02x:%02x:%02x:%02x dev nb0 nud permanent"
          % (a >> 24, a >> 16 & 255, a >> 8 & 255, a & 255,
             i >> 24 & 255, i >> 16 & 255, i >> 8 & 255, i & 255))
EOF
	unshare -n sh -c '
		ip link add nb0 type bridge && ip link set nb0 up &&
		ip addr add 10.80.0.1/12 dev nb0 &&
		ip -batch "$1" && shift && exec "$@"' sh "$batch" "$@"
}

# The chain of DST's failure, every fact of it, as JSON.
chain() {
	"$RDMA_ROUTE" --explain --json "$1" | jq -c '.results[0].explain'
}

@test "100,000 neighbour entries: the entry asked for is found, the facts as with ten" {
	local ten many

	ten=$(in_netns 10 sh -c "$(declare -f chain); RDMA_ROUTE=$RDMA_ROUTE chain 10.80.0.5")
	many=$(in_netns 100000 sh -c "ip neigh show dev nb0 | wc -l >&2; $(declare -f chain); RDMA_ROUTE=$RDMA_ROUTE chain 10.80.0.5" 2>"$BATS_TEST_TMPDIR/count")
	[ "$(cat "$BATS_TEST_TMPDIR/count")" -eq 100000 ]
	echo "ten:  $ten"
	echo "many: $many"
	[ "$ten" = "$many" ]
	echo "$many" | jqe '.[] | select(.link == "route") | .interface == "nb0" and .source == "10.80.0.1"'
	echo "$many" | jqe '.[] | select(.link == "neighbour") |
		.state == "ok" and .lladdr == "02:00:00:00:00:03" and .nud_state == "PERMANENT"'
}

@test "an address with no entry among 100,000: the same finding as among ten" {
	local ten many

	ten=$(in_netns 10 sh -c "$(declare -f chain); RDMA_ROUTE=$RDMA_ROUTE chain 10.90.0.9")
	many=$(in_netns 100000 sh -c "$(declare -f chain); RDMA_ROUTE=$RDMA_ROUTE chain 10.90.0.9")
	[ "$ten" = "$many" ]
	echo "$many" | jqe '.[] | select(.link == "neighbour") | .address == "10.90.0.9" and (has("lladdr") | not)'
}

@test "the neighbour is asked for alone: RTM_GETNEIGH without NLM_F_DUMP, no table read" {
	local trace=$BATS_TEST_TMPDIR/trace

	command -v strace >/dev/null || skip "strace not installed"
	in_netns 10 strace -f -v -e trace=sendto,sendmsg -o "$trace" \
		"$RDMA_ROUTE" --explain --json 10.80.0.5 >/dev/null || true
	grep -q 'nlmsg_type=RTM_GETNEIGH' "$trace"
	run grep 'nlmsg_type=RTM_GETNEIGH.*NLM_F_DUMP' "$trace"
	[ "$status" -eq 1 ]
	# Nor links: each asked for by index or name.
	run grep 'nlmsg_type=RTM_GETLINK.*NLM_F_DUMP' "$trace"
	[ "$status" -eq 1 ]
}

@test "a link that changes between two results: the later one sees it (its notification read)" {
	local out=$BATS_TEST_TMPDIR/out

	in_netns 1 sh -c '
		: >"$2"
		"$1" --explain --jsonl --count 3 --interval 2000 10.80.0.5 >"$2" &
		pid=$!
		i=0
		while [ "$(wc -l <"$2")" -lt 1 ] && [ $i -lt 200 ]; do
			sleep 0.05
			i=$((i + 1))
		done
		ip link set nb0 mtu 1400
		wait $pid' sh "$RDMA_ROUTE" "$out" || true
	[ "$(wc -l <"$out")" -ge 3 ]
	# Each probe's record: the route link's MTU, first before the change, last after.
	run jq -s -c '[.[] | select(.record == "results") | .explain[] | select(.link == "route") | .interface_mtu]' "$out"
	echo "$output"
	[ "$(echo "$output" | jq '.[0]')" -eq 1500 ]
	[ "$(echo "$output" | jq '.[-1]')" -eq 1400 ]
}

@test "no route, policy rules set: the route link says no table has one, no catch-all rule leads" {
	local j

	# The local rule moved to 100 (as before a VRF's l3mdev rule), a
	# selective rule to an empty table 200, no route to 10.99.99.99.
	j=$(unshare -n sh -c '
		ip link set lo up &&
		ip rule add pref 100 lookup local && ip rule del pref 0 &&
		ip rule add pref 150 to 10.98.0.0/16 lookup 200 &&
		{ "$1" --explain --json 10.99.99.99 10.98.0.1 || :; }' sh "$RDMA_ROUTE")
	echo "$j" | jq -c '.results[].explain[0]'
	echo "$j" | jqe '.results[0].explain[0] | .link == "route" and .state == "broken" and
		.reason == "no route to 10.99.99.99: no table has one (Network is unreachable)" and
		(has("rule_priority") | not)'
	# A rule that chose this destination still says where it sent it.
	echo "$j" | jqe '.results[1].explain[0] | .state == "broken" and .rule_priority == 150 and
		.reason == "no route to 10.98.0.1: policy rule 150: from all to 10.98.0.0/16 lookup 200 sends 10.98.0.1 to table 200, which has no route to it, nor has any later rule'"'"'s table"'
}
