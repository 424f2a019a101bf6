# A simulated InfiniBand fabric for the --sa suites: ibsim (ibsim-utils),
# opensm, and clients run with libumad2sim.so (libumad2sim0) preloaded.
#
#   setup_file()    { fabric_start one-switch.net; }
#   teardown_file() { fabric_stop; }
#   sim_run [--host NODE] CMD...   one client, in the fabric's directory
#   FABRIC_CONSOLE=1 fabric_start NET: ibsim with its console, where
#   sim_console CMD plants a fault (Unlink, Error, PerformanceSet...)
#
# One fabric per bats file: ibsim has 10 client slots and a client that
# dies or is killed leaks its slot, so clients are never killed here.

: "${UMAD2SIM:=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so}"
export UMAD2SIM

# Skips the file's tests when a piece of the simulator is missing.
fabric_require() {
	local tool

	for tool in ibsim opensm saquery ibaddr jq; do
		command -v "$tool" >/dev/null ||
			skip "$tool not installed (ibsim-utils, opensm, infiniband-diags, jq)"
	done
	[ -r "$UMAD2SIM" ] || skip "$UMAD2SIM missing (libumad2sim0)"
}

# _fabric_wait SECONDS CMD...: polls CMD every 10 ms.
_fabric_wait() {
	local i tries=$(($1 * 100))

	shift
	for ((i = 0; i < tries; i++)); do
		"$@" && return 0
		sleep 0.01
	done
	return 1
}

_fabric_sim_ready() {
	grep -q "@$IBSIM_SOCKNAME:ctl@" /proc/net/unix
}

_fabric_sm_ready() {
	grep -q "SUBNET UP" "$FABRIC_DIR/opensm.log" 2>/dev/null
}

