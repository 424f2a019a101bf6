/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The routes (pairs of CA ports) that cross given cables: for each
 * suspect of --probe-links, the first pairs whose route leaves by an end
 * of its cable, or dies there on a link down, in the walk's order (by
 * source LID, then destination LID): the jobs a bad cable hurts.  Pure:
 * one walk of every pair (fabric_routes.h), stopped once each cable has
 * its pairs.
 */
#ifndef RR_PAIRS_ACROSS_H
#define RR_PAIRS_ACROSS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/fabric/fabric_routes.h"

/* The pairs listed a cable at most. */
#define RR_PAIRS_ACROSS_MAX 10

/* A pair: endpoint indices. */
struct rr_pair {
	uint32_t src, dst;
};

struct rr_pairs_across {
	struct rr_pair pairs[RR_PAIRS_ACROSS_MAX];
	unsigned int num;
};

/*
 * Walks the pairs of the N endpoints EPS of G and, for each of the M
 * cables (WHICH_OF_PORT: per graph port, the cable it is an end of, or
 * SIZE_MAX), stores into OUT[cable] the first RR_PAIRS_ACROSS_MAX pairs
 * whose route leaves by one of its ends or dies there, its link down.
 * Returns false on ENOMEM.
 */
bool rr_pairs_across(const struct rr_graph *g, const struct rr_endpoint *eps,
		     size_t n, const size_t *which_of_port, size_t m,
		     struct rr_pairs_across *out);

#endif
