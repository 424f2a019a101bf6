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

#include "model/probe/result.h"

/* How many destinations a summary names: the first ones that failed. */
#define RR_FAILED_NAMED 5
#define RR_FAILED_NAME_MAX 128

/*
 * Which destinations failed, for a summary to say: the first few names,
 * shown escaped, and how many in all.  Fixed size.
 */
struct rr_failed_names {
	size_t count;
	char name[RR_FAILED_NAMED][RR_FAILED_NAME_MAX];
};

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
	/* A --connect run: a success is a connection, and is called one. */
	bool connect;
	/* The run's own tally: its failed destinations, else NULL. */
	const struct rr_failed_names *failed_names;
};

/* Counts R, a finished result. */
void rr_tally_add(struct rr_tally *t, const struct rr_result *r);
/* Returns what a success is called: "connected" or "resolved". */
const char *rr_tally_ok_word(const struct rr_tally *t);
/*
 * Returns the milliseconds from the first start to the last end; 0 when
 * no result had a span.
 */
double rr_tally_elapsed_ms(const struct rr_tally *t);

/*
 * Counts R's destination ("10.0.0.1", or "Hca1 -> Hca2" for a pair)
 * among the failed, and keeps its name if it is one of the first.  Call
 * it once per destination: the caller counts a destination probed again
 * only once.
 */
void rr_failed_names_add(struct rr_failed_names *f, const struct rr_result *r);
/*
 * Writes the failed names into BUF as "a, b, c, d, e and 3 more", cut
 * with "..." when BUF is too small, or an empty string when none failed.
 * Returns BUF.
 */
const char *rr_failed_names_text(const struct rr_failed_names *f, char *buf,
				 size_t len);

#endif
