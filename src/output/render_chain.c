// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>

#include "base/ib_port.h"
#include "model/probe/decode.h"
#include "model/explain/refusal.h"
#include "model/explain/sa_chain.h"
#include "output/render_chain.h"
#include "output/render_records.h"
#include "base/sockaddr.h"

/* The interfaces holding the destination's subnet, when several do. */
static void render_subnet_netdevs(struct printer *p,
				  const struct rr_chain_route *rt)
{
	int i;

	if (rt->num_subnet_netdevs < 2)
		return;
	pr_arr_begin(p, "subnet_interfaces");
	for (i = 0; i < rt->num_subnet_netdevs; i++)
		pr_str(p, "interface", rt->subnet_netdevs[i]);
	pr_arr_end(p);
}

/* What refused the route: as `ip route show table all` and `ip rule` say. */
static void render_refusal(struct printer *p, const struct rr_chain_refusal *rf)
{
	char addr[80], prefix[96], table[16];

	if (rf->by == RR_REFUSED_NONE)
		return;
	pr_str(p, "refused_by", rf->by == RR_REFUSED_ROUTE ? "route" :
			       rf->by == RR_REFUSED_RULE ? "rule" : "no_route");
	if (rf->type)
		pr_str(p, "route_type", rr_route_type_name(rf->type));
	if (rf->have_prefix) {
		snprintf(prefix, sizeof(prefix), "%s/%u",
			 rr_sockaddr_str(&rf->prefix, addr, sizeof(addr)),
			 rf->prefix_len);
		pr_str(p, "route_prefix", prefix);
	}
	if (rf->by != RR_REFUSED_RULE && (rf->have_prefix || rf->have_rule))
		pr_str(p, "table", rr_route_table_str(rf->table, table,
						      sizeof(table)));
	if (rf->have_rule) {
		pr_int(p, "rule_priority", rf->rule_pref);
		pr_str(p, "rule", rf->rule);
	}
}

static void render_route(struct printer *p, const struct rr_chain_route *rt)
{
	char addr[80];

	if (rt->error[0]) {
		pr_str(p, "error", rt->error);
		render_refusal(p, &rt->refusal);
		if (rt->down_netdev[0])
			pr_str(p, "down_interface", rt->down_netdev);
		return;
	}
	pr_str(p, "interface", rt->netdev);
	pr_bool(p, "interface_up", rt->netdev_up);
	pr_int(p, "interface_mtu", rt->netdev_mtu);
	pr_bool(p, "local", rt->local);
	if (rt->oif_from != RR_OIF_NONE)
		pr_str(p, "held_to_interface_by",
		       rt->oif_from == RR_OIF_SCOPE ? "scope" : "bound_device");
	if (rt->plain_netdev[0])
		pr_str(p, "plain_lookup_interface", rt->plain_netdev);
	render_subnet_netdevs(p, rt);
	if (rt->have_src)
		pr_str(p, "source", rr_sockaddr_str(&rt->src, addr, sizeof(addr)));
	if (rt->have_gateway)
		pr_str(p, "gateway",
		       rr_sockaddr_str(&rt->gateway, addr, sizeof(addr)));
}

/*
 * The facts of a port, shared by --list and the device link.  In a result
 * "device", "port" and "state" are taken (the result's, the link's).
 */
static void render_port_facts(struct printer *p, const struct rr_port_facts *pf,
			      bool in_result)
{
	if (in_result) {
		pr_str(p, "rdma_device", pf->device);
		pr_int(p, "rdma_port", pf->port);
	} else {
		pr_str(p, "device", pf->device);
		pr_int(p, "port", pf->port);
	}
	if (pf->netdev[0])
		pr_str(p, "netdev", pf->netdev);
	pr_str(p, in_result ? "port_state" : "state",
	       rr_port_state_name(pf->state));
	pr_str(p, "physical_state", rr_phys_state_name(pf->phys_state));
	pr_str(p, "link_layer", rr_link_layer_name(pf->link_layer));
	pr_int(p, "active_mtu", pf->active_mtu);
	pr_int(p, "max_mtu", pf->max_mtu);
	pr_str(p, "rate", pf->rate);
	if (pf->link_layer == RR_LL_INFINIBAND) {
		pr_int(p, "lid", pf->lid);
		pr_int(p, "sm_lid", pf->sm_lid);
	}
	if (pf->pkeys_read) {
		pr_int(p, "pkeys", pf->pkeys);
		if (pf->default_pkey)
			pr_hex(p, "default_pkey", pf->default_pkey, 4);
		else
			pr_str(p, "default_pkey", NULL);
	}
}

