/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --expect on the counts of --sa --trace --all-pairs' summary
 * (fabric_counts.h): "credit_loops = 0", "links_degraded <= 2".
 */
#ifndef RR_COUNT_EXPECT_H
#define RR_COUNT_EXPECT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/probe/check.h"
#include "model/probe/expect.h"
#include "model/fabric/fabric_counts.h"

/*
 * Parses TEXT into E, with FIELD the name of a count.  Returns false with
 * the reason in WHY.
 */
bool rr_expect_parse_count(const char *text, struct rr_expect *e, char *why,
			   size_t why_len);
/*
 * Checks E, an expectation on a count, against C.  Writes the count into
 * ACTUAL, or "absent" when it was not counted (E then fails).  Returns
 * true if E holds.
 */
bool rr_expect_check_count(const struct rr_expect *e,
			   const struct rr_fabric_counts *c, char *actual,
			   size_t actual_len);
/*
 * Checks the counts C against the N expectations EX, each on a count,
 * and writes those that do not hold into FAILED (room for N).  Returns
 * how many did not hold.
 */
int rr_check_counts(const struct rr_fabric_counts *c,
		    const struct rr_expect *ex, int n,
		    struct rr_expect_failure *failed);

#endif
