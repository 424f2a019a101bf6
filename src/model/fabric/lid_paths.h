/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --probe-links' second lane: LID-routed probes.  A directed-route SMP
 * rides VL15, the management lane; a MAD to a LID (the PMA's, on QP1)
 * rides a data VL and goes where the forwarding tables send it, and its
 * answer comes back the way the far node's tables send the local LID:
 * on a ring, often the other way round.  For each cable, a LID whose
 * round trip from the local port crosses it, each cable's two ways
 * (near to far, far to near) told apart: a cable may drop what it
 * carries one way only.  Pure: from the graph and its tables
 * (fabric_routes.h walks them).
 */
#ifndef RR_LID_PATHS_H
#define RR_LID_PATHS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/fabric/cable_tree.h"
#include "model/fabric/fabric_graph.h"

/*
 * A cable crossed one way: 2 * cable + 0 from its near end to its far
 * end, 2 * cable + 1 back.
 */
#define RR_WAY(cable, back) (2 * (size_t)(cable) + ((back) ? 1 : 0))
#define RR_WAY_CABLE(way) ((way) / 2)
#define RR_WAY_BACK(way) (((way) & 1) != 0)

/* A LID probed, and the ways its round trip crosses. */
struct rr_lid_target {
	uint16_t lid;
	size_t node;		/* graph node holding the LID */
	unsigned int port;	/* the port its PMA is asked for (0: switch) */
	size_t first, len;	/* its ways, ways[first .. first + len) */
};

struct rr_lid_paths {
	struct rr_lid_target *targets;	/* the LIDs some cable is probed by */
	size_t num_targets;
	size_t *ways;
	size_t num_ways;
	/* Per cable: the target whose round trip crosses it, or SIZE_MAX. */
	size_t *of_cable;
	size_t num_cables;
};

/*
 * Chooses into OUT, for each of the N CABLES of G, the LID to probe it
 * by: among the CA ports and switches whose round trip from G's local
 * port (out by the tables, back by the far node's) arrives and crosses
 * the cable, one crossing it both ways first, then the far node's own,
 * then the shortest.  A cable no round trip crosses has none (SIZE_MAX):
 * the tables send nothing of the local port's across it.  Returns false
 * on ENOMEM (OUT then holds nothing to free).
 */
bool rr_lid_paths(const struct rr_graph *g, const struct rr_probe_cable *cables,
		  size_t n, struct rr_lid_paths *out);

void rr_lid_paths_free(struct rr_lid_paths *lp);

#endif
