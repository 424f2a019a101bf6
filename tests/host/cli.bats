#!/usr/bin/env bats
# Command-line contract: options, bad input, help.  Needs no RDMA.

load ../helpers

@test "--help names every option and the exit codes" {
	run rr --help
	[ "$status" -eq 0 ]
	for opt in --timeout --src --tos --ps --parallel --json --version; do
		[[ "$output" == *"$opt"* ]] || { echo "missing $opt"; false; }
	done
	[[ "$output" == *"3  this host cannot do RDMA CM at all"* ]]
}

@test "--version prints the package version" {
	run rr --version
	[ "$status" -eq 0 ]
	[[ "$output" =~ ^rdma-route\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "no destination is a usage error (exit 2)" {
	run rr
	[ "$status" -eq 2 ]
	[[ "$output" == *"no DESTINATION given"* ]]
}

@test "an unknown option is a usage error (exit 2)" {
	run rr --bogus 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$output" == *"unrecognized option '--bogus'"* ]]
}

@test "a malformed IPv4 address is named, exit 2" {
	run rr 192.0.2.999
	[ "$status" -eq 2 ]
	[ "$output" = "rdma-route: invalid destination '192.0.2.999': not a valid IPv4 address (want four decimal numbers 0-255, a.b.c.d, no leading zeros)" ]
}

@test "a malformed IPv6 address is named, exit 2" {
	run rr fd00::zz
	[ "$status" -eq 2 ]
	[[ "$output" == *"invalid destination 'fd00::zz'"* ]]
}

@test "an unknown IPv6 scope interface is named, exit 2" {
	run rr 'fe80::1%nosuchif0'
	[ "$status" -eq 2 ]
	[[ "$output" == *"no interface named 'nosuchif0'"* ]]
}

@test "a destination that is neither address nor host name, exit 2" {
	run rr 'bad name!'
	[ "$status" -eq 2 ]
	[[ "$output" == *"invalid destination 'bad name!': not an IPv4/IPv6 address or host name"* ]]
}

@test "one bad destination among good ones stops before any probe" {
	run rr 192.0.2.1 nope:: 192.0.2.2
	[ "$status" -eq 2 ]
	[[ "$output" == *"invalid destination 'nope::'"* ]]
	[[ "$output" != *"192.0.2.1:"* ]]
}

@test "--timeout rejects zero, negatives, junk and overflow" {
	for bad in 0 -5 abc 12x 99999999999999999999 3600001; do
		run rr --timeout "$bad" 192.0.2.1
		[ "$status" -eq 2 ] || { echo "accepted --timeout $bad"; false; }
		[[ "$output" == *"invalid --timeout '$bad'"* ]]
	done
}

@test "--tos accepts 0-255 only" {
	run rr --tos 256 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$output" == *"invalid --tos '256': want 0 to 255"* ]]
}

@test "--ps accepts tcp, udp and ib only" {
	run rr --ps sdp 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$output" == *"invalid --ps 'sdp': want tcp, udp or ib"* ]]
}

@test "--parallel rejects 0" {
	run rr --parallel 0 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$output" == *"invalid --parallel '0'"* ]]
}

@test "--src takes a numeric address only" {
	run rr --src some.host 192.0.2.1
	[ "$status" -eq 2 ]
	[ "$output" = "rdma-route: invalid --src 'some.host': want a numeric IPv4 or IPv6 address" ]
	run rr --src 10.0.0.300 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$output" == *"invalid --src '10.0.0.300'"* ]]
}

# Every long option of --help is in the man page and the bash completion.
@test "man page and bash completion cover every option in --help" {
	run rr --help
	opts=$(grep -o -- '--[a-z][a-z-]*' <<<"$output" | sort -u)
	[ -n "$opts" ]
	top=$BATS_TEST_DIRNAME/../..
	for o in $opts; do
		case $o in --help|--usage|--version) ;; *)
			grep -q -- "${o//-/\\\\-}" "$top/man/rdma-route.8" ||
				{ echo "man page lacks $o"; false; } ;;
		esac
		grep -q -- "$o\b" "$top/completions/rdma-route" ||
			{ echo "completion lacks $o"; false; }
	done
}

# groff -ww: every warning (a stray control character, an unknown
# escape or request) is a line on stderr; none may be.
@test "the man page renders without a groff warning" {
	run --separate-stderr groff -man -ww -z "$BATS_TEST_DIRNAME/../../man/rdma-route.8"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ] || { echo "$stderr"; false; }
}

