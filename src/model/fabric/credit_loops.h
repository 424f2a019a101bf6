/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Credit loops: a lossless fabric can deadlock when its routes' channel
 * dependencies form a cycle.  A channel is a directed link (the graph
 * port a packet leaves by) on one virtual lane; a route that enters a
 * switch on one channel and leaves on the next makes the second a
 * dependency of the first (the packet holds a buffer of the first while
 * it waits for credits on the second).  The dependencies of every route
 * that arrives make the channel dependency graph; each of its strongly
 * connected components of more than one channel is a loop, named by one
 * cycle through it and two routes that close it.  Pure: the routes were
 * walked before (fabric_routes.h).
 */
#ifndef RR_CREDIT_LOOPS_H
#define RR_CREDIT_LOOPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/fabric/fabric_routes.h"

/* Virtual lanes a channel may be on: 0-14 data, 15 management. */
#define RR_NUM_VLS 16

/*
 * The VL a route's packets take out of NODE by OUT_PORT, in by IN_PORT
 * (a CA's first link: IN_PORT 0), on service level SL.
 */
typedef unsigned int (*rr_vl_fn)(const void *ctx, uint32_t node,
				 unsigned int in_port, unsigned int out_port,
				 unsigned int sl);

/*
 * A dependency: channel FROM's packets wait for channel TO; SRC and DST
 * are the route that first made it.
 */
struct rr_cdg_edge {
	uint32_t from, to;
	uint32_t src, dst;	/* the first route's endpoints (indices) */
};

struct rr_cdg {
	size_t num_channels;	/* graph ports × RR_NUM_VLS */
	unsigned int sl;	/* the routes' service level */
	rr_vl_fn vl_of;		/* NULL: every channel on VL 0 */
	const void *vl_ctx;
	struct rr_cdg_edge *edges;
	size_t num_edges, cap_edges;
	uint32_t *slots;	/* open addressing: edge index + 1, 0 empty */
	size_t num_slots;
	uint64_t routes;	/* routes added */
};

/* A loop: a strongly connected component of the dependencies. */
struct rr_credit_loop {
	size_t channels;	/* in the component */
	uint16_t vls;		/* the VLs of its channels, a bit each */
	/* Every channel of it, in no order. */
	uint32_t *members;
	/* One cycle through it, channel by channel (port × 16 + VL). */
	uint32_t *cycle;
	size_t cycle_len;
	/* Two routes (endpoint indices) whose dependencies close the cycle. */
	uint32_t a_src, a_dst, b_src, b_dst;
};

/*
 * Sets up D as an empty graph for G's ports, with routes on SL and VLs
 * given by VL_OF with VL_CTX (NULL: every channel on VL 0).  Returns
 * false on ENOMEM.
 */
bool rr_cdg_init(struct rr_cdg *d, const struct rr_graph *g, unsigned int sl,
		 rr_vl_fn vl_of, const void *vl_ctx);
/*
 * Adds the dependencies of R, the route from endpoint SRC_I (SRC) to
 * DST_I, when it arrives (a route that dies carries nothing to its end).
 * Returns false on ENOMEM.
 */
bool rr_cdg_add(struct rr_cdg *d, const struct rr_graph *g,
		const struct rr_endpoint *src, const struct rr_route *r,
		size_t src_i, size_t dst_i);
/*
 * Stores every loop of D in *LOOPS (malloc'ed, *N of them; NULL and 0
 * when none), in the order of their lowest channel.  Returns false on
 * ENOMEM.
 */
bool rr_cdg_loops(const struct rr_cdg *d, struct rr_credit_loop **loops,
		  size_t *n);
void rr_credit_loops_free(struct rr_credit_loop *loops, size_t n);
/*
 * Returns a new array that gives, for each channel of D's graph, the
 * index of the loop of LOOPS (N of them) it is in, plus 1 (0: none).
 * Returns NULL on ENOMEM.
 */
uint32_t *rr_credit_loops_by_channel(const struct rr_cdg *d,
				     const struct rr_credit_loop *loops,
				     size_t n);
/*
 * Returns true if route R from SRC, walked on D's VLs as rr_cdg_add()
 * does, makes a dependency between two channels of one loop (by LOOP_OF):
 * a route that closes it.  A route that closes none leaves the loops as
 * they are, whatever its SL.
 */
bool rr_cdg_route_closes(const struct rr_cdg *d, const struct rr_graph *g,
			 const struct rr_endpoint *src,
			 const struct rr_route *r, const uint32_t *loop_of);
void rr_cdg_free(struct rr_cdg *d);

/* Return channel C's graph port index and its VL. */
static inline size_t rr_channel_port(uint32_t c)
{
	return c / RR_NUM_VLS;
}

static inline unsigned int rr_channel_vl(uint32_t c)
{
	return c % RR_NUM_VLS;
}

#endif
