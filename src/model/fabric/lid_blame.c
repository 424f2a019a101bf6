// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/fabric/lid_blame.h"

/* A round trip's loss, how sure (z against the background), its bound. */
static double loss_of(const struct rr_lid_evidence *le, double *z, double *low)
{
	double p = le->sent ? (double)(le->sent - le->answered) / le->sent : 0;
	double sd;

	if (!le->sent) {
		*z = *low = 0;
		return 0;
	}
	sd = sqrt((p * (1 - p) + RR_BLAME_BACKGROUND *
		   (1 - RR_BLAME_BACKGROUND)) / le->sent);
	*z = (p - RR_BLAME_BACKGROUND) / sd;
	*low = p - RR_BLAME_Z * sd;
	if (*low < 0)
		*low = 0;
	return p;
}

bool rr_lid_lossy(const struct rr_lid_evidence *le)
{
	double z, low;

	loss_of(le, &z, &low);
	return le->sent && le->sent - le->answered >= RR_BLAME_MIN_LOST &&
	       z >= RR_BLAME_Z;
}

struct blamer {
	const struct rr_lid_paths *lp;
	const struct rr_lid_evidence *lev;
	const struct rr_link_evidence *ev;
	enum rr_link_verdict *verdict;
	bool *cleared;		/* per way: a round trip crossed it whole */
	unsigned int *bits;	/* per cable: the ways the trip left it */
	struct rr_suspect *add;	/* the suspects of this lane */
	size_t num_add;
};

/* The ways of the round trips that lost nothing. */
static void clear_ways(struct blamer *b)
{
	const struct rr_lid_paths *lp = b->lp;
	size_t t, k;

	for (t = 0; t < lp->num_targets; t++) {
		if (!b->lev[t].sent || b->lev[t].answered != b->lev[t].sent)
			continue;
		for (k = 0; k < lp->targets[t].len; k++)
			b->cleared[lp->ways[lp->targets[t].first + k]] = true;
	}
}

/* Whether cable A's directed-route probes lost more than B's (a tie: by index). */
static bool lost_more(const struct rr_link_evidence *ev, size_t a, size_t b)
{
	double sa = ev[a].sent ? (double)ev[a].answered / ev[a].sent : 1;
	double sb = ev[b].sent ? (double)ev[b].answered / ev[b].sent : 1;

	if (sa != sb)
		return sa < sb;
	return a < b;
}

/*
 * A group, the cable whose directed-route probes lost most first: when
 * the evidence cannot split them, the likelier first (a few, by hand).
 */
static void order_group(struct blamer *b, size_t first)
{
	struct rr_suspect x;
	size_t i, j;

	for (i = first + 1; i < b->num_add; i++) {
		x = b->add[i];
		for (j = i; j > first &&
		     lost_more(b->ev, x.link, b->add[j - 1].link); j--)
			b->add[j] = b->add[j - 1];
		b->add[j] = x;
	}
}

/*
 * Target T's lossy round trip: its ways nothing cleared, unless a
 * suspect among them explains the loss; each cable left a suspect, tied
 * with the next of the group.
 */
static void blame_trip(struct blamer *b, size_t t)
{
	const struct rr_lid_target *x = &b->lp->targets[t];
	size_t k, c, first = b->num_add, w;
	double z, low, loss = loss_of(&b->lev[t], &z, &low);
	struct rr_suspect *s;

	for (k = 0; k < x->len; k++) {
		w = b->lp->ways[x->first + k];
		c = RR_WAY_CABLE(w);
		if (b->cleared[w])
			continue;
		if (b->verdict[c] == RR_LINK_SUSPECT)
			goto explained;
		b->bits[c] |= RR_WAY_BACK(w) ? RR_WAY_BACK_BIT : RR_WAY_OUT;
	}
	for (k = 0; k < x->len; k++) {
		c = RR_WAY_CABLE(b->lp->ways[x->first + k]);
		if (!b->bits[c])
			continue;
		s = &b->add[b->num_add++];
		*s = (struct rr_suspect){
			.link = c, .why = RR_BLAME_LID_LOSS, .loss = loss,
			.loss_low = low, .by_lid = t, .ways = b->bits[c],
		};
		s->end = rr_blame_counters_end(&b->ev[c], &s->errors);
		b->bits[c] = 0;
	}
	order_group(b, first);
	for (k = first; k < b->num_add; k++) {
		b->verdict[b->add[k].link] = RR_LINK_SUSPECT;
		b->add[k].tied_with_next = k + 1 < b->num_add;
	}
	return;
explained:
	for (k = 0; k < x->len; k++)
		b->bits[RR_WAY_CABLE(b->lp->ways[x->first + k])] = 0;
}

/* *OUT with the lane's suspects after those by loss. */
static bool merge(struct blamer *b, struct rr_suspect **out, size_t *num)
{
	struct rr_suspect *s;
	size_t split = 0;

	if (!b->num_add)
		return true;
	s = malloc((*num + b->num_add) * sizeof(*s));
	if (!s)
		return false;
	while (split < *num && (*out)[split].why != RR_BLAME_COUNTERS)
		split++;
	if (split)
		memcpy(s, *out, split * sizeof(*s));
	memcpy(s + split, b->add, b->num_add * sizeof(*s));
	if (*num > split)
		memcpy(s + split + b->num_add, *out + split,
		       (*num - split) * sizeof(*s));
	free(*out);
	*out = s;
	*num += b->num_add;
	return true;
}

bool rr_links_blame_lid(const struct rr_lid_paths *lp,
			const struct rr_lid_evidence *lev,
			const struct rr_link_evidence *ev,
			enum rr_link_verdict *verdict,
			struct rr_suspect **out, size_t *num)
{
	size_t n = lp->num_cables, t;
	struct blamer b = {
		.lp = lp, .lev = lev, .ev = ev, .verdict = verdict,
		.cleared = calloc(2 * n + 1, sizeof(*b.cleared)),
		.bits = calloc(n + 1, sizeof(*b.bits)),
		.add = calloc(n + 1, sizeof(*b.add)),
	};
	bool ok = false;

	if (!b.cleared || !b.bits || !b.add)
		goto out;
	clear_ways(&b);
	for (t = 0; t < lp->num_targets; t++)
		if (rr_lid_lossy(&lev[t]))
			blame_trip(&b, t);
	ok = merge(&b, out, num);
out:
	free(b.cleared);
	free(b.bits);
	free(b.add);
	return ok;
}
