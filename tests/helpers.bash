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
