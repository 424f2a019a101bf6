// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/fabric/route_compare.c on the four-switch ring
 * (ring_fixture.h): minhop then, up/down now.  By hand, the entries that
 * differ are S0's for H3 (3 then, 2 now), S2's for H0 (2, 3), S3's for
 * H0 and H1 (2, 3): four routes move, H0 -> H3 at S0, H2 -> H0 at S2,
 * H3 -> H0 and H3 -> H1 at S3.  Then a cable cut: S0 port 3 to S3 port 2.
 */
#include "model/fabric/route_compare.h"
#include "../../tap.h"
#include "ring_fixture.h"

/* Each HCA's port its GUID, by which runs are matched: its node's + 1. */
static void port_guids(struct rr_graph *g)
{
	size_t i;

	for (i = H0; i <= H3; i++)
		rr_graph_port(g, i, 1)->guid = g->nodes[i].guid + 1;
}

/* The earlier run: G's graph (taken) and its endpoints, no load, no loop. */
static void before_of(struct rr_routes_before *b, struct rr_graph *g)
{
	memset(b, 0, sizeof(*b));
	port_guids(g);
	b->g = *g;
	rr_graph_index(&b->g);
	rr_graph_endpoints(&b->g, &b->eps, &b->num_eps);
	b->loads = calloc(b->g.num_ports, sizeof(*b->loads));
}

static bool each(const struct rr_route *r, size_t src, size_t dst, void *c)
{
	return rr_compare_route(c, r, src, dst);
}

/* Today's G compared with B: every pair walked, finished. */
static void compare(struct rr_compare *c, const struct rr_routes_before *b,
		    struct rr_graph *g, struct rr_endpoint **eps,
		    struct rr_routes *s)
{
	size_t n;

	port_guids(g);
	rr_graph_index(g);
	rr_graph_endpoints(g, eps, &n);
	rr_routes_init(s, g);
	ok(rr_compare_init(c, b, g, *eps, n), "init");
	ok(rr_routes_all_pairs(g, *eps, n, s, each, c), "every pair walked");
	ok(rr_compare_finish(c, s, NULL, NULL, 0), "finish");
	rr_compare_sort_groups(c);
}

/* The group at node NODE with these ports, or NULL. */
static const struct rr_move_group *group(const struct rr_compare *c,
					 uint32_t node, unsigned int then,
					 unsigned int now)
{
	size_t i;

	for (i = 0; i < c->num_groups; i++)
		if (!c->groups[i].at_source && c->groups[i].node == node &&
		    c->groups[i].port_then == then && c->groups[i].port_now == now)
			return &c->groups[i];
	return NULL;
}

static void test_routing_changed(void)
{
	struct rr_routes_before b;
	struct rr_graph g, now;
	struct rr_endpoint *eps;
	struct rr_routes s;
	struct rr_compare c;
	const struct rr_move_group *gr;

	build(&g, true);
	before_of(&b, &g);
	build(&now, false);
	compare(&c, &b, &now, &eps, &s);
	ok(c.compared == 12 && c.moved == 4, "12 compared, 4 moved (%llu, %llu)",
	   (unsigned long long)c.compared, (unsigned long long)c.moved);
	ok(c.num_groups == 3, "three places (%zu)", c.num_groups);
	gr = group(&c, S3, 2, 3);
	ok(gr && gr->routes == 2 && gr == &c.groups[0], "S3 2 -> 3: two routes, first");
	ok(gr && eps[gr->src].lid == 13, "its first from H3");
	gr = group(&c, S0, 3, 2);
	ok(gr && gr->routes == 1 && eps[gr->src].lid == 10 && eps[gr->dst].lid == 13,
	   "S0 3 -> 2: H0 -> H3");
	gr = group(&c, S2, 2, 3);
	ok(gr && gr->routes == 1 && eps[gr->src].lid == 12 && eps[gr->dst].lid == 10,
	   "S2 2 -> 3: H2 -> H0");
	ok(c.num_gone == 0 && c.num_added == 0, "the same cables");
	/* The earlier loads were none (all 0): every loaded cable moved. */
	ok(c.num_loads == RR_COMPARE_LOADS && c.loads[0].then == 0 &&
	   c.loads[0].now >= c.loads[RR_COMPARE_LOADS - 1].now, "the 10 most moved, most first");
	ok(c.ports_gone == 0 && c.ports_new == 0, "the same ports");
	rr_compare_free(&c);
	rr_routes_free(&s);
	free(eps);
	rr_graph_free(&now);
	rr_routes_before_free(&b);
}