@test "the SA options need --sa; --src does not apply to it" {
	run rr --sl 3 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$output" == *"rdma-route: --sl asks for the subnet administrator: add --sa"* ]]
	run rr -C mlx5_0 --pkey 0x8001 --from 3 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$output" == *"rdma-route: --ca, --pkey and --from ask for the subnet administrator: add --sa"* ]]
	# All ten at once: every one named (the list once had room for nine).
	run --separate-stderr rr -C a -P 1 --sl 1 --pkey 1 --all-paths --from 1 --all-pairs --trace --node-name-map m --config c
	[ "$status" -eq 2 ]
	[[ "$stderr" == "rdma-route: --ca, --port, --sl, --pkey, --all-paths, --from, --all-pairs, --trace, --node-name-map and --config ask for the subnet administrator: add --sa"* ]]
	run rr --sa --src 192.0.2.1 3
	[ "$status" -eq 2 ]
	[[ "$output" == *"--src does not apply to --sa"* ]]
	run rr --sa --sl 16 3
	[ "$status" -eq 2 ]
	[[ "$output" == *"invalid --sl '16': want 0 to 15"* ]]
}

@test "-q: the summary alone, as ping -q; --brief: a line per result; -j is --json" {
	run --separate-stderr rr -q 192.0.2.1 192.0.2.2
	[ "$status" -eq 3 ]
	[[ "$output" =~ ^summary:\ 2\ destinations,\ 2\ probes,\ 0\ resolved,\ 2\ failed\ \(100%\),\ elapsed\ [0-9]+\.[0-9]{3}\ ms\;\ failed:\ 192\.0\.2\.1,\ 192\.0\.2\.2$ ]]
	[ -z "$stderr" ]
	# One destination: its line too, as ping -q prints its statistics.
	run --separate-stderr rr -q 192.0.2.1
	[ "$status" -eq 3 ]
	[[ "$output" =~ ^summary:\ 1\ destination,\ 1\ probe,\ 0\ resolved,\ 1\ failed\ \(100%\),\ elapsed\ [0-9]+\.[0-9]{3}\ ms\;\ failed:\ 192\.0\.2\.1$ ]]
	[ "${#lines[@]}" -eq 1 ]
	[ -z "$stderr" ]
	# Many: the first five named, the rest counted.
	run --separate-stderr rr -q 192.0.2.1 192.0.2.2 192.0.2.3 192.0.2.4 192.0.2.5 192.0.2.6 192.0.2.7 192.0.2.8
	[[ "$output" == *" ms; failed: 192.0.2.1, 192.0.2.2, 192.0.2.3, 192.0.2.4, 192.0.2.5 and 3 more" ]]
	run --separate-stderr rr -q --count 3 --interval 0 192.0.2.1 192.0.2.2
	[ "${lines[0]}" = "--- 192.0.2.1 statistics: 3 probes, 0 resolved, 3 failed (100%) ---" ]
	[ "${lines[1]}" = "--- 192.0.2.2 statistics: 3 probes, 0 resolved, 3 failed (100%) ---" ]
	# Each destination named once, however many of its probes failed.
	[[ "${lines[2]}" == "summary: 2 destinations, 6 probes, 0 resolved, 6 failed (100%), elapsed "*" ms; failed: 192.0.2.1, 192.0.2.2" ]]
	[ "${#lines[@]}" -eq 3 ]
	[ -z "$stderr" ]
	# The full summary names them too.
	run --separate-stderr rr 192.0.2.1 192.0.2.2
	grep -Eq '^  failed destinations +192\.0\.2\.1, 192\.0\.2\.2$' <<<"$output"
	# --brief: every result on stdout, failures too (grep and > see them).
	run --separate-stderr rr --brief 192.0.2.1 192.0.2.2
	[ "$status" -eq 3 ]
	[ "${lines[0]}" = "192.0.2.1: failed at create id: rdma_create_event_channel() failed: ENODEV (No such device) [no_rdma_cm]" ]
	[ "${lines[1]}" = "192.0.2.2: failed at create id: rdma_create_event_channel() failed: ENODEV (No such device) [no_rdma_cm]" ]
	[[ "${lines[2]}" == "summary: 2 destinations, 2 probes, 0 resolved, 2 failed (100%), elapsed "*" ms; failed: 192.0.2.1, 192.0.2.2" ]]
	[ -z "$stderr" ]
	run --separate-stderr rr --brief --count 3 --interval 0 192.0.2.1
	[ "$(grep -c ': seq [123]: failed at create id' <<<"$output")" -eq 3 ]
	# The input errors in every summary, -q's one line too.
	printf '192.0.2.1\nbad!\n' >"$BATS_TEST_TMPDIR/f"
	run --separate-stderr rr -q -f "$BATS_TEST_TMPDIR/f"
	[[ "$output" == "summary: 1 destination, 1 probe, 0 resolved, 1 failed (100%), 1 input error, elapsed "*" ms; failed: 192.0.2.1" ]]
	[[ "$stderr" == *"f:2: invalid destination 'bad!'"* ]]
	run --separate-stderr rr -j 192.0.2.1
	jqe '.results[0].destination == "192.0.2.1"' <<<"$output"
}

