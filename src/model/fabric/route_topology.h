/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The routes against the topology: how many switches the cables let a
 * pair's packets cross at the fewest (a breadth-first walk over the
 * active links between switches), the routes that cross more and by how
 * many, and the pairs whose two directions take different cables (normal
 * on InfiniBand, where each direction has its own LID's tables, but
 * countable).  Pure: fed the routes as they are walked (fabric_routes.h).
 */
#ifndef RR_ROUTE_TOPOLOGY_H
#define RR_ROUTE_TOPOLOGY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/fabric/fabric_routes.h"

/* The most ports whose pairs' two directions are compared (64 MiB). */
#define RR_TOPOLOGY_MAX_SYMMETRY_PORTS 4096

struct rr_route_topology {
	size_t num_switches;
	uint32_t *switch_of;	/* by node: its switch index, or RR_NO_NODE */
	uint8_t *dist;		/* switches × switches: links between, 255 none */
	const struct rr_endpoint *eps;
	size_t num_eps;
	/* By ordered pair: a hash of the cables its route takes, 0 none. */
	uint32_t *cables;
	uint64_t routes;	/* routes that arrive, compared */
	uint64_t longer;	/* of them, crossing more switches than need be */
	unsigned int most_extra;	/* the most extra switches crossed */
	uint64_t unconnected;	/* pairs no cables join */
};

/*
 * Sets up T for the routes between the N EPS of G.  The two directions
 * are compared only when N is at most RR_TOPOLOGY_MAX_SYMMETRY_PORTS.
 * Returns false on ENOMEM.
 */
bool rr_topology_init(struct rr_route_topology *t, const struct rr_graph *g,
		      const struct rr_endpoint *eps, size_t n);
/*
 * Counts the route R from endpoint SRC to DST against the fewest switches
 * the cables allow.
 */
void rr_topology_add(struct rr_route_topology *t, const struct rr_graph *g,
		     const struct rr_route *r, size_t src, size_t dst);
/*
 * Returns how many unordered pairs have routes both ways that arrive on
 * different cables, or -1 when the directions were not compared.
 */
int64_t rr_topology_asymmetric(const struct rr_route_topology *t);
void rr_topology_free(struct rr_route_topology *t);

#endif
