#!/usr/bin/env bats
# --listen's witness as its admin chooses (--witness-allow, --no-witness),
# the prober reading a witness that tells no facts (busy, an answer cut
# short, a close without a word) as what it is: no answer, and the
# witness under a slowloris and a flood of questions while a prober
# from elsewhere is still answered.  The peer namespace (192.168.77.2,
# .3) is the stranger here; the witness is plain TCP, so the namespace
# reaches it over veth as any host would (rxe carries RoCE only in the
# initial namespace: the probers connect over the wire, 10.1.0.1 to
# 10.1.0.2).

load ../helpers
load lab

setup() {
	[ -e /dev/infiniband/rdma_cm ] || skip "not in the lab: no RDMA CM here"
	servers=()
	restore=()
}

teardown() {
	local pid r
	for pid in "${servers[@]}"; do
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	done
	for r in "${restore[@]}"; do
		"$r"
	done
	return 0
}

# listen_bg PORT ARGS...: rdma-route --listen=PORT ARGS --json on
# 192.168.77.1 in the background, its output in $out, until it says
# where it listens (the witness, if any, is up by then).
listen_bg() {
	local port=$1 _
	shift
	out=$BATS_TEST_TMPDIR/listen.$port
	env --default-signal=INT "$RDMA_ROUTE" --listen="$port" "$@" --json \
		192.168.77.1 >"$out" 2>"$out.err" &
	listener=$!
	servers+=($listener)
	listening "$port" TCP || { cat "$out.err"; return 1; }
	for _ in $(seq 400); do
		grep -q "^rdma-route: listening on" "$out.err" && return 0
		sleep 0.05
	done
	cat "$out.err"
	return 1
}

# stopped: the listener ended by SIGTERM, exit 0, its summary written.
stopped() {
	kill -TERM "$listener"
	wait "$listener"
	servers=()
}

@test "--witness-allow: a source inside told the facts, a stranger 'denied' before it asks, a REP to it withheld; counted" {
	listen_bg 7620 --witness-allow=192.168.77.2/32,fd00:77::/64
	[ "$(cat "$out.err")" = "rdma-route: listening on 192.168.77.1 port 7620 (tcp), its witness on TCP for 192.168.77.2/32,fd00:77::/64 only" ]
	run ss -Htln 'sport = :7620'
	[[ $output == *"192.168.77.1:7620"* ]] || { echo "no TCP listener: $output"; false; }
	# 192.168.77.2, in the list: the whole answer.
	run ip netns exec peer bash -c 'exec 5<>/dev/tcp/192.168.77.1/7620
		printf "rdma-route-witness 1\n" >&5; timeout 5 cat <&5'
	[ "${lines[0]}" = "rdma-route-witness 1" ] || { echo "$output"; false; }
	[[ $output == *$'\ngid rxe0 1 '*$'\nlisten 7620 yes -\n'* ]]
	[ "${lines[-1]}" = end ]
	# 192.168.77.1, not in it: told so at once, before it asks anything.
	run bash -c 'exec 5<>/dev/tcp/192.168.77.1/7620; timeout 5 cat <&5'
	[ "$output" = $'rdma-route-witness 1\ndenied' ] || { echo "$output"; false; }
	# Its REP: the echo it grants, no device, GID nor MTU.
	run --separate-stderr rr --connect=7620 --data=64 --json 192.168.77.1
	[ "$status" -eq 0 ] || { echo "$output $stderr"; false; }
	jqe '.results[0].peer | .from == "rep" and .gid == "withheld" and .echo_max == 64 and (has("active_mtu") or has("netdev_mtu") | not)' <<<"$output" || { echo "$output"; false; }
	stopped
	jqe '.summary | .connections == 1 and .witness == {"answered": 1, "busy": 0, "denied": 1, "closed": 0}' "$out"
}

@test "--no-witness: no TCP listener at all (--witness-allow's test sees one), the RDMA CM still answers, its REP withholds the facts" {
	listen_bg 7621 --no-witness
	[ "$(cat "$out.err")" = "rdma-route: listening on 192.168.77.1 port 7621 (tcp), no witness" ]
	run ss -Htln 'sport = :7621'
	[ "$status" -eq 0 ] && [ -z "$output" ] || { echo "a TCP listener: $output"; false; }
	run --separate-stderr rr --connect=7621 --json 192.168.77.1
	[ "$status" -eq 0 ] || { echo "$output $stderr"; false; }
	jqe '.results[0] | .status == "connected" and .peer.gid == "withheld"' <<<"$output"
	stopped
	jqe '.summary | .connections == 1 and (has("witness") | not)' "$out"
}

