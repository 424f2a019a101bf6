// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rr_routes_file_parse() (--compare's earlier report, any bytes a file
 * may hold).  Checks:
 * - refused: a reason, terminated, and nothing kept (an empty graph);
 * - taken: every endpoint a port of its node with a LID, every table no
 *   longer than the unicast LIDs, every loop's channels on a VL;
 * - the report compared with itself (up to 32 endpoints): every pair's
 *   route walked twice, none moved, no cable gone or new, every earlier
 *   loop vanished when no loop of today's is given.
 */
#include "input/routes_file.h"
#include "fuzz.h"

static void check_graph(const struct rr_routes_before *b)
{
	const struct rr_endpoint *e;
	size_t i;

	for (i = 0; i < b->num_eps; i++) {
		e = &b->eps[i];
		fuzz_check(e->node < b->g.num_nodes);
		fuzz_check(rr_graph_port(&b->g, e->node, e->port) != NULL);
		fuzz_check(e->lid >= 1 && e->lid <= RR_MAX_UNICAST_LID);
	}
	for (i = 0; i < b->g.num_nodes; i++)
		fuzz_check(b->g.nodes[i].lft_len <= RR_MAX_UNICAST_LID + 1);
	for (i = 0; i < b->num_loops; i++) {
		fuzz_check(b->loops[i].cycle_len >= 1);
		fuzz_check(b->loops[i].cycle[0].vl < RR_NUM_VLS);
		fuzz_check(b->loops[i].title != NULL);
	}
}

static bool each(const struct rr_route *r, size_t src, size_t dst, void *c)
{
	return rr_compare_route(c, r, src, dst);
}

static void compare_with_itself(const struct rr_routes_before *b)
{
	struct rr_compare c;
	struct rr_routes s;

	if (b->num_eps > 32)
		return;
	fuzz_check(rr_routes_init(&s, &b->g));
	fuzz_check(rr_compare_init(&c, b, &b->g, b->eps, b->num_eps));
	fuzz_check(rr_routes_all_pairs(&b->g, b->eps, b->num_eps, &s, each, &c));
	fuzz_check(rr_compare_finish(&c, &s, NULL, NULL, 0));
	fuzz_check(c.moved == 0);
	fuzz_check(c.num_gone == 0 && c.num_added == 0);
	fuzz_check(c.num_vanished == b->num_loops && c.num_new == 0);
	rr_compare_free(&c);
	rr_routes_free(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rr_routes_before b;
	char why[256];

	memset(why, 0x55, sizeof(why));
	if (!rr_routes_file_parse((const char *)data, size, &b, why,
				  sizeof(why))) {
		fuzz_check(why[0] && memchr(why, '\0', sizeof(why)));
		fuzz_check(b.g.num_nodes == 0 && b.num_eps == 0 && !b.eps);
		return 0;
	}
	check_graph(&b);
	compare_with_itself(&b);
	rr_routes_before_free(&b);
	return 0;
}
