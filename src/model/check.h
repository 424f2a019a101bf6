/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Checks a result against the user's --expect and --max-ms. */
#ifndef RR_CHECK_H
#define RR_CHECK_H

#include "model/expect.h"
#include "model/result.h"

/* Records in R each expectation of EX that does not hold. */
void rr_check_result(struct rr_result *r, const struct rr_expect *ex, int n);

#endif
