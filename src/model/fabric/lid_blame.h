/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The blame's second lane: what the LID-routed probes (lid_paths.h) lost.
 * A round trip that lost nothing clears each way of each cable it
 * crossed; one that surely lost some blames the ways it crossed that
 * nothing cleared.  When one of those cables is already a suspect of the
 * directed-route probes, it explains the loss; otherwise the cables left
 * are suspects of their own (RR_BLAME_LID_LOSS), tied when there are
 * several: the evidence cannot split them.  Pure.
 */
#ifndef RR_LID_BLAME_H
#define RR_LID_BLAME_H

#include <stdbool.h>
#include <stddef.h>

#include "model/fabric/lid_paths.h"
#include "model/fabric/link_blame.h"

/* What the LID-routed probes of one target saw. */
struct rr_lid_evidence {
	unsigned int sent, answered;
	double rtt_sum_ms, rtt_max_ms;
};

/* Returns whether LE lost surely more than the background. */
bool rr_lid_lossy(const struct rr_lid_evidence *le);

/*
 * Adds to the suspects *OUT (*NUM of them, the directed-route lane's,
 * from rr_links_blame(); grown) the cables the lossy round trips of LP's
 * targets (LEV, one each) leave to blame, after the suspects by loss and
 * before those by counters only; their VERDICT (one per cable of EV)
 * becomes suspect.  Returns false on ENOMEM, leaving *OUT as it was.
 */
bool rr_links_blame_lid(const struct rr_lid_paths *lp,
			const struct rr_lid_evidence *lev,
			const struct rr_link_evidence *ev,
			enum rr_link_verdict *verdict,
			struct rr_suspect **out, size_t *num);

#endif
