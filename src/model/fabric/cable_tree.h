/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The cables of a fabric as probes from one local port reach them: each
 * cable once, from its end nearer the local port, with the directed
 * route through it to the node beyond and the cable its near end is
 * reached by (its parent: the probes of a cable cross its parent's
 * path).  Breadth first, so a parent comes before its cables.  Pure: from
 * the graph (fabric_graph.h); what model/fabric/link_blame.h judges.
 */
#ifndef RR_CABLE_TREE_H
#define RR_CABLE_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/fabric/fabric_graph.h"

/* A directed route's exit ports, the local node's first (IB: 63 at most). */
#define RR_MAX_DR_HOPS 63

struct rr_probe_cable {
	/*
	 * Graph port and node indices; the far ones SIZE_MAX when the near
	 * port's link is up and the discovery found nothing behind it.
	 */
	size_t near_port, far_port;
	size_t near_node, far_node;
	size_t parent;			/* a cable's index, or SIZE_MAX */
	unsigned int hops;		/* exit ports in route */
	uint8_t route[RR_MAX_DR_HOPS];	/* to the far node, through it */
};

/*
 * Lists the cables of G reachable from port LOCAL_PORT of node LOCAL into
 * *OUT (malloc'ed, *N of them; NULL and 0 when none).  From the local
 * node only its LOCAL_PORT leads out (a CA forwards nothing); a cable
 * farther than a directed route reaches is left out.  Returns false on
 * ENOMEM or when LOCAL is not a node of G.
 */
bool rr_cable_tree(const struct rr_graph *g, size_t local,
		   unsigned int local_port, struct rr_probe_cable **out,
		   size_t *n);

#endif
