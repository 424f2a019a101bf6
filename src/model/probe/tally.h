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

/* Destinations named in a summary: the first ones that failed. */
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
	/* A --connect run's: a success is a connection, said so. */
	bool connect;
	/* The run's own tally: its failed destinations, else NULL. */
	const struct rr_failed_names *failed_names;
};

/* Counts R, a finished result. */
void rr_tally_add(struct rr_tally *t, const struct rr_result *r);
/* What a success is called: "connected" or "resolved". */
const char *rr_tally_ok_word(const struct rr_tally *t);
/* Milliseconds from the first start to the last end; 0 with none. */
double rr_tally_elapsed_ms(const struct rr_tally *t);

/*
 * R's destination ("10.0.0.1", or "Hca1 -> Hca2" for a pair) counted
 * among the failed, and named if it is one of the first.  Once per
 * destination: the caller counts a destination probed again once.
 */
void rr_failed_names_add(struct rr_failed_names *f, const struct rr_result *r);
/*
 * "a, b, c, d, e and 3 more" into BUF (cut with "..." when too small);
 * an empty string when none failed.  Returns BUF.
 */
const char *rr_failed_names_text(const struct rr_failed_names *f, char *buf,
				 size_t len);

#endif