@test "-q and --brief with a machine format are usage errors" {
	run --separate-stderr rr -q --json 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--quiet is for text output"* ]]
	run --separate-stderr rr --brief --jsonl 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--brief is for text output"* ]]
}

@test "--node-name-map: 100000 entries and a quoted '#' taken, a bad line named (exit 2)" {
	map=$BATS_TEST_TMPDIR/big.map
	{
		echo '0x0002c90000070000 "rack#2 n7"  # rack 2, its node 7'
		seq 1 100000 | awk '{ printf "0x0002c9%010x \"node%d\"\n", $1 * 2, $1 }'
	} >"$map"
	# Loaded: the run goes on to the SA, which this host has not.
	run --separate-stderr rr --sa --json --node-name-map "$map" 1
	[ "$status" -eq 3 ]
	jqe '.results[0].error.cause == "no_umad"' <<<"$output"
	printf '0x10 "a"\n0x20\n' >"$BATS_TEST_TMPDIR/bad.map"
	run --separate-stderr rr --sa --node-name-map "$BATS_TEST_TMPDIR/bad.map" 1
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --node-name-map '$BATS_TEST_TMPDIR/bad.map': line 2: no name after the GUID" ]
	# No line break in 1 MiB: no text at all, not "not a file of destinations".
	head -c 1100000 /dev/zero | tr '\0' x >"$BATS_TEST_TMPDIR/bad.map"
	run --separate-stderr rr --sa --node-name-map "$BATS_TEST_TMPDIR/bad.map" 1
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --node-name-map '$BATS_TEST_TMPDIR/bad.map': line 1: no end of line within 1 MiB: not a text file, reading stopped" ]
}

@test "letters as rdma-core's examples and ping spell them: -b, -I, -4, -6; -s refused" {
	run --separate-stderr rr -s 192.0.2.9 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$stderr" == "rdma-route: -s is not the source here: bind a source address with -b ADDR (--src), as cmtime and ucmatose do; their -s names the server"* ]]
	run --separate-stderr rr -b 192.0.2.9 -I lo 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"-b (--src) and -I both name the source: give one"* ]]
	run --separate-stderr rr -I no-such-if0 192.0.2.1
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: invalid -I 'no-such-if0': no interface of that name, nor an address" ]
	# An interface with an IPv4 address: the run goes on (to create id here).
	run --separate-stderr rr -I lo --json 192.0.2.1
	[ "$status" -eq 3 ]
	run --separate-stderr rr -4 ::1
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: invalid destination '::1': an IPv6 address, with -4" ]
	run --separate-stderr rr -6 --json 127.0.0.1
	[ "$status" -eq 2 ]
	run --separate-stderr rr -4 -6 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"-4 and -6 exclude each other"* ]]
	# Names looked up in the family asked for.
	run --separate-stderr rr -4 -A --json localhost
	jqe '[.results[].address] | length > 0 and all(test("^[0-9.]+$"))' <<<"$output"
}

