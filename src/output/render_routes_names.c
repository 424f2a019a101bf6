// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * How --sa --trace --all-pairs' records name a fabric's things: a CA port,
 * a link, a credit loop; shared by the report and --compare's records.
 */
#include <stdio.h>

#include "output/render_routes.h"

/*
 * Node N's name; its GUID when it has none (its description not read,
 * a MAD lost on the way): never an empty name.
 */
static const char *name_of(const struct rr_routes_view *v, size_t n,
			   char *guid)
{
	const char *name = rr_graph_name(v->g, v->names, n);

	if (name[0])
		return name;
	snprintf(guid, 20, "0x%016llx", (unsigned long long)v->g->nodes[n].guid);
	return guid;
}

/* A CA port's name: its node's, "/PORT" when the node has several. */
void rr_routes_port_name(const struct rr_routes_view *v, size_t ep, char *buf,
		      size_t len)
{
	const struct rr_endpoint *e = &v->eps[ep];
	char guid[20];

	if (v->g->nodes[e->node].num_ports > 1)
		snprintf(buf, len, "%s/%u", name_of(v, e->node, guid), e->port);
	else
		snprintf(buf, len, "%s", name_of(v, e->node, guid));
}

/* Port I (graph index) as "S1 port 3 -> S3 port 1". */
void rr_routes_link_name(const struct rr_routes_view *v, size_t i, char *buf,
		      size_t len)
{
	const struct rr_gport *gp = &v->g->ports[i];
	char guid[20], peer_guid[20];
	unsigned int port;
	size_t node;

	rr_graph_port_at(v->g, i, &node, &port);
	if (gp->peer == RR_NO_NODE)
		snprintf(buf, len, "%s port %u", name_of(v, node, guid), port);
	else
		snprintf(buf, len, "%s port %u -> %s port %u",
			 name_of(v, node, guid), port,
			 name_of(v, gp->peer, peer_guid), gp->peer_port);
}

/* A loop's title: its VLs, its cycle's links, the two routes. */
void rr_routes_loop_title(const struct rr_routes_view *v,
		       const struct rr_credit_loop *l, char *buf, size_t len)
{
	char from[160], to[160], name[256];
	size_t i, used;

	used = (size_t)snprintf(buf, len, "credit loop on VL %u: %zu links:",
				rr_channel_vl(l->cycle[0]), l->cycle_len);
	for (i = 0; i < l->cycle_len && used < len; i++) {
		rr_routes_link_name(v, rr_channel_port(l->cycle[i]), name, sizeof(name));
		used += (size_t)snprintf(buf + used, len - used, "%s %s",
					 i ? "," : "", name);
	}
	rr_routes_port_name(v, l->a_src, from, sizeof(from));
	rr_routes_port_name(v, l->a_dst, to, sizeof(to));
	if (used < len)
		used += (size_t)snprintf(buf + used, len - used,
					 "; closed by %s -> %s", from, to);
	rr_routes_port_name(v, l->b_src, from, sizeof(from));
	rr_routes_port_name(v, l->b_dst, to, sizeof(to));
	if (used < len)
		snprintf(buf + used, len - used, " and %s -> %s", from, to);
}
