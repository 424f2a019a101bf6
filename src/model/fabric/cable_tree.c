// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "base/ib_port.h"
#include "model/fabric/cable_tree.h"

#define NONE SIZE_MAX

struct tree {
	const struct rr_graph *g;
	size_t local;
	unsigned int local_port;
	size_t *dist, *order, *via;	/* by node; via: the cable reaching it */
	struct rr_probe_cable *cables;
	size_t n, cap;
};

/* Port K of node N's peer node, or NONE: no cable there. */
static size_t peer_of(const struct rr_graph *g, size_t n, unsigned int k,
		      unsigned int *peer_port)
{
	const struct rr_gport *p = rr_graph_port(g, n, k);

	if (!p || !p->present || p->peer >= g->num_nodes)
		return NONE;
	*peer_port = p->peer_port;
	return p->peer;
}

/* Whether node N leads out by port K: the local node by its port alone. */
static bool leads_out(const struct tree *t, size_t n, unsigned int k)
{
	return n != t->local || k == t->local_port;
}

/* Every node's distance from the local one, and their order, breadth first. */
static size_t walk(struct tree *t)
{
	const struct rr_graph *g = t->g;
	size_t head = 0, tail = 0, n, b;
	unsigned int k, q;

	for (n = 0; n < g->num_nodes; n++)
		t->dist[n] = NONE;
	t->dist[t->local] = 0;
	t->order[tail++] = t->local;
	while (head < tail) {
		n = t->order[head++];
		for (k = 1; k <= g->nodes[n].num_ports; k++) {
			b = peer_of(g, n, k, &q);
			if (b == NONE || !leads_out(t, n, k) || t->dist[b] != NONE)
				continue;
			t->dist[b] = t->dist[n] + 1;
			t->order[tail++] = b;
		}
	}
	return tail;
}

/* Whether A's port P is the cable's end nearer the local port (B's Q the other). */
static bool near_end(const struct tree *t, size_t a, unsigned int p, size_t b,
		     unsigned int q)
{
	if (!leads_out(t, a, p))
		return false;
	if (b == t->local && q == t->local_port)
		return false;	/* reached from the local node first */
	if (b == t->local || t->dist[a] != t->dist[b])
		return b == t->local || t->dist[a] < t->dist[b];
	return a != b ? a < b : p < q;
}

/*
 * Adds the cable of A's port P to B's port Q (B NONE: a node the
 * discovery did not find, behind a port whose link is up).
 */
static bool add(struct tree *t, size_t a, unsigned int p, size_t b,
		unsigned int q)
{
	/*
	 * The parent by index, never by pointer: growing t->cables below
	 * moves it (a pointer taken here would read freed memory).
	 */
	size_t up = t->via[a];
	unsigned int hops = up == NONE ? 0 : t->cables[up].hops;
	struct rr_probe_cable *c;

	if (hops + 1 > RR_MAX_DR_HOPS)
		return true;	/* beyond a directed route: not probed */
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		struct rr_probe_cable *more = realloc(t->cables,
						      cap * sizeof(*more));

		if (!more)
			return false;
		t->cables = more;
		t->cap = cap;
	}
	c = &t->cables[t->n];
	memset(c, 0, sizeof(*c));
	c->near_node = a;
	c->far_node = b;
	c->near_port = t->g->nodes[a].first_port + p;
	c->far_port = b == NONE ? NONE : t->g->nodes[b].first_port + q;
	c->parent = t->via[a];
	if (up != NONE)
		memcpy(c->route, t->cables[up].route, hops);
	c->route[hops] = (uint8_t)p;
	c->hops = hops + 1;
	/* Breadth first: the first cable to reach a node is its way in. */
	if (b != NONE && b != t->local && t->via[b] == NONE)
		t->via[b] = t->n;
	t->n++;
	return true;
}

/*
 * Whether A's port P has a link up and no node behind it in the graph:
 * a cable whose far end the discovery did not find (often the one that
 * loses what crosses it).
 */
static bool up_to_nothing(const struct tree *t, size_t a, unsigned int p)
{
	const struct rr_gport *gp = rr_graph_port(t->g, a, p);

	return gp && gp->present && gp->peer == RR_NO_NODE &&
	       gp->phys_state == RR_PHYS_LINK_UP && leads_out(t, a, p);
}

static bool list(struct tree *t, size_t reached)
{
	const struct rr_graph *g = t->g;
	size_t i, a, b;
	unsigned int p, q;

	for (i = 0; i < g->num_nodes; i++)
		t->via[i] = NONE;
	for (i = 0; i < reached; i++) {
		a = t->order[i];
		for (p = 1; p <= g->nodes[a].num_ports; p++) {
			b = peer_of(g, a, p, &q);
			if (b == NONE ? !up_to_nothing(t, a, p) :
					!near_end(t, a, p, b, q))
				continue;
			/* A node the local one does not reach stays out. */
			if (a != t->local && t->via[a] == NONE)
				continue;
			if (!add(t, a, p, b, q))
				return false;
		}
	}
	return true;
}

bool rr_cable_tree(const struct rr_graph *g, size_t local,
		   unsigned int local_port, struct rr_probe_cable **out,
		   size_t *n)
{
	struct tree t = { .g = g, .local = local, .local_port = local_port };
	bool ok = false;

	*out = NULL;
	*n = 0;
	if (local >= g->num_nodes)
		return false;
	t.dist = malloc(g->num_nodes * sizeof(*t.dist));
	t.order = malloc(g->num_nodes * sizeof(*t.order));
	t.via = malloc(g->num_nodes * sizeof(*t.via));
	if (!t.dist || !t.order || !t.via || !list(&t, walk(&t))) {
		free(t.cables);
		goto out;
	}
	*out = t.cables;
	*n = t.n;
	ok = true;
out:
	free(t.dist);
	free(t.order);
	free(t.via);
	return ok;
}
