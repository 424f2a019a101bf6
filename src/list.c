// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "list.h"
#include "netlink_route.h"
#include "options.h"
#include "printer.h"
#include "rdma_ports.h"
#include "render_chain.h"

int rr_list_run(enum rr_format format)
{
	struct rr_port *ports = NULL;
	struct printer *p;
	struct rr_nl *nl;
	char why[128];
	int n, code = RR_EXIT_OK;

	/* Without rtnetlink every netdev is shown, in any namespace. */
	nl = rr_nl_open(why, sizeof(why));
	n = rr_ports_read(nl, &ports);
	if (n < 0) {
		fprintf(stderr, "rdma-route: reading the RDMA devices: %s\n",
			strerror(errno));
		rr_nl_close(nl);
		return RR_EXIT_FAILED;
	}
	p = pr_new(format, stdout, stderr);
	if (!p) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto out;
	}
	rr_render_ports(p, ports, n);
	if (!n) {
		fprintf(stderr, "rdma-route: no RDMA device on this host\n");
		code = RR_EXIT_NO_RDMA;
	}
	if (pr_finish(p)) {
		perror("rdma-route: writing the output");
		code = RR_EXIT_FAILED;
	}
out:
	rr_ports_free(ports, n);
	rr_nl_close(nl);
	return code;
}
