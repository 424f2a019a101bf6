#!/usr/bin/env bats
# The monitoring glue in contrib/: the systemd units, the alert rules and
# their tests.  tests/lab/monitoring.bats runs the rules on live output.

load ../helpers

contrib=$BATS_TEST_DIRNAME/../../contrib

@test "alert rules: promtool checks them and their tests pass" {
	run promtool check rules "$contrib/rdma-route.rules.yml"
	[ "$status" -eq 0 ]
	[[ "$output" == *"SUCCESS: 10 rules found"* ]]
	run promtool test rules "$contrib/rdma-route.rules.test.yml"
	[ "$status" -eq 0 ]
	[[ "$output" == *SUCCESS* ]]
}

@test "alert rules: a test that expects another value fails (the tests can fail)" {
	cp "$contrib/rdma-route.rules.yml" "$BATS_TEST_TMPDIR/"
	sed 's/has MTU 2048"/has MTU 4096"/' "$contrib/rdma-route.rules.test.yml" \
		>"$BATS_TEST_TMPDIR/t.yml"
	run promtool test rules "$BATS_TEST_TMPDIR/t.yml"
	[ "$status" -ne 0 ]
	[[ "$output" == *"has MTU 2048"* ]]
}

# The service as this build makes it (contrib/rdma-route-textfile.service.in
# with configure's sbindir), and the binary that path names.  The build is
# RDMA_ROUTE's folder; scripts/valgrind's wrapper is in BUILD/valgrind.
build=$(dirname "$RDMA_ROUTE")
[ -f "$build/Makefile" ] || build=$(dirname "$build")
unit=$build/contrib/rdma-route-textfile.service
sbin_rdma_route() {
	make -s -C "$build" --no-print-directory \
		--eval='rr-print: ; @echo $(sbindir)/rdma-route' rr-print | tail -n 1
}

# The service's command line, as systemd would run it, with our binary
# and files under the test's folder (/run/rdma-route: its RuntimeDirectory;
# tests/host/packaging.bats runs it with the unit's users and folders).
exec_start() {
	sed -n '/^ExecStart=/,/[^\\]$/p' "$unit" |
		sed 's/^ExecStart=//; s/\\$//' | tr -d '\n\t' |
		sed "s|$(sbin_rdma_route)|$RDMA_ROUTE|; s|/etc/rdma-route/peers|$BATS_TEST_TMPDIR/peers|; s|/run/rdma-route/|$BATS_TEST_TMPDIR/textfile/|"
}

