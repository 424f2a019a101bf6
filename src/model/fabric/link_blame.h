/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Which cable is bad: the blame of a fabric's links from probes sent
 * through each of them and the error counters of their two ends.  Pure:
 * the prober (issue 55's --probe-links, to come) hands in what it saw.
 *
 * Each cable is probed by directed route to the node beyond it, through
 * the tree the discovery walked: the probes of a cable also cross the
 * cables of its parent's path, so a cable's own loss is its probes' loss
 * beyond its parent's (the parent answering S_parent of its probes, the
 * cable S_link of its own: the cable alone passes S_link / S_parent).  A
 * lossy cable's children are then cleared, not blamed with it.
 */
#ifndef RR_LINK_BLAME_H
#define RR_LINK_BLAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A cable reached from the local port itself: no parent. */
#define RR_NO_PARENT SIZE_MAX

/* What was seen of one cable, A port p to B port q. */
struct rr_link_evidence {
	size_t near_port;	/* A[p], the end the probes reach first */
	size_t far_port;	/* B[q] */
	size_t parent;		/* the cable A was reached by, or RR_NO_PARENT */
	unsigned int sent;	/* probes to B through this cable */
	unsigned int answered;
	/*
	 * The rise of each end's error counters while probing (receive
	 * errors, symbol errors, link error recovery, link downed,
	 * discards); *_read false when that end's counters did not come
	 * back: unknown, never 0.
	 */
	uint64_t near_errors, far_errors;
	bool near_read, far_read;
	/*
	 * The routes the walk saw die at the near port, its link down (a
	 * cable cut: no probe crosses it, the tables still send routes to
	 * it).
	 */
	uint64_t routes_dead;
	/* The LIDs the forwarding tables still send to the near port. */
	uint32_t lids_routed;
	/* The answered probes' round trips, added up, and the longest. */
	double rtt_sum_ms, rtt_max_ms;
};

/* Which end of a suspect cable the evidence points at. */
enum rr_blame_end {
	RR_BLAME_EITHER,	/* the evidence cannot split the two ends */
	RR_BLAME_NEAR,
	RR_BLAME_FAR,
};

/* What made a cable a suspect. */
enum rr_blame_why {
	RR_BLAME_LOSS,		/* its own probes lost, beyond its parent's */
	RR_BLAME_COUNTERS,	/* an end's error counters rose, nothing lost */
	RR_BLAME_LOSS_COUNTERS,	/* both */
	RR_BLAME_DOWN,		/* its link is down and routes die there */
};

struct rr_suspect {
	size_t link;		/* the evidence's index */
	enum rr_blame_end end;
	enum rr_blame_why why;
	double loss;		/* the cable's own loss, 0 to 1 */
	double loss_low;	/* its lower bound (about 99.9 % sure) */
	uint64_t errors;	/* the rise at the blamed end (both: EITHER) */
	/*
	 * The next suspect cannot be told from this one: it is only
	 * reached through it and lost no more than this one explains.
	 */
	bool tied_with_next;
};

/* Each cable's verdict, beside the suspects. */
enum rr_link_verdict {
	RR_LINK_CLEARED,	/* probes passed as its parent's did, ends quiet */
	RR_LINK_SUSPECT,
	RR_LINK_HIDDEN,		/* nothing came back from its parent: unknown */
	RR_LINK_UNPROBED,	/* no probe sent */
};

/*
 * Judges the N cables of EV: each one's verdict into VERDICT (N of them)
 * and the suspects into *OUT (malloc'ed, *NUM of them, the one to check
 * first first; NULL and 0 when none).  Returns false on ENOMEM.
 */
bool rr_links_blame(const struct rr_link_evidence *ev, size_t n,
		    enum rr_link_verdict *verdict, struct rr_suspect **out,
		    size_t *num);

/*
 * Puts the N cables of EV from FIRST on, each a port whose link is down
 * while the tables send LIDs there (lids_routed, routes_dead), before the
 * suspects *OUT (*NUM
 * of them; grown): a cut is checked before a loss.  What the fabric shows
 * of them cannot rank them: each is tied with the next.  Returns false
 * on ENOMEM, leaving *OUT as it was.
 */
bool rr_links_blame_down(size_t first, size_t n, struct rr_suspect **out,
			 size_t *num);

/* Returns V's key: "cleared", "suspect", "hidden", "unprobed". */
const char *rr_link_verdict_key(enum rr_link_verdict v);

/*
 * Returns the keys: "either", "near", "far"; "loss", "counters",
 * "loss_and_counters", "down".
 */
const char *rr_blame_end_key(enum rr_blame_end end);
const char *rr_blame_why_key(enum rr_blame_why why);

#endif