@test "--tos takes hex as --pkey does" {
	run --separate-stderr rr --prom --tos 0x60 192.0.2.1
	[ "$status" -eq 3 ]
	grep -q 'tos="96"' <<<"$output"
	run --separate-stderr rr --tos 0x100 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"invalid --tos '0x100': want 0 to 255 (or 0x00 to 0xff)"* ]]
}

@test "errors that help: --matrix FIELD with a blank, one program name" {
	cd "$BATS_TEST_TMPDIR"
	run --separate-stderr rr --matrix rate
	[ "$status" -eq 2 ]
	[[ "$stderr" == "rdma-route: --matrix reads records from the file 'rate', which does not exist: did you mean --matrix=rate?"* ]]
	# A file of that name is read, as asked.
	: >rate
	run --separate-stderr rr --matrix rate
	[ "$status" -eq 3 ]
	[[ "$stderr" == *"no records"* ]]
	# getopt's and argp's own errors name the program as the tool does,
	# however it was called.
	run --separate-stderr "$RDMA_ROUTE" --no-such-option
	[ "$status" -eq 2 ]
	[[ "$stderr" == "rdma-route: unrecognized option '--no-such-option'"* ]]
	run --separate-stderr "$RDMA_ROUTE" --timeout
	[[ "$stderr" == "rdma-route: option '--timeout' requires an argument"* ]]
}

@test "--sa takes infiniband-diags' defaults from ibdiag.conf (--config); options win" {
	conf=$BATS_TEST_TMPDIR/ibdiag.conf
	printf '# as infiniband-diags ships it, set\nCA=mlx5_9\nPort=2\ntimeout=50\nMLX_EPI=false\nm_key=0x00\n' >"$conf"
	run --separate-stderr rr --sa --json --config "$conf" 3
	[ "$status" -eq 3 ]
	jqe '.timeout_ms == 50' <<<"$output"
	run --separate-stderr rr --sa --prom --config "$conf" 3
	grep -q 'ca="mlx5_9",ca_port="2"' <<<"$output"
	run --separate-stderr rr --sa --prom --config "$conf" -C mlx5_1 -t 700 3
	grep -q 'ca="mlx5_1",ca_port="2"' <<<"$output"
	run --separate-stderr rr --sa --json --config "$conf" -t 700 3
	jqe '.timeout_ms == 700' <<<"$output"
	printf 'Port=x\n' >"$conf"
	run --separate-stderr rr --sa --config "$conf" 3
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --config '$conf': line 1: invalid Port 'x'" ]
	# A NUL is said as one, a long line by the man page's bound.
	printf 'CA=mlx5_0\nPort=1\0x\n' >"$conf"
	run --separate-stderr rr --sa --config "$conf" 3
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --config '$conf': line 2: a NUL byte in it" ]
	{ printf 'CA='; head -c 4094 /dev/zero | tr '\0' x; printf '\nPort=1\n'; } >"$conf"
	run --separate-stderr rr --sa --config "$conf" 3
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --config '$conf': line 1: longer than 4096 bytes" ]
	{ printf '#'; head -c 4095 /dev/zero | tr '\0' x; printf '\nPort=x\n'; } >"$conf"
	run --separate-stderr rr --sa --config "$conf" 3
	[ "$stderr" = "rdma-route: --config '$conf': line 2: invalid Port 'x'" ]
	head -c 70000 /dev/zero >"$conf"
	run --separate-stderr rr --sa --config "$conf" 3
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --config '$conf': no line break within 64 KiB: not a text file" ]
	run --separate-stderr rr --sa --config "$BATS_TEST_TMPDIR/none" 3
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: --config '$BATS_TEST_TMPDIR/none': No such file or directory" ]
	run --separate-stderr rr --config "$conf" 192.0.2.1
	[ "$status" -eq 2 ]
	[[ "$stderr" == "rdma-route: --config asks for the subnet administrator: add --sa"* ]]
}

