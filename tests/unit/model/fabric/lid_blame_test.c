// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/fabric/lid_blame.c: round trips of LID-routed
 * probes over three cables, written by hand (which ways each crossed,
 * what came back), blamed beside the directed-route lane's suspects.
 */
#include <stdlib.h>
#include <string.h>

#include "model/fabric/lid_blame.h"
#include "../../tap.h"

#define CABLES 3

/* Two targets: T0 crossing WAYS0 (N0 of them), T1 crossing WAYS1. */
struct trips {
	struct rr_lid_target t[2];
	size_t ways[16];
	size_t of_cable[CABLES];
	struct rr_lid_paths lp;
};

static void trips(struct trips *x, const size_t *w0, size_t n0,
		  const size_t *w1, size_t n1)
{
	size_t c;

	memset(x, 0, sizeof(*x));
	memcpy(x->ways, w0, n0 * sizeof(*w0));
	memcpy(x->ways + n0, w1, n1 * sizeof(*w1));
	x->t[0] = (struct rr_lid_target){ .lid = 10, .first = 0, .len = n0 };
	x->t[1] = (struct rr_lid_target){ .lid = 11, .first = n0, .len = n1 };
	for (c = 0; c < CABLES; c++)
		x->of_cable[c] = SIZE_MAX;
	x->lp = (struct rr_lid_paths){
		.targets = x->t, .num_targets = 2, .ways = x->ways,
		.num_ways = n0 + n1, .of_cable = x->of_cable,
		.num_cables = CABLES,
	};
}

static void lossy(void)
{
	struct rr_lid_evidence e = { .sent = 200, .answered = 199 };

	ok(!rr_lid_lossy(&e), "lossy: 1 of 200 lost is not sure");
	e.answered = 170;
	ok(rr_lid_lossy(&e), "lossy: 30 of 200 is");
	e = (struct rr_lid_evidence){ .sent = 20, .answered = 18 };
	ok(!rr_lid_lossy(&e), "lossy: 2 of 20 is not");
	e.sent = 0;
	e.answered = 0;
	ok(!rr_lid_lossy(&e), "lossy: nothing sent is not");
}

static void alone(void)
{
	/* T0 crosses cables 0 and 1 both ways, whole; T1 0 and 2, lossy. */
	static const size_t w0[] = { RR_WAY(0, 0), RR_WAY(1, 0), RR_WAY(1, 1),
				     RR_WAY(0, 1) };
	static const size_t w1[] = { RR_WAY(0, 0), RR_WAY(2, 0), RR_WAY(2, 1),
				     RR_WAY(0, 1) };
	struct rr_lid_evidence lev[2] = { { .sent = 200, .answered = 200 }, { .sent = 200, .answered = 120 } };
	struct rr_link_evidence ev[CABLES] = { { .sent = 20, .answered = 20 } };
	enum rr_link_verdict v[CABLES] = { RR_LINK_CLEARED, RR_LINK_CLEARED,
					   RR_LINK_CLEARED };
	struct rr_suspect *s = NULL;
	size_t num = 0;
	struct trips x;

	trips(&x, w0, 4, w1, 4);
	ok(rr_links_blame_lid(&x.lp, lev, ev, v, &s, &num), "alone: blamed");
	is_int(num, 1, "alone: one suspect");
	ok(num == 1 && s[0].link == 2 && s[0].why == RR_BLAME_LID_LOSS,
	   "alone: cable 2, the only one T0 did not clear");
	ok(num == 1 && s[0].ways == (RR_WAY_OUT | RR_WAY_BACK_BIT) &&
	   s[0].by_lid == 1 && !s[0].tied_with_next,
	   "alone: both ways, by T1, tied with nothing");
	ok(num == 1 && s[0].loss > 0.39 && s[0].loss < 0.41 &&
	   s[0].loss_low > 0.25 && s[0].loss_low < s[0].loss,
	   "alone: its loss is T1's, 40 %%, its bound below");
	is_int(v[2], RR_LINK_SUSPECT, "alone: its verdict suspect");
	is_int(v[0], RR_LINK_CLEARED, "alone: cable 0 stays cleared");
	free(s);
}

