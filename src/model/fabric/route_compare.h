/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What changed since an earlier run (--compare FILE): the earlier run's
 * fabric as its JSON saved it (the cables, each switch's forwarding table,
 * the CA ports and their LIDs: input/routes_file.c reads it back into a
 * graph), each pair's route walked again in it beside today's, and the
 * differences counted: routes that moved (grouped by the switch where
 * they part, its port then and now), cables gone or new, the loads that
 * moved most, credit loops new or vanished.  Nodes and ports are matched
 * by GUID, never by name or LID (both may change).  Memory: the earlier
 * graph and a few numbers a pair; no route is kept.  Pure.
 */
#ifndef RR_ROUTE_COMPARE_H
#define RR_ROUTE_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/fabric/credit_loops.h"
#include "model/fabric/fabric_routes.h"

/* A channel of an earlier credit loop's cycle, by GUID. */
struct rr_channel_key {
	uint64_t guid;
	uint8_t port, vl;
};

struct rr_loop_before {
	struct rr_channel_key *cycle;
	size_t cycle_len;
	char *title;		/* its links, as that run named them */
};

/* An earlier run, read back (input/routes_file.h). */
struct rr_routes_before {
	struct rr_graph g;	/* names in the nodes' descriptions */
	struct rr_endpoint *eps;
	size_t num_eps;
	uint64_t *loads;	/* per port of g: routes that left by it */
	struct rr_loop_before *loops;
	size_t num_loops;
};

void rr_routes_before_free(struct rr_routes_before *b);

/* Routes that part at one place: a switch's port then and now. */
struct rr_move_group {
	uint32_t node;		/* today's graph: where they part ... */
	uint8_t port_then, port_now;	/* ... 0: no port (died, or a CA) */
	bool at_source;		/* parted at the source's own cable */
	/* Why a route died at this place, then or now; else RR_CAUSE_NONE. */
	enum rr_cause cause_then, cause_now;
	uint64_t routes;
	size_t src, dst;	/* first route: today's endpoint indices */
};

/* A cable in one run and not the other, by GUIDs. */
struct rr_cable_change {
	uint64_t guid, peer_guid;
	uint8_t port, peer_port;
	/* "S1 port 3 -> S3 port 1", as its run named the two ends. */
	char name[160];
};

/* A link in both runs whose load moved. */
struct rr_load_move {
	size_t port;		/* today's graph port */
	uint64_t then, now;
};

#define RR_COMPARE_LOADS 10

struct rr_compare {
	const struct rr_routes_before *b;
	const struct rr_graph *g;
	const struct rr_endpoint *eps;
	size_t num_eps;
	/*
	 * For each of today's endpoints: the earlier endpoint with the same
	 * port GUID, or SIZE_MAX.
	 */
	size_t *then_of;
	uint32_t *stamps;	/* the earlier graph's nodes, for its walk */
	uint32_t stamp;
	uint64_t compared, moved;
	/*
	 * Earlier CA ports missing now: gone (their node, or their cable's
	 * other end, is seen now) or unreachable (neither is: beyond a cut,
	 * or gone unseen).
	 */
	size_t ports_gone, ports_unreachable, ports_new;
	/*
	 * How many of the earlier run's nodes today's graph has, by GUID; 0
	 * means another fabric.
	 */
	size_t nodes_shared;
	struct rr_move_group *groups;
	size_t num_groups, cap_groups;
	size_t *slots;		/* open addressing: group index + 1 */
	size_t num_slots;
	struct rr_cable_change *gone, *added;
	size_t num_gone, num_added;
	size_t links_unreachable;	/* earlier cables, no end seen now */
	struct rr_load_move loads[RR_COMPARE_LOADS];
	size_t num_loads;
	/* The earlier loops no loop of today's holds; today's new loops. */
	size_t *loops_vanished, *loops_new;
	size_t num_vanished, num_new;
};

/*
 * Sets up C to match today's graph G and endpoints EPS (N of them)
 * against B by port GUID.  Returns false on ENOMEM.
 */
bool rr_compare_init(struct rr_compare *c, const struct rr_routes_before *b,
		     const struct rr_graph *g, const struct rr_endpoint *eps,
		     size_t n);
/*
 * Compares today's route R from SRC to DST (endpoint indices) with the
 * earlier run's, when both ends were there.  Returns false on ENOMEM.
 */
bool rr_compare_route(struct rr_compare *c, const struct rr_route *r,
		      size_t src, size_t dst);
/*
 * After every route, compares the cables and loads of today's graph (its
 * loads in S, its cables named through NAMES) and LOOPS (N of them) with
 * the earlier run's.  Returns false on ENOMEM.
 */
bool rr_compare_finish(struct rr_compare *c, const struct rr_routes *s,
		       const struct rr_node_names *names,
		       const struct rr_credit_loop *loops, size_t n);
/* Sorts the groups, most routes first (the first found on a tie). */
void rr_compare_sort_groups(struct rr_compare *c);
void rr_compare_free(struct rr_compare *c);

#endif
