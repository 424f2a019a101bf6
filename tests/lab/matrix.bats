#!/usr/bin/env bats
# --matrix of a fleet, for real: seven "hosts" as network namespaces on
# one bridge (192.168.80.0/24, namespace mxhub), each with its own veth
# and Soft-RoCE device, ClusterShell's exec worker running rdma-route in
# every one.  Planted: mx5's netdev MTU is 1000 (its RoCE path MTU 512),
# mx6 has no RDMA device, mx7's bridge port is down.  --matrix must find
# exactly those.

load ../helpers
load lab

setup_file() {
	local i j mac
	$IP netns add mxhub
	$IP -n mxhub link add br0 type bridge
	$IP -n mxhub link set br0 up
	for i in 1 2 3 4 5 6 7; do
		mac=02:00:00:00:80:0$i
		$IP netns add "mx$i"
		$IP -n "mx$i" link add eth0 address "$mac" type veth peer name "p$i" netns mxhub
		$IP -n "mx$i" link set lo up
		$IP -n "mx$i" address add "192.168.80.$i/24" dev eth0
		[ "$i" -ne 5 ] || $IP -n mx5 link set eth0 mtu 1000
		$IP -n "mx$i" link set eth0 up
		$IP -n mxhub link set "p$i" master br0
		[ "$i" -eq 7 ] || $IP -n mxhub link set "p$i" up
		[ "$i" -eq 6 ] || $IP netns exec "mx$i" rdma link add "rxe_mx$i" type rxe netdev eth0
		# Every host's peers, but itself.
		seq 1 7 | grep -vx "$i" | sed 's/^/192.168.80./' >"$BATS_FILE_TMPDIR/peers-mx$i"
	done
	# The neighbours known: no resolution waits on ARP (and its race),
	# however slow the machine.  Nobody knows mx7: it is unreachable.
	for i in 1 2 3 4 5 6; do
		for j in 1 2 3 4 5 6; do
			[ "$i" -eq "$j" ] ||
				$IP -n "mx$i" neigh replace "192.168.80.$j" lladdr "02:00:00:00:80:0$j" \
					dev eth0 nud permanent
		done
	done
	for i in 1 2 3 4 5; do
		wait_active "rxe_mx$i"
	done
}

teardown_file() {
	local i
	for i in 1 2 3 4 5 7; do
		rdma link delete "rxe_mx$i" 2>/dev/null || true
	done
	for i in 1 2 3 4 5 6 7; do
		$IP netns del "mx$i" 2>/dev/null || true
	done
	$IP netns del mxhub 2>/dev/null || true
}

# The fleet's records: one rdma-route per namespace, by WORKER (clush, pdsh).
fleet() {
	local hosts=mx[1-7]
	[ "$1" = pdsh ] && hosts=mx1,mx2,mx3,mx4,mx5,mx6,mx7
	"$1" -R exec -w "$hosts" ip netns exec %h "$RDMA_ROUTE" --jsonl --timeout 1000 \
		--host-label %h -f "$BATS_FILE_TMPDIR/peers-%h"
}