@test "--sa --trace --all-pairs: --expect takes the routes' counts (a result's field, a bad value: exit 2, the counts listed); no --max-ms" {
	run --separate-stderr rr --sa --trace --all-pairs --expect 'mtu >= 1024'
	[ "$status" -eq 2 ]
	[[ $stderr == "rdma-route: invalid --expect 'mtu >= 1024': 'mtu' is not a count of --sa --trace --all-pairs: want ports, pairs, arrived, failed,"*", credit_loops, "*", links_degraded, "*", load_max, links_hot, routes_compared, routes_moved, "*", credit_loops_vanished" ]]
	run --separate-stderr rr --sa --trace --all-pairs --expect 'credit_loops = none'
	[ "$status" -eq 2 ]
	[[ $stderr == "rdma-route: invalid --expect 'credit_loops = none': credit_loops is a number: want digits"* ]]
	run --separate-stderr rr --sa --trace --all-pairs --expect 'credit_loops => 0'
	[ "$status" -eq 2 ]
	[[ $stderr == *"'=>' is not an operator"* ]]
	run --separate-stderr rr --sa --trace --all-pairs --max-ms=5
	[ "$status" -eq 2 ]
	[[ $stderr == "rdma-route: --max-ms does not apply to --sa --trace --all-pairs: it times no step (--expect takes its counts)"* ]]
	# A count is not a result's field elsewhere.
	run --separate-stderr rr --sa --expect 'credit_loops = 0' 1
	[ "$status" -eq 2 ]
	[[ $stderr == *"unknown field 'credit_loops'"* ]]
}

@test "--expect and --max-ms where a mode cannot check them: exit 2, the option and the mode named" {
	local opt
	for opt in "--expect=width = 4x" "--max-ms=total=5"; do
		run --separate-stderr rr --list "$opt"
		[ "$status" -eq 2 ] || { echo "accepted $opt with --list"; false; }
		[[ $stderr == "rdma-route: ${opt%%=*} does not apply to --list: it lists ports, not results to check"* ]]
		# --listen's own rule.
		run --separate-stderr rr --listen "$opt"
		[ "$status" -eq 2 ]
		[[ $stderr == *"--listen takes no --expect, --max-ms or --explain"* ]]
	done
	# Where results are checked they are taken: --sa --trace without
	# --all-pairs gets to its port (none here: 3, not 2).
	run --separate-stderr rr --sa --trace --expect 'width = 4x' 12
	[ "$status" -eq 3 ]
}

@test "--connect --count: the statistics and the summary count connections" {
	run --separate-stderr rr --connect=7471 --count 2 --interval 0 192.0.2.1
	[ "$status" -eq 3 ]
	grep -qx -- '--- 192.0.2.1 statistics: 2 probes, 0 connected, 2 failed (100%) ---' <<<"$output"
	grep -Eqx '  connected +0' <<<"$output"
	! grep -Eq '^ *resolved ' <<<"$output"
	run --separate-stderr rr --connect=7471 -q 192.0.2.1 192.0.2.2
	[[ "$output" == "summary: 2 destinations, 2 probes, 0 connected, 2 failed (100%), elapsed "* ]]
	run --separate-stderr rr --connect=7471 --json --count 2 --interval 0 192.0.2.1
	jqe '.statistics[0] | .probes == 2 and .connected == 0 and .failed == 2 and (has("resolved") | not)' <<<"$output"
	jqe '.summary | .probes == 2 and .connected == 0 and (has("resolved") | not)' <<<"$output"
	# Without --connect: resolved, as before.
	run --separate-stderr rr --json 192.0.2.1
	jqe '.summary | .resolved == 0 and (has("connected") | not)' <<<"$output"
}

@test "--connect and --listen: bad ports and combinations, exit 2, named" {
	local bad
	for bad in 0 65536 -1 x 7471x ''; do
		run --separate-stderr rr --connect="$bad" 192.0.2.1
		[ "$status" -eq 2 ] || { echo "accepted --connect=$bad"; false; }
		[[ $stderr == *"invalid --connect '$bad': want a port, 1 to 65535"* ]]
		run --separate-stderr rr --listen="$bad"
		[ "$status" -eq 2 ] || { echo "accepted --listen=$bad"; false; }
	done
	run --separate-stderr rr --connect --sa 12
	[ "$status" -eq 2 ]
	[[ $stderr == *"--connect connects through the RDMA CM: not with --sa"* ]]
	run --separate-stderr rr --listen 192.0.2.1 192.0.2.2
	[ "$status" -eq 2 ]
	[[ $stderr == *"--listen takes one ADDR at most"* ]]
	run --separate-stderr rr --listen --prom
	[ "$status" -eq 2 ]
	run --separate-stderr rr --listen --connect
	[ "$status" -eq 2 ]
	run --separate-stderr rr --listen --expect 'mtu = 1024'
	[ "$status" -eq 2 ]
	run --separate-stderr rr --reject 192.0.2.1
	[ "$status" -eq 2 ]
	[[ $stderr == *"--reject answers requests: with --listen only"* ]]
	run --separate-stderr rr --listen no.such.host.invalid
	[ "$status" -eq 2 ]
	[ "$stderr" = "rdma-route: invalid --listen address 'no.such.host.invalid': want a numeric IPv4 or IPv6 address" ]
	run --separate-stderr rr --listen 192.168.077.1
	[ "$status" -eq 2 ]
}

