// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/host.h"
#include "host/rdma_ports.h"
#include "host/rdma_system.h"
#include "base/util.h"

struct rr_host {
	struct rr_nl *nl;
	bool nl_tried;
	char nl_why[128];
	struct rr_gid_cache *gids;
	struct rr_port *ports;
	int num_ports;
	bool ports_read;
	/* The last netdev asked of rr_host_port_of() and its answer. */
	bool asked;
	char last_netdev[64];
	const struct rr_port *last_port;
	enum rr_chain_netns netns_mode;
	bool netns_asked;
	/* configfs defaults of the ports asked about, each read once. */
	struct cm_defaults_entry {
		char dev[64];
		unsigned int port;
		struct rr_cm_defaults d;
	} defaults[16];
	unsigned int num_defaults, next_slot;
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

void rr_host_new_turn(struct rr_host *h)
{
	if (h && h->nl)
		rr_nl_new_turn(h->nl);
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

static bool port_has_netdev(const struct rr_port *port, const char *netdev)
{
	int i;

	if (!strcmp(port->facts.netdev, netdev))
		return true;
	/* An entry not named is another namespace's (rdma_ports.c). */
	for (i = 0; i < port->num_gids; i++)
		if (port->gids[i].named && !strcmp(port->gids[i].netdev, netdev))
			return true;
	return false;
}

const struct rr_port *rr_host_port_of(struct rr_host *h, const char *netdev)
{
	const struct rr_port *ports;
	int i, n;

	if (h->asked && !strcmp(h->last_netdev, netdev))
		return h->last_port;
	ports = rr_host_ports(h, &n);
	h->asked = true;
	snprintf(h->last_netdev, sizeof(h->last_netdev), "%s", netdev);
	h->last_port = NULL;
	for (i = 0; i < n && !h->last_port; i++)	/* none when n is -1 */
		if (port_has_netdev(&ports[i], netdev))
			h->last_port = &ports[i];
	return h->last_port;
}

const struct rr_cm_defaults *rr_host_cm_defaults(struct rr_host *h,
						 const char *dev,
						 unsigned int port)
{
	struct cm_defaults_entry *e;
	unsigned int i;

	for (i = 0; i < h->num_defaults; i++)
		if (h->defaults[i].port == port && !strcmp(h->defaults[i].dev, dev))
			return &h->defaults[i].d;
	/* A host with more ports than slots: the oldest make room. */
	e = &h->defaults[h->next_slot];
	h->next_slot = (h->next_slot + 1) % ARRAY_SIZE(h->defaults);
	if (h->num_defaults < ARRAY_SIZE(h->defaults))
		h->num_defaults++;
	snprintf(e->dev, sizeof(e->dev), "%s", dev);
	e->port = port;
	rr_cm_defaults_read(dev, port, &e->d);
	return &e->d;
}

enum rr_chain_netns rr_host_netns_mode(struct rr_host *h)
{
	if (!h->netns_asked) {
		h->netns_asked = true;
		h->netns_mode = rr_rdma_netns_mode();
	}
	return h->netns_mode;
}
