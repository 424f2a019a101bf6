# Records as rdma-route -o jsonl writes them on other hosts, for the
# --matrix tests (matrix.bats, matrix_svg.bats).

# rec HOST DEST SOURCE MTU_RAW [PKEY]: a resolved record of rdma-route.
rec() {
	printf '{"record":"results","destination":"%s","host":"%s","status":"resolved","source":"%s","link_layer":"Ethernet","port_rate":10,"paths":[{"mtu":%d,"mtu_raw":%d,"rate_raw":0,"sl":0,"pkey":"%s","hop_limit":64,"reversible":true}]}\n' \
		"$2" "$1" "$3" $((128 << $4)) "$4" "${5:-0xffff}"
}

# fail HOST DEST CAUSE
fail() {
	printf '{"record":"results","destination":"%s","host":"%s","status":"failed","error":{"cause":"%s"}}\n' "$2" "$1" "$3"
}

# Three hosts at .1-.3: c's MTU is 512 its way; nobody reaches .9.
fleet() {
	rec a 10.0.0.2 10.0.0.1 3
	rec a 10.0.0.3 10.0.0.1 3
	fail a 10.0.0.9 neighbour_timeout
	rec b 10.0.0.1 10.0.0.2 3
	rec b 10.0.0.3 10.0.0.2 3
	fail b 10.0.0.9 neighbour_timeout
	rec c 10.0.0.1 10.0.0.3 2
	rec c 10.0.0.2 10.0.0.3 2
	fail c 10.0.0.9 neighbour_timeout
	echo '{"record":"summary","probes":3}'
}
