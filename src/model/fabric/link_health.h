/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The cables of a fabric that carry less than they should: a link not
 * ACTIVE though both ends are up, a link trained below what both its
 * ends enable (a 4x cable at 1x, a lane lost), a link slower than every
 * other link at both its ends (the one slow cable of a route).  Pure:
 * from the graph's PortInfo facts (fabric_graph.h).
 */
#ifndef RR_LINK_HEALTH_H
#define RR_LINK_HEALTH_H

#include <stddef.h>

#include "model/fabric/fabric_graph.h"

enum rr_link_fault {
	RR_LINK_NOT_ACTIVE,	/* physically up, not ACTIVE: no SM brought it up */
	RR_LINK_BELOW_ENABLED,	/* slower than what both ends enable */
	RR_LINK_SLOWER_THAN_NEIGHBOURS,	/* slower than both ends' other links */
};

struct rr_degraded_link {
	size_t port;		/* the graph port of its lower-index end */
	enum rr_link_fault fault;
	double rate_gbps;	/* what it runs at */
	double expected_gbps;	/* what both ends enable, or their others' */
};

/*
 * Checks each cable of G once and stores the degraded ones in *OUT
 * (malloc'ed; *N of them; NULL and 0 when none), in port order.  Returns
 * false on ENOMEM.
 */
bool rr_links_degraded(const struct rr_graph *g, struct rr_degraded_link **out,
		       size_t *n);

/*
 * A switch port with no link now whose PortCounters' LinkDownedCounter
 * says it had one that went down (a cable cut, a peer gone): the ports'
 * own view of links lost, without an earlier run to compare with.
 */
struct rr_lost_link {
	size_t port;		/* graph port */
	uint64_t downed;	/* LinkDownedCounter */
};

/*
 * Stores in *OUT (graph port indices, malloc'ed, *N of them) the switch
 * ports of G that are present and have no link: those whose counters
 * can tell whether they had one.  Returns false on ENOMEM.
 */
bool rr_links_unlinked(const struct rr_graph *g, size_t **out, size_t *n);

/* Returns F's key: "not_active", "below_enabled", "slower_than_neighbours". */
const char *rr_link_fault_key(enum rr_link_fault f);

#endif
