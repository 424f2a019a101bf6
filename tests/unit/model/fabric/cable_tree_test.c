// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/fabric/cable_tree.c: the cables of a line
 * (H1 - S1 - S2 - S3 - H2, H1's second port cabled to S3) and of a ring
 * of four switches, listed from H1's port 1 as probes reach them.
 */
#include <stdlib.h>
#include <string.h>

#include "base/ib_port.h"
#include "model/fabric/cable_tree.h"
#include "../../tap.h"
#include "graph_fixture.h"

/* N nodes: the first SWITCHES switches of PORTS ports, then CAs of 2. */
static void nodes(struct rr_graph *g, size_t n, size_t switches,
		  unsigned int ports)
{
	size_t i, idx;
	unsigned int k, last;

	memset(g, 0, sizeof(*g));
	for (i = 0; i < n; i++) {
		last = i < switches ? ports : 2;
		rr_graph_add_node(g, 0x100 + i,
				  i < switches ? RR_NODE_SWITCH : RR_NODE_CA,
				  last, "node", &idx);
		for (k = i < switches ? 0 : 1; k <= last; k++)
			fixture_port(g, idx, k, (uint16_t)(1 + i));
	}
}

static size_t port_of(const struct rr_graph *g, size_t n, unsigned int k)
{
	return g->nodes[n].first_port + k;
}

/* The cable whose ends are node A port P and node B port Q, or N. */
static size_t find(const struct rr_probe_cable *c, size_t n,
		   const struct rr_graph *g, size_t a, unsigned int p,
		   size_t b, unsigned int q)
{
	size_t i, pa = port_of(g, a, p), pb = port_of(g, b, q);

	for (i = 0; i < n; i++)
		if ((c[i].near_port == pa && c[i].far_port == pb) ||
		    (c[i].near_port == pb && c[i].far_port == pa))
			return i;
	return n;
}

static bool route_is(const struct rr_probe_cable *c, unsigned int hops,
		     const uint8_t *route)
{
	return c->hops == hops && !memcmp(c->route, route, hops);
}

static void line(void)
{
	enum { S1, S2, S3, H1, H2 };
	static const uint8_t to_s1[] = { 1 }, to_s3[] = { 1, 2, 3 },
			     to_h2[] = { 1, 2, 3, 1 }, to_h1b[] = { 1, 2, 3, 4 };
	struct rr_probe_cable *c;
	struct rr_graph g;
	size_t n, i, first, s3h2, back;

	nodes(&g, 5, 3, 4);
	rr_graph_link(&g, H1, 1, S1, 1);
	rr_graph_link(&g, S1, 2, S2, 2);
	rr_graph_link(&g, S2, 3, S3, 3);
	rr_graph_link(&g, S3, 1, H2, 1);
	rr_graph_link(&g, S3, 4, H1, 2);	/* the local CA's other port */
	ok(rr_cable_tree(&g, H1, 1, &c, &n), "line: listed");
	is_int(n, 5, "line: five cables, each once");
	first = find(c, n, &g, H1, 1, S1, 1);
	ok(first < n && c[first].near_port == port_of(&g, H1, 1),
	   "line: the local cable from the local port");
	ok(c[first].parent == SIZE_MAX && route_is(&c[first], 1, to_s1),
	   "line: the local cable has no parent, route 1");
	i = find(c, n, &g, S2, 3, S3, 3);
	ok(i < n && c[i].near_node == S2 && route_is(&c[i], 3, to_s3),
	   "line: S2-S3 from S2, route 1,2,3");
	ok(c[i].parent == find(c, n, &g, S1, 2, S2, 2),
	   "line: S2-S3's parent is S1-S2");
	s3h2 = find(c, n, &g, S3, 1, H2, 1);
	ok(s3h2 < n && route_is(&c[s3h2], 4, to_h2) && c[s3h2].parent == i,
	   "line: S3-H2 through S2-S3, route 1,2,3,1");
	back = find(c, n, &g, S3, 4, H1, 2);
	ok(back < n && c[back].near_node == S3 && route_is(&c[back], 4, to_h1b),
	   "line: H1's other port reached from S3 (a CA forwards nothing)");
	for (i = 1; i < n; i++)
		ok(c[i].parent < i, "line: cable %zu's parent listed before it", i);
	free(c);
	rr_graph_free(&g);
}

static void ring(void)
{
	enum { S1, S2, S3, S4, H1 };
	struct rr_probe_cable *c;
	struct rr_graph g;
	size_t n, cross;

	/* S1 -2-3- S2 -2-3- S3 -2-3- S4 -2-3- S1; H1 on S1's port 1. */
	nodes(&g, 5, 4, 3);
	rr_graph_link(&g, S1, 2, S2, 3);
	rr_graph_link(&g, S2, 2, S3, 3);
	rr_graph_link(&g, S3, 2, S4, 3);
	rr_graph_link(&g, S4, 2, S1, 3);
	rr_graph_link(&g, H1, 1, S1, 1);
	ok(rr_cable_tree(&g, H1, 1, &c, &n), "ring: listed");
	is_int(n, 5, "ring: five cables");
	/*
	 * S2 and S4 are both two cables away, S3 three: S2-S3 and S3-S4
	 * meet at S3, each probed from its end nearer H1.
	 */
	cross = find(c, n, &g, S3, 2, S4, 3);
	ok(cross < n && c[cross].near_node == S4 && c[cross].hops == 3,
	   "ring: S3-S4 probed from S4, 3 hops");
	ok(c[cross].parent == find(c, n, &g, S4, 2, S1, 3),
	   "ring: its parent is S1-S4, the way to S4");
	cross = find(c, n, &g, S2, 2, S3, 3);
	ok(cross < n && c[cross].near_node == S2 && c[cross].hops == 3,
	   "ring: S2-S3 probed from S2, 3 hops");
	free(c);
	rr_graph_free(&g);
}

static void up_to_nothing(void)
{
	enum { S1, H1 };
	static const uint8_t beyond[] = { 1, 2 };
	struct rr_probe_cable *c;
	struct rr_graph g;
	size_t n;

	/* S1's port 2 is up, nothing found behind it; its port 3 is not. */
	nodes(&g, 2, 1, 3);
	rr_graph_link(&g, H1, 1, S1, 1);
	rr_graph_port(&g, S1, 2)->phys_state = RR_PHYS_LINK_UP;
	rr_graph_port(&g, S1, 3)->phys_state = 2;	/* polling: no cable */
	ok(rr_cable_tree(&g, H1, 1, &c, &n), "up to nothing: listed");
	is_int(n, 2, "up to nothing: the cable to S1 and the one beyond");
	ok(c[1].far_port == SIZE_MAX && c[1].far_node == SIZE_MAX,
	   "up to nothing: its far end unknown");
	ok(c[1].near_port == port_of(&g, S1, 2) && route_is(&c[1], 2, beyond),
	   "up to nothing: probed from S1 port 2, route 1,2");
	free(c);
	rr_graph_free(&g);
}

/* Follows C's route from node FROM: where its last hop lands, or N. */
static size_t route_end(const struct rr_graph *g, size_t from,
			const struct rr_probe_cable *c, size_t *before)
{
	const struct rr_gport *p;
	size_t at = from;
	unsigned int i;

	for (i = 0; i < c->hops; i++) {
		p = rr_graph_port(g, at, c->route[i]);
		if (!p || !p->present || p->peer == RR_NO_NODE)
			return g->num_nodes;
		*before = at;
		at = p->peer;
	}
	return at;
}

/*
 * More cables than the list's first allocation (64): a root switch, 8
 * leaves of 10 CAs each, H1 on the root: 89 cables.  The list grows
 * while a cable is added from its parent's route (issue 62: the parent
 * was read from the old block after realloc); every cable's route must
 * still lead through it.
 */
static void past_growth(void)
{
	enum { LEAVES = 8, PER_LEAF = 10, ROOT = 0 };
	size_t h1 = LEAVES + 1, ca = h1 + 1, n, i, before, bad = 0;
	struct rr_probe_cable *c;
	struct rr_graph g;
	unsigned int l, k;

	nodes(&g, h1 + 1 + LEAVES * PER_LEAF, LEAVES + 1, 12);
	rr_graph_link(&g, h1, 1, ROOT, 1);
	for (l = 1; l <= LEAVES; l++) {
		rr_graph_link(&g, ROOT, l + 1, l, 12);
		for (k = 1; k <= PER_LEAF; k++)
			rr_graph_link(&g, l, k, ca++, 1);
	}
	ok(rr_cable_tree(&g, h1, 1, &c, &n), "past growth: listed");
	is_int(n, 1 + LEAVES + LEAVES * PER_LEAF, "past growth: 89 cables");
	for (i = 0; i < n; i++) {
		before = g.num_nodes;
		if (route_end(&g, h1, &c[i], &before) != c[i].far_node ||
		    before != c[i].near_node ||
		    (c[i].parent != SIZE_MAX &&
		     memcmp(c[i].route, c[c[i].parent].route, c[i].hops - 1)))
			bad++;
	}
	is_int(bad, 0, "past growth: every cable's route leads through it");
	is_int(c[n - 1].hops, 3, "past growth: the last cable is 3 hops away");
	free(c);
	rr_graph_free(&g);
}

static void bad_local(void)
{
	struct rr_probe_cable *c;
	struct rr_graph g;
	size_t n = 7;

	nodes(&g, 2, 1, 2);
	ok(!rr_cable_tree(&g, 9, 1, &c, &n) && !c && n == 0,
	   "a local node not in the graph: refused");
	ok(rr_cable_tree(&g, 1, 1, &c, &n) && n == 0,
	   "no cable at all: none");
	rr_graph_free(&g);
}

int main(void)
{
	line();
	ring();
	up_to_nothing();
	past_growth();
	bad_local();
	return tap_done();
}
