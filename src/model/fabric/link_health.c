// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>

#include "base/ib_port.h"
#include "model/probe/decode.h"
#include "model/fabric/link_health.h"

const char *rr_link_fault_key(enum rr_link_fault f)
{
	switch (f) {
	case RR_LINK_NOT_ACTIVE: return "not_active";
	case RR_LINK_BELOW_ENABLED: return "below_enabled";
	case RR_LINK_SLOWER_THAN_NEIGHBOURS: return "slower_than_neighbours";
	}
	return "unknown";
}

static double rate(const struct rr_gport *p)
{
	return rr_port_rate_gbps(p->speed, p->width);
}

/* The fastest both ends enable; 0 when either does not say. */
static double best_enabled(const struct rr_gport *a, const struct rr_gport *b)
{
	unsigned int widths = a->widths_enabled & b->widths_enabled;
	unsigned int speeds = a->speeds_enabled & b->speeds_enabled;
	unsigned int w, s;
	double best = 0, r;

	if (!a->widths_enabled || !b->widths_enabled ||
	    !a->speeds_enabled || !b->speeds_enabled)
		return 0;
	for (w = 1; w <= 0x10; w <<= 1)
		for (s = 1; s <= 0x100; s <<= 1) {
			if (!(widths & w) || !(speeds & s))
				continue;
			r = rr_port_rate_gbps(s, w);
			if (r > best)
				best = r;
		}
	return best;
}

/* The slowest other active cabled link of node N (not port K); 0: none. */
static double others_slowest(const struct rr_graph *g, size_t n,
			     unsigned int k)
{
	const struct rr_gport *p;
	double low = 0;
	unsigned int i;

	for (i = 1; i <= g->nodes[n].num_ports; i++) {
		p = rr_graph_port(g, n, i);
		if (i == k || !p || !p->present || p->peer == RR_NO_NODE ||
		    !rr_port_state_active(p->state))
			continue;
		if (!low || rate(p) < low)
			low = rate(p);
	}
	return low;
}

/* The cable from node N's port K, judged; false: it is sound. */
static bool judge(const struct rr_graph *g, size_t n, unsigned int k,
		  struct rr_degraded_link *d)
{
	const struct rr_gport *a = rr_graph_port(g, n, k);
	const struct rr_gport *b = rr_graph_port(g, a->peer, a->peer_port);
	double here, there, best;

	d->port = g->nodes[n].first_port + k;
	d->rate_gbps = rate(a);
	if (!rr_port_state_active(a->state) || !rr_port_state_active(b->state)) {
		/* Down at either end is a cut the routes see; up but not ACTIVE is this. */
		d->fault = RR_LINK_NOT_ACTIVE;
		d->expected_gbps = 0;
		return a->phys_state == 5 && b->phys_state == 5;
	}
	best = best_enabled(a, b);
	if (best > 0 && d->rate_gbps < best) {
		d->fault = RR_LINK_BELOW_ENABLED;
		d->expected_gbps = best;
		return true;
	}
	here = others_slowest(g, n, k);
	there = others_slowest(g, a->peer, a->peer_port);
	if (here > 0 && there > 0 && d->rate_gbps < here && d->rate_gbps < there) {
		d->fault = RR_LINK_SLOWER_THAN_NEIGHBOURS;
		d->expected_gbps = here < there ? here : there;
		return true;
	}
	return false;
}

bool rr_links_degraded(const struct rr_graph *g, struct rr_degraded_link **out,
		       size_t *n)
{
	struct rr_degraded_link d, *grown;
	const struct rr_gport *p;
	unsigned int k;
	size_t i, at;

	*out = NULL;
	*n = 0;
	for (i = 0; i < g->num_nodes; i++)
		for (k = 1; k <= g->nodes[i].num_ports; k++) {
			p = rr_graph_port(g, i, k);
			if (!p || !p->present || p->peer == RR_NO_NODE)
				continue;
			at = g->nodes[p->peer].first_port + p->peer_port;
			if (at < g->nodes[i].first_port + k ||
			    !rr_graph_port(g, p->peer, p->peer_port) ||
			    !judge(g, i, k, &d))
				continue;
			grown = realloc(*out, (*n + 1) * sizeof(**out));
			if (!grown) {
				free(*out);
				*out = NULL;
				*n = 0;
				return false;
			}
			*out = grown;
			(*out)[(*n)++] = d;
		}
	return true;
}

bool rr_links_unlinked(const struct rr_graph *g, size_t **out, size_t *n)
{
	const struct rr_gport *p;
	unsigned int k;
	size_t i;

	*n = 0;
	*out = malloc((g->num_ports ? g->num_ports : 1) * sizeof(**out));
	if (!*out)
		return false;
	for (i = 0; i < g->num_nodes; i++) {
		if (g->nodes[i].type != RR_NODE_SWITCH)
			continue;
		for (k = 1; k <= g->nodes[i].num_ports; k++) {
			p = rr_graph_port(g, i, k);
			if (p->present && p->peer == RR_NO_NODE)
				(*out)[(*n)++] = (size_t)(p - g->ports);
		}
	}
	return true;
}
