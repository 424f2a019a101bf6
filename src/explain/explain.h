/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --explain: gathers the root-cause chain of a result (route, RDMA port,
 * GID, neighbour) into r->chain and judges it.  A backend: it never
 * prints.
 */
#ifndef RR_EXPLAIN_H
#define RR_EXPLAIN_H

#include <stdbool.h>

#include "model/probe/result.h"

struct rr_host;

/*
 * Fills R->chain (FULL: every link shown, else only the root cause) from
 * the facts HOST has read, or reads, once per run.
 */
void rr_explain(struct rr_host *host, struct rr_result *r, bool full);

#endif