static void render_device(struct printer *p, const struct rr_chain *c)
{
	const struct rr_chain_device *d = &c->device;
	char title[128];
	int i;

	if (d->found) {
		/* The kernel's own choice, or the one on the route's netdev. */
		pr_bool(p, "bound_by_kernel", d->bound);
		render_port_facts(p, &d->port, true);
		return;
	}
	if (d->netns_mode != RR_CHAIN_NETNS_UNKNOWN)
		pr_str(p, "rdma_netns_mode",
		       d->netns_mode == RR_CHAIN_NETNS_EXCLUSIVE ? "exclusive" :
								   "shared");
	pr_arr_begin(p, "rdma_netdevs");
	for (i = 0; i < d->num_rdma; i++) {
		snprintf(title, sizeof(title), "%s", d->rdma[i].netdev);
		pr_obj_begin(p, NULL, title);
		pr_str(p, "netdev", d->rdma[i].netdev);
		pr_str(p, "rdma_device", d->rdma[i].device);
		pr_int(p, "rdma_port", d->rdma[i].port);
		pr_obj_end(p);
	}
	pr_arr_end(p);
}

static void render_gid_entry(struct printer *p, const struct rr_gid_entry *e)
{
	char gid[64];

	pr_int(p, "index", e->index);
	pr_str(p, "type", rr_gid_type_name(e->type));
	pr_str(p, "gid", rr_gid_str(e->gid, gid, sizeof(gid)));
	pr_str(p, "netdev", e->netdev);
	if (e->vlan >= 0)
		pr_int(p, "vlan", e->vlan);
}

static void render_gid(struct printer *p, const struct rr_chain_gid *g)
{
	char title[64];
	int i;

	if (!g->found)
		return;
	pr_str(p, "from", g->from_path ? "path_record" : "source_address");
	render_gid_entry(p, &g->used);
	pr_arr_begin(p, "candidates");
	for (i = 0; i < g->num_cand; i++) {
		snprintf(title, sizeof(title), "candidate index %u",
			 g->cand[i].index);
		pr_obj_begin(p, NULL, title);
		render_gid_entry(p, &g->cand[i]);
		pr_obj_end(p);
	}
	pr_arr_end(p);
}

static void render_neigh(struct printer *p, const struct rr_chain *c)
{
	const struct rr_chain_neigh *n = &c->neigh;
	const struct rr_port_facts *pf = &c->device.port;
	char addr[80];

	if (n->looked_up) {
		pr_str(p, "address", rr_sockaddr_str(&n->addr, addr, sizeof(addr)));
		pr_str(p, "interface", c->route.netdev);
		if (n->found) {
			pr_str(p, "lladdr", n->lladdr);
			pr_str(p, "nud_state", n->nud_name);
		}
	}
	if (c->device.found && pf->link_layer == RR_LL_INFINIBAND) {
		pr_int(p, "lid", pf->lid);
		pr_int(p, "sm_lid", pf->sm_lid);
	}
}

