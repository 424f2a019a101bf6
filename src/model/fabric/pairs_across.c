// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "model/fabric/pairs_across.h"

struct walk {
	const struct rr_graph *g;
	const struct rr_endpoint *eps;
	const size_t *which;
	size_t m, full;		/* cables, and how many have all their pairs */
	struct rr_pairs_across *out;
};

/* Graph port I of the pair SRC, DST: kept for its cable if it is one. */
static void at_port(struct walk *w, size_t i, uint32_t src, uint32_t dst)
{
	size_t c = i < w->g->num_ports ? w->which[i] : SIZE_MAX;
	struct rr_pairs_across *o;

	if (c >= w->m)
		return;
	o = &w->out[c];
	if (o->num == RR_PAIRS_ACROSS_MAX ||
	    (o->num && o->pairs[o->num - 1].src == src &&
	     o->pairs[o->num - 1].dst == dst))
		return;
	o->pairs[o->num++] = (struct rr_pair){ src, dst };
	if (o->num == RR_PAIRS_ACROSS_MAX)
		w->full++;
}

/* Route R of SRC to DST: the ports it leaves by; false once all are full. */
static bool route(const struct rr_route *r, size_t src, size_t dst, void *ctx)
{
	struct walk *w = ctx;
	const struct rr_graph *g = w->g;
	const struct rr_endpoint *ep = &w->eps[src];
	unsigned int k;

	if (r->cause == RR_CAUSE_ROUTE_LINK_DOWN && r->at != RR_NO_NODE)
		at_port(w, g->nodes[r->at].first_port + r->at_port,
			(uint32_t)src, (uint32_t)dst);
	/* A route dead at its own source's link never left it. */
	if (r->num_steps || r->cause != RR_CAUSE_ROUTE_LINK_DOWN ||
	    r->at != ep->node)
		at_port(w, g->nodes[ep->node].first_port + ep->port,
			(uint32_t)src, (uint32_t)dst);
	for (k = 0; k < r->num_steps; k++)
		at_port(w, g->nodes[r->steps[k].node].first_port +
			   r->steps[k].out_port, (uint32_t)src, (uint32_t)dst);
	return w->full < w->m;
}

bool rr_pairs_across(const struct rr_graph *g, const struct rr_endpoint *eps,
		     size_t n, const size_t *which_of_port, size_t m,
		     struct rr_pairs_across *out)
{
	struct walk w = { .g = g, .eps = eps, .which = which_of_port, .m = m,
			  .out = out };

	memset(out, 0, m * sizeof(*out));
	/* Stopped (false) once every cable has its pairs: not a failure. */
	return !m || rr_routes_each(g, eps, n, route, &w) || w.full == m;
}