static void tied(void)
{
	/* T0 crosses cable 1 back only; T1 cables 1 and 2 out, lossy. */
	static const size_t w0[] = { RR_WAY(0, 0), RR_WAY(1, 1), RR_WAY(0, 1) };
	static const size_t w1[] = { RR_WAY(0, 0), RR_WAY(1, 0), RR_WAY(2, 0),
				     RR_WAY(0, 1) };
	struct rr_lid_evidence lev[2] = { { .sent = 200, .answered = 200 }, { .sent = 200, .answered = 100 } };
	struct rr_link_evidence ev[CABLES] = {
		{ .sent = 20, .answered = 20 }, { .sent = 20, .answered = 20 },
		{ .sent = 20, .answered = 19 },
	};
	enum rr_link_verdict v[CABLES] = { RR_LINK_CLEARED, RR_LINK_CLEARED,
					   RR_LINK_CLEARED };
	struct rr_suspect *s = NULL;
	size_t num = 0;
	struct trips x;

	trips(&x, w0, 3, w1, 4);
	ok(rr_links_blame_lid(&x.lp, lev, ev, v, &s, &num), "tied: blamed");
	is_int(num, 2, "tied: cables 1 and 2 (1's way out not cleared)");
	ok(num == 2 && s[0].link == 2 && s[1].link == 1,
	   "tied: cable 2 first, its directed-route probes lost one");
	ok(num == 2 && s[0].tied_with_next && !s[1].tied_with_next,
	   "tied: the two tied, the group ends there");
	ok(num == 2 && s[1].ways == RR_WAY_OUT, "tied: cable 1 out only");
	free(s);
}

static void explained(void)
{
	static const size_t w0[] = { RR_WAY(0, 0), RR_WAY(0, 1) };
	static const size_t w1[] = { RR_WAY(0, 0), RR_WAY(1, 0), RR_WAY(2, 0),
				     RR_WAY(0, 1) };
	struct rr_lid_evidence lev[2] = { { .sent = 200, .answered = 200 }, { .sent = 200, .answered = 100 } };
	struct rr_link_evidence ev[CABLES] = { { 0 } };
	enum rr_link_verdict v[CABLES] = { RR_LINK_CLEARED, RR_LINK_SUSPECT,
					   RR_LINK_CLEARED };
	struct rr_suspect *s = calloc(2, sizeof(*s));
	size_t num = 2;
	struct trips x;

	/* The lane before: cable 1 by loss, cable 0 by its counters. */
	s[0] = (struct rr_suspect){ .link = 1, .why = RR_BLAME_LOSS };
	s[1] = (struct rr_suspect){ .link = 0, .why = RR_BLAME_COUNTERS };
	trips(&x, w0, 2, w1, 4);
	ok(rr_links_blame_lid(&x.lp, lev, ev, v, &s, &num) && num == 2,
	   "explained: cable 1, a suspect already, explains T1's loss");
	is_int(v[2], RR_LINK_CLEARED, "explained: cable 2 not blamed");

	/* Cable 1 not a suspect now: cable 2 and 1 put between the two. */
	v[1] = RR_LINK_CLEARED;
	s[0].why = RR_BLAME_LOSS;
	s[0].link = 0;
	ok(rr_links_blame_lid(&x.lp, lev, ev, v, &s, &num) && num == 4,
	   "explained: two more");
	ok(num == 4 && s[0].why == RR_BLAME_LOSS &&
	   s[1].why == RR_BLAME_LID_LOSS && s[2].why == RR_BLAME_LID_LOSS &&
	   s[3].why == RR_BLAME_COUNTERS,
	   "explained: after those by loss, before those by counters");
	free(s);
}

int main(void)
{
	lossy();
	alone();
	tied();
	explained();
	return tap_done();
}
