/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a summary says of many results, counted as they go by: a run keeps
 * this, not its results, once they are printed.  Fixed size.
 */
#ifndef RR_TALLY_H
#define RR_TALLY_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "model/result.h"

struct rr_tally {
	size_t probes;
	size_t resolved;
	size_t failed;
	size_t expect_failed;		/* results with an --expect that failed */
	size_t by_cause[RR_CAUSE_COUNT];
	bool host_level;		/* a failure that says the host has no RDMA */
	/* From the first start to the last end of any result. */
	struct timespec first_start, last_end;
	bool have_span;
};

/* Counts R, a finished result. */
void rr_tally_add(struct rr_tally *t, const struct rr_result *r);
/* Milliseconds from the first start to the last end; 0 with none. */
double rr_tally_elapsed_ms(const struct rr_tally *t);

#endif
