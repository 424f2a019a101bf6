/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One destination's repeated probes (--count), counted as each is
 * printed and let go: what its statistics say, in memory that does not
 * grow with the number of probes.
 */
#ifndef RR_DEST_STATS_H
#define RR_DEST_STATS_H

#include <stdbool.h>

#include "base/stats.h"
#include "model/probe/result.h"
#include "model/probe/tally.h"

struct rr_dest_stats {
	struct rr_tally tally;		/* probes, resolved, failed by cause */
	/* Each step's times over the probes that resolved. */
	struct rr_running steps[RR_STEP_COUNT];
	struct timespec first_start[RR_STEP_COUNT], last_end[RR_STEP_COUNT];
	/* The last probe, kept whole where a renderer shows it (Prometheus). */
	struct rr_result last;
	bool have_last;
	bool printed;			/* its statistics were printed */
};

/*
 * Counts R, a finished probe.  Returns false when memory ran out; R is
 * then not counted.
 */
bool rr_dest_stats_add(struct rr_dest_stats *d, const struct rr_result *r);
/*
 * Keeps R as the last probe, taking over what it holds, and releases the
 * probe kept before.
 */
void rr_dest_stats_keep(struct rr_dest_stats *d, struct rr_result *r);
/*
 * Computes into OUT STEP's statistics over the resolved probes, with its
 * span from the first start to the last end.  Returns false when no
 * resolved probe had the step.
 */
bool rr_dest_stats_step(const struct rr_dest_stats *d, enum rr_step step,
			struct rr_stats *out);
void rr_dest_stats_release(struct rr_dest_stats *d);

#endif
