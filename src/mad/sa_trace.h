/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --sa --trace: the route from this port to a LID, hop by hop, as the
 * switches' linear forwarding tables send it, read with SMPs by directed
 * route (NodeInfo, NodeDescription, PortInfo, LinearForwardingTable), as
 * ibtracert walks it.  Each hop and the link it leaves by go into the
 * outcome; where the route dies (no entry for the LID, a link not active,
 * a loop, a node that does not answer) the outcome fails at the trace
 * step with the place named.
 */
#ifndef RR_SA_TRACE_H
#define RR_SA_TRACE_H

#include <stdint.h>

#include "mad/mad_batch.h"
#include "mad/sa_lib.h"
#include "model/fabric/fabric.h"
#include "model/probe/result.h"

/* Where a trace starts and where it goes. */
struct rr_sa_trace_ends {
	int port;		/* the number of this CA's port the MADs use */
	uint16_t self_lid;	/* its LID */
	uint16_t from_lid;	/* --from: the source port's LID; 0: this port */
	uint16_t dlid;
};

/*
 * Traces the route to ENDS' DLID from this port, or from the port of its
 * FROM_LID (reached by LID, then by directed route from there, as
 * ibtracert walks from another port); each SMP waits TIMEOUT_MS at most.
 * A node is named from NAMES (the node-name map) by its GUID, else by its
 * NodeDescription.  The MADs go through the window W as its RR_MAD_TRACE
 * owner's; what comes for another owner meanwhile (the SA's answer to the
 * query sent before the walk) is kept for it.  Returns false when the
 * trace failed, with OUT saying where and why; OUT keeps the hops read so
 * far either way.
 */
bool rr_sa_trace(const struct rr_sa_lib *ib, struct rr_mad_window *w,
		 const struct rr_sa_trace_ends *ends, unsigned int timeout_ms,
		 const struct rr_node_names *names, struct rr_outcome *out);

#endif