@test "clush runs rdma-route on seven hosts; --matrix finds exactly the planted faults" {
	command -v clush >/dev/null || { echo "clush missing: scripts/install-deps installs clustershell"; false; }
	fleet clush >"$BATS_FILE_TMPDIR/fleet.jsonl" || true
	[ "$(grep -c '^mx[1-7]: {"record":"results"' "$BATS_FILE_TMPDIR/fleet.jsonl")" -eq 42 ]
	run --separate-stderr "$RDMA_ROUTE" --matrix --expect 'mtu >= 1024' --json "$BATS_FILE_TMPDIR/fleet.jsonl"
	echo "$stderr"
	[ "$status" -eq 1 ]
	jqe '.summary | .sources == 7 and .destinations == 7 and .pairs == 42' <<<"$output"
	# mx6 (no RDMA device) and mx7 (cut off) fail to all; nobody reaches mx7.
	jqe '[.findings[] | select(.kind == "fails_to_all") | .from] == ["mx6", "mx7"]' <<<"$output"
	jqe '[.findings[] | select(.kind == "reached_by_none") | .destination] == ["192.168.80.7"]' <<<"$output"
	# mx6 has no device for its route; its ARP to mx7 times out before
	# that is found.  mx7's own port is down.
	jqe '[.pairs[] | select(.from == "mx6" and .destination != "192.168.80.7") | .cause] | unique == ["not_rdma_netdev"]' <<<"$output"
	jqe '[.pairs[] | select(.destination == "192.168.80.7") | .cause] | unique == ["neighbour_timeout"]' <<<"$output"
	jqe '[.pairs[] | select(.from == "mx7") | .cause] | unique == ["link_down"]' <<<"$output"
	# Nothing else failed.
	jqe '[.findings[] | select(.kind == "unreachable")] == []' <<<"$output"
	# mx5's way out is 512, the way in 1024: with each host that answers it back.
	jqe '[.findings[] | select(.kind == "asymmetric") | "\(.from) \(.back_from) \(.differs.mtu | join("/"))"] == ["mx1 mx5 1024/512", "mx2 mx5 1024/512", "mx3 mx5 1024/512", "mx4 mx5 1024/512"]' <<<"$output"
	jqe '[.findings[] | select(.kind == "expect_failed") | .from] == ["mx5", "mx5", "mx5", "mx5", "mx5"]' <<<"$output"
	jqe '.summary.findings == {"fails_to_all": 2, "reached_by_none": 1, "unreachable": 0, "asymmetric": 4, "expect_failed": 5}' <<<"$output"
	# Columns are their hosts where a host's records say so.
	jqe '[.pairs[] | select(.from == "mx1") | .destination_host] == ["mx2", "mx3", "mx4", "mx5", null, null]' <<<"$output"
	# The text grid: the MTUs, the failures coded.
	run "$RDMA_ROUTE" --matrix "$BATS_FILE_TMPDIR/fleet.jsonl"
	[ "$status" -eq 1 ]
	# Failures coded in the order they are read: A mx1's to mx7.
	[[ "${lines[2]}" =~ ^mx1\ +\.\ +1024\ +1024\ +1024\ +1024\ +1024\ +A$ ]]
	[[ "${lines[6]}" =~ ^mx5\ +512\ +512\ +512\ +512\ +\.\ +512\ +A$ ]]
	[[ "${lines[7]}" =~ ^mx6(\ +B){5}\ +\.\ +A$ ]]
	[[ "${lines[8]}" =~ ^mx7(\ +C){6}\ +\.$ ]]
	[[ "${lines[16]}" == " A  neighbour_timeout: "* ]] || [[ "${lines[16]}" == "A  neighbour_timeout: "* ]]
}

@test "pdsh: the same records, the same matrix" {
	command -v pdsh >/dev/null || { echo "pdsh missing: scripts/install-deps installs pdsh"; false; }
	fleet pdsh >"$BATS_FILE_TMPDIR/pdsh.jsonl" || true
	[ "$(grep -c '^mx[1-7]: {"record":"results"' "$BATS_FILE_TMPDIR/pdsh.jsonl")" -eq 42 ]
	run --separate-stderr "$RDMA_ROUTE" --matrix --json "$BATS_FILE_TMPDIR/pdsh.jsonl"
	[ "$status" -eq 1 ]
	jqe '.summary.findings == {"fails_to_all": 2, "reached_by_none": 1, "unreachable": 0, "asymmetric": 4, "expect_failed": 0}' <<<"$output"
	# Every pair and finding as ClusterShell's records give them.
	fleet clush >"$BATS_FILE_TMPDIR/clush.jsonl" || true
	"$RDMA_ROUTE" --matrix --json "$BATS_FILE_TMPDIR/clush.jsonl" >"$BATS_FILE_TMPDIR/clush.json" || true
	jqe --slurpfile c "$BATS_FILE_TMPDIR/clush.json" \
		'.pairs == $c[0].pairs and .findings == $c[0].findings and (.pairs | length) == 42' <<<"$output"
}
