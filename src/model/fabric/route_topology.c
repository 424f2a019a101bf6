// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "base/ib_port.h"
#include "model/fabric/route_topology.h"

#define FAR 255

/* Node N's port K leads to another switch by an active link: that switch. */
static uint32_t switch_beyond(const struct rr_graph *g, size_t n,
			      unsigned int k)
{
	const struct rr_gport *p = &g->ports[g->nodes[n].first_port + k];

	if (!p->present || p->peer == RR_NO_NODE ||
	    !rr_port_state_active(p->state) ||
	    g->nodes[p->peer].type != RR_NODE_SWITCH)
		return RR_NO_NODE;
	return p->peer;
}

/* Every switch's distance to every other, by a breadth-first walk each. */
static void distances(struct rr_route_topology *t, const struct rr_graph *g,
		      const uint32_t *node_of, uint32_t *queue)
{
	size_t s, head, tail, S = t->num_switches;
	uint32_t v, w, n;
	unsigned int k;

	memset(t->dist, FAR, S * S);
	for (s = 0; s < S; s++) {
		uint8_t *d = t->dist + s * S;

		d[s] = 0;
		head = tail = 0;
		queue[tail++] = (uint32_t)s;
		while (head < tail) {
			v = queue[head++];
			n = node_of[v];
			for (k = 1; k <= g->nodes[n].num_ports; k++) {
				w = switch_beyond(g, n, k);
				if (w == RR_NO_NODE)
					continue;
				w = t->switch_of[w];
				if (d[w] != FAR || d[v] + 1 >= FAR)
					continue;
				d[w] = (uint8_t)(d[v] + 1);
				queue[tail++] = w;
			}
		}
	}
}

bool rr_topology_init(struct rr_route_topology *t, const struct rr_graph *g,
		      const struct rr_endpoint *eps, size_t n)
{
	uint32_t *node_of = NULL, *queue = NULL;
	size_t i, S = 0;
	bool ok = false;

	memset(t, 0, sizeof(*t));
	t->eps = eps;
	t->num_eps = n;
	t->switch_of = malloc((g->num_nodes ? g->num_nodes : 1) * sizeof(uint32_t));
	node_of = malloc((g->num_nodes ? g->num_nodes : 1) * sizeof(uint32_t));
	if (!t->switch_of || !node_of)
		goto out;
	for (i = 0; i < g->num_nodes; i++) {
		t->switch_of[i] = RR_NO_NODE;
		if (g->nodes[i].type == RR_NODE_SWITCH) {
			node_of[S] = (uint32_t)i;
			t->switch_of[i] = (uint32_t)S++;
		}
	}
	t->num_switches = S;
	t->dist = malloc(S ? S * S : 1);
	queue = malloc((S ? S : 1) * sizeof(*queue));
	if (n <= RR_TOPOLOGY_MAX_SYMMETRY_PORTS)
		t->cables = calloc(n ? n * n : 1, sizeof(*t->cables));
	if (!t->dist || !queue ||
	    (n <= RR_TOPOLOGY_MAX_SYMMETRY_PORTS && !t->cables))
		goto out;
	distances(t, g, node_of, queue);
	ok = true;
out:
	free(node_of);
	free(queue);
	if (!ok)
		rr_topology_free(t);
	return ok;
}

void rr_topology_free(struct rr_route_topology *t)
{
	free(t->switch_of);
	free(t->dist);
	free(t->cables);
	t->switch_of = NULL;
	t->dist = NULL;
	t->cables = NULL;
}

/* The switch endpoint E's cable leads to; RR_NO_NODE: none. */
static uint32_t switch_of_endpoint(const struct rr_route_topology *t,
				   const struct rr_graph *g,
				   const struct rr_endpoint *e)
{
	const struct rr_gport *p = &g->ports[g->nodes[e->node].first_port + e->port];

	if (p->peer == RR_NO_NODE)
		return RR_NO_NODE;
	return t->switch_of[p->peer];
}

static int fewest(const struct rr_route_topology *t, const struct rr_graph *g,
		  size_t src, size_t dst)
{
	uint32_t a = switch_of_endpoint(t, g, &t->eps[src]);
	uint32_t b = switch_of_endpoint(t, g, &t->eps[dst]);
	uint8_t d;

	if (a == RR_NO_NODE || b == RR_NO_NODE)
		return -1;
	d = t->dist[a * t->num_switches + b];
	return d == FAR ? -1 : d + 1;
}

/* A cable the same both ways: the lower of its two ends' port indices. */
static uint32_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return (uint32_t)x;
}

static uint32_t cable(const struct rr_graph *g, uint32_t node,
		      unsigned int port)
{
	size_t a = g->nodes[node].first_port + port, b;
	const struct rr_gport *p = &g->ports[a];

	b = g->nodes[p->peer].first_port + p->peer_port;
	return mix(a < b ? a : b);
}

void rr_topology_add(struct rr_route_topology *t, const struct rr_graph *g,
		     const struct rr_route *r, size_t src, size_t dst)
{
	const struct rr_endpoint *e = &t->eps[src];
	int least = fewest(t, g, src, dst);
	uint32_t h;
	unsigned int i;

	if (least < 0)
		t->unconnected++;
	if (r->cause != RR_CAUSE_NONE)
		return;
	t->routes++;
	if (least >= 0 && (int)r->num_steps > least) {
		t->longer++;
		if (r->num_steps - (unsigned int)least > t->most_extra)
			t->most_extra = r->num_steps - (unsigned int)least;
	}
	if (!t->cables)
		return;
	/* Order does not count: a sum of each cable's hash, never 0. */
	h = cable(g, e->node, e->port);
	for (i = 0; i < r->num_steps; i++)
		h += cable(g, r->steps[i].node, r->steps[i].out_port);
	t->cables[src * t->num_eps + dst] = h ? h : 1;
}

int64_t rr_topology_asymmetric(const struct rr_route_topology *t)
{
	size_t a, b, n = t->num_eps;
	int64_t count = 0;
	uint32_t x, y;

	if (!t->cables)
		return -1;
	for (a = 0; a < n; a++)
		for (b = a + 1; b < n; b++) {
			x = t->cables[a * n + b];
			y = t->cables[b * n + a];
			count += x && y && x != y;
		}
	return count;
}
