// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/fabric/credit_loops.c and route_topology.c (and the
 * loads' spread of fabric_routes.c) on a ring of four switches, an HCA on
 * each, routed two ways by hand:
 *
 *   H0 -1- S0 -2----3- S1 -1- H1        each Si's port 2 goes to S(i+1)'s
 *          |3          |2               port 3, round the ring
 *          |2          |3
 *   H3 -1- S3 -3----2- S2 -1- H2
 *
 * "minhop": each pair the shorter way, clockwise on a tie: the routes
 * two hops clockwise chain the four clockwise links into one loop.
 * "up/down": the link S3 -> S0 never taken (a line S0-S1-S2-S3): none.
 * minhop takes the fewest switches, its pairs two apart go clockwise both
 * ways (two asymmetric pairs); up/down sends H0 and H3 the long way
 * round (two switches more), each pair both ways on the same cables.
 */
#include <stdlib.h>
#include <string.h>

#include "model/fabric/credit_loops.h"
#include "model/fabric/route_topology.h"
#include "model/fabric/sl2vl.h"
#include "model/fabric/pair_sls.h"
#include "../../tap.h"
#include "ring_fixture.h"

static unsigned int vl_is_sl(const void *ctx, uint32_t node,
			     unsigned int in_port, unsigned int out_port,
			     unsigned int sl)
{
	return sl;
}

/*
 * Every route of G into D (SL, or each pair's in SLS when given; VLs by
 * FN), then its loops.
 */
static size_t loops_of(struct rr_graph *g, unsigned int sl, rr_vl_fn fn,
		       const void *ctx, const struct rr_pair_sls *sls,
		       struct rr_credit_loop **loops, struct rr_cdg *d)
{
	struct rr_endpoint *eps;
	struct rr_route r;
	uint32_t *stamps = calloc(g->num_nodes, sizeof(*stamps)), stamp = 0;
	size_t n, a, b, num = 0;

	rr_cdg_init(d, g, sl, fn, ctx);
	rr_graph_endpoints(g, &eps, &n);
	for (a = 0; a < n; a++)
		for (b = 0; b < n; b++) {
			if (a == b)
				continue;
			rr_route_walk(g, &eps[a], eps[b].lid, stamps, ++stamp, &r);
			if (sls)
				d->sl = rr_pair_sl(sls, a, b);
			rr_cdg_add(d, g, &eps[a], &r, a, b);
		}
	ok(rr_cdg_loops(d, loops, &num), "the loops found");
	free(eps);
	free(stamps);
	return num;
}

/* Channel C is switch S's port K on VL VL. */
static bool is_channel(const struct rr_graph *g, uint32_t c, size_t s,
		       unsigned int k, unsigned int vl)
{
	return rr_channel_port(c) == g->nodes[s].first_port + k &&
	       rr_channel_vl(c) == vl;
}

static void test_minhop(void)
{
	struct rr_credit_loop *loops;
	struct rr_graph g;
	struct rr_cdg d;
	size_t n, i, at = 0;
	bool round = true;

	build(&g, true);
	n = loops_of(&g, 0, NULL, NULL, NULL, &loops, &d);
	is_int(d.routes, 12, "twelve routes arrive, each added");
	is_int(n, 1, "minhop on a ring: one credit loop");
	if (n != 1)
		goto out;
	is_int(loops[0].channels, 4, "of the four clockwise links");
	is_int(loops[0].vls, 1, "on VL 0");
	is_int(loops[0].cycle_len, 4, "its cycle goes round the four");
	/* Round the ring: from the cycle's first, S(i) port 2 then S(i+1)'s. */
	for (i = 0; i < 4; i++)
		if (is_channel(&g, loops[0].cycle[0], i, 2, 0))
			at = i;
	for (i = 0; i < 4 && loops[0].cycle_len == 4; i++)
		round &= is_channel(&g, loops[0].cycle[i], (at + i) % 4, 2, 0);
	ok(round, "each Si port 2 to the next, in the order packets go");
	ok(loops[0].a_src != loops[0].b_src, "two routes from two HCAs close it (%u -> %u, %u -> %u)",
	   loops[0].a_src, loops[0].a_dst, loops[0].b_src, loops[0].b_dst);
	ok((loops[0].a_dst + 4 - loops[0].a_src) % 4 == 2 &&
	   (loops[0].b_dst + 4 - loops[0].b_src) % 4 == 2,
	   "each two hops clockwise, the routes that chain the links");
out:
	rr_credit_loops_free(loops, n);
	rr_cdg_free(&d);
	rr_graph_free(&g);
}