@test "--witness-allow and --no-witness: bad prefixes named, exit 2; only with --listen; not together" {
	local n bad=(10.0.0.1/24 10.0.0.0/33 fd00::/129 rdma-host 10.0.0.0/8,,fd00::/8
		10.0.0.0/8,nope 'fe80::1%eth0' '')
	local why=("invalid --witness-allow '10.0.0.1/24': bits set past the /24: did you mean 10.0.0.0/24?"
		"invalid --witness-allow '10.0.0.0/33': the length after '/' is 0 to 32 for IPv4"
		"invalid --witness-allow 'fd00::/129': the length after '/' is 0 to 128 for IPv6"
		"invalid --witness-allow 'rdma-host': not an IPv4 or IPv6 address (want ADDR or ADDR/LEN)"
		"invalid --witness-allow '10.0.0.0/8,,fd00::/8': an empty prefix"
		"invalid --witness-allow '10.0.0.0/8,nope': 'nope': not an IPv4 or IPv6 address"
		"invalid --witness-allow 'fe80::1%eth0': not an IPv4 or IPv6 address"
		"invalid --witness-allow '': an empty prefix")
	for n in "${!bad[@]}"; do  # not i: run sets its own
		run --separate-stderr rr --listen --witness-allow="${bad[n]}"
		[ "$status" -eq 2 ] || { echo "accepted '${bad[n]}'"; false; }
		[[ $stderr == "rdma-route: ${why[n]}"* ]] || { echo "'${bad[n]}': $stderr"; false; }
	done
	# Repeated: the bad one after good ones is named.
	run --separate-stderr rr --listen --witness-allow 10.0.0.0/8 --witness-allow fd00::/8 \
		--witness-allow 1.2.3.4/33
	[ "$status" -eq 2 ]
	[[ $stderr == "rdma-route: invalid --witness-allow '1.2.3.4/33': the length after '/' is 0 to 32 for IPv4"* ]]
	run --separate-stderr rr --witness-allow=10.0.0.0/8 192.0.2.1
	[ "$status" -eq 2 ]
	[[ $stderr == *"--witness-allow names who --listen's witness tells: with --listen only"* ]]
	run --separate-stderr rr --no-witness 192.0.2.1
	[ "$status" -eq 2 ]
	[[ $stderr == *"--no-witness turns --listen's witness off: with --listen only"* ]]
	run --separate-stderr rr --listen --no-witness --witness-allow=10.0.0.0/8
	[ "$status" -eq 2 ]
	[[ $stderr == *"--no-witness tells nobody: not with --witness-allow"* ]]
}

# compare_refused FILE WORDS: --compare FILE is a usage error, its
# message those words after the option and the file (WORDS ending in '*':
# a prefix).
compare_refused() {
	run --separate-stderr rr --sa --trace --all-pairs --compare "$1"
	[ "$status" -eq 2 ]
	if [[ $2 == *'*' ]]; then
		[[ $stderr == "rdma-route: --compare '$1': ${2%\*}"* ]]
	else
		[ "$stderr" = "rdma-route: --compare '$1': $2" ]
	fi
}

