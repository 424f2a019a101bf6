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
 * Begins the document: its context (the timeout and, with a COUNT other
 * than 1, the count and the interval) and its lists, declared so that
 * they are present even when empty.
 */
void rr_render_begin(struct printer *p, unsigned int timeout_ms,
		     unsigned int count, unsigned int interval_ms);
/* Renders one result R; with BRIEF, one line in text (a probe of --count). */
void rr_render_result(struct printer *p, const struct rr_result *r,
		      bool brief);
/* Renders the N failed assertions XS as "expect_failed"; nothing if none. */
void rr_render_expect_failed(struct printer *p,
			     const struct rr_expect_failure *xs, int n);
/*
 * Renders the statistics of one destination's probes, counted as they
 * were printed.  D->last is its last probe (at least its target).
 */
void rr_render_statistics(struct printer *p, const struct rr_dest_stats *d);
/*
 * Reports line LINE of FILE, which holds no valid WHAT ("destination",
 * "record"), with the reason WHY.  TEXT is the line's LEN bytes, which may
 * be any bytes.
 */
void rr_render_input_error(struct printer *p, const char *file,
			   unsigned long line, const char *what,
			   const char *text, size_t len, const char *why);
/* Renders the run's summary from T, the tally of every result printed. */
void rr_render_summary(struct printer *p, const struct rr_tally *t,
		       size_t destinations, size_t input_errors,
		       const char *host);

#endif
