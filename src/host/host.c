// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "host/host.h"
#include "host/rdma_ports.h"

struct rr_host {
	struct rr_nl *nl;
	bool nl_tried;
	char nl_why[128];
	struct rr_gid_cache *gids;
	struct rr_port *ports;
	int num_ports;
	bool ports_read;
};

struct rr_host *rr_host_new(void)
{
	return calloc(1, sizeof(struct rr_host));
}

void rr_host_free(struct rr_host *h)
{
	if (!h)
		return;
	if (h->num_ports > 0)
		rr_ports_free(h->ports, h->num_ports);
	rr_gid_cache_free(h->gids);
	rr_nl_close(h->nl);
	free(h);
}

struct rr_nl *rr_host_nl(struct rr_host *h, const char **why)
{
	if (!h->nl_tried) {
		h->nl_tried = true;
		h->nl = rr_nl_open(h->nl_why, sizeof(h->nl_why));
	}
	*why = h->nl_why;
	return h->nl;
}

struct rr_gid_cache *rr_host_gids(struct rr_host *h)
{
	if (!h->gids)
		h->gids = rr_gid_cache_new();
	return h->gids;
}

const struct rr_port *rr_host_ports(struct rr_host *h, int *n)
{
	const char *why;

	if (!h->ports_read) {
		h->ports_read = true;
		/* Without rtnetlink every netdev is shown, in any namespace. */
		h->num_ports = rr_ports_read(rr_host_nl(h, &why),
					     rr_host_gids(h), &h->ports);
	}
	*n = h->num_ports;
	return h->ports;
}
