// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/fabric/fabric_routes.c: every route of a small fabric
 * from its tables, then each way a route can die planted in them.
 *
 *   H1 (10) -1- S1 (1) -3-------1- S3 (3)
 *   H2 (11) -2-/                   |2
 *   H3 (12) -1- S2 (2) -3----------/
 *   H4 (13) -2-/
 */
#include <stdlib.h>
#include <string.h>

#include "model/fabric/fabric_routes.h"
#include "../../tap.h"
#include "graph_fixture.h"

enum { S1, S2, S3, H1, H2, H3, H4 };

static void lft(struct rr_graph *g, size_t n, const uint8_t *to)
{
	uint8_t *t = malloc(14);

	memset(t, RR_LFT_UNSET, 14);
	memcpy(t + 10, to, 4);
	rr_graph_set_lft(g, n, t, 14, true);
}

static void build(struct rr_graph *g)
{
	static const char *names[] = { "S1", "S2", "S3", "H1", "H2", "H3", "H4" };
	static const unsigned int nports[] = { 4, 4, 2, 1, 1, 1, 1 };
	static const uint16_t lids[] = { 1, 2, 3, 10, 11, 12, 13 };
	static const uint8_t t1[] = { 1, 2, 3, 3 }, t2[] = { 3, 3, 1, 2 },
			     t3[] = { 1, 1, 2, 2 };
	size_t i, idx;
	unsigned int k;

	rr_graph_free(g);
	for (i = 0; i < 7; i++) {
		rr_graph_add_node(g, 0x100 + i, i < 3 ? RR_NODE_SWITCH :
			RR_NODE_CA, nports[i], names[i], &idx);
		for (k = i < 3 ? 0 : 1; k <= nports[i]; k++)
			fixture_port(g, idx, k, lids[i]);
	}
	rr_graph_link(g, H1, 1, S1, 1);
	rr_graph_link(g, H2, 1, S1, 2);
	rr_graph_link(g, H3, 1, S2, 1);
	rr_graph_link(g, H4, 1, S2, 2);
	rr_graph_link(g, S1, 3, S3, 1);
	rr_graph_link(g, S2, 3, S3, 2);
	rr_graph_port(g, S1, 4)->state = 1;	/* present, no cable */
	rr_graph_port(g, S2, 4)->state = 1;
	lft(g, S1, t1);
	lft(g, S2, t2);
	lft(g, S3, t3);
}

static uint64_t load(const struct rr_routes *s, const struct rr_graph *g,
		     size_t n, unsigned int k)
{
	return s->loads[g->nodes[n].first_port + k];
}

static void all(struct rr_graph *g, struct rr_routes *s)
{
	struct rr_endpoint *eps;
	size_t n;

	rr_routes_free(s);
	rr_routes_init(s, g);
	rr_graph_endpoints(g, &eps, &n);
	rr_routes_all_pairs(g, eps, n, s, NULL, NULL);
	free(eps);
}

static void healthy(void)
{
	struct rr_routes s = { 0 };
	struct rr_endpoint *eps;
	struct rr_graph g = { 0 };
	size_t n, links, hot[3], node;
	unsigned int k;
	double fair;

	build(&g);
	ok(rr_graph_endpoints(&g, &eps, &n) && n == 4 && eps[0].lid == 10 &&
	   eps[3].lid == 13 && eps[2].node == H3, "four CA ports, by LID");
	free(eps);
	ok(rr_graph_find(&g, 0x102) == S3, "a node by GUID, not indexed");
	ok(rr_graph_index(&g) && rr_graph_find(&g, 0x106) == H4 &&
	   rr_graph_find(&g, 0x99) == RR_NO_NODE, "a node by GUID, indexed");
	all(&g, &s);
	is_int(s.pairs, 12, "ordered pairs of four ports");
	is_int(s.arrived, 12, "every route arrives");
	is_int(s.crossed[1], 4, "a leaf's own hosts: one switch");
	is_int(s.crossed[3], 8, "leaf to leaf: three switches");
	is_int(s.max_crossed, 3, "three at most");
	is_int(s.num_groups, 0, "no failure");
	is_int(load(&s, &g, S1, 3), 4, "S1 up: H1 and H2 to H3 and H4");
	is_int(load(&s, &g, S3, 1), 4, "S3 down to S1");
	is_int(load(&s, &g, S1, 1), 3, "S1 to H1: from the three others");
	is_int(load(&s, &g, H1, 1), 3, "H1 out: to the three others");
	fair = rr_routes_fair_share(&s, &g, &links);
	ok(links == 4 && fair == 4.0, "fair share 4 routes over 4 switch links (%zu, %.2f)",
	   links, fair);
	is_int(rr_routes_hottest(&s, &g, hot, 3), 3, "three hottest asked");
	rr_graph_port_at(&g, hot[0], &node, &k);
	ok(node == S1 && k == 3, "equal loads: the first port first");
	rr_graph_port_at(&g, g.nodes[H4].first_port + 1, &node, &k);
	ok(node == H4 && k == 1, "a port index back to its node and number");
	/* Balanced: no link stands out; one made to carry 9: that one. */
	is_int(rr_routes_hot_count(&s, &g, fair, 4.0), 0, "balanced: none hot");
	s.loads[g.nodes[S1].first_port + 3] = 9;
	fair = rr_routes_fair_share(&s, &g, &links);
	ok(fair == 5.25, "fair share 21 routes over 4 links (%.2f)", fair);
	is_int(rr_routes_hot_count(&s, &g, fair, 4.0), 1, "9 of 5.25 stands out");
	ok(!rr_link_hot(7, 4.8, 5.5), "7 of 4.8 is under half again");
	ok(rr_link_hot(8, 4.8, 5.5), "8 of 4.8 is over");
	ok(!rr_link_hot(1, 0.25, 0), "a single route is never hot");
	ok(!rr_link_hot(6, 4.0, 6.0), "the median link is not hot");
	ok(rr_link_hot(2, 1.0, 1.0), "2 of 1: hot");
	ok(strstr(rr_dead_end_hint(4), "is ACTIVE, so the SM swept since") != NULL,
	   "dead end to an ACTIVE port: swept, routed nowhere here");
	ok(strstr(rr_dead_end_hint(2), "has not swept since") &&
	   rr_dead_end_hint(3) == rr_dead_end_hint(2), "INIT, ARMED: not swept since");
	ok(rr_dead_end_hint(0) == rr_cause_hint(RR_CAUSE_ROUTE_DEAD_END) &&
	   rr_dead_end_hint(1) == rr_dead_end_hint(0), "state unknown or DOWN: the cause's hint");
	rr_routes_free(&s);
	rr_graph_free(&g);
}

