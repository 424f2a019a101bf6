#!/usr/bin/env bats
# --matrix --svg FILE: the grid as an SVG heat map, read back with
# xmllint (well-formed, its cells, colours, tooltips and legend) and drawn
# with rsvg-convert (librsvg2-bin) at the size it says.

load ../helpers
load fleet_records

# xp XPATH FILE: what xmllint's XPath says (SVG's namespace by local-name).
xp() {
	xmllint --xpath "$1" "$2"
}

# The grid's cells, and those of a pair measured (not hatched).
cells='//*[local-name()="g"][@id="cells"]/*[local-name()="rect"]'
measured="$cells[@fill!=\"url(#none)\"]"

# The fill of the cell whose tooltip starts with PREFIX: fill_of PREFIX FILE
fill_of() {
	xp "string($cells[*[local-name()='title'][starts-with(., '$1')]]/@fill)" "$2"
}

# The PNG's width and height from its IHDR: "W H".
png_size() {
	od -An -tu1 -j16 -N8 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4, $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'
}

need_rsvg() {
	command -v rsvg-convert >/dev/null ||
		{ echo "rsvg-convert missing: scripts/install-deps installs librsvg2-bin"; return 1; }
}

@test "--svg: a cell per pair, coloured by value or by cause, the legend, the tooltips" {
	fleet >"$BATS_TEST_TMPDIR/fleet.jsonl"
	COLUMNS=80 run --separate-stderr rr --matrix "$BATS_TEST_TMPDIR/fleet.jsonl"
	local text=$output
	COLUMNS=80 run --separate-stderr rr --matrix --svg "$BATS_TEST_TMPDIR/m.svg" "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 1 ]	# as without --svg: a pair failed
	[ -z "$stderr" ]
	[ "$output" = "$text" ]	# stdout as it was
	local svg=$BATS_TEST_TMPDIR/m.svg
	xmllint --noout "$svg"
	# 3 sources x 4 destinations, 9 pairs (the diagonal never measured).
	[ "$(xp "count($cells)" "$svg")" -eq 12 ]
	[ "$(xp "count($measured)" "$svg")" -eq 9 ]
	[ "$(fill_of 'a → 10.0.0.1 (a):' "$svg")" = "url(#none)" ]
	# A failed pair: its cause's colour, as the legend gives it, named.
	local cause
	cause=$(xp "string(//*[@class='cause'][*[local-name()='text']='neighbour_timeout']/*[local-name()='rect']/@fill)" "$svg")
	[[ "$cause" == '#'?????? ]]
	[ "$(fill_of 'a → 10.0.0.9:' "$svg")" = "$cause" ]
	[ "$(fill_of 'c → 10.0.0.9:' "$svg")" = "$cause" ]
	[ "$(xp "string($cells/*[local-name()='title'][starts-with(., 'b → 10.0.0.9:')])" "$svg")" = "b → 10.0.0.9: failed (neighbour_timeout); finding: no source reaches 10.0.0.9" ]
	# The values present, the lowest (the worst) first, each its colour.
	[ "$(xp "//*[@class='value']/*[local-name()='text']/text()" "$svg")" = "512
1024" ]
	local low high
	low=$(xp "string(//*[@class='value'][1]/*[local-name()='rect']/@fill)" "$svg")
	high=$(xp "string(//*[@class='value'][2]/*[local-name()='rect']/@fill)" "$svg")
	[ "$low" != "$high" ] && [ "$low" != "$cause" ] && [ "$high" != "$cause" ]
	[ "$(fill_of 'c → 10.0.0.1 (a):' "$svg")" = "$low" ]
	[ "$(fill_of 'a → 10.0.0.2 (b):' "$svg")" = "$high" ]
	[ "$(xp "string($cells/*[local-name()='title'][starts-with(., 'a → 10.0.0.2 (b):')])" "$svg")" = "a → 10.0.0.2 (b): 1024" ]
	# The findings: the asymmetric pairs' four cells marked, said why.
	[ "$(xp 'count(//*[local-name()="g"][@id="findings"]/*)' "$svg")" -eq 4 ]
	[ "$(xp "string($cells/*[local-name()='title'][starts-with(., 'a → 10.0.0.3 (c):')])" "$svg")" = "a → 10.0.0.3 (c): 1024; finding: not the same both ways (mtu)" ]
	# A destination no source reaches: its label red.
	[ "$(xp "string(//*[@id='destinations']/*[text()='10.0.0.9']/@fill)" "$svg")" = "#b2182b" ]
	# Hosts on both axes, the columns rotated; the title counts.
	[ "$(xp "//*[@id='sources']/*/text()" "$svg")" = "a
b
c" ]
	[ "$(xp "count(//*[@id='destinations']/*[starts-with(@transform, 'rotate(-90 ')])" "$svg")" -eq 4 ]
	[ "$(xp "string(//*[@id='title']/*[2])" "$svg")" = "3 sources × 4 destinations: 9 pairs, 6 resolved, 3 failed, 3 findings" ]
	[ "$(xp "string(/*[local-name()='svg']/*[local-name()='title'])" "$svg")" = "rdma-route --matrix: mtu" ]
}

@test "--svg: --expect's failures marked and said; --json on stdout untouched" {
	fleet | grep -v 10.0.0.9 >"$BATS_TEST_TMPDIR/fleet.jsonl"
	run --separate-stderr rr --matrix=mtu_raw --expect 'mtu >= 1024' --json --svg "$BATS_TEST_TMPDIR/m.svg" "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 4 ]
	jqe '.matrix_field == "mtu_raw" and (.pairs | length) == 6' <<<"$output"
	local svg=$BATS_TEST_TMPDIR/m.svg
	xmllint --noout "$svg"
	[ "$(xp "//*[@class='value']/*[local-name()='text']/text()" "$svg")" = "2
3" ]
	[ "$(xp "string($cells/*[local-name()='title'][starts-with(., 'c → 10.0.0.1 (a):')])" "$svg")" = "c → 10.0.0.1 (a): 2; finding: not the same both ways (mtu); finding: mtu >= 1024 does not hold: 512" ]
	[ "$(xp 'count(//*[@class="cause"])' "$svg")" -eq 0 ]
}

@test "--svg: host names with & < \" and control characters come out escaped, well-formed" {
	{
		printf '{"record":"results","destination":"d<1>&amp;","host":"x&y<z\\"q\\u0007]]>","status":"resolved","link_layer":"Ethernet","paths":[{"mtu":1024,"mtu_raw":3,"rate_raw":0,"sl":0,"pkey":"0xffff","hop_limit":64,"reversible":true}]}\n'
		printf '{"record":"results","destination":"d\xff2","host":"h\xc3\xa9\xef\xbf\xbe","status":"failed","error":{"cause":"no_route"}}\n'
	} >"$BATS_TEST_TMPDIR/odd.jsonl"
	run --separate-stderr rr --matrix --svg "$BATS_TEST_TMPDIR/odd.svg" "$BATS_TEST_TMPDIR/odd.jsonl"
	[ "$status" -eq 1 ]
	local svg=$BATS_TEST_TMPDIR/odd.svg
	xmllint --noout "$svg"
	# As written in the file: entities; the control character as \x07.
	grep -qF '>x&amp;y&lt;z&quot;q\x07]]&gt;<title>' "$svg"
	grep -qF '>d&lt;1&gt;&amp;amp;<title>' "$svg"
	# As a reader parses it: the names back, as the text output shows them.
	[ "$(xp "string($cells/*[local-name()='title'][starts-with(., 'x&')])" "$svg")" = 'x&y<z"q\x07]]> → d<1>&amp;: 1024' ]
	[ "$(xp "string($cells/*[local-name()='title'][starts-with(., 'h')][contains(., 'no_route')])" "$svg")" = 'hé\xef\xbf\xbe → d\xff2: failed (no_route); finding: unreachable' ]
	[ "$(xp "count($measured)" "$svg")" -eq 2 ]
}

@test "--svg of 300 x 300 hosts: 90000 cells, sized from the count, drawn at that size" {
	# The drawing's code is the small cases' (and ASan's run has this one).
	[ -z "${RDMA_ROUTE_UNDER_VALGRIND:-}" ] || skip "90,000 cells: not under valgrind"
	need_rsvg
	awk -v n=300 -f "$BATS_TEST_DIRNAME/fleet.awk" >"$BATS_TEST_TMPDIR/fleet.jsonl"
	run --separate-stderr rr --matrix --svg "$BATS_TEST_TMPDIR/big.svg" "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 1 ]
	[[ "${lines[-1]}" == "summary: 89700 pairs, 89550 resolved, 150 failed, "* ]]
	local svg=$BATS_TEST_TMPDIR/big.svg
	xmllint --noout "$svg"
	[ "$(xp "count($cells)" "$svg")" -eq 90000 ]
	[ "$(xp "count($measured)" "$svg")" -eq 89700 ]
	[ "$(xp "count($cells[@width='11'][@height='11'])" "$svg")" -eq 90000 ]
	# h3 fails to the 150 even hosts: each its cause's colour.
	local cause
	cause=$(xp "string(//*[@class='cause'][*[local-name()='text']='neighbour_timeout']/*[local-name()='rect']/@fill)" "$svg")
	[ "$(xp "count($cells[@fill='$cause'])" "$svg")" -eq 150 ]
	[ "$(xp "string($cells/*[local-name()='title'][starts-with(., 'h3 → h200:')])" "$svg")" = "h3 → h200: failed (neighbour_timeout); finding: unreachable" ]
	# The grid, 300 cells of 12 pixels each way, inside the picture.
	local w h
	w=$(xp 'string(/*/@width)' "$svg")
	h=$(xp 'string(/*/@height)' "$svg")
	[ "$w" -gt 3600 ] && [ "$w" -lt 4400 ]
	[ "$h" -gt 3600 ] && [ "$h" -lt 4000 ]
	[ "$(xp "string(/*/@viewBox)" "$svg")" = "0 0 $w $h" ]
	[ "$(stat -c %s "$svg")" -lt 16000000 ]
	rsvg-convert "$svg" -o "$BATS_TEST_TMPDIR/big.png"
	[ "$(png_size "$BATS_TEST_TMPDIR/big.png")" = "$w $h" ]
}

@test "--svg: many distinct values, the legend samples them" {
	local i
	for i in $(seq 1 20); do
		printf '{"record":"results","destination":"d%d","host":"s","status":"resolved","link_layer":"InfiniBand","paths":[{"mtu":1024,"mtu_raw":3,"rate_raw":0,"sl":0,"pkey":"0xffff","hop_limit":%d,"reversible":true}]}\n' "$i" "$i"
	done >"$BATS_TEST_TMPDIR/hops.jsonl"
	run --separate-stderr rr --matrix=hop_limit --svg "$BATS_TEST_TMPDIR/h.svg" "$BATS_TEST_TMPDIR/hops.jsonl"
	[ "$status" -eq 0 ]
	local svg=$BATS_TEST_TMPDIR/h.svg
	xmllint --noout "$svg"
	[ "$(xp 'count(//*[@class="value"])' "$svg")" -eq 16 ]
	[ "$(xp "string(//*[@class='value'][1]/*[local-name()='text'])" "$svg")" = 1 ]
	[ "$(xp "string(//*[@class='value'][16]/*[local-name()='text'])" "$svg")" = 20 ]
	xp "//*[@id='legend']/*[local-name()='text']/text()" "$svg" | grep -qx '(20 distinct values, 16 shown)'
	# Every cell its own colour: lowest to highest, 20 of them.
	[ "$(xp "$cells/@fill" "$svg" | sort -u | wc -l)" -eq 20 ]
}

@test "--svg replaces FILE whole, beside -o; a write error names it, exit 1" {
	fleet | grep -v 10.0.0.9 >"$BATS_TEST_TMPDIR/fleet.jsonl"
	echo old >"$BATS_TEST_TMPDIR/m.svg"
	run --separate-stderr rr --matrix -o "$BATS_TEST_TMPDIR/m.txt" --svg "$BATS_TEST_TMPDIR/m.svg" "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 4 ]	# asymmetric pairs, as without --svg
	[ -z "$output" ]
	grep -q '^summary: 6 pairs' "$BATS_TEST_TMPDIR/m.txt"
	xmllint --noout "$BATS_TEST_TMPDIR/m.svg"
	[ "$(ls -A "$BATS_TEST_TMPDIR" | grep -c '^\.')" -eq 0 ]	# no temporary file left
	# A file too large for the limit (EFBIG, SIGXFSZ ignored): said, 1.
	run --separate-stderr bash -c "ulimit -f 1; trap '' XFSZ; exec \"\$RDMA_ROUTE\" --matrix --svg '$BATS_TEST_TMPDIR/new.svg' '$BATS_TEST_TMPDIR/fleet.jsonl' >/dev/null"
	[ "$status" -eq 1 ]
	[ "$stderr" = "rdma-route: writing --svg '$BATS_TEST_TMPDIR/new.svg': File too large" ]
	[ ! -e "$BATS_TEST_TMPDIR/new.svg" ]
	[ "$(ls -A "$BATS_TEST_TMPDIR" | grep -c '^\.')" -eq 0 ]
}

@test "--svg: without --matrix, to a folder, a FIFO or a device: exit 2 before anything is read" {
	fleet >"$BATS_TEST_TMPDIR/fleet.jsonl"
	run --separate-stderr rr --svg "$BATS_TEST_TMPDIR/m.svg" 192.0.2.1
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[[ "$stderr" == "rdma-route: --svg needs --matrix"* ]]
	run --separate-stderr rr --matrix --svg= "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 2 ]
	[[ "$stderr" == "rdma-route: invalid --svg '': want a file name"* ]]
	run --separate-stderr rr --matrix --svg "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "$stderr" = "rdma-route: --svg '$BATS_TEST_TMPDIR': is a folder, not a regular file: it is never replaced" ]
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	run --separate-stderr rr --matrix --svg "$BATS_TEST_TMPDIR/fifo" "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --svg '$BATS_TEST_TMPDIR/fifo': is a FIFO, not a regular file: it is never replaced" ]
	run --separate-stderr rr --matrix --svg /dev/null "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --svg '/dev/null': is a character device, not a regular file: it is never replaced" ]
	run --separate-stderr rr --matrix --svg "$BATS_TEST_TMPDIR/no/such/m.svg" "$BATS_TEST_TMPDIR/fleet.jsonl"
	[ "$status" -eq 2 ]
	[[ "$stderr" == "rdma-route: --svg '$BATS_TEST_TMPDIR/no/such/m.svg': cannot create a file beside it: "* ]]
	# With --sa, before any probe: the SA's failure here (no umad, 3)
	# is never reached, and -o's hidden file is let go too.
	run --separate-stderr rr --sa --all-pairs --matrix -o "$BATS_TEST_TMPDIR/m.txt" --svg "$BATS_TEST_TMPDIR" 1 2
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --svg '$BATS_TEST_TMPDIR': is a folder, not a regular file: it is never replaced" ]
	[ ! -e "$BATS_TEST_TMPDIR/m.txt" ]
	[ "$(ls -A "$BATS_TEST_TMPDIR" | grep -c '^\.')" -eq 0 ]
}

@test "--svg and -o: SIGINT twice while reading, as timeout(1) sends it: exit 130, both hidden files removed" {
	# A slow pipe keeps the matrix reading; two INTs end it at once.
	mkfifo "$BATS_TEST_TMPDIR/in"
	"$RDMA_ROUTE" --matrix -o "$BATS_TEST_TMPDIR/m.txt" --svg "$BATS_TEST_TMPDIR/m.svg" "$BATS_TEST_TMPDIR/in" \
		2>/dev/null &
	local pid=$! i
	exec 5>"$BATS_TEST_TMPDIR/in"
	fleet >&5
	for i in $(seq 50); do
		[ "$(ls -A "$BATS_TEST_TMPDIR" | grep -c '^\.m\.')" -eq 2 ] && break
		sleep 0.1
	done
	[ "$(ls -A "$BATS_TEST_TMPDIR" | grep -c '^\.m\.')" -eq 2 ]
	kill -INT "$pid"
	sleep 0.2
	kill -INT "$pid" 2>/dev/null || true
	status=0
	wait_bounded "$pid" 60 || status=$?
	exec 5>&-
	[ "$status" -eq 130 ]
	[ "$(ls -A "$BATS_TEST_TMPDIR" | grep -c '^\.')" -eq 0 ]
	[ ! -e "$BATS_TEST_TMPDIR/m.svg" ]
}
