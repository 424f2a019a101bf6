// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/fabric/link_blame.h"

/* A cable's own loss and its bounds, beyond its parent's. */
struct own_loss {
	double loss, low, high;
	double z;		/* how many standard errors below the parent */
	double lost_beyond;	/* probes lost beyond the parent's rate */
};

/* X held to 0..1 (by hand: the binary links no libm, libraries.bats). */
static double unit(double x)
{
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

static double survival(const struct rr_link_evidence *e)
{
	return e->sent ? (double)e->answered / e->sent : 1.0;
}

static struct own_loss own_loss(const struct rr_link_evidence *ev, size_t n,
			       size_t i)
{
	const struct rr_link_evidence *e = &ev[i];
	double s_parent = 1.0, var_parent = 0, s = survival(e), var, diff, sd;
	struct own_loss o;

	if (e->parent < n && ev[e->parent].sent) {
		const struct rr_link_evidence *p = &ev[e->parent];

		s_parent = survival(p);
		var_parent = s_parent * (1 - s_parent) / p->sent;
	}
	var = var_parent + s * (1 - s) / e->sent +
	      RR_BLAME_BACKGROUND * (1 - RR_BLAME_BACKGROUND) / e->sent;
	sd = sqrt(var);
	diff = s_parent - s;
	o.z = diff / sd;
	o.lost_beyond = e->sent * s_parent - e->answered;
	o.loss = unit(diff / s_parent);
	o.low = unit((diff - RR_BLAME_Z * sd) / s_parent);
	o.high = unit((diff + RR_BLAME_Z * sd) / s_parent);
	return o;
}

enum rr_blame_end rr_blame_counters_end(const struct rr_link_evidence *e,
					uint64_t *errors)
{
	bool near = e->near_read && e->near_errors;
	bool far = e->far_read && e->far_errors;

	*errors = (near ? e->near_errors : 0) + (far ? e->far_errors : 0);
	if (near == far)
		return RR_BLAME_EITHER;
	return near ? RR_BLAME_NEAR : RR_BLAME_FAR;
}

/* Whether cable B of the N is only reached through cable A. */
static bool behind(const struct rr_link_evidence *ev, size_t n, size_t b,
		   size_t a)
{
	size_t hops;

	/* A parent chain is a path: a longer one is a loop, never A's. */
	for (hops = 0; hops < n && ev[b].parent < n; hops++) {
		b = ev[b].parent;
		if (b == a)
			return true;
	}
	return false;
}

static int by_blame(const void *x, const void *y)
{
	const struct rr_suspect *a = x, *b = y;
	bool la = a->why != RR_BLAME_COUNTERS, lb = b->why != RR_BLAME_COUNTERS;

	if (la != lb)
		return la ? -1 : 1;
	if (a->loss_low != b->loss_low)
		return a->loss_low > b->loss_low ? -1 : 1;
	if (a->loss != b->loss)
		return a->loss > b->loss ? -1 : 1;
	if (a->errors != b->errors)
		return a->errors > b->errors ? -1 : 1;
	return a->link < b->link ? -1 : a->link > b->link;
}

/* Cable I's verdict, and its suspect in *S when it is one. */
static enum rr_link_verdict judge(const struct rr_link_evidence *ev, size_t n,
				  size_t i, struct rr_suspect *s)
{
	const struct rr_link_evidence *e = &ev[i];
	enum rr_blame_end by_counters = rr_blame_counters_end(e, &s->errors);
	bool lossy = false, hidden = !e->sent;
	struct own_loss o = { 0 };

	s->link = i;
	s->tied_with_next = false;
	s->by_lid = SIZE_MAX;
	s->ways = RR_WAY_OUT | RR_WAY_BACK_BIT;
	if (e->sent && e->parent < n && ev[e->parent].sent &&
	    !ev[e->parent].answered)
		hidden = true;
	if (!hidden) {
		o = own_loss(ev, n, i);
		lossy = o.z >= RR_BLAME_Z && o.lost_beyond >= RR_BLAME_MIN_LOST;
	}
	s->loss = o.loss;
	s->loss_low = o.low;
	if (!lossy && !s->errors)
		return !e->sent ? RR_LINK_UNPROBED :
		       hidden ? RR_LINK_HIDDEN : RR_LINK_CLEARED;
	s->why = !lossy ? RR_BLAME_COUNTERS :
		 s->errors ? RR_BLAME_LOSS_COUNTERS : RR_BLAME_LOSS;
	s->end = by_counters;
	if (!lossy)
		s->loss = s->loss_low = 0;
	return RR_LINK_SUSPECT;
}

/* Whether the evidence cannot tell suspect B (after A) from A. */
static bool tied(const struct rr_link_evidence *ev, size_t n,
		 const struct rr_suspect *a, const struct rr_suspect *b)
{
	struct own_loss oa, ob;

	if (a->why == RR_BLAME_COUNTERS || b->why == RR_BLAME_COUNTERS ||
	    !behind(ev, n, b->link, a->link))
		return false;
	oa = own_loss(ev, n, a->link);
	ob = own_loss(ev, n, b->link);
	return ob.high >= oa.low && oa.high >= ob.low;
}

bool rr_links_blame(const struct rr_link_evidence *ev, size_t n,
		    enum rr_link_verdict *verdict, struct rr_suspect **out,
		    size_t *num)
{
	struct rr_suspect *s = NULL, one;
	size_t i, k = 0;

	*out = NULL;
	*num = 0;
	for (i = 0; i < n; i++) {
		verdict[i] = judge(ev, n, i, &one);
		if (verdict[i] != RR_LINK_SUSPECT)
			continue;
		if (!s) {
			s = calloc(n, sizeof(*s));
			if (!s)
				return false;
		}
		s[k++] = one;
	}
	if (!k)
		return true;
	qsort(s, k, sizeof(*s), by_blame);
	for (i = 0; i + 1 < k; i++)
		s[i].tied_with_next = tied(ev, n, &s[i], &s[i + 1]);
	*out = s;
	*num = k;
	return true;
}

bool rr_links_blame_down(size_t first, size_t n, struct rr_suspect **out,
			 size_t *num)
{
	struct rr_suspect *s;
	size_t i;

	if (!n)
		return true;
	s = malloc((*num + n) * sizeof(*s));
	if (!s)
		return false;
	for (i = 0; i < n; i++)
		s[i] = (struct rr_suspect){
			.link = first + i, .end = RR_BLAME_NEAR,
			.why = RR_BLAME_DOWN, .loss = 1, .loss_low = 1,
			.tied_with_next = i + 1 < n, .by_lid = SIZE_MAX,
		};
	if (*num)
		memcpy(s + n, *out, *num * sizeof(*s));
	free(*out);
	*out = s;
	*num += n;
	return true;
}

const char *rr_link_verdict_key(enum rr_link_verdict v)
{
	switch (v) {
	case RR_LINK_CLEARED:
		return "cleared";
	case RR_LINK_SUSPECT:
		return "suspect";
	case RR_LINK_HIDDEN:
		return "hidden";
	default:
		return "unprobed";
	}
}

const char *rr_blame_end_key(enum rr_blame_end end)
{
	switch (end) {
	case RR_BLAME_NEAR:
		return "near";
	case RR_BLAME_FAR:
		return "far";
	default:
		return "either";
	}
}

const char *rr_blame_why_key(enum rr_blame_why why)
{
	switch (why) {
	case RR_BLAME_COUNTERS:
		return "counters";
	case RR_BLAME_LOSS_COUNTERS:
		return "loss_and_counters";
	case RR_BLAME_DOWN:
		return "down";
	case RR_BLAME_LID_LOSS:
		return "lid_loss";
	default:
		return "loss";
	}
}

static const char *const counter_keys[RR_LINK_COUNTERS] = {
	[RR_LC_SYMBOL_ERRORS] = "symbol_errors",
	[RR_LC_LINK_ERROR_RECOVERY] = "link_error_recovery",
	[RR_LC_LINK_DOWNED] = "link_downed",
	[RR_LC_RCV_ERRORS] = "rcv_errors",
	[RR_LC_RCV_REMOTE_PHYSICAL_ERRORS] = "rcv_remote_physical_errors",
	[RR_LC_XMIT_DISCARDS] = "xmit_discards",
	[RR_LC_LOCAL_LINK_INTEGRITY_ERRORS] = "local_link_integrity_errors",
	[RR_LC_EXCESSIVE_BUFFER_OVERRUN_ERRORS] = "excessive_buffer_overrun_errors",
	[RR_LC_XMIT_WAIT] = "xmit_wait",
};

const char *rr_link_counter_key(enum rr_link_counter k)
{
	return (unsigned int)k < RR_LINK_COUNTERS ? counter_keys[k] : NULL;
}

bool rr_link_counter_is_error(enum rr_link_counter k)
{
	return (unsigned int)k < RR_LINK_COUNTERS && k != RR_LC_XMIT_WAIT;
}
