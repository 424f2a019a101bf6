// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>

#include "model/explain/chain.h"
#include "model/probe/decide_connect.h"
#include "explain/explain.h"
#include "host/netlink_route.h"
#include "host/host.h"

/* The port the kernel bound R's id to, as the host lists it; or NULL. */
static const struct rr_port *bound_port(struct rr_host *host,
					const struct rr_result *r)
{
	const struct rr_port *ports;
	int i, n;

	if (!r->out.device[0])
		return NULL;
	ports = rr_host_ports(host, &n);
	for (i = 0; i < n; i++)
		if (ports[i].facts.port == r->out.port &&
		    !strcmp(ports[i].facts.device, r->out.device))
			return &ports[i];
	return NULL;
}

/*
 * The port: BOUND (the kernel's own choice) when it got that far, else
 * the one on the route's interface; and where the others are.
 */
static const struct rr_port *find_device(struct rr_host *host,
					 struct rr_chain *c,
					 const struct rr_port *bound)
{
	struct rr_chain_device *d = &c->device;
	const struct rr_port *found = bound, *ports;
	int i, n;

	/*
	 * This host's own address is the port of the interface that holds
	 * it, not the one the id was bound to: 127.0.0.1 is lo's, which has
	 * none, whatever device the RDMA CM bound it to.
	 */
	if (c->route.local && bound &&
	    strcmp(bound->facts.netdev, c->route.netdev))
		found = NULL;
	d->bound = found != NULL;
	if (!found)
		found = rr_host_port_of(host, c->route.netdev);
	ports = rr_host_ports(host, &n);
	for (i = 0; i < n; i++) {	/* none when n is -1 */
		const struct rr_port *port = &ports[i];

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
	*from_path = r->out.ok && r->out.num_paths;
	if (*from_path) {
		memcpy(gid, r->out.paths[0].sgid, 16);
		return true;
	}
	if (c->device.port.link_layer == RR_LL_INFINIBAND)
		return false;
	if (r->out.have_src)
		return gid_of_addr(&r->out.src, gid);
	return c->route.have_src && gid_of_addr(&c->route.src, gid);
}

static bool better(const struct rr_gid_entry *e, const struct rr_gid_entry *used,
		   enum rr_gid_type want)
{
	if (want != RR_GID_UNKNOWN)
		return e->type == want && used->type != want;
	return e->type > used->type;	/* the CM's default: RoCE v2 */
}

/* The chain shows each GID entry's netdev: read if it was not yet. */
static void name_entry(const struct rr_port *port, struct rr_gid_entry *e)
{
	rr_gid_entry_name(port->facts.device, port->facts.port, e);
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
			name_entry(port, &g->used);
		}
		return;
	}
	for (i = 0; i < port->num_gids; i++)
		if (!memcmp(port->gids[i].gid, gid, 16) &&
		    (!used || better(&port->gids[i], used, r->out.gid_type)))
			used = &port->gids[i];
	if (!used)
		return;
	g->found = true;
	g->used = *used;
	name_entry(port, &g->used);
	for (i = 0; i < port->num_gids && g->num_cand < RR_MAX_CANDIDATES; i++)
		if (&port->gids[i] != used &&
		    !memcmp(port->gids[i].gid, gid, 16)) {
			g->cand[g->num_cand] = port->gids[i];
			name_entry(port, &g->cand[g->num_cand++]);
		}
}

/* The %scope of an IPv6 destination, 0 when it has none. */
static int scope_of(const struct sockaddr_storage *ss)
{
	const struct sockaddr_in6 *s6 = (const void *)ss;

	return ss->ss_family == AF_INET6 ? (int)s6->sin6_scope_id : 0;
}

/*
 * The route as the kernel took it: held to the destination's scope, or
 * to the interface of the device it bound the id to, and from --src.  A
 * lookup held so is compared with a plain one: a difference is a finding.
 */