/*
 * The pairs that close minhop's loop: on this ring, those whose route
 * takes two clockwise links (out by port 2) one after the other; the two
 * routes the loop names among them; a route of one link closes nothing.
 */
static void test_closing(void)
{
	struct rr_credit_loop *loops;
	struct rr_endpoint *eps;
	struct rr_route r;
	struct rr_graph g;
	struct rr_cdg d;
	uint32_t *loop_of, *stamps, stamp = 0;
	size_t n, num_eps, a, b, closing = 0, want = 0;
	unsigned int k;
	bool same = true, twice;

	build(&g, true);
	n = loops_of(&g, 0, NULL, NULL, NULL, &loops, &d);
	loop_of = n == 1 ? rr_credit_loops_by_channel(&d, loops, n) : NULL;
	ok(loop_of != NULL, "minhop's one loop, each channel's loop");
	rr_graph_endpoints(&g, &eps, &num_eps);
	stamps = calloc(g.num_nodes, sizeof(*stamps));
	for (a = 0; a < num_eps && loop_of; a++)
		for (b = 0; b < num_eps; b++) {
			if (a == b)
				continue;
			rr_route_walk(&g, &eps[a], eps[b].lid, stamps, ++stamp, &r);
			for (k = 0, twice = false; k + 1 < r.num_steps; k++)
				twice |= r.steps[k].out_port == 2 &&
					 r.steps[k + 1].out_port == 2;
			want += twice;
			closing += rr_cdg_route_closes(&d, &g, &eps[a], &r, loop_of);
			same &= twice == rr_cdg_route_closes(&d, &g, &eps[a], &r, loop_of);
			if ((a == loops[0].a_src && b == loops[0].a_dst) ||
			    (a == loops[0].b_src && b == loops[0].b_dst))
				ok(rr_cdg_route_closes(&d, &g, &eps[a], &r, loop_of),
				   "the loop's route %zu -> %zu closes it", a, b);
		}
	ok(same && want > 0, "the routes that close it: those of two clockwise links in a row (%zu of %zu)",
	   closing, want);
	free(stamps);
	free(eps);
	free(loop_of);
	rr_credit_loops_free(loops, n);
	rr_cdg_free(&d);
	rr_graph_free(&g);
}

static void test_updown(void)
{
	struct rr_credit_loop *loops;
	struct rr_graph g;
	struct rr_cdg d;
	size_t n;

	build(&g, false);
	n = loops_of(&g, 0, NULL, NULL, NULL, &loops, &d);
	is_int(d.routes, 12, "up/down: twelve routes arrive");
	is_int(n, 0, "up/down on a ring: no credit loop");
	ok(loops == NULL, "and no list");
	ok(d.num_edges > 0, "yet dependencies there are (%zu)", d.num_edges);
	rr_cdg_free(&d);
	rr_graph_free(&g);
}

static void test_vl_and_dead(void)
{
	struct rr_credit_loop *loops;
	struct rr_graph g;
	struct rr_cdg d;
	size_t n;

	build(&g, true);
	n = loops_of(&g, 3, vl_is_sl, NULL, NULL, &loops, &d);
	ok(n == 1 && loops[0].vls == 1U << 3, "SL 3 to VL 3: the loop is on VL 3");
	ok(n == 1 && rr_channel_vl(loops[0].cycle[0]) == 3, "its channels too");
	rr_credit_loops_free(loops, n);
	rr_cdg_free(&d);

	/* S1 loses its route to H3: H1's dies there, the loop opens. */
	g.nodes[S1].lft[13] = RR_LFT_UNSET;
	n = loops_of(&g, 0, NULL, NULL, NULL, &loops, &d);
	is_int(d.routes, 11, "H1 -> H3 dies at S1, not added");
	is_int(n, 0, "a chain the dead routes would close: no loop");
	rr_credit_loops_free(loops, n);
	rr_cdg_free(&d);
	rr_graph_free(&g);
}

