// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "app/list.h"
#include "host/host.h"
#include "host/rdma_libs.h"
#include "input/options.h"
#include "output/printer.h"
#include "output/render_chain.h"

int rr_list_run(enum rr_format format, FILE *out, const char *host_label)
{
	struct rr_host *host = rr_host_new();
	const struct rr_port *ports;
	struct printer *p;
	int n, code = RR_EXIT_OK;

	if (!host) {
		perror("rdma-route");
		return RR_EXIT_FAILED;
	}
	ports = rr_host_ports(host, &n);
	if (n < 0) {
		/* No libibverbs: the host cannot do RDMA, as for a resolution. */
		code = errno == ELIBACC ? RR_EXIT_NO_RDMA : RR_EXIT_FAILED;
		fprintf(stderr, "rdma-route: reading the RDMA devices: %s\n",
			errno == ELIBACC ? rr_dl_error(RR_DL_VERBS) :
					   strerror(errno));
		rr_host_free(host);
		return code;
	}
	p = pr_new(format, out, stderr);
	if (!p) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto out;
	}
	/* Only when asked (--host-label): a textfile has its instance. */
	pr_run_label(p, "host", host_label);
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
	rr_host_free(host);
	return code;
}