# fake_witness: on 10.1.0.2 TCP port 7631, its first client told "busy
# rate" and closed, its second all of an answer but its end line, the
# connection kept, its third closed without a word; in the background
# until teardown.
fake_witness() {
	python3 -S -c '
import socket
said = [b"rdma-route-witness 1\nbusy rate\n",
	b"rdma-route-witness 1\necho 0\ngid rxeB 1 1 RoCEv2 vB -\nmtu 1500 1024\nhost fake\n",
	b""]
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("10.1.0.2", 7631))
s.listen(8)
print("ready", flush=True)
held = []
for words in said:
	c, _ = s.accept()
	c.sendall(words)
	held.append(c)
	if not words or b"busy" in words:
		c.close()
s.accept()[0].close()
' >"$BATS_TEST_TMPDIR/fake" 2>&1 &
	servers+=($!)
	for _ in $(seq 200); do
		grep -q ready "$BATS_TEST_TMPDIR/fake" && return 0
		sleep 0.05
	done
	cat "$BATS_TEST_TMPDIR/fake"
	return 1
}

@test "a witness that tells no facts is not an answer: busy, an answer without its end line, a close without a word; RoCE unanswered, not filtered" {
	wire_up
	fake_witness
	# RoCE dropped as it enters vB: the requests get nothing, the
	# evidence of each of the 3 probes (at once) asks the fake.
	# --timeout 3000: the first answer may take 937 ms, for a loaded
	# machine.
	tc qdisc add dev vB clsact
	tc filter add dev vB ingress protocol ip flower ip_proto udp dst_port 4791 action drop
	run --separate-stderr rr --connect=7631 -b 10.1.0.1 --timeout 3000 --count 3 \
		--interval 0 --json 10.1.0.2
	tc qdisc del dev vB clsact
	[ "$status" -eq 1 ] || { echo "$output $stderr"; false; }
	jqe '[.results[].error | .step == "connect" and .cause == "roce_unanswered" and (.could_be | index("roce_filtered")) and (.decided_by | index("witness"))] == [true, true, true]' <<<"$output" ||
		{ echo "$output"; false; }
	jqe '[.results[] | has("peer")] == [false, false, false]' <<<"$output"
	# Which probe met which is the order of their connections: sorted.
	jqe '[.results[].evidence[] | select(.asked == "witness") | .answer] | sort == ["busy", "incomplete", "silent"]' <<<"$output" ||
		{ echo "$output"; false; }
	witness='.results[].evidence[] | select(.asked == "witness")'
	jqe "[$witness"' | select(.answer == "busy") | .said] == ["TCP port 7631: the witness was busy (too many questions a second) and told nothing"]' <<<"$output"
	jqe "[$witness"' | select(.answer == "incomplete") | .said | test("^TCP port 7631 began a witness.s answer \\(77 bytes\\) and did not end it in [0-9]+ ms: no answer$")] == [true]' <<<"$output"
	jqe "[$witness"' | select(.answer == "silent") | .said] == ["TCP port 7631 accepted and closed without a word: no answer (an older witness when busy)"]' <<<"$output"
	# The error's detail says it too.
	jqe '[.results[].error.detail | select(contains("witness: TCP port 7631: the witness was busy"))] | length == 1' <<<"$output"
}

# The strangers: two addresses of the peer namespace, which reaches the
# wire's 10.1.0.2 through this namespace (192.168.77.1).
IDLER=192.168.77.2
ASKER=192.168.77.3

strangers_gone() {
	[ -z "${flood:-}" ] || kill "$flood" 2>/dev/null
	"$IP" -n peer route del 10.1.0.0/24 2>/dev/null
	return 0
}