static const struct rr_route_group *group(const struct rr_routes *s,
					  enum rr_cause cause)
{
	size_t i;

	for (i = 0; i < s->num_groups; i++)
		if (s->groups[i].cause == cause)
			return &s->groups[i];
	return NULL;
}

static void planted(void)
{
	const struct rr_route_group *gr;
	struct rr_routes s = { 0 };
	struct rr_graph g = { 0 };

	build(&g);
	g.nodes[S3].lft[13] = RR_LFT_UNSET;
	all(&g, &s);
	gr = group(&s, RR_CAUSE_ROUTE_DEAD_END);
	ok(s.dead_ends == 2 && s.num_groups == 1 && gr && gr->node == S3 &&
	   gr->aux == 13 && gr->pairs == 2, "S3 has no route for LID 13: H1, H2 to H4, one group");
	ok(gr && gr->src == 0 && gr->dst == 3, "its first pair: H1 to H4");
	is_int(load(&s, &g, S1, 3), 4, "the dead ends crossed S1's uplink");
	is_int(load(&s, &g, S3, 2), 2, "but not S3's way down");

	build(&g);
	g.nodes[S3].lft[12] = 1;	/* back to S1, which sends it up */
	all(&g, &s);
	gr = group(&s, RR_CAUSE_ROUTE_LOOP);
	ok(s.loops == 2 && gr && gr->node == S1 && gr->aux == 12,
	   "a loop back to S1 for LID 12 (%llu)", (unsigned long long)s.loops);

	build(&g);
	rr_graph_port(&g, S2, 3)->state = 1;
	all(&g, &s);
	gr = group(&s, RR_CAUSE_ROUTE_LINK_DOWN);
	ok(s.links_down == 4 && s.num_groups == 1 && gr && gr->node == S2 &&
	   gr->aux == 3, "S2 port 3 down: H3, H4 up are 4 routes, one group");
	is_int(s.arrived, 8, "the rest arrive (S3 down to S2 is not asked)");

	build(&g);
	g.nodes[S1].lft[11] = 9;
	all(&g, &s);
	gr = group(&s, RR_CAUSE_ROUTE_BAD_PORT);
	ok(s.bad_ports == 3 && gr && gr->node == S1 && gr->aux == 9,
	   "S1 sends LID 11 to port 9 of its 4");

	build(&g);
	g.nodes[S1].lft[11] = 1;
	all(&g, &s);
	gr = group(&s, RR_CAUSE_ROUTE_DEAD_END);
	ok(s.dead_ends == 3 && gr && gr->node == H1 && gr->aux == 11,
	   "LID 11 delivered to H1: a dead end at H1");

	build(&g);
	rr_graph_set_lft(&g, S2, NULL, 0, false);
	all(&g, &s);
	gr = group(&s, RR_CAUSE_SMP_TIMEOUT);
	ok(s.unread == 10 && gr && gr->node == S2,
	   "S2's table unread: every route through it unknown (%llu)",
	   (unsigned long long)s.unread);

	build(&g);
	rr_graph_port(&g, H1, 1)->state = 2;
	all(&g, &s);
	ok(s.links_down == 3 && load(&s, &g, H1, 1) == 0,
	   "H1's own port down: its routes die at once, none leaves it");
	rr_routes_free(&s);
	rr_graph_free(&g);
}

int main(void)
{
	healthy();
	planted();
	return tap_done();
}