@test "--compare FILE: with --sa --trace --all-pairs only; a file that is no such report is refused before the fabric, naming the member, exit 2" {
	local f=$BATS_TEST_TMPDIR/r.json good

	run --separate-stderr rr --sa --compare "$f" 1
	[ "$status" -eq 2 ]
	[[ $stderr == *"--compare compares the routes of --sa --trace --all-pairs with an earlier run's"* ]]
	run --separate-stderr rr --sa --trace --all-pairs --compare ''
	[ "$status" -eq 2 ]
	[[ $stderr == *"invalid --compare '': want a file name"* ]]
	compare_refused "$f" "No such file or directory"
	compare_refused "$BATS_TEST_TMPDIR" "not a regular file"
	echo '{"tables": [' >"$f"
	compare_refused "$f" "truncated: it ends inside its JSON"
	: >"$f"
	compare_refused "$f" "empty: no report in it"
	printf ' \n\t\n' >"$f"
	compare_refused "$f" "holds only blanks: no report in it"
	printf 'null' >"$f"
	compare_refused "$f" "holds null, not an object: want the report of --sa --trace --all-pairs --json"
	printf '42' >"$f"
	compare_refused "$f" "holds a number, not an object: want the report of --sa --trace --all-pairs --json"
	echo '[{"tables": []}]' >"$f"
	compare_refused "$f" "holds an array, not an object: want the report of --sa --trace --all-pairs --json"
	echo '{"tables": ]' >"$f"
	compare_refused "$f" "not JSON: *"
	echo '{"version": "0.1.0", "results": []}' >"$f"
	compare_refused "$f" "no \"tables\": not the JSON of --sa --trace --all-pairs --json (of this version or later)"
	good='"tables": [{"node": "S1", "guid": "0x2", "lid": 1, "lmc": 0, "ports": 2, "lft_read": true, "lft": "ff0102"}],
		"endpoints": [{"node": "H1", "node_guid": "0x10", "port_guid": "0x11", "port": 1, "lid": 2}],
		"links": [{"node": "H1", "node_type": "ca", "guid": "0x10", "port": 1, "peer_guid": "0x2", "peer_port": 1, "state": "ACTIVE", "routes": 0},
			  {"node": "S1", "node_type": "switch", "guid": "0x2", "port": 1, "peer_guid": "0x10", "peer_port": 1, "state": "ACTIVE", "routes": 0}]'
	printf '{%s} x' "$good" >"$f"
	compare_refused "$f" "not one JSON document: more after its end"
	printf '{%s}' "${good/\"lid\": 1,/\"lid\": \"1\",}" >"$f"
	compare_refused "$f" "\"tables[0].lid\": want a whole number from 0 to 49151"
	printf '{%s}' "${good/ff0102/ff01x2}" >"$f"
	compare_refused "$f" "\"tables[0].lft\": 'x2' at LID 2 is no hex byte"
	printf '{%s}' "${good/\"peer_port\": 1, \"state\": \"ACTIVE\", \"routes\": 0\}]/\"peer_port\": 1, \"state\": \"UP\", \"routes\": 0\}]}" >"$f"
	compare_refused "$f" "\"links[1].state\": 'UP' is no port state*"
	printf '{%s}' "${good/\"peer_port\": 1, \"state\"/\"peer_port\": 7, \"state\"}" >"$f"
	compare_refused "$f" "\"links[0].peer_port\": node 0x0000000000000002 has no port 7 in the report"
	printf '{%s}' "${good/\"guid\": \"0x2\"/\"guid\": \"0x0\"}" >"$f"
	compare_refused "$f" "\"tables[0].guid\": want a GUID (0x and up to 16 hex digits, not 0)"
	# A report that contradicts itself, refused naming both places: a
	# cable to itself, a switch's LID a CA's too, an LMC over a CA's LID,
	# two switches on one LID.
	printf '{%s}' "${good/\"peer_guid\": \"0x10\", \"peer_port\": 1/\"peer_guid\": \"0x2\", \"peer_port\": 1}" >"$f"
	compare_refused "$f" "\"links[1]\": port 1 of 0x0000000000000002 is cabled to itself"
	printf '{%s}' "${good/\"lid\": 1, \"lmc\": 0/\"lid\": 2, \"lmc\": 0}" >"$f"
	compare_refused "$f" "\"tables[0]\" and \"endpoints[0]\" both hold LID 2 (a switch's LID and its LMC's range)"
	printf '{%s}' "${good/\"lmc\": 0/\"lmc\": 7}" >"$f"
	compare_refused "$f" "\"tables[0]\" and \"endpoints[0]\" both hold LID 2 (a switch's LID and its LMC's range)"
	printf '{%s}' "${good/\"tables\": \[/\"tables\": [{\"node\": \"S2\", \"guid\": \"0x3\", \"lid\": 1, \"lmc\": 0, \"ports\": 2, \"lft_read\": true, \"lft\": \"ff\"\}, }" >"$f"
	compare_refused "$f" "\"tables[0]\" and \"tables[1]\" both hold LID 1 (a LID and its LMC's range)"
	# Two endpoints with one port GUID (the fuzzer's find), then with one
	# LID: refused.
	cat >"$f" <<-'JSON'
	{"tables": [{"node": "S1", "guid": "0x2", "lid": 1, "lmc": 0, "ports": 2, "lft_read": true, "lft": "ff0102"}],
	 "endpoints": [{"node": "H1", "node_guid": "0x10", "port_guid": "0x11", "port": 1, "lid": 2},
	 {"node": "H2", "node_guid": "0x20", "port_guid": "0x11", "port": 1, "lid": 3}]}
	JSON
	compare_refused "$f" "\"endpoints\": port GUID 0x0000000000000011 is two endpoints"
	sed -i 's/"port_guid": "0x11", "port": 1, "lid": 3/"port_guid": "0x21", "port": 1, "lid": 2/' "$f"
	compare_refused "$f" "\"endpoints\": LID 2 is two endpoints"
	# A good report: read, then the fabric (none on this host: not exit 2).
	printf '{%s}' "$good" >"$f"
	run --separate-stderr rr --sa --trace --all-pairs --compare "$f"
	[ "$status" -ne 2 ]
	[[ $stderr == *"cannot read the fabric"* ]]
}

