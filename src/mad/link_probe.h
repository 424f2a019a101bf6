/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --probe-links: each cable of the fabric probed from the local port.
 * For each cable (model/fabric/cable_tree.h), PROBES NodeInfo SMPs by
 * directed route through it to the node beyond (VL15, the management
 * lane), and PROBES PMA queries to the LID whose round trip crosses it
 * (model/fabric/lid_paths.h: a data VL, where the tables send it), sent
 * round by round (every cable's first probe, every LID's first, then
 * the second...) so that a fault that comes and goes meets them alike,
 * as many in flight as the window; and the PMA PortCounters of both its
 * ends read before and after.  What came back goes to the blame
 * (model/fabric/link_blame.h, lid_blame.h).
 */
#ifndef RR_LINK_PROBE_H
#define RR_LINK_PROBE_H

#include <stdbool.h>
#include <stddef.h>

#include "mad/fabric_tables.h"
#include "model/fabric/cable_tree.h"
#include "model/fabric/lid_blame.h"
#include "model/fabric/link_blame.h"

/*
 * MADs in flight at most, whatever --parallel says: the SMAs of a fabric
 * are slow processors (and ibsim hangs at 512).
 */
#define RR_LINK_PROBE_WINDOW 64
/*
 * The discovery's tries of an SMP beyond the first when links are
 * probed: a cable losing half of what crosses it still lets the nodes
 * behind it be found (and probed), 1 in 30 of them lost at most.
 */
#define RR_PROBE_DISCOVERY_RETRIES 4
/* The tries of each end's counters, before and after. */
#define RR_LINK_PROBE_COUNTER_TRIES 4

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
 * answered, the counters' rises) and LEV (one per LID target).  Every MAD waits at most P's timeout_ms, and no more MADs are
 * sent once DEADLINE (rr_now()'s clock) is past: the cables not reached
 * then have fewer probes sent.  WATCH (NULL: none) is told how far it
 * is.  Returns false, with the reason in WHY,
 * when the local port cannot be opened; sets *NO_LIBRARY when libibumad
 * or libibmad is missing.
 */
bool rr_links_probe(const struct rr_fabric_tables_params *p,
		    const struct rr_graph *g,
		    const struct rr_probe_cable *cables, size_t n,
		    const struct rr_lid_paths *lp, unsigned int probes,
		    const struct timespec *deadline,
		    const struct rr_link_probe_watch *watch,
		    struct rr_link_evidence *ev, struct rr_lid_evidence *lev,
		    bool *no_library, char *why, size_t why_len);

#endif
