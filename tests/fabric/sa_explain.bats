#!/usr/bin/env bats
# --sa --explain: the chain of an SA query, port, SM, path and (with
# --trace) walk, each ok, broken with its reason, or unknown past a
# broken one; on three switches in a line (line.net), with the SM
# running, a LID it does not know, the SM stopped, and no SM at all.

load ../helpers
load fabric

setup_file() {
	fabric_require
	fabric_start line.net
}

teardown_file() {
	fabric_stop
}

setup() {
	fabric_require
}

# The chain of the first result as "LINK STATE" lines.
links() {
	jq -r '.results[0].explain[] | "\(.link) \(.state)"' <<<"$1"
}

@test "every link ok: the port's LID, the SM's, the path's LIDs and SL, the walk's end" {
	local lid src

	lid=$(node_lid Hca2)
	src=$(node_lid Hca1)
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --explain --json "$lid"
	[ "$status" -eq 0 ]
	[ "$(links "$output" | tr '\n' ' ')" = "port ok sm ok path ok walk ok " ]
	jqe --arg lid "$lid" --arg src "$src" '.results[0].explain |
		(.[0].reason | test("^ibsim0 port 1 is ACTIVE, LID " + $src + "$")) and
		(.[1].reason | test("^the SM at LID [0-9]+ \\(as the port last heard it\\)$")) and
		(.[2].reason | startswith("1 path from the SA: LID " + $src + " to LID " + $lid + ", SL 0, MTU ")) and
		.[3].reason == "the switches'"'"' tables lead to Hca2 (LID " + $lid + "), 5 nodes"' <<<"$output"
	# The SM's LID as saquery finds it.
	sm=$(sim_run sminfo </dev/null | sed -n 's/^sminfo: sm lid \([0-9]*\) .*/\1/p')
	jqe --arg sm "$sm" '.results[0].explain[1].reason | startswith("the SM at LID " + $sm + " ")' <<<"$output"
	# Without --trace: no walk; text: a line a link.
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --explain "$lid"
	[ "$status" -eq 0 ]
	grep -q '^  port: ok: ibsim0 port 1 is ACTIVE' <<<"$output"
	grep -q '^  path: ok: 1 path from the SA' <<<"$output"
	! grep -q '^  walk:' <<<"$output"
}

@test "a LID no port has: the path broken by the SA's answer, the walk by the dead end" {
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --explain --json 50
	[ "$status" -eq 1 ]
	[ "$(links "$output" | tr '\n' ' ')" = "port ok sm ok path broken walk broken " ]
	jqe '.results[0].explain[2].reason | endswith("MAD status 0x0300: ERR_NO_RECORDS (dest_unknown)")' <<<"$output"
	jqe '.results[0].explain[3].reason == "Switch1 has no route for LID 50 (route_dead_end)"' <<<"$output"
}

@test "a hung SM: the SM broken by sa_timeout (what was asked now, not what the port last heard), the path not reached, the walk to a LID still done" {
	local lid

	lid=$(node_lid Hca2)
	fabric_freeze_sm
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --explain --json --timeout 300 "$lid"
	kill -CONT "$FABRIC_OPENSM_PID"
	[ "$status" -eq 1 ]
	[ "$(links "$output" | tr '\n' ' ')" = "port ok sm broken path unknown walk ok " ]
	jqe '.results[0].explain[1].reason | test("^the SM at LID [0-9]+ \\(as the port last heard it\\) did not answer the query now \\(sa_timeout\\)$")' <<<"$output"
	jqe '.results[0].explain[2].reason == "not reached: sm is broken"' <<<"$output"
	jqe '.results[0].error.cause == "sa_timeout"' <<<"$output"
}

@test "no SM ever: the port INIT broken, the SM broken, the path not reached" {
	# A second simulator of its own, without an SM (the file's stays up).
	fabric_start line.net --no-sm
	run --separate-stderr sim_run "$RDMA_ROUTE" --sa --trace --explain --json --timeout 300 5
	fabric_stop
	[ "$status" -eq 1 ]
	[ "$(links "$output" | tr '\n' ' ')" = "port broken sm broken path unknown walk unknown " ]
	jqe '.results[0].explain[0].reason | test("^ibsim0 port 1 is INIT, LID 0, SM LID 0: the link is up, no subnet manager has activated the port$")' <<<"$output"
	jqe '.results[0].explain[1].reason | endswith("(no_sm)")' <<<"$output"
	jqe '.results[0].explain[2].reason == "not reached: sm is broken"' <<<"$output"
}