@test "systemd units: systemd-analyze verifies them" {
	command -v systemd-analyze >/dev/null || skip "no systemd-analyze"
	sed "s|$(sbin_rdma_route)|$(realpath "$RDMA_ROUTE")|" \
		"$unit" >"$BATS_TEST_TMPDIR/rdma-route-textfile.service"
	cp "$contrib/rdma-route-textfile.timer" "$BATS_TEST_TMPDIR/"
	run systemd-analyze verify --man=no "$BATS_TEST_TMPDIR/rdma-route-textfile.service" \
		"$BATS_TEST_TMPDIR/rdma-route-textfile.timer"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "systemd service: its command writes a textfile promtool takes, exit status it allows" {
	mkdir "$BATS_TEST_TMPDIR/textfile"
	printf '# peers\n192.0.2.1\n192.0.2.2\n' >"$BATS_TEST_TMPDIR/peers"
	cmd=$(exec_start)
	[[ "$cmd" == "$RDMA_ROUTE --prom --count 5 "* ]]
	# shellcheck disable=SC2086
	run --separate-stderr $cmd
	allowed=$(sed -n 's/^SuccessExitStatus=//p' "$unit")
	[[ " $allowed " == *" $status "* ]]
	[ "$(ls -A "$BATS_TEST_TMPDIR/textfile")" = "rdma-route.prom" ]
	prom_valid <"$BATS_TEST_TMPDIR/textfile/rdma-route.prom"
	grep -q '^rdma_route_probes{.*destination="192.0.2.2"} 5$' "$BATS_TEST_TMPDIR/textfile/rdma-route.prom"
}

# The completion's words for the line "rdma-route ... WORD" (the last
# word completed), one a line.  bash-completion's _init_completion as
# it sets the words for a line without "=" in its options; compopt is
# readline's, which a script has not.
complete_last() {
	bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_init_completion() {
			words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD
			cur=${words[cword]}; prev=${words[cword - 1]}
		}
		compopt() { :; }
		_rdma_route; printf "%s\n" "${COMPREPLY[@]}"' _ \
		"$top/completions/rdma-route" "$@"
}

@test "bash completion: --severity completes a finding, then its level, after a comma the next" {
	top=$BATS_TEST_DIRNAME/../..
	run complete_last rdma-route --sa --trace --all-pairs --severity sm_
	[ "$output" = "sm_silent=" ]
	run complete_last rdma-route --severity links_g
	[ "$output" = "links_gone=" ]
	run complete_last rdma-route --severity sm_silent=w
	[ "$output" = "sm_silent=warning" ]
	run complete_last rdma-route --severity credit_loops=none,ports_u
	[ "$output" = "credit_loops=none,ports_unreachable=" ]
	run complete_last rdma-route --severity credit_loops=none,ports_unreachable=
	[ "${lines[*]}" = "credit_loops=none,ports_unreachable=fault credit_loops=none,ports_unreachable=warning credit_loops=none,ports_unreachable=none" ]
	# Its findings are the man page's VERDICT, in its order, but
	# "stopped", always a fault, whose level --severity refuses.
	man=$(awk '/^\.SH VERDICT/ { on = 1; next } /^\.SH/ { on = 0 } on && /^\.B / && $2 != "stopped" { print $2 }' "$top/man/rdma-route.8" | tr '\n' ' ')
	run complete_last rdma-route --severity ""
	[ "$(tr '\n' ' ' <<<"$output" | sed 's/=//g')" = "$man" ]
}

# The listen unit's command as systemd runs it, a word a line: its
# Environment= defaults, then FILE's settings when given (its
# EnvironmentFile=, which wins), each "$VAR" word split at blanks (none
# when empty), our binary for the installed one: listen_command [FILE].
listen_command() {
	local listen=$build/contrib/rdma-route-listen.service
	(
		eval "$(sed -n 's/^Environment=/export /p' "$listen")"
		if [ -n "${1:-}" ]; then
			set -a
			. "$1"
			set +a
		fi
		cmd=$(sed -n 's/^ExecStart=//p' "$listen" | sed "s|$(sbin_rdma_route)|$RDMA_ROUTE|")
		eval "words=($cmd)"
		printf '%s\n' "${words[@]}"
	)
}

@test "listen unit: by default its witness tells this host only; an environment file names the address, the networks, --no-witness" {
	grep -qx 'EnvironmentFile=-/etc/rdma-route/listen.env' "$build/contrib/rdma-route-listen.service"
	mapfile -t cmd < <(listen_command)
	[ "${cmd[*]}" = "$RDMA_ROUTE --listen --jsonl --witness-allow=127.0.0.0/8,::1/128" ]
	# The options hold: no RDMA CM on this host is exit 3, not a usage error.
	run --separate-stderr "${cmd[@]}"
	[ "$status" -eq 3 ] || { echo "$status: $stderr"; false; }
	[[ $stderr == "rdma-route: --listen on 0.0.0.0 port 7471: "* ]]
	cat >"$BATS_TEST_TMPDIR/listen.env" <<-'ENV'
	# The fleet's RoCE network, this host's address on it.
	RDMA_ROUTE_LISTEN_ADDRESS=192.0.2.7
	RDMA_ROUTE_WITNESS="--witness-allow=192.0.2.0/24,2001:db8::/32"
	RDMA_ROUTE_LISTEN_OPTIONS=--listen=7500
	ENV
	mapfile -t cmd < <(listen_command "$BATS_TEST_TMPDIR/listen.env")
	[ "${cmd[*]}" = "$RDMA_ROUTE --listen --jsonl --listen=7500 --witness-allow=192.0.2.0/24,2001:db8::/32 192.0.2.7" ]
	run --separate-stderr "${cmd[@]}"
	[ "$status" -eq 3 ] && [[ $stderr == "rdma-route: --listen on 192.0.2.7 port 7500: "* ]]
	echo 'RDMA_ROUTE_WITNESS=--no-witness' >"$BATS_TEST_TMPDIR/listen.env"
	mapfile -t cmd < <(listen_command "$BATS_TEST_TMPDIR/listen.env")
	[ "${cmd[*]}" = "$RDMA_ROUTE --listen --jsonl --no-witness" ]
	run --separate-stderr "${cmd[@]}"
	[ "$status" -eq 3 ]
	# A network mistyped: exit 2, named (the unit does not restart on 2).
	echo 'RDMA_ROUTE_WITNESS=--witness-allow=192.0.2.1/24' >"$BATS_TEST_TMPDIR/listen.env"
	mapfile -t cmd < <(listen_command "$BATS_TEST_TMPDIR/listen.env")
	run --separate-stderr "${cmd[@]}"
	[ "$status" -eq 2 ] && [[ $stderr == *"did you mean 192.0.2.0/24?"* ]]
	grep -qx 'RestartPreventExitStatus=2 3' "$build/contrib/rdma-route-listen.service"
}