/*
 * model/fabric/sl2vl.c: the triples the minhop ring's routes use, wanted where
 * the port runs more than VL 0 (S2 runs VL 0 alone); tables that send
 * SL 0 to VL 2 from H0 into S0 and to VL 1 elsewhere (the loop broken);
 * then S0 alike for every in port (the loop, across VL 1 and S2's VL 0).
 */
static void test_sl2vl(void)
{
	static const uint8_t to_vl1[RR_SL2VL_LEN] = { 0x13 }, to_vl2[RR_SL2VL_LEN] = { 0x20 };
	struct rr_credit_loop *loops;
	struct rr_sl2vl m, m1;
	struct rr_graph g;
	struct rr_cdg d;
	bool s2 = false, clockwise = true;
	size_t n, i;

	build(&g, true);
	for (i = 0; i < g.num_ports; i++)
		g.ports[i].oper_vls = 4;	/* VL0-7 */
	for (i = 0; i <= 3; i++)
		rr_graph_port(&g, S2, (unsigned int)i)->oper_vls = 1;
	n = loops_of(&g, 0, NULL, NULL, NULL, &loops, &d);
	ok(rr_sl2vl_init(&m, 0) && rr_sl2vl_want_loops(&m, &d, &g, loops, n),
	   "the triples wanted");
	rr_credit_loops_free(loops, n);
	rr_cdg_free(&d);
	for (i = 0; i < m.n; i++) {
		s2 |= m.e[i].node == S2;
		clockwise &= m.e[i].out == 2 && (m.e[i].in == 1 || m.e[i].in == 3);
	}
	/* S0, S1, S3's port 2, entered from their HCA and from the ring. */
	is_int(m.n, 6, "the loop's channels' triples, none of S2's");
	ok(!s2, "S2 runs VL 0 alone: not asked");
	ok(clockwise, "each the ring's clockwise port, from the HCA or the ring");
	for (i = 0; i < m.n; i++) {
		if (m.e[i].node == S0 && m.e[i].in == 1)
			rr_sl2vl_set(&m, i, to_vl2);
		else
			rr_sl2vl_set(&m, i, to_vl1);
	}
	ok(m.read == m.n && !m.lost && m.not_vl0 == m.n, "each read, none on VL 0");
	is_int(rr_sl2vl_vl(&m, S0, 1, 2, 0), 2, "H0 into S0, out to S1: VL 2");
	is_int(rr_sl2vl_vl(&m, S0, 3, 2, 0), 1, "S3 into S0, out to S1: VL 1");
	is_int(rr_sl2vl_vl(&m, S2, 3, 2, 0), 0, "S2's: not read, VL 0");
	/*
	 * On the VLs read: the ring's routes two hops on chain S0's port 2
	 * as entered from H0 to it as entered from S3; on two VLs, they no
	 * longer close the loop.
	 */
	n = loops_of(&g, 0, rr_sl2vl_vl, &m, NULL, &loops, &d);
	is_int(n, 0, "S0 moves H0's packets to VL 2: the loop broken");
	rr_credit_loops_free(loops, n);
	rr_cdg_free(&d);
	/* S0 alike for both: the loop, on VL 1 and S2's VL 0. */
	for (i = 0; i < m.n; i++)
		if (m.e[i].node == S0 && m.e[i].in == 1)
			rr_sl2vl_set(&m, i, to_vl1);
	is_int(m.read + m.lost, m.n, "read again: counted once");
	n = loops_of(&g, 0, rr_sl2vl_vl, &m, NULL, &loops, &d);
	ok(n == 1 && loops[0].vls == (1U << 0 | 1U << 1),
	   "one loop, on VL 1 and S2's VL 0 (%zu, vls 0x%x)", n,
	   n ? loops[0].vls : 0U);
	ok(n == 1 && loops[0].members && loops[0].channels == 4,
	   "its four channels listed");
	/* SL 1 is byte 0's low nibble. */
	ok(rr_sl2vl_init(&m1, 1) && rr_sl2vl_want_loops(&m1, &d, &g, loops, n) &&
	   m1.n, "a map for SL 1");
	rr_credit_loops_free(loops, n);
	rr_cdg_free(&d);
	if (m1.n > 1) {
		rr_sl2vl_set(&m1, 0, to_vl1);
		is_int(rr_sl2vl_vl(&m1, m1.e[0].node, m1.e[0].in, m1.e[0].out, 1),
		       3, "SL 1: the low nibble");
		rr_sl2vl_set(&m1, 1, to_vl1);
		rr_sl2vl_lost(&m1, 1);
		ok(m1.read == 1 && m1.lost == 1, "read, then lost: counted lost");
		is_int(rr_sl2vl_vl(&m1, m1.e[1].node, m1.e[1].in, m1.e[1].out, 1),
		       0, "a lost table: VL 0");
	}
	rr_sl2vl_free(&m1);
	rr_sl2vl_free(&m);
	rr_graph_free(&g);
}

