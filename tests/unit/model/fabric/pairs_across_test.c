// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/fabric/pairs_across.c on the ring of four
 * switches (ring_fixture.h), minhop: H(a) to H(b) goes clockwise (out by
 * port 2) when b is one or two switches ahead, else back by port 3.  So
 * S0-S1 carries H0->H1, H0->H2, H3->H1 clockwise and H1->H0 back.
 */
#include <stdlib.h>
#include <string.h>

#include "model/fabric/pairs_across.h"
#include "../../tap.h"
#include "ring_fixture.h"

static bool pair_is(const struct rr_pairs_across *pa, unsigned int i,
		    uint32_t src, uint32_t dst)
{
	return i < pa->num && pa->pairs[i].src == src && pa->pairs[i].dst == dst;
}

static size_t port_of(const struct rr_graph *g, size_t n, unsigned int k)
{
	return g->nodes[n].first_port + k;
}

int main(void)
{
	struct rr_pairs_across out[2];
	struct rr_routes s;
	struct rr_endpoint *eps;
	struct rr_graph g;
	size_t n, *which, i;

	build(&g, true);
	rr_graph_endpoints(&g, &eps, &n);
	which = malloc(g.num_ports * sizeof(*which));
	for (i = 0; i < g.num_ports; i++)
		which[i] = SIZE_MAX;
	which[port_of(&g, S0, 2)] = 0;
	which[port_of(&g, S1, 3)] = 0;
	which[port_of(&g, S2, 1)] = 1;	/* H2's cable */
	which[port_of(&g, H2, 1)] = 1;
	ok(rr_pairs_across(&g, eps, n, which, 2, out), "walked");
	is_int(out[0].num, 4, "S0-S1: four pairs cross it");
	ok(pair_is(&out[0], 0, 0, 1) && pair_is(&out[0], 1, 0, 2) &&
	   pair_is(&out[0], 2, 1, 0) && pair_is(&out[0], 3, 3, 1),
	   "S0-S1: H0->H1, H0->H2, H1->H0, H3->H1, in the walk's order");
	is_int(out[1].num, 6, "H2's cable: its six pairs, to and from it");
	ok(pair_is(&out[1], 0, 0, 2) && pair_is(&out[1], 5, 3, 2),
	   "H2's cable: H0->H2 first, H3->H2 last");

	/* S1's port 3 down: H1->H0 dies there, still a pair of that cable. */
	rr_graph_port(&g, S1, 3)->state = 1;
	ok(rr_pairs_across(&g, eps, n, which, 2, out), "down: walked");
	ok(out[0].num == 4 && pair_is(&out[0], 2, 1, 0),
	   "down: H1->H0, dead at S1 port 3, listed");
	rr_routes_init(&s, &g);
	ok(rr_routes_all_pairs(&g, eps, n, &s, NULL, NULL), "down: counted");
	is_int(rr_routes_dead_at(&s, &g, port_of(&g, S1, 3)), 1,
	       "down: one route dead at S1 port 3");
	is_int(s.loads[port_of(&g, S0, 2)] + s.loads[port_of(&g, S1, 3)] +
	       rr_routes_dead_at(&s, &g, port_of(&g, S0, 2)) +
	       rr_routes_dead_at(&s, &g, port_of(&g, S1, 3)), out[0].num,
	       "down: the counts agree with the pairs listed");
	rr_routes_free(&s);

	ok(rr_pairs_across(&g, eps, n, which, 0, out), "no cable: nothing walked");
	free(which);
	free(eps);
	rr_graph_free(&g);
	return tap_done();
}
