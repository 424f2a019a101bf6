/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The ring of four switches the route tests share, an HCA on each,
 * routed two ways by hand (ring_routes_test.c draws it):
 * "minhop" each pair the shorter way, clockwise on a tie; "up/down" the
 * link S3 -> S0 never taken.  Switch i's LID is 1 + i, H(i)'s 10 + i.
 */
#ifndef RR_TEST_RING_FIXTURE_H
#define RR_TEST_RING_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "graph_fixture.h"

enum { S0, S1, S2, S3, H0, H1, H2, H3 };
#define LIDS 14		/* switches 1-4, HCAs 10-13 */

/* Switch I's table: to H(i) by 1, to H(j) clockwise (2) or not (3). */
static void table(struct rr_graph *g, size_t i, bool minhop)
{
	uint8_t *t = malloc(LIDS);
	size_t j, d;

	memset(t, RR_LFT_UNSET, LIDS);
	for (j = 0; j < 4; j++) {
		d = (j + 4 - i) % 4;
		if (!d)
			t[10 + j] = 1;
		else if (minhop)
			t[10 + j] = d <= 2 ? 2 : 3;
		else
			t[10 + j] = j > i ? 2 : 3;
	}
	rr_graph_set_lft(g, i, t, LIDS, true);
}

static void build(struct rr_graph *g, bool minhop)
{
	static const char *names[] = { "S0", "S1", "S2", "S3", "H0", "H1", "H2", "H3" };
	size_t i, idx;
	unsigned int k;

	memset(g, 0, sizeof(*g));
	for (i = 0; i < 8; i++) {
		rr_graph_add_node(g, 0x100 + i, i < 4 ? RR_NODE_SWITCH :
				  RR_NODE_CA, i < 4 ? 3 : 1, names[i], &idx);
		for (k = i < 4 ? 0 : 1; k <= (i < 4 ? 3U : 1U); k++)
			fixture_port(g, idx, k, (uint16_t)(i < 4 ? 1 + i : 10 + i - 4));
	}
	for (i = 0; i < 4; i++) {
		rr_graph_link(g, H0 + i, 1, i, 1);
		rr_graph_link(g, i, 2, (i + 1) % 4, 3);
	}
	for (i = 0; i < 4; i++)
		table(g, i, minhop);
}

#endif
