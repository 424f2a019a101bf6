// SPDX-License-Identifier: GPL-2.0-or-later
/* The graph of a fabric: the LIDs its tables route that no port holds. */
#include <stdlib.h>
#include <string.h>

#include "ring_fixture.h"
#include "../../tap.h"

/* The unseen LIDs of G as "a b c", or "ENOMEM". */
static const char *unseen(const struct rr_graph *g)
{
	static char buf[128];
	uint16_t *lids;
	size_t n, i, used = 0;

	if (!rr_graph_lids_unseen(g, &lids, &n))
		return "ENOMEM";
	buf[0] = '\0';
	for (i = 0; i < n; i++)
		used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%u",
					 i ? " " : "", lids[i]);
	free(lids);
	return buf;
}

/* Switch I's table grown to LEN entries, unset past the old end. */
static void grow(struct rr_graph *g, size_t i, uint32_t len)
{
	uint8_t *t = malloc(len);

	memset(t, RR_LFT_UNSET, len);
	memcpy(t, g->nodes[i].lft, g->nodes[i].lft_len);
	rr_graph_set_lft(g, i, t, len, true);
}

int main(void)
{
	struct rr_graph g;

	build(&g, true);
	is_str(unseen(&g), "", "every LID routed is a port's");
	/* H2 hung: not in the graph, its LID still in the tables. */
	rr_graph_port(&g, H2, 1)->present = false;
	is_str(unseen(&g), "12", "a CA port gone from the graph: its LID");
	rr_graph_port(&g, H2, 1)->present = true;
	/* A switch's own LID routed (to port 0): held by its port 0. */
	g.nodes[S0].lft[1] = 0;
	is_str(unseen(&g), "", "a switch's LID, held by it");
	/* LIDs beyond the graph, one table each, and two by LMC 1. */
	grow(&g, S1, 40);
	grow(&g, S3, 40);
	g.nodes[S1].lft[20] = 2;
	g.nodes[S3].lft[30] = 3;
	g.nodes[S3].lft[31] = 3;
	is_str(unseen(&g), "20 30 31", "routed by any table, ascending");
	rr_graph_port(&g, H3, 1)->lid = 30;
	rr_graph_port(&g, H3, 1)->lmc = 1;
	g.nodes[S3].lft[13] = RR_LFT_UNSET;
	g.nodes[S0].lft[13] = RR_LFT_UNSET;
	g.nodes[S1].lft[13] = RR_LFT_UNSET;
	g.nodes[S2].lft[13] = RR_LFT_UNSET;
	is_str(unseen(&g), "20", "a port's LMC range held whole");
	/* A table not read is no evidence; nor is a LID 0 or past unicast. */
	g.nodes[S1].lft_read = false;
	free(g.nodes[S1].lft);
	g.nodes[S1].lft = NULL;
	g.nodes[S1].lft_len = 0;
	is_str(unseen(&g), "", "no table, no LID");
	rr_graph_free(&g);
	return tap_done();
}
