/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Checks a result against the user's --expect and --max-ms. */
#ifndef RR_CHECK_H
#define RR_CHECK_H

#include "model/expect.h"
#include "model/fabric_counts.h"
#include "model/result.h"

/* Records in R each expectation of EX that does not hold. */
void rr_check_result(struct rr_result *r, const struct rr_expect *ex, int n);
/*
 * The counts of --sa --trace --all-pairs, C, against EX (N, each a
 * count's): those that do not hold into FAILED (room for N); how many.
 */
int rr_check_counts(const struct rr_fabric_counts *c,
		    const struct rr_expect *ex, int n,
		    struct rr_expect_failure *failed);

#endif