/*
 * model/fabric/pair_sls.c with sl2vl.c: every switch maps SL i to VL i; the
 * ring's loop is four routes two hops clockwise, one from each HCA.  On
 * SL 0 all, the loop on VL 0; H0's routes on SL 1 (their own VL) break
 * it; every pair on SL 1, the loop on VL 1.
 */
static void test_pair_sls(void)
{
	static const uint8_t identity[RR_SL2VL_LEN] = { 0x01, 0x23, 0x45, 0x67,
							0x89, 0xab, 0xcd, 0xe7 };
	struct rr_credit_loop *loops;
	struct rr_pair_sls sls;
	struct rr_sl2vl m;
	struct rr_graph g;
	struct rr_cdg d;
	size_t n, i, k;

	build(&g, true);
	for (i = 0; i < g.num_ports; i++)
		g.ports[i].oper_vls = 4;
	n = loops_of(&g, 0, NULL, NULL, NULL, &loops, &d);
	ok(rr_sl2vl_init(&m, 0) && rr_sl2vl_want_loops(&m, &d, &g, loops, n),
	   "the triples wanted");
	rr_credit_loops_free(loops, n);
	rr_cdg_free(&d);
	ok(rr_pair_sls_init(&sls, 4), "4 endpoints' pairs");
	/* H0 is endpoint 0 (the lowest LID): its routes on SL 1. */
	for (k = 1; k < 4; k++)
		rr_pair_sls_set(&sls, 0, k, 1);
	for (i = 1; i < 4; i++)
		for (k = 0; k < 4; k++)
			if (i != k)
				rr_pair_sls_set(&sls, i, k, 0);
	is_int(sls.used, 3, "SLs 0 and 1 in use");
	is_int(rr_pair_sl(&sls, 0, 2), 1, "H0 -> H2 on SL 1");
	is_int(rr_pair_sl(&sls, 2, 0), 0, "H2 -> H0 on SL 0");
	rr_sl2vl_use_sls(&m, sls.used);
	for (i = 0; i < m.n; i++)
		rr_sl2vl_set(&m, i, identity);
	is_int(m.not_vl0, m.n, "SL 1 in use, sent to VL 1: each table counts");
	is_int(rr_sl2vl_vl(&m, m.e[0].node, m.e[0].in, m.e[0].out, 1), 1,
	       "SL 1 on VL 1");
	is_int(rr_sl2vl_vl(&m, m.e[0].node, m.e[0].in, m.e[0].out, 15), 7,
	       "SL 15: byte 7's low nibble");
	n = loops_of(&g, 0, rr_sl2vl_vl, &m, &sls, &loops, &d);
	is_int(n, 0, "H0's routes on VL 1: the loop on VL 0 broken, none on VL 1");
	rr_credit_loops_free(loops, n);
	rr_cdg_free(&d);
	for (k = 0; k < 16; k++)
		if (k % 5)
			rr_pair_sls_set(&sls, k / 4, k % 4, 1);
	n = loops_of(&g, 0, rr_sl2vl_vl, &m, &sls, &loops, &d);
	ok(n == 1 && loops[0].vls == 1U << 1, "every pair on SL 1: the loop on VL 1 (%zu)", n);
	rr_credit_loops_free(loops, n);
	rr_cdg_free(&d);
	/* SL 0 alone in use: the identity sends it to VL 0, no table counts. */
	rr_sl2vl_use_sls(&m, 1);
	for (i = 0; i < m.n; i++)
		rr_sl2vl_set(&m, i, identity);
	is_int(m.not_vl0, 0, "SL 0 alone: no table leaves VL 0");
	rr_pair_sls_free(&sls);
	rr_sl2vl_free(&m);
	rr_graph_free(&g);
}

