// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>

#include "chain.h"
#include "explain.h"
#include "netlink_route.h"
#include "rdma_ports.h"

struct rr_explainer {
	struct rr_nl *nl;		/* NULL: rtnetlink failed, see why */
	char why[128];
	struct rr_port *ports;
	int num_ports;
};

struct rr_explainer *rr_explainer_new(void)
{
	struct rr_explainer *ex = calloc(1, sizeof(*ex));

	if (!ex)
		return NULL;
	ex->nl = rr_nl_open(ex->why, sizeof(ex->why));
	ex->num_ports = rr_ports_read(ex->nl, &ex->ports);
	if (ex->num_ports < 0)
		ex->num_ports = 0;
	return ex;
}

void rr_explainer_free(struct rr_explainer *ex)
{
	if (!ex)
		return;
	rr_ports_free(ex->ports, ex->num_ports);
	rr_nl_close(ex->nl);
	free(ex);
}

static bool port_has_netdev(const struct rr_port *port, const char *netdev)
{
	int i;

	if (!strcmp(port->facts.netdev, netdev))
		return true;
	for (i = 0; i < port->num_gids; i++)
		if (!strcmp(port->gids[i].netdev, netdev))
			return true;
	return false;
}

/* The port bound to the route's interface, and where the others are. */
static const struct rr_port *find_device(const struct rr_explainer *ex,
					 struct rr_chain *c)
{
	struct rr_chain_device *d = &c->device;
	const struct rr_port *found = NULL;
	int i;

	for (i = 0; i < ex->num_ports; i++) {
		const struct rr_port *port = &ex->ports[i];

		if (!found && port_has_netdev(port, c->route.netdev))
			found = port;
		if (port->facts.netdev[0] && d->num_rdma < RR_MAX_RDMA_NETDEVS) {
			struct rr_rdma_netdev *rn = &d->rdma[d->num_rdma++];

			snprintf(rn->netdev, sizeof(rn->netdev), "%s",
				 port->facts.netdev);
			snprintf(rn->device, sizeof(rn->device), "%s",
				 port->facts.device);
			rn->port = port->facts.port;
		}
	}
	if (found) {
		d->found = true;
		d->port = found->facts;
	}
	return found;
}

/* The GID the source address gives: IPv4-mapped, or the IPv6 address. */
static bool gid_of_addr(const struct sockaddr_storage *ss, uint8_t gid[16])
{
	const struct sockaddr_in *s4 = (const void *)ss;
	const struct sockaddr_in6 *s6 = (const void *)ss;

	memset(gid, 0, 16);
	if (ss->ss_family == AF_INET) {
		gid[10] = gid[11] = 0xff;
		memcpy(gid + 12, &s4->sin_addr, 4);
		return true;
	}
	if (ss->ss_family == AF_INET6) {
		memcpy(gid, &s6->sin6_addr, 16);
		return true;
	}
	return false;
}

/* Which GID was (or would be) the source: the PathRecord's, else the
 * source address's; on InfiniBand without a path, the port GID. */
static bool wanted_gid(const struct rr_result *r, const struct rr_chain *c,
		       uint8_t gid[16], bool *from_path)
{
	*from_path = r->ok && r->num_paths;
	if (*from_path) {
		memcpy(gid, r->paths[0].sgid, 16);
		return true;
	}
	if (c->device.port.link_layer == RR_LL_INFINIBAND)
		return false;
	if (r->have_src)
		return gid_of_addr(&r->src, gid);
	return c->route.have_src && gid_of_addr(&c->route.src, gid);
}

static bool better(const struct rr_gid_entry *e, const struct rr_gid_entry *used,
		   enum rr_gid_type want)
{
	if (want != RR_GID_UNKNOWN)
		return e->type == want && used->type != want;
	return e->type > used->type;	/* the CM's default: RoCE v2 */
}

static void find_gid(const struct rr_port *port, const struct rr_result *r,
		     struct rr_chain *c)
{
	struct rr_chain_gid *g = &c->gid;
	const struct rr_gid_entry *used = NULL;
	uint8_t gid[16];
	int i;

	if (!wanted_gid(r, c, gid, &g->from_path)) {
		if (port->num_gids && !port->gids[0].index) {
			used = &port->gids[0];	/* IB: the port GID */
			g->found = true;
			g->used = *used;
		}
		return;
	}
	for (i = 0; i < port->num_gids; i++)
		if (!memcmp(port->gids[i].gid, gid, 16) &&
		    (!used || better(&port->gids[i], used, r->gid_type)))
			used = &port->gids[i];
	if (!used)
		return;
	g->found = true;
	g->used = *used;
	for (i = 0; i < port->num_gids && g->num_cand < RR_MAX_CANDIDATES; i++)
		if (&port->gids[i] != used &&
		    !memcmp(port->gids[i].gid, gid, 16))
			g->cand[g->num_cand++] = port->gids[i];
}

static void gather(struct rr_explainer *ex, struct rr_result *r,
		   struct rr_chain *c)
{
	const struct rr_port *port;

	if (!ex->nl) {
		snprintf(c->route.error, sizeof(c->route.error), "%s", ex->why);
		return;
	}
	rr_nl_route(ex->nl, &r->dst, &c->route);
	if (c->route.error[0])
		return;
	port = find_device(ex, c);
	if (port)
		find_gid(port, r, c);
	if (!c->route.local)
		rr_nl_neigh(ex->nl, c->route.netdev,
			    c->route.have_gateway ? &c->route.gateway : &r->dst,
			    &c->neigh);
}

void rr_explain(struct rr_explainer *ex, struct rr_result *r, bool full)
{
	struct rr_chain *c;

	if (!ex || !r->have_dst || r->chain)
		return;
	c = calloc(1, sizeof(*c));
	if (!c)
		return;		/* the result stands without its chain */
	c->full = full;
	gather(ex, r, c);
	rr_chain_judge(c, r);
	r->chain = c;
}
