/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --explain: gathers the root-cause chain of a result (route, RDMA port,
 * GID, neighbour) into r->chain and judges it.  A backend: it never
 * prints.
 */
#ifndef RR_EXPLAIN_H
#define RR_EXPLAIN_H

#include <stdbool.h>

#include "result.h"

struct rr_explainer;

/* The host's RDMA ports and rtnetlink, opened once per run; NULL: ENOMEM. */
struct rr_explainer *rr_explainer_new(void);
void rr_explainer_free(struct rr_explainer *ex);
/* Fills R->chain (FULL: every link shown, else only the root cause). */
void rr_explain(struct rr_explainer *ex, struct rr_result *r, bool full);

#endif