static void render_link(struct printer *p, const char *key,
			const struct rr_chain *c, enum rr_link link)
{
	const struct rr_verdict *v = &c->verdict[link];
	char title[400], *shown = NULL;

	if (pr_titled(p)) {
		snprintf(title, sizeof(title), "%s: %s: %s", rr_link_key(link),
			 rr_link_state_key(v->state), v->reason);
		shown = title;
	}
	pr_obj_begin(p, key, shown);
	pr_str(p, "link", rr_link_key(link));
	pr_str(p, "state", rr_link_state_key(v->state));
	pr_str(p, "reason", v->reason);
	switch (link) {
	case RR_LINK_ROUTE:
		render_route(p, &c->route);
		break;
	case RR_LINK_DEVICE:
		if (c->verdict[link].state != RR_LS_UNKNOWN)
			render_device(p, c);
		break;
	case RR_LINK_GID:
		render_gid(p, &c->gid);
		break;
	case RR_LINK_NEIGH:
		render_neigh(p, c);
		break;
	default:
		pr_str(p, "see", "paths");	/* rendered there, once */
		break;
	}
	pr_obj_end(p);
}

/* --sa --explain: the port, the SM, the path, the walk; as the links above. */
static void render_sa_chain(struct printer *p, const struct rr_sa_chain *c)
{
	const struct rr_verdict *v;
	char title[400], *shown = NULL;
	enum rr_sa_link i;

	pr_arr_begin(p, "explain");
	for (i = 0; i < RR_SA_LINK_COUNT; i++) {
		if (i == RR_SA_LINK_WALK && !c->walk)
			continue;
		v = &c->verdict[i];
		if (pr_titled(p)) {
			snprintf(title, sizeof(title), "%s: %s: %s",
				 rr_sa_link_key(i), rr_link_state_key(v->state),
				 v->reason);
			shown = title;
		}
		pr_obj_begin(p, NULL, shown);
		pr_str(p, "link", rr_sa_link_key(i));
		pr_str(p, "state", rr_link_state_key(v->state));
		pr_str(p, "reason", v->reason);
		pr_obj_end(p);
	}
	pr_arr_end(p);
}

void rr_render_chain(struct printer *p, const struct rr_result *r)
{
	const struct rr_chain *c = r->notes.chain;
	enum rr_link broken;
	int i;

	if (r->notes.sa_chain)
		render_sa_chain(p, r->notes.sa_chain);
	if (!c)
		return;
	/* The whole chain shows the broken link already: not twice. */
	broken = rr_chain_first_broken(c);
	if (!c->full) {
		if (!r->out.ok && broken != RR_LINK_COUNT)
			render_link(p, "root_cause", c, broken);
		return;
	}
	pr_arr_begin(p, "explain");
	for (i = 0; i < RR_LINK_COUNT; i++)
		if (i != RR_LINK_CONNECT || r->out.connect_port)
			render_link(p, NULL, c, i);
	pr_arr_end(p);
}

static void render_gid_summary(struct printer *p, const struct rr_port_facts *pf)
{
	pr_obj_begin(p, "gids", "gids");
	pr_int(p, "count", pf->gids);
	pr_int(p, "slots", pf->gid_slots);
	pr_int(p, "ib", pf->gids_ib);
	pr_int(p, "roce_v1", pf->gids_roce_v1);
	pr_int(p, "roce_v2", pf->gids_roce_v2);
	pr_obj_end(p);
}

void rr_record_ports(struct printer *p, const struct rr_port *ports, int n)
{
	const struct rr_port_facts *pf;
	char title[160];
	int i;

	pr_doc_str(p, "version", PACKAGE_VERSION);
	pr_arr_begin(p, "ports");	/* present when empty */
	pr_arr_end(p);
	for (i = 0; i < n; i++) {
		pf = &ports[i].facts;
		snprintf(title, sizeof(title), "%s/%u: %s %s, netdev %s",
			 pf->device, pf->port, rr_port_state_name(pf->state),
			 rr_phys_state_name(pf->phys_state),
			 pf->netdev[0] ? pf->netdev : "none");
		pr_record_begin(p, "ports", title, pr_brief(p));
		render_port_facts(p, pf, false);
		render_gid_summary(p, pf);
		pr_record_end(p);
	}
}
