/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Describes results, field by field, to a printer: the only place that
 * knows the output's field names.  Calls no RDMA library.
 */
#ifndef RR_RENDER_H
#define RR_RENDER_H

#include "output/printer.h"
#include "model/probe/result.h"
#include "model/probe/tally.h"
#include "model/probe/dest_stats.h"

/*
 * The document's context (the timeout; with COUNT above 1, the count and
 * the interval), and its lists declared (present when empty).
 */
void rr_render_begin(struct printer *p, unsigned int timeout_ms,
		     unsigned int count, unsigned int interval_ms);
/* One result; BRIEF: one line in text (a probe of --count). */
void rr_render_result(struct printer *p, const struct rr_result *r,
		      bool brief);
/*
 * Statistics of one destination's probes, counted as they were printed;
 * D->last is its last probe (its target at least).
 */
/* N failed assertions, as "expect_failed" (nothing when none). */
void rr_render_expect_failed(struct printer *p,
			     const struct rr_expect_failure *xs, int n);
void rr_render_statistics(struct printer *p, const struct rr_dest_stats *d);
/*
 * A line of FILE that holds no WHAT ("destination", "record"): TEXT is
 * LEN bytes, any bytes.
 */
void rr_render_input_error(struct printer *p, const char *file,
			   unsigned long line, const char *what,
			   const char *text, size_t len, const char *why);
/* The run's summary, from the tally of every result printed. */
void rr_render_summary(struct printer *p, const struct rr_tally *t,
		       size_t destinations, size_t input_errors,
		       const char *host);

#endif
