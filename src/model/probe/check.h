/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Checks a result against the user's --expect and --max-ms. */
#ifndef RR_CHECK_H
#define RR_CHECK_H

#include "model/probe/expect.h"
#include "model/probe/result.h"

/* Records in R each expectation of EX that does not hold. */
void rr_check_result(struct rr_result *r, const struct rr_expect *ex, int n);
/* Fills F to say that E did not hold because the value was ACTUAL. */
void rr_expect_failed(struct rr_expect_failure *f, const struct rr_expect *e,
		      const char *actual);

#endif
