// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/fabric/link_health.c on a line of three switches, an
 * HCA at each end (H1 - S1 - S2 - S3 - H2), every link 4x QDR first,
 * then each fault planted on the S2 - S3 cable.
 */
#include <stdlib.h>
#include <string.h>

#include "model/fabric/link_health.h"
#include "../../tap.h"
#include "graph_fixture.h"

enum { S1, S2, S3, H1, H2 };

static void build(struct rr_graph *g)
{
	static const char *names[] = { "S1", "S2", "S3", "H1", "H2" };
	size_t i, idx;
	unsigned int k;

	memset(g, 0, sizeof(*g));
	for (i = 0; i < 5; i++) {
		rr_graph_add_node(g, 0x100 + i, i < 3 ? RR_NODE_SWITCH : RR_NODE_CA,
				  i < 3 ? 3 : 1, names[i], &idx);
		for (k = i < 3 ? 0 : 1; k <= (i < 3 ? 3U : 1U); k++) {
			fixture_port(g, idx, k, (uint16_t)(1 + i));
			rr_graph_port(g, idx, k)->phys_state = 5;
			rr_graph_port(g, idx, k)->widths_enabled = 0x3;	/* 1x, 4x */
			rr_graph_port(g, idx, k)->speeds_enabled = 0x4;	/* QDR */
		}
	}
	rr_graph_link(g, H1, 1, S1, 1);
	rr_graph_link(g, S1, 2, S2, 2);
	rr_graph_link(g, S2, 3, S3, 3);
	rr_graph_link(g, S3, 1, H2, 1);
}

static size_t degraded(struct rr_graph *g, struct rr_degraded_link **d)
{
	size_t n = 0;

	ok(rr_links_degraded(g, d, &n), "the links judged");
	return n;
}

int main(void)
{
	struct rr_degraded_link *d;
	struct rr_graph g;
	size_t n, s2_3;

	build(&g);
	s2_3 = g.nodes[S2].first_port + 3;
	n = degraded(&g, &d);
	is_int(n, 0, "every link 4x QDR, as both ends enable: none");
	free(d);

	/* Both ends enable 1x only: a 1x link between 4x ones. */
	rr_graph_port(&g, S2, 3)->width = rr_graph_port(&g, S3, 3)->width = 1;
	rr_graph_port(&g, S2, 3)->widths_enabled = 0x1;
	rr_graph_port(&g, S3, 3)->widths_enabled = 0x1;
	n = degraded(&g, &d);
	ok(n == 1 && d[0].port == s2_3 && d[0].fault == RR_LINK_SLOWER_THAN_NEIGHBOURS &&
	   d[0].rate_gbps == 10 && d[0].expected_gbps == 40,
	   "1x as enabled, the others 4x: slower than its neighbours, 40 Gb/s expected");
	free(d);

	/* 4x enabled at both ends, trained at 1x: a lane lost. */
	rr_graph_port(&g, S2, 3)->widths_enabled = 0x3;
	rr_graph_port(&g, S3, 3)->widths_enabled = 0x3;
	n = degraded(&g, &d);
	ok(n == 1 && d[0].fault == RR_LINK_BELOW_ENABLED && d[0].expected_gbps == 40,
	   "4x enabled at both ends, 1x active: below enabled");
	is_str(rr_link_fault_key(d[0].fault), "below_enabled", "its key");
	free(d);

	/* One end enables 1x only: 1x is all the cable can do; both ends'
	 * other links are 4x: still slower than its neighbours. */
	rr_graph_port(&g, S3, 3)->widths_enabled = 0x1;
	n = degraded(&g, &d);
	ok(n == 1 && d[0].fault == RR_LINK_SLOWER_THAN_NEIGHBOURS,
	   "enabled 1x at one end: not below enabled, slower than its neighbours");
	free(d);

	/* Up but not ACTIVE (INIT, LinkUp): not active; DOWN: a cut, not this. */
	rr_graph_port(&g, S2, 3)->width = rr_graph_port(&g, S3, 3)->width = 2;
	rr_graph_port(&g, S2, 3)->state = 2;
	n = degraded(&g, &d);
	ok(n == 1 && d[0].fault == RR_LINK_NOT_ACTIVE && d[0].expected_gbps == 0,
	   "INIT with the link up: not active");
	free(d);
	rr_graph_port(&g, S2, 3)->state = 1;
	rr_graph_port(&g, S2, 3)->phys_state = 2;
	n = degraded(&g, &d);
	is_int(n, 0, "DOWN, polling: a cut the routes see, not a degraded link");
	free(d);

	/* An end that does not say what it enables: its neighbours still count. */
	rr_graph_port(&g, S2, 3)->state = 4;
	rr_graph_port(&g, S2, 3)->phys_state = 5;
	rr_graph_port(&g, S1, 2)->widths_enabled = 0;
	rr_graph_port(&g, S1, 2)->width = rr_graph_port(&g, S2, 2)->width = 1;
	n = degraded(&g, &d);
	ok(n == 1 && d[0].port == g.nodes[S1].first_port + 2 &&
	   d[0].fault == RR_LINK_SLOWER_THAN_NEIGHBOURS,
	   "S1 - S2 at 1x, what S1 enables unknown: slower than its neighbours");
	free(d);
	/* An end with no other link (an HCA): never slower than its neighbours. */
	rr_graph_port(&g, S1, 2)->width = rr_graph_port(&g, S2, 2)->width = 2;
	rr_graph_port(&g, H1, 1)->width = rr_graph_port(&g, S1, 1)->width = 1;
	rr_graph_port(&g, H1, 1)->widths_enabled = 0x1;
	n = degraded(&g, &d);
	is_int(n, 0, "a 1x HCA (enabled 1x): its link is what it can be");
	free(d);
	rr_graph_free(&g);
	return tap_done();
}
