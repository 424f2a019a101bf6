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

/*
 * How sure a loss must be: z of a one-sided test at about 1 in 1000, and
 * at least this many probes lost beyond what explains them.  A
 * background loss of 1 in 1000 keeps one lost MAD of a clean path from
 * being a certainty.
 */
#define RR_BLAME_Z 3.1
#define RR_BLAME_MIN_LOST 2.0
#define RR_BLAME_BACKGROUND 0.001

/*
 * The PortCounters read at both ends of a cable, before and after the
 * probing: all but XmitWait count errors (their rises, added up, blame an
 * end); XmitWait counts ticks a port had data and no credit to send it,
 * congestion beside the loss, never a fault of the cable by itself.
 */
enum rr_link_counter {
	RR_LC_SYMBOL_ERRORS,
	RR_LC_LINK_ERROR_RECOVERY,
	RR_LC_LINK_DOWNED,
	RR_LC_RCV_ERRORS,
	RR_LC_RCV_REMOTE_PHYSICAL_ERRORS,
	RR_LC_XMIT_DISCARDS,
	RR_LC_LOCAL_LINK_INTEGRITY_ERRORS,
	RR_LC_EXCESSIVE_BUFFER_OVERRUN_ERRORS,
	RR_LC_XMIT_WAIT,
	RR_LINK_COUNTERS
};

/* Returns counter K's key ("symbol_errors"...), NULL beyond the last. */
const char *rr_link_counter_key(enum rr_link_counter k);
/* Returns whether counter K counts errors (all but XmitWait). */
bool rr_link_counter_is_error(enum rr_link_counter k);

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
	/* Each counter's rise (rr_link_counter), when that end was read. */
	uint64_t near_rise[RR_LINK_COUNTERS], far_rise[RR_LINK_COUNTERS];
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
	/*
	 * LID-routed probes (a data VL) lost on a round trip where nothing
	 * else is left to blame (lid_blame.h); its directed-route probes
	 * (VL15) passed.
	 */
	RR_BLAME_LID_LOSS,
};

/* The ways of a cable a suspect's evidence crossed (bits). */
#define RR_WAY_OUT 1		/* near end to far end */
#define RR_WAY_BACK_BIT 2	/* far end to near end */

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
	/*
	 * RR_BLAME_LID_LOSS: the LID target (lid_paths.h) whose lost
	 * round trips blamed it, and the ways (RR_WAY_OUT...) they crossed
	 * it; SIZE_MAX and 0 otherwise.
	 */
	size_t by_lid;
	unsigned int ways;
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
 * while the tables send LIDs there (lids_routed), before the
 * suspects *OUT (*NUM
 * of them; grown): a cut is checked before a loss.  What the fabric shows
 * of them cannot rank them: each is tied with the next.  Returns false
 * on ENOMEM, leaving *OUT as it was.
 */
bool rr_links_blame_down(size_t first, size_t n, struct rr_suspect **out,
			 size_t *num);

/*
 * Returns the end E's counters point at: the one whose errors rose, or
 * EITHER when both or none did; their rise into *ERRORS.
 */
enum rr_blame_end rr_blame_counters_end(const struct rr_link_evidence *e,
					uint64_t *errors);

/* Returns V's key: "cleared", "suspect", "hidden", "unprobed". */
const char *rr_link_verdict_key(enum rr_link_verdict v);

/*
 * Returns the keys: "either", "near", "far"; "loss", "counters",
 * "loss_and_counters", "down", "lid_loss".
 */
const char *rr_blame_end_key(enum rr_blame_end end);
const char *rr_blame_why_key(enum rr_blame_why why);

#endif