/* Port K of node N without its cable, at both ends. */
static void cut(struct rr_graph *g, size_t n, unsigned int k)
{
	struct rr_gport *p = rr_graph_port(g, n, k), *q;

	q = rr_graph_port(g, p->peer, p->peer_port);
	q->peer = RR_NO_NODE;
	q->state = 1;
	p->peer = RR_NO_NODE;
	p->state = 1;
}

static void test_cable_cut(void)
{
	struct rr_routes_before b;
	struct rr_graph g, now;
	struct rr_endpoint *eps;
	struct rr_routes s, then_s;
	struct rr_compare c;
	const struct rr_move_group *gr;
	size_t i, s3_2;

	build(&g, true);
	before_of(&b, &g);
	/* The earlier loads, as that run counted them. */
	rr_routes_init(&then_s, &b.g);
	rr_routes_all_pairs(&b.g, b.eps, b.num_eps, &then_s, NULL, NULL);
	memcpy(b.loads, then_s.loads, b.g.num_ports * sizeof(*b.loads));
	build(&now, true);
	cut(&now, S3, 2);
	compare(&c, &b, &now, &eps, &s);
	ok(c.num_gone == 1 && c.num_added == 0, "one cable gone (%zu), none new",
	   c.num_gone);
	ok(c.gone[0].guid == 0x100 && c.gone[0].port == 3 &&
	   c.gone[0].peer_guid == 0x103 && c.gone[0].peer_port == 2,
	   "by its lower end: S0 port 3 -> S3 port 2");
	is_str(c.gone[0].name, "S0 port 3 -> S3 port 2", "named by the earlier run");
	/*
	 * S3 sends H0 and H1 by port 2 (H3 -> H0, H3 -> H1, and H2 -> H0 by
	 * S2's port 2): those die on it now; H0 -> H3 dies on S0's port 3.
	 */
	gr = group(&c, S3, 2, 2);
	ok(gr && gr->routes == 3 && gr->cause_now == RR_CAUSE_ROUTE_LINK_DOWN &&
	   gr->cause_then == RR_CAUSE_NONE,
	   "the routes that left S3 by port 2 die on it (%llu)",
	   gr ? (unsigned long long)gr->routes : 0ULL);
	gr = group(&c, S0, 3, 3);
	ok(gr && gr->routes == 1 && gr->cause_now == RR_CAUSE_ROUTE_LINK_DOWN &&
	   eps[gr->src].lid == 10 && eps[gr->dst].lid == 13, "H0 -> H3 on S0's port 3");
	ok(c.moved == 4 && c.num_groups == 2, "4 moved in 2 places (%llu)",
	   (unsigned long long)c.moved);
	/* The dead cable carried no route now: its load is not compared. */
	s3_2 = now.nodes[S3].first_port + 2;
	for (i = 0; i < c.num_loads; i++)
		ok(c.loads[i].port != s3_2, "load %zu not the cut cable's", i);
	ok(c.num_loads >= 1 && c.loads[0].then != c.loads[0].now, "loads moved");
	rr_compare_free(&c);
	rr_routes_free(&s);
	rr_routes_free(&then_s);
	free(eps);
	rr_graph_free(&now);
	rr_routes_before_free(&b);
}

int main(void)
{
	test_routing_changed();
	test_cable_cut();
	return tap_done();
}