@test "--sl-from-sa: with --sa --trace --all-pairs only" {
	run --separate-stderr rr --sa --sl-from-sa 1
	[ "$status" -eq 2 ]
	[[ $stderr == *"--sl-from-sa asks the SL of each pair of --sa --trace --all-pairs"* ]]
	run --separate-stderr rr --sl-from-sa 192.0.2.1
	[ "$status" -eq 2 ]
}

@test "--severity: FINDING=LEVEL lists, each part checked and named escaped; with --sa --trace --all-pairs only" {
	run --separate-stderr rr --sa --trace --all-pairs --severity sm_silent=loud
	[ "$status" -eq 2 ]
	[[ $stderr == *"invalid --severity 'sm_silent=loud': 'loud' is no level: want fault, warning or none"* ]]
	run --separate-stderr rr --sa --trace --all-pairs --severity links_hot=fault,ports=fault
	[ "$status" -eq 2 ]
	[[ $stderr == *"'ports' is no finding (rdma-route(8), VERDICT)"* ]]
	run --separate-stderr rr --sa --trace --all-pairs --severity "routes_moved=fault,"
	[ "$status" -eq 2 ]
	[[ $stderr == *"'' is not FINDING=LEVEL"* ]]
	run --separate-stderr rr --sa --trace --all-pairs --severity $'x\e[31m=fault'
	[ "$status" -eq 2 ]
	[[ $stderr == *"'x\\x1b[31m' is no finding"* ]]
	[[ $stderr != *$'\e'* ]]
	run --separate-stderr rr --sa --severity credit_loops=warning 1
	[ "$status" -eq 2 ]
	[[ $stderr == *"--severity weighs the findings of --sa --trace --all-pairs"* ]]
	# Good ones, repeated: the run gets to its port (none here), not exit 2.
	run --separate-stderr rr --sa --trace --all-pairs --severity credit_loops=warning \
		--severity sm_silent=none,links_degraded=fault
	[ "$status" -ne 2 ]
	[[ $stderr == *"cannot read the fabric"* ]]
}

@test "--explain with --sa: taken (its own chain); with --sa --trace --all-pairs a usage error naming why" {
	run --separate-stderr rr --sa --trace --all-pairs --explain
	[ "$status" -eq 2 ]
	[[ $stderr == *"--explain does not apply to --sa --trace --all-pairs: its report names each failure's place and cause"* ]]
	# Taken: the run gets to its port (none on this host), not exit 2.
	run --separate-stderr rr --sa --explain --json 5
	[ "$status" -ne 2 ]
	jqe '.results[0].explain[0] | .link == "port" and .state == "broken"' <<<"$output"
	jqe '.results[0].explain | map(.link) == ["port", "sm", "path"]' <<<"$output"
}
