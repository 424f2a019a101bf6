#!/usr/bin/env bats
# Fleet runs, for real: ClusterShell's and pdsh's exec workers run
# rdma-route in each of the lab's network namespaces as if each were a
# host (peer: rxe1 on veth1; peer2: veth3, no RDMA device), and their
# JSON Lines merge into one table by the records' host.

load ../helpers
load lab

setup() {
	printf '192.168.77.1\n192.168.78.1\n' >"$BATS_TEST_TMPDIR/peers"
}

# The merged records as "host destination status cause" lines, sorted.
table() {
	jq -r 'select(.record == "results") | [.host, .destination, .status, (.error.cause // "-")] | join(" ")' | sort
}

want='peer 192.168.77.1 resolved -
peer 192.168.78.1 failed no_route
peer2 192.168.77.1 failed no_route
peer2 192.168.78.1 failed not_rdma_netdev'

@test "ClusterShell (clush -R exec): one rdma-route per namespace, the records merge by host" {
	command -v clush >/dev/null || { echo "clush missing: scripts/install-deps installs clustershell"; false; }
	run --separate-stderr clush -R exec -S -N -w peer,peer2 \
		ip netns exec %h "$RDMA_ROUTE" --jsonl --timeout 500 --host-label %h -f "$BATS_TEST_TMPDIR/peers"
	echo "$stderr"
	# -S: the largest status of the hosts' (1: a destination failed).
	[ "$status" -eq 1 ]
	[ "$(table <<<"$output")" = "$want" ]
	# Each host's summary, told apart by its host.
	[ "$(jq -r 'select(.record == "summary") | "\(.host) \(.resolved)/\(.probes)"' <<<"$output" | sort | tr '\n' ' ')" = "peer 1/2 peer2 0/2 " ]
	# The resolved one went out by the namespace's own device.
	jqe -s 'map(select(.record == "results" and .host == "peer" and .status == "resolved")) | length == 1 and .[0].device == "rxe1" and .[0].source == "192.168.77.2"' <<<"$output"
}

@test "pdsh (-R exec): the same records, its host: prefix taken off" {
	command -v pdsh >/dev/null || { echo "pdsh missing: scripts/install-deps installs pdsh"; false; }
	run --separate-stderr pdsh -R exec -w peer,peer2 \
		ip netns exec %h "$RDMA_ROUTE" --jsonl --timeout 500 --host-label %h -f "$BATS_TEST_TMPDIR/peers"
	echo "$stderr"
	# pdsh prefixes each line with "host: "; the record says its host too.
	[ "$(grep -c '^peer2\?: {' <<<"$output")" -eq 6 ]
	[ "$(sed 's/^[^:]*: //' <<<"$output" | table)" = "$want" ]
	[ -z "$(sed -n 's/^\([^:]*\): \(.*\)/\1 \2/p' <<<"$output" | while read -r h rec; do jq -r --arg h "$h" 'select(.host != $h) | .host' <<<"$rec"; done)" ]
}
