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
has_field() {
	local line rest
	while IFS= read -r line; do
		line=${line#"${line%%[! ]*}"}
		[[ $line == "$2 "* ]] || continue
		rest=${line#"$2"}
		rest=${rest#"${rest%%[! ]*}"}
		[[ $rest == "$3" ]] && return 0
		[[ $3 == *'*' && $rest == "${3%'*'}"* ]] && return 0
	done <<<"$1"
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
