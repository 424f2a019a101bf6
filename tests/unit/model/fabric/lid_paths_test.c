// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/fabric/lid_paths.c: which LID each cable of
 * the ring of four switches (ring_fixture.h) is probed by from H0, with
 * minhop tables (a round trip may go out one way and back the other)
 * and up/down ones (a cable no route takes).
 */
#include <stdlib.h>
#include <string.h>

#include "model/fabric/lid_paths.h"
#include "../../tap.h"
#include "ring_fixture.h"

/* The cable between node A port P and node B port Q, or N. */
static size_t find(const struct rr_probe_cable *c, size_t n,
		   const struct rr_graph *g, size_t a, unsigned int p,
		   size_t b, unsigned int q)
{
	size_t i, pa = g->nodes[a].first_port + p, pb = g->nodes[b].first_port + q;

	for (i = 0; i < n; i++)
		if ((c[i].near_port == pa && c[i].far_port == pb) ||
		    (c[i].near_port == pb && c[i].far_port == pa))
			return i;
	return n;
}

/* The LID cable C is probed by, or 0. */
static unsigned int lid_of(const struct rr_lid_paths *lp, size_t c)
{
	return lp->of_cable[c] == SIZE_MAX ? 0 :
	       lp->targets[lp->of_cable[c]].lid;
}

/* Whether cable C's target crosses it WAY (RR_WAY). */
static bool crosses(const struct rr_lid_paths *lp, size_t c, size_t way)
{
	const struct rr_lid_target *t;
	size_t k;

	if (lp->of_cable[c] == SIZE_MAX)
		return false;
	t = &lp->targets[lp->of_cable[c]];
	for (k = 0; k < t->len; k++)
		if (lp->ways[t->first + k] == way)
			return true;
	return false;
}

static void set_up(struct rr_graph *g, bool minhop, struct rr_probe_cable **c,
		   size_t *n)
{
	build(g, minhop);
	g->have_local = true;
	g->local = H0;
	g->local_port = 1;
	rr_cable_tree(g, H0, 1, c, n);
}

static void minhop(void)
{
	struct rr_probe_cable *c;
	struct rr_lid_paths lp;
	struct rr_graph g;
	size_t n, own, s01, s12;

	set_up(&g, true, &c, &n);
	ok(rr_lid_paths(&g, c, n, &lp), "minhop: chosen");
	is_int(lp.num_cables, n, "minhop: a choice per cable");
	own = find(c, n, &g, H0, 1, S0, 1);
	is_int(lid_of(&lp, own), 1,
	       "minhop: H0's own cable by S0's LID (both ways, its far node)");
	ok(crosses(&lp, own, RR_WAY(own, false)) &&
	   crosses(&lp, own, RR_WAY(own, true)), "minhop: ... both ways");
	is_int(lp.targets[lp.of_cable[own]].port, 0,
	       "minhop: a switch's PMA asked for port 0");
	s01 = find(c, n, &g, S0, 2, S1, 3);
	is_int(lid_of(&lp, s01), 11,
	       "minhop: S0-S1 by H1, whose answer comes back across it");
	s12 = find(c, n, &g, S1, 2, S2, 3);
	is_int(lid_of(&lp, s12), 12,
	       "minhop: S1-S2 by H2, the only round trip across it");
	ok(crosses(&lp, s12, RR_WAY(s12, false)) &&
	   !crosses(&lp, s12, RR_WAY(s12, true)),
	   "minhop: ... out only: H2 answers round the other side");
	ok(crosses(&lp, s12, RR_WAY(find(c, n, &g, S3, 2, S0, 3), false)) ||
	   crosses(&lp, s12, RR_WAY(find(c, n, &g, S3, 2, S0, 3), true)),
	   "minhop: ... and its answer crosses S3-S0");
	is_int(lp.targets[lp.of_cable[s12]].port, 1,
	       "minhop: a CA's PMA asked for its port");
	rr_lid_paths_free(&lp);
	free(c);
	rr_graph_free(&g);
}

static void updown(void)
{
	struct rr_probe_cable *c;
	struct rr_lid_paths lp;
	struct rr_graph g;
	size_t n, s30, s12;

	set_up(&g, false, &c, &n);
	ok(rr_lid_paths(&g, c, n, &lp), "up/down: chosen");
	s30 = find(c, n, &g, S3, 2, S0, 3);
	ok(s30 < n && lp.of_cable[s30] == SIZE_MAX,
	   "up/down: S3-S0, which no route takes, has no LID");
	s12 = find(c, n, &g, S1, 2, S2, 3);
	ok(crosses(&lp, s12, RR_WAY(s12, false)) &&
	   crosses(&lp, s12, RR_WAY(s12, true)),
	   "up/down: S1-S2 crossed both ways by one LID");
	ok(lp.num_targets <= n, "up/down: no more LIDs than cables");
	rr_lid_paths_free(&lp);
	free(c);
	rr_graph_free(&g);
}

static void no_local_lid(void)
{
	struct rr_probe_cable *c;
	struct rr_lid_paths lp;
	struct rr_graph g;
	size_t n, i, none = 0;

	set_up(&g, true, &c, &n);
	rr_graph_port(&g, H0, 1)->lid = 0;
	ok(rr_lid_paths(&g, c, n, &lp), "no local LID: chosen");
	for (i = 0; i < n; i++)
		none += lp.of_cable[i] == SIZE_MAX;
	ok(none == n && lp.num_targets == 0,
	   "no local LID: no cable has one (nothing comes back)");
	rr_lid_paths_free(&lp);
	free(c);
	rr_graph_free(&g);
}

int main(void)
{
	minhop();
	updown();
	no_local_lid();
	return tap_done();
}
