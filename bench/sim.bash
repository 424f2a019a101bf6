# What the benchmarks on the simulated fabric share (bench/fabric.sh,
# bench/pairs.sh, bench/trace.sh): sourced from the top of the tree.
#   sim_bench ROW GOAL   the fabric's tools, or a "not measured" row and
#                        exit 0; then tests/fabric/fabric.bash loaded, a
#                        temporary folder ($tmp) and a trap that stops the
#                        fabric ($fabric_up) and removes it
#   fail MESSAGE         on stderr, exit 1
#   wall OUT CMD...      one client's wall time in ms appended to OUT
#                        (its output in $tmp/out); exit 1 if it fails
#   stats                "median min max" of the numbers on stdin

fail() {
	echo "bench: $*" >&2
	exit 1
}

sim_cleanup() {
	[ -n "$fabric_up" ] && fabric_stop
	rm -rf "$tmp"
}

sim_bench() {
	local row=$1 goal=$2 tool

	for tool in ibsim opensm saquery ibaddr jq; do
		if ! command -v "$tool" >/dev/null; then
			echo "bench: $tool not installed: row not measured" >&2
			echo "| $row | not measured ($tool not installed) | — | — | $goal |"
			exit 0
		fi
	done
	# fabric.bash: fabric_start, sim_run, node_lid, fabric_stop.  Its
	# files go under our temporary folder ($BATS_FILE_TMPDIR for it).
	# shellcheck source=tests/fabric/fabric.bash
	. tests/fabric/fabric.bash
	if [ ! -r "$UMAD2SIM" ]; then
		echo "bench: $UMAD2SIM missing: row not measured" >&2
		echo "| $row | not measured (libumad2sim missing) | — | — | $goal |"
		exit 0
	fi
	tmp=$(mktemp -d)
	BATS_FILE_TMPDIR=$tmp
	fabric_up=
	trap sim_cleanup EXIT
}

# wall OUT CMD...: one client under sim_run, its wall time in ms to OUT.
wall() {
	local out=$1 t0 t1 rc=0

	shift
	t0=$(date +%s%N)
	sim_run "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	t1=$(date +%s%N)
	if [ "$rc" -ne 0 ]; then
		echo "bench: $* exited with $rc:" >&2
		tail -n 20 "$tmp/err" >&2
		exit 1
	fi
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", (b - a) / 1e6 }' >>"$out"
}

stats() {
	sort -g | awk '{ v[NR] = $1 }
		END {
			m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			printf "%.1f %.1f %.1f\n", m, v[1], v[NR]
		}'
}