# flood_from_strangers: to the witness on 10.1.0.2 port 7640, from the
# peer namespace: from $IDLER 16 idle connections (a slowloris: each
# opened again as soon as the witness closes it, 2 s later when it said
# busy), from $ASKER 2 askers of the request line (each asking again 80
# ms after its answer: some 25 questions a second, past the 20 the
# witness answers in all), until SIGTERM; then a line "answered N busy
# N other N seconds S" of the askers' questions.
flood_from_strangers() {
	ip netns exec peer python3 -S -c '
import select, signal, socket, sys, time
peer, port, idler, asker = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
counts = {"answered": 0, "busy": 0, "other": 0}
start = time.monotonic()
def report(*_):
	print(" ".join("%s %d" % kv for kv in counts.items()),
	      "seconds %.1f" % (time.monotonic() - start), flush=True)
	sys.exit(0)
signal.signal(signal.SIGTERM, report)
def opened(ask):
	s = socket.socket()
	s.setblocking(False)
	s.bind((asker if ask else idler, 0))
	try:
		s.connect((peer, port))
	except BlockingIOError:
		pass
	return {"s": s, "ask": ask, "sent": False, "got": b"", "at": 0}
conns = [opened(False) for _ in range(16)] + [opened(True) for _ in range(2)]
print("ready", flush=True)
while True:
	now = time.monotonic()
	for i, c in enumerate(conns):
		if c["s"] is None and now >= c["at"]:
			conns[i] = opened(c["ask"])
	live = [c for c in conns if c["s"] is not None]
	r, w, _ = select.select([c["s"] for c in live],
				[c["s"] for c in live if c["ask"] and not c["sent"]], [], 0.02)
	for c in live:
		s = c["s"]
		if s in w:
			try:
				s.send(b"rdma-route-witness 1\n")
			except OSError:
				pass
			c["sent"] = True
		if s not in r:
			continue
		try:
			data = s.recv(4096)
		except OSError:
			data = b""
		if data:
			c["got"] += data
			continue
		got = c["got"]
		busy = b"\nbusy" in got
		if c["ask"]:
			key = "answered" if got.endswith(b"\nend\n") else \
			      "busy" if busy else "other"
			counts[key] += 1
		s.close()
		pause = 0.08 if c["ask"] else 2 if busy else 0
		c.update(s=None, sent=False, got=b"", at=time.monotonic() + pause)
' 10.1.0.2 7640 "$IDLER" "$ASKER" >"$BATS_TEST_TMPDIR/flood" 2>&1 &
	flood=$!
	for _ in $(seq 200); do
		grep -q ready "$BATS_TEST_TMPDIR/flood" && return 0
		sleep 0.05
	done
	cat "$BATS_TEST_TMPDIR/flood"
	return 1
}

@test "a slowloris from one stranger and a flood of questions from another: the prober, from its own address, still told the facts, before and after (roce_filtered); the flood held to its share, counted" {
	wire_up
	out=$BATS_TEST_TMPDIR/listen
	env --default-signal=INT "$RDMA_ROUTE" --listen=7640 --json 10.1.0.2 >"$out" 2>"$out.err" &
	listener=$!
	servers+=($listener)
	listening 7640 TCP 10.1.0.2
	restore+=(strangers_gone)
	"$IP" -n peer route add 10.1.0.0/24 via 192.168.77.1
	# RoCE dropped as it enters vB: the request gets nothing.
	tc qdisc add dev vB clsact
	tc filter add dev vB ingress protocol ip flower ip_proto udp dst_port 4791 action drop
	flood_from_strangers
	# The probe asks the witness twice, before its requests and after:
	# both answered, or no roce_filtered.  --timeout 3000 gives the first
	# answer 937 ms (a quarter of the evidence's time), for a loaded
	# machine and the sanitizers.
	run --separate-stderr rr --connect=7640 -b 10.1.0.1 --timeout 3000 --json 10.1.0.2
	kill -TERM "$flood"
	wait "$flood"
	flood=
	tc qdisc del dev vB clsact
	[ "$status" -eq 1 ] || { echo "$output $stderr"; false; }
	jqe '.results[0].error | .cause == "roce_filtered" and .decided_by == ["witness", "cm_other_service"]' <<<"$output" ||
		{ echo "$output"; cat "$BATS_TEST_TMPDIR/flood"; false; }
	jqe '.results[0] | (.evidence[] | select(.asked == "witness") | .answer == "answered") and .peer.from == "witness"' <<<"$output"
	jqe '.results[0].peer_counters | .cm_requests_after == .cm_requests_before' <<<"$output"
	# The askers asked more than the witness answers one source (5 a
	# second): they were told busy, and had no more than their share.
	read -r _ answered _ busy _ other _ seconds < <(tail -n 1 "$BATS_TEST_TMPDIR/flood")
	echo "flood: $answered answered, $busy busy, $other other in $seconds s"
	[ "$busy" -ge 10 ] && [ "$answered" -le $(( (${seconds%.*} + 2) * 5 )) ]
	# The listener counted them: the busy lines it sent (to both), none denied.
	stopped
	jqe '.summary.witness | .busy >= 20 and .answered >= 2 and .denied == 0' "$out" || { cat "$out"; false; }
}
