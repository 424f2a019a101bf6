// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --list and --cm-defaults: this host's RDMA ports, read once and
 * printed; each makes its own host and printer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/list.h"
#include "host/host.h"
#include "host/rdma_libs.h"
#include "input/options.h"
#include "output/printer.h"
#include "output/render_ports.h"

/*
 * What a run of the ports prints, given the host it read them from;
 * false (said) when it could not.
 */
typedef bool print_fn(struct printer *p, struct rr_host *host,
		      const struct rr_port *ports, int n);

/*
 * The ports read and printed by PRINT in FORMAT; the exit code: 3 when
 * the host has no RDMA device (or no libibverbs), 1 when writing failed.
 */
static int with_ports(const struct rr_opts *o, FILE *out,
		      const char *host_label, print_fn *print)
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
	p = pr_new(o->format, out, stderr);
	if (!p) {
		perror("rdma-route");
		code = RR_EXIT_FAILED;
		goto out;
	}
	pr_set_brief(p, o->brief);	/* text: a line a port */
	/* Only when asked (--host-label): a textfile has its instance. */
	pr_run_label(p, "host", host_label);
	if (!print(p, host, ports, n))
		code = RR_EXIT_FAILED;
	else if (!n) {
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

static bool print_ports(struct printer *p, struct rr_host *host,
			const struct rr_port *ports, int n)
{
	rr_render_ports(p, ports, n);
	return true;
}

/* Each port's defaults as the CM reads them (configfs, else the kernel's). */
static bool print_cm_defaults(struct printer *p, struct rr_host *host,
			      const struct rr_port *ports, int n)
{
	struct rr_port_cm_defaults *rows = calloc((size_t)n + 1, sizeof(*rows));
	int i;

	if (!rows) {
		perror("rdma-route");
		return false;
	}
	for (i = 0; i < n; i++) {
		rows[i].port = &ports[i].facts;
		/* Copied: the host's cache of defaults holds a few ports. */
		rows[i].d = *rr_host_cm_defaults(host, ports[i].facts.device,
						 ports[i].facts.port);
	}
	rr_render_cm_defaults(p, rows, n);
	free(rows);
	return true;
}

int rr_list_run(const struct rr_opts *o, FILE *out, const char *host_label)
{
	return with_ports(o, out, host_label, print_ports);
}

int rr_list_cm_defaults(const struct rr_opts *o, FILE *out,
			const char *host_label)
{
	return with_ports(o, out, host_label, print_cm_defaults);
}
