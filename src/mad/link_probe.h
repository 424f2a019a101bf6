/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --probe-links: each cable of the fabric probed from the local port.
 * For each cable (model/fabric/cable_tree.h), PROBES NodeInfo SMPs by
 * directed route through it to the node beyond (VL15, the management
 * lane), and PROBES PMA queries to the LID whose round trip crosses it
 * (model/fabric/lid_paths.h: a data VL, where the tables send it), sent
 * round by round (every cable's first probe, every LID's first, then
 * the second...) so that a fault that comes and goes meets them alike,
 * as many in flight as the window (RR_FABRIC_MAX_WINDOW at most); and
 * the PMA PortCounters of both its ends read before and after.  Each of
 * the three is a phase of the run's bound (mad_bound.h); after a stop no
 * MAD more is sent.  What came back goes to the blame
 * (model/fabric/link_blame.h, lid_blame.h).
 */
#ifndef RR_LINK_PROBE_H
#define RR_LINK_PROBE_H

#include <stdbool.h>
#include <stddef.h>

#include "mad/fabric_tables.h"
#include "mad/mad_bound.h"
#include "model/fabric/cable_tree.h"
#include "model/fabric/lid_blame.h"
#include "model/fabric/link_blame.h"

/*
 * The discovery's tries of an SMP beyond the first when links are
 * probed: a cable losing half of what crosses it still lets the nodes
 * behind it be found (and probed), 1 in 30 of them lost at most.
 */
#define RR_PROBE_DISCOVERY_RETRIES 4
/* The tries of each end's counters, before and after. */
#define RR_LINK_PROBE_COUNTER_TRIES 4

/* The phases of the probing, in their order. */
enum rr_link_probe_phase {
	RR_LP_BEFORE,		/* the ends' counters before */
	RR_LP_PROBES,		/* the probes, round by round */
	RR_LP_AFTER,		/* the ends' counters after */
	RR_LP_PHASES
};

/* How far the probing went. */
struct rr_link_probe_done {
	unsigned int rounds;	/* whole rounds of probes sent */
	/*
	 * Each phase's bound as the phase ended (its cut, what it planned:
	 * ends or rounds, what it did: ends read, rounds sent), where RAN.
	 */
	struct rr_mad_bound phase[RR_LP_PHASES];
	bool ran[RR_LP_PHASES];
};

/*
 * Told how far the probing is after each window of probes: SENT probes
 * of TOTAL, LOST of them (for a progress line).
 */
struct rr_link_probe_watch {
	void (*seen)(void *ctx, unsigned long long sent,
		     unsigned long long lost, unsigned long long total);
	void *ctx;
};

/*
 * Probes the N CABLES of G and the LIDs of LP, PROBES times each, and
 * fills EV (N of them: the ends, the parents, what was sent and
 * answered, the counters' rises) and LEV (one per LID target).  Every
 * MAD waits at most P's timeout_ms; no more MADs of a phase are sent once
 * P's bound (NULL: none) says it is over: the cables not reached then
 * have fewer probes sent, the ends not read no rise.  After a stop, the
 * phases left do not run.  DONE gets how far each phase went.  WATCH
 * (NULL: none) is told how far it is.  Returns false, with the reason in WHY,
 * when the local port cannot be opened; sets *NO_LIBRARY when libibumad
 * or libibmad is missing.
 */
bool rr_links_probe(const struct rr_fabric_tables_params *p,
		    const struct rr_graph *g,
		    const struct rr_probe_cable *cables, size_t n,
		    const struct rr_lid_paths *lp, unsigned int probes,
		    const struct rr_link_probe_watch *watch,
		    struct rr_link_evidence *ev, struct rr_lid_evidence *lev,
		    struct rr_link_probe_done *done, bool *no_library,
		    char *why, size_t why_len);

#endif
