# Shared by every bats suite: which binary to test.
bats_require_minimum_version 1.5.0

# RDMA_ROUTE may name a build (the sanitizer build, a VPATH build).
: "${RDMA_ROUTE:=$BATS_TEST_DIRNAME/../../rdma-route}"
export RDMA_ROUTE

rr() {
	"$RDMA_ROUTE" "$@"
}

# A JSON document on stdout, checked with jq: jqe FILTER (exit 1 if false).
jqe() {
	jq -e "$@" >/dev/null
}

# Text output: a line "LABEL   VALUE" (any indent, any padding) exists.
# has_field TEXT LABEL VALUE; a VALUE ending in '*' matches as a prefix.
# One awk, not a loop of bash reads: those read a here-string a byte a
# system call, minutes for a batch's text on the lab's emulated CPU.
has_field() {
	awk -v label="$2" -v want="$3" '
		{ sub(/^ +/, "") }
		index($0, label " ") != 1 { next }
		{
			rest = substr($0, length(label) + 1)
			sub(/^ +/, "", rest)
			if (rest == want)
				found = 1
			else if (want ~ /[*]$/ &&
				 index(rest, substr(want, 1, length(want) - 1)) == 1)
				found = 1
		}
		END { exit !found }' <<<"$1" && return 0
	echo "no line '$2  $3' in:"
	echo "$1"
	return 1
}

# Prometheus text on stdin: valid, as promtool (Debian's prometheus) says.
prom_valid() {
	command -v promtool >/dev/null ||
		{ echo "promtool missing: scripts/install-deps installs prometheus"; return 1; }
	promtool check metrics
}

# The series of Prometheus text on stdin (names and labels), sorted.
prom_series() {
	grep -v '^#' | sed 's/ [^ ]*$//' | sort
}

# The label names of each sample on stdin, in their order, a line each.
prom_label_names() {
	sed -E 's/ [^ ]*$//; s/^[^{]*\{?//; s/\}$//; s/="([^"\\]|\\.)*",?/ /g' | tr -s ' ' | sed 's/ $//'
}

# Runs "$RDMA_ROUTE" "$@" within KB kilobytes of address space (ulimit -v):
# limited_rr KB ARGS...  A sanitizer build reserves terabytes for its
# shadow memory, so it runs unlimited: its own checks bound it instead.
limited_rr() {
	local kb=$1
	shift
	if readelf -d "$RDMA_ROUTE" 2>/dev/null | grep -q 'libasan'; then
		"$RDMA_ROUTE" "$@"
	else
		(ulimit -v "$kb" && exec "$RDMA_ROUTE" "$@")
	fi
}

# wait_bounded PID SECONDS: waits for background job PID to end, SECONDS at
# most, and returns its status; past them it is killed and 124 returned.
# A program that hangs fails its own test, not the whole run.
wait_bounded() {
	local pid=$1 i

	for ((i = 0; i < $2 * 10; i++)); do
		if ! kill -0 "$pid" 2>/dev/null; then
			wait "$pid"
			return
		fi
		sleep 0.1
	done
	echo "PID $pid still running after $2 s: killed"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	return 124
}