/* G's routes against its topology, and its loads' spread, into T and SP. */
static void shape_of(struct rr_graph *g, struct rr_route_topology *t,
		     struct rr_load_spread *sp)
{
	struct rr_endpoint *eps;
	struct rr_routes s;
	size_t n;

	rr_graph_endpoints(g, &eps, &n);
	rr_routes_init(&s, g);
	ok(rr_topology_init(t, g, eps, n), "the topology read");
	for (size_t a = 0; a < n; a++)
		for (size_t b = 0; b < n; b++) {
			struct rr_route r;
			uint32_t stamps[8] = { 0 };

			if (a == b)
				continue;
			rr_route_walk(g, &eps[a], eps[b].lid, stamps, 1, &r);
			rr_topology_add(t, g, &r, a, b);
		}
	rr_routes_all_pairs(g, eps, n, &s, NULL, NULL);
	ok(rr_routes_load_spread(&s, g, sp), "the spread");
	rr_routes_free(&s);
	t->eps = NULL;
	free(eps);
}

static void test_topology(void)
{
	struct rr_route_topology t;
	struct rr_load_spread sp;
	struct rr_graph g;
	int64_t asym;

	build(&g, true);
	shape_of(&g, &t, &sp);
	asym = rr_topology_asymmetric(&t);
	is_int(t.routes, 12, "minhop: twelve routes compared");
	is_int(t.longer, 0, "minhop: none longer than the fewest switches");
	is_int(asym, 2, "minhop: H0-H2 and H1-H3 go clockwise both ways");
	is_int(t.unconnected, 0, "every pair joined by cables");
	ok(sp.links == 8 && sp.min == 1 && sp.median == 2 && sp.max == 3,
	   "minhop's loads: clockwise 3, the other way 1 (links %zu, %llu %.1f %llu)",
	   sp.links, (unsigned long long)sp.min, sp.median, (unsigned long long)sp.max);
	rr_topology_free(&t);
	rr_graph_free(&g);

	build(&g, false);
	shape_of(&g, &t, &sp);
	asym = rr_topology_asymmetric(&t);
	is_int(t.longer, 2, "up/down: H0 -> H3 and back the long way");
	is_int(t.most_extra, 2, "two switches more than the one link between");
	is_int(asym, 0, "up/down: each pair both ways on the same cables");
	ok(sp.min == 0 && sp.max == 4, "the unused link shows in the spread (%llu %.1f %llu)",
	   (unsigned long long)sp.min, sp.median, (unsigned long long)sp.max);
	rr_topology_free(&t);
	rr_graph_free(&g);
}

int main(void)
{
	test_topology();
	test_minhop();
	test_closing();
	test_updown();
	test_vl_and_dead();
	test_sl2vl();
	test_pair_sls();
	return tap_done();
}
