# JSON Lines records of N hosts h1..hN to each other (awk -v n=N): h3
# fails to every even host (neighbour_timeout), h7's MTU is 512 its way,
# every other pair 1024.  For tests/host/matrix.bats and bench/host.sh.
BEGIN {
	for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) {
		if (i == j)
			continue
		if (i == 3 && j % 2 == 0) {
			printf "{\"record\":\"results\",\"destination\":\"h%d\",\"host\":\"h%d\",\"status\":\"failed\",\"error\":{\"cause\":\"neighbour_timeout\"}}\n", j, i
			continue
		}
		m = i == 7 ? 2 : 3
		printf "{\"record\":\"results\",\"destination\":\"h%d\",\"host\":\"h%d\",\"status\":\"resolved\",\"link_layer\":\"Ethernet\",\"paths\":[{\"mtu\":%d,\"mtu_raw\":%d,\"rate_raw\":0,\"sl\":0,\"pkey\":\"0xffff\",\"hop_limit\":64,\"reversible\":true}]}\n", j, i, 128 * 2 ^ m, m
	}
}