static void look_up_route(struct rr_nl *nl, const struct rr_result *r,
			  const struct rr_port *bound, struct rr_chain *c)
{
	struct rr_chain_route *rt = &c->route, plain = { 0 };
	const struct sockaddr_storage *src = NULL;
	int oif = scope_of(&r->probe.dst);

	rt->oif_from = oif ? RR_OIF_SCOPE : RR_OIF_NONE;
	if (!oif && bound && (oif = rr_nl_ifindex(nl, bound->facts.netdev)))
		rt->oif_from = RR_OIF_BOUND;
	if (r->probe.have_src) {
		src = &r->probe.src;
		rt->src_given = true;
		rt->src_looked_up = true;
		rr_nl_addr_owner(nl, src, rt->src_netdev, sizeof(rt->src_netdev));
	}
	if (rt->oif_from == RR_OIF_BOUND) {
		rr_nl_route(nl, &r->probe.dst, NULL, 0, &plain);
		/*
		 * This host's own address: the RDMA CM binds such an id to
		 * any device (127.0.0.1 to the first), and a lookup held to
		 * that device's interface would make it a neighbour there.
		 */
		if (!plain.error[0] && plain.local) {
			oif = 0;
			rt->oif_from = RR_OIF_NONE;
		}
	}
	rr_nl_route(nl, &r->probe.dst, src, oif, rt);
	rt->vlan = rt->error[0] ? -1 : rr_nl_vlan_id(nl, rt->netdev);
	rt->on_vlan = rt->vlan >= 0;
	/* Asked from SRC, the kernel names no preferred source: it is SRC. */
	if (src && !rt->error[0] && !rt->have_src) {
		rt->src = *src;
		rt->have_src = true;
	}
	if (rt->oif_from == RR_OIF_BOUND && !rt->error[0] &&
	    !plain.error[0] && strcmp(plain.netdev, rt->netdev))
		snprintf(rt->plain_netdev, sizeof(rt->plain_netdev), "%s",
			 plain.netdev);
	rt->num_subnet_netdevs = rr_nl_subnet_netdevs(nl, &r->probe.dst,
			rt->error[0] ? NULL : rt, rt->subnet_netdevs,
			RR_MAX_SUBNET_NETDEVS);
}

/* The links on this host: the route, the device and its GID.  The
 * netlink handle the neighbour is asked on next, or NULL. */
static struct rr_nl *gather_host(struct rr_host *host, struct rr_result *r,
				 struct rr_chain *c)
{
	const struct rr_port *port, *bound = bound_port(host, r);
	const char *why;
	struct rr_nl *nl = rr_host_nl(host, &why);

	if (!nl) {
		snprintf(c->route.error, sizeof(c->route.error), "%s", why);
		return NULL;
	}
	rr_nl_refresh(nl);
	look_up_route(nl, r, bound, c);
	if (c->route.error[0])
		return NULL;
	port = find_device(host, c, bound);
	if (port)
		find_gid(port, r, c);
	else
		c->device.netns_mode = rr_host_netns_mode(host);
	return nl;
}

static void look_up_neigh(struct rr_nl *nl, const struct rr_result *r,
			  struct rr_chain *c)
{
	if (!nl || c->route.local)
		return;
	rr_nl_neigh(nl, c->route.ifindex,
		    c->route.have_gateway ? &c->route.gateway : &r->probe.dst,
		    &c->neigh);
}

/* The cause the facts give, and where they place it. */
static void refine_cause(struct rr_result *r, const struct rr_chain *c)
{
	struct rr_failure *f = &r->out.fail;

	f->cause = rr_cause_refine(r, c);
	/* The evidence judged again, knowing this side's VLAN. */
	if (r->out.evidence.gathered && rr_fail_unanswered(f))
		rr_decide_connect(r, c->route.error[0] ? RR_VLAN_UNKNOWN :
				     c->route.vlan);
	/* --data: the interface's MTU beside the path's, in the detail. */
	if (f->step == RR_STEP_TRANSFER && c->route.netdev[0]) {
		snprintf(r->out.transfer.netdev, sizeof(r->out.transfer.netdev),
			 "%s", c->route.netdev);
		r->out.transfer.netdev_mtu = c->route.netdev_mtu;
		rr_transfer_where(&r->out.transfer, f->where, sizeof(f->where));
	}
	if (f->cause == RR_CAUSE_NEIGH_TIMEOUT_VLAN && !f->where[0])
		snprintf(f->where, sizeof(f->where),
			 "address resolution went out on %s, VLAN %d",
			 c->route.netdev, c->route.vlan);
}

void rr_explain(struct rr_host *host, struct rr_result *r, bool full)
{
	struct rr_nl *nl;
	struct rr_chain *c;

	if (!host || !r->probe.have_dst || r->notes.chain)
		return;
	c = calloc(1, sizeof(*c));
	if (!c)
		return;		/* the result stands without its chain */
	c->full = full;
	nl = gather_host(host, r, c);
	/* The facts may tell more than errno did: the cause a reader sees. */
	if (!r->out.ok)
		refine_cause(r, c);
	rr_chain_judge_host(c, r);
	/*
	 * A failure's root cause on this host is all that is shown of it
	 * without --explain: the neighbour is not asked for (a batch of
	 * failures on an interface with no RDMA device asks the kernel
	 * half as much).
	 */
	if (full || rr_chain_first_broken(c) == RR_LINK_COUNT) {
		look_up_neigh(nl, r, c);
		rr_chain_judge_rest(c, r);
	}
	r->notes.chain = c;
}
