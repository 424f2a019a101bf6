/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --sa --explain: the chain of an SA query, from what its result holds:
 * the local port (opened, ACTIVE, its LID), the SM (found at a LID), the
 * path (the SA's PathRecord, or what the SA said instead) and, with
 * --trace, the walk through the switches' tables.  Each link ok, broken
 * with a reason, or unknown past a broken one, as the rdma_cm chain's
 * (chain.h) are.  Pure: the facts are the backend's, already in the
 * result.
 */
#ifndef RR_SA_CHAIN_H
#define RR_SA_CHAIN_H

#include <stdbool.h>

#include "model/explain/chain.h"
#include "model/probe/result.h"

enum rr_sa_link {
	RR_SA_LINK_PORT,
	RR_SA_LINK_SM,
	RR_SA_LINK_PATH,
	RR_SA_LINK_WALK,	/* --trace only */
	RR_SA_LINK_COUNT
};

struct rr_sa_chain {
	bool walk;		/* the result was traced */
	struct rr_verdict verdict[RR_SA_LINK_COUNT];
};

/*
 * Judges each link of R's chain into C.  TRACE says whether the walk was
 * asked for (--trace).
 */
void rr_sa_chain_judge(struct rr_sa_chain *c, const struct rr_result *r,
		       bool trace);
/*
 * Judges R's chain and attaches it to R's notes, unless R has one
 * already.  Returns false on ENOMEM, leaving R without a chain.
 */
bool rr_sa_chain_attach(struct rr_result *r, bool trace);
const char *rr_sa_link_key(enum rr_sa_link link);
/* Returns C's first broken link, or RR_SA_LINK_COUNT when none is broken. */
enum rr_sa_link rr_sa_chain_first_broken(const struct rr_sa_chain *c);

#endif