# fabric_start NETFILE [--no-sm]: a fresh simulator (and SM) for this file.
fabric_start() {
	local net=$1 no_sm=$2

	[[ "$net" == /* ]] || net="$BATS_TEST_DIRNAME/$net"
	FABRIC_DIR=$(mktemp -d "${BATS_FILE_TMPDIR:-/tmp}/fabric.XXXXXX")
	# Each simulator its own socket names: suites may run side by side.
	IBSIM_SOCKNAME="rrsim$$.$RANDOM"
	FABRIC_HOST=Hca1
	FABRIC_IBSIM_PID=
	FABRIC_OPENSM_PID=
	export FABRIC_DIR IBSIM_SOCKNAME FABRIC_HOST FABRIC_IBSIM_PID FABRIC_OPENSM_PID

	FABRIC_CONSOLE_PID=
	export FABRIC_CONSOLE_PID
	if [ -n "${FABRIC_CONSOLE:-}" ]; then
		_fabric_start_console "$net"
	else
		# -n: no console (CI has no stdin).  No fd 3: bats would wait for it.
		ibsim -s -n "$net" </dev/null >"$FABRIC_DIR/ibsim.log" 2>&1 3>&- &
		FABRIC_IBSIM_PID=$!
	fi
	if ! _fabric_wait 5 _fabric_sim_ready; then
		cat "$FABRIC_DIR/ibsim.log" >&2
		echo "ibsim did not start" >&2
		return 1
	fi
	[ "$no_sm" = --no-sm ] && return 0
	fabric_start_sm
}

# ibsim reading its console from a fifo, which a sleeping writer of our
# own keeps open: each sim_console opens it, writes a line, closes it.
_fabric_start_console() {
	mkfifo "$FABRIC_DIR/console"
	ibsim -s "$1" <"$FABRIC_DIR/console" >"$FABRIC_DIR/ibsim.log" 2>&1 3>&- &
	FABRIC_IBSIM_PID=$!
	sleep 1000000 >"$FABRIC_DIR/console" 3>&- &
	FABRIC_CONSOLE_PID=$!
}

_fabric_prompts() {
	grep -o 'sim> ' "$FABRIC_DIR/ibsim.log" | wc -l
}

# sim_console CMD...: one console command, waited for (its next prompt).
sim_console() {
	local before

	before=$(_fabric_prompts)
	echo "$*" >"$FABRIC_DIR/console"
	_fabric_wait 5 _fabric_prompted_after "$before"
}

_fabric_prompted_after() {
	[ "$(_fabric_prompts)" -gt "$1" ]
}

# Starts opensm on the first node of the net file.  -d 2 keeps the log
# unbuffered (SUBNET UP shows at once); -B would fork away from us.
# FABRIC_OPENSM_ARGS: more of its options (-l 2: LMC 2).  FABRIC_DUMPS=1:
# its routing dumps (-D 0x40) into FABRIC_DIR/dumps, for ibdmchk_verdict.
fabric_start_sm() {
	local dumps=

	mkdir -p "$FABRIC_DIR/osm"
	if [ -n "${FABRIC_DUMPS:-}" ]; then
		mkdir -p "$FABRIC_DIR/dumps"
		dumps="-D 0x43 --dump_files_dir $FABRIC_DIR/dumps"
	fi
	(cd "$FABRIC_DIR" &&
	 OSM_CACHE_DIR="$FABRIC_DIR/osm" OSM_TMP_DIR="$FABRIC_DIR/osm" \
	 LD_PRELOAD="$UMAD2SIM" exec opensm -e -d 2 -s 0 ${FABRIC_OPENSM_ARGS:-} $dumps \
		-f "$FABRIC_DIR/opensm.log" </dev/null \
		>"$FABRIC_DIR/opensm.out" 2>&1 3>&-) &
	FABRIC_OPENSM_PID=$!
	if ! _fabric_wait 10 _fabric_sm_ready; then
		tail -20 "$FABRIC_DIR/opensm.log" "$FABRIC_DIR/opensm.out" >&2
		echo "opensm did not bring the subnet up" >&2
		return 1
	fi
}

# Gone, or a zombie: a test's subshell cannot reap what setup_file started.
_fabric_gone() {
	local state

	state=$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null) || return 0
	[ -z "$state" ] || [ "$state" = Z ]
}

# _fabric_kill PID: TERM, then wait (bounded) until it is gone.
_fabric_kill() {
	local pid=$1

	[ -n "$pid" ] || return 0
	kill -CONT "$pid" 2>/dev/null
	kill -TERM "$pid" 2>/dev/null || return 0
	_fabric_wait 5 _fabric_gone "$pid" || kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null || true
}

fabric_stop_sm() {
	_fabric_kill "$FABRIC_OPENSM_PID"
	FABRIC_OPENSM_PID=
}

# Freezes the SM: still registered, never answering, as a hung SM.
fabric_freeze_sm() {
	kill -STOP "$FABRIC_OPENSM_PID"
}

fabric_stop() {
	fabric_stop_sm
	_fabric_kill "$FABRIC_IBSIM_PID"
	FABRIC_IBSIM_PID=
	_fabric_kill "$FABRIC_CONSOLE_PID"
	FABRIC_CONSOLE_PID=
}

FABRIC_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# sim_run [--host NODE] CMD...: a client on NODE (default $FABRIC_HOST).
# Clients write ./sys-<pid>/, so they run in the fabric's directory.  For
# the sanitizer build: ASan wants to come first in the library list, but
# umad2sim must be preloaded; and umad2sim's read() over-reads its own
# buffer (asan.supp); libibnetdisc keeps a few bytes (lsan.supp).
sim_run() {
	local host=$FABRIC_HOST

	if [ "$1" = --host ]; then
		host=$2
		shift 2
	fi
	(cd "$FABRIC_DIR" &&
	 SIM_HOST=$host LD_PRELOAD="$UMAD2SIM" \
	 ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0:suppressions=$FABRIC_LIB_DIR/asan.supp" \
	 LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$FABRIC_LIB_DIR/lsan.supp:print_suppressions=0" \
	 "$@")
}

# node_gid NODE / node_lid NODE (decimal): what the fabric says, via ibaddr
# ("GID fe80::10:1 LID start 0x2 end 0x2").
node_gid() {
	sim_run --host "$1" ibaddr | awk '{ print $2 }'
}

# fabric_sweeps: how many times opensm brought the subnet up so far;
# fabric_swept_since N: it has more than N times (a sweep since).
fabric_sweeps() {
	grep -c "SUBNET UP" "$FABRIC_DIR/opensm.log"
}

fabric_swept_since() {
	[ "$(fabric_sweeps)" -gt "$1" ]
}

# fabric_dump_tables NAME: the running fabric as the infiniband-diags
# print it, ibnetdiscover -p into NAME.ports and each switch's ibroute
# into NAME.tables.
fabric_dump_tables() {
	local lid

	sim_run ibnetdiscover -p >"$1.ports"
	for lid in $(awk '$1 == "SW" { print $2 }' "$1.ports" | sort -u); do
		echo "SWITCH $lid"
		sim_run ibroute "$lid"
	done >"$1.tables"
}

# fabric_walk NAME [LFT-WALK-OPTIONS...]: NAME.ports and NAME.tables
# walked by lft-walk with the options into NAME.walked, its loops by
# dep-cycles into NAME.loops (the brute force the route tests check
# against).
fabric_walk() {
	local name=$1

	shift
	"$FABRIC_LIB_DIR/lft-walk" "$@" "$name.ports" "$name.tables" >"$name.walked"
	"$FABRIC_LIB_DIR/dep-cycles" "$name.walked" >"$name.loops"
}

# fabric_dump NAME [LFT-WALK-OPTIONS...]: both.
fabric_dump() {
	fabric_dump_tables "$1"
	fabric_walk "$@"
}

# fabric_cabled_ports OUT: the ports ibnetdiscover lists with a cable
# (each cable twice, once from each end), into OUT.
fabric_cabled_ports() {
	sim_run ibnetdiscover -p | grep "( '.*' - '.*' )\$" >"$1"
}

# fabric_pick_lossy SEED PORTS: a seeded end of a cable of PORTS (as
# fabric_cabled_ports lists them) and a rate of 5 to 50 %: "NAME PORT
# GUID RATE", the node's name as ibsim's console takes it.
fabric_pick_lossy() {
	local n pick name port guid

	RANDOM=$1
	n=$(wc -l <"$2")
	pick=$(sed -n "$((RANDOM % n + 1))p" "$2")
	read -r _ _ port guid _ <<<"$pick"
	name=$(sed "s/.*( '\([^']*\)' - .*/\1/" <<<"$pick")
	echo "$name $port $guid $((5 + RANDOM % 46))"
}

# fabric_pick_cable SEED PORTS: a seeded cable of PORTS, "NAME PORT GUID
# PEER_GUID PEER_PORT": the end to cut by its name, and both ends.
fabric_pick_cable() {
	local n pick

	RANDOM=$1
	n=$(wc -l <"$2")
	pick=$(sed -n "$((RANDOM % n + 1))p" "$2")
	awk -v name="$(sed "s/.*( '\([^']*\)' - .*/\1/" <<<"$pick")" \
		'{ print name, $3, $4, $11, $10 }' <<<"$pick"
}

# fabric_first_is_cut GUID PORT PEER_GUID PEER_PORT: whether the first of
# --probe-links' suspects in the JSON report on stdin, or one tied with
# it, is an end of that cable, its link down.
fabric_first_is_cut() {
	jq -e --arg g "$1" --argjson p "$2" --arg pg "$3" --argjson pp "$4" '
		(.suspect_links // []) as $s |
		[foreach $s[] as $x ({ go: true, tie: true };
			{ go: .tie, tie: $x.tied_with_next };
			select(.go) | $x)] |
		any(.why == "down" and
		    ((.near_port_guid == $g and .near_port == $p) or
		     (.near_port_guid == $pg and .near_port == $pp)))' >/dev/null
}

# fabric_first_is_planted GUID PORT: whether the first of --probe-links'
# suspects in the JSON report on stdin is the cable of port GUID/PORT,
# and its blamed end that port or either.
fabric_first_is_planted() {
	jq -e --arg g "$1" --argjson p "$2" '(.suspect_links // [])[0] // {} |
		((.near_port_guid == $g and .near_port == $p and
		  (.end == "near" or .end == "either")) or
		 (.far_port_guid == $g and .far_port == $p and
		  (.end == "far" or .end == "either")))' >/dev/null
}

node_lid() {
	printf '%d\n' "$(sim_run --host "$1" ibaddr | awk '{ print $5 }')"
}

# node_port_guid NODE: 0x and 16 hex digits, as ibstat prints it.  awk
# reads to the end: a client killed by SIGPIPE would leak its ibsim slot.
node_port_guid() {
	sim_run --host "$1" ibstat | awk '/Port GUID:/ && !g { g = $3 } END { print g }'
}

# saquery_field FIELD: one field of the first PathRecord in saquery's
# output on stdin ("mtu.....0x84" gives 0x84).
# ibdmchk_verdict OUT [ARGS...]: ibdmchk (ibutils), the credit-loop check
# of opensm's own dumps (the subnet, its FDBs), with ARGS (-c PSL -d
# SLVL); its words into OUT, its verdict on stdout: "loops", "none" or
# "unknown".  ibutils 1.5.7 ends with a segmentation fault once it has
# said its verdict: its status is not read.
ibdmchk_verdict() {
	local out=$1 d=$FABRIC_DIR/dumps

	shift
	_fabric_wait 10 test -s "$d/opensm.fdbs" || { echo unknown; return 0; }
	(cd "$d" && exec ibdmchk -s opensm-subnet.lst -f opensm.fdbs \
		-m opensm.mcfdbs "$@" </dev/null >"$out" 2>&1) 2>/dev/null || true
	if grep -q '^-E- credit loops in routing' "$out"; then
		echo loops
	elif grep -q '^-I- no credit loops found' "$out"; then
		echo none
	else
		echo unknown
	fi
}

# node_guid LID: the node GUID of the node at LID, as the SA has it.
node_guid() {
	sim_run saquery NR "$1" | awk '$1 ~ /^node_guid\./ { sub(/^[^.]*\.+/, "", $1); print $1; exit }'
}

saquery_field() {
	awk -v f="$1" 'index($1, f ".") == 1 && !v { v = $1; sub(/^[^.]*\.+/, "", v) } END { print v }'
}

# ibtracert_hops [--host NODE] SLID DLID: ibtracert's route as "NAME IN
# OUT" per hop (0: none), as our_hops I prints result I's hops of a
# --sa --trace --json document on stdin.
ibtracert_hops() {
	local host=()

	if [ "$1" = --host ]; then
		host=(--host "$2")
		shift 2
	fi
	sim_run "${host[@]}" ibtracert "$1" "$2" | awk '
		/^From/ { match($0, /"[^"]*"$/); name = substr($0, RSTART + 1, RLENGTH - 2); in_port = 0; next }
		/^\[/ {
			match($0, /^\[[0-9]+\]/); out = substr($0, 2, RLENGTH - 2)
			print name, in_port, out
			match($0, /\}\[[0-9]+\]/); in_port = substr($0, RSTART + 2, RLENGTH - 3)
			match($0, /"[^"]*"$/); name = substr($0, RSTART + 1, RLENGTH - 2)
			next
		}
		/^To/ { print name, in_port, 0 }'
}

our_hops() {
	jq -r --argjson i "$1" '.results[$i].hops[] | "\(.name) \(.in_port) \(.out_port)"'
}
