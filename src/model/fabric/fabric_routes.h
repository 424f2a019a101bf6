/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every route of a fabric from its forwarding tables, in memory: each
 * ordered pair of CA ports walked through the graph (fabric_graph.h) as
 * the switches would forward its packets, where it arrives or dies, and
 * the counts of them all: how many arrive, the failures grouped by their
 * place, how many switches each crosses, how many routes leave by each
 * port.  Pure: the tables were read before.
 */
#ifndef RR_FABRIC_ROUTES_H
#define RR_FABRIC_ROUTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/probe/cause.h"
#include "model/fabric/fabric_graph.h"

/* A directed route has 63 hops; no LFT route may cross more switches. */
#define RR_ROUTE_MAX_SWITCHES 64

/* An end of the pairs: a CA port with a LID. */
struct rr_endpoint {
	uint32_t node;
	uint8_t port;
	uint16_t lid;
};

/* A switch crossed: in by one port, out by another. */
struct rr_route_step {
	uint32_t node;
	uint8_t in_port, out_port;
};

struct rr_route {
	uint16_t dlid;
	enum rr_cause cause;	/* RR_CAUSE_NONE: it arrives */
	uint32_t at;		/* where it died: the node ... */
	uint8_t at_port;	/* ... and its port (down, beyond its ports) */
	unsigned int num_steps;	/* switches crossed */
	struct rr_route_step steps[RR_ROUTE_MAX_SWITCHES];
};

/*
 * Walks the route from SRC to DLID into R.  STAMPS holds a number per
 * node; STAMP, different from every number in it, marks the nodes this
 * walk crossed (a loop comes back to a marked one).
 */
void rr_route_walk(const struct rr_graph *g, const struct rr_endpoint *src,
		   uint16_t dlid, uint32_t *stamps, uint32_t stamp,
		   struct rr_route *r);

/* Failures of one cause at one place (a node and its port, or a LID). */
struct rr_route_group {
	enum rr_cause cause;
	uint32_t node;
	uint16_t aux;		/* dead end, loop: the LID; else the port */
	uint64_t pairs;
	size_t src, dst;	/* the first pair (endpoint indices) */
};

struct rr_routes {
	uint64_t pairs, arrived;
	uint64_t dead_ends, links_down, loops, bad_ports, unread;
	/* Routes that arrive by how many switches they cross. */
	uint64_t crossed[RR_ROUTE_MAX_SWITCHES + 1];
	unsigned int max_crossed;
	/* Per graph port: how many routes leave by it. */
	uint64_t *loads;
	size_t num_loads;
	struct rr_route_group *groups;
	size_t num_groups, cap_groups;
	size_t *slots;		/* open addressing: group index + 1, 0 empty */
	size_t num_slots;
};

/* Sets up the counts S for G's ports.  Returns false on ENOMEM. */
bool rr_routes_init(struct rr_routes *s, const struct rr_graph *g);
/* Counts R, the route from endpoint SRC to DST.  Returns false on ENOMEM. */
bool rr_routes_add(struct rr_routes *s, const struct rr_route *r, size_t src,
		   size_t dst);
void rr_routes_free(struct rr_routes *s);

/*
 * Stores every CA port with a LID, sorted by LID, in *EPS (malloc'ed, *N
 * of them).  Returns false on ENOMEM.
 */
bool rr_graph_endpoints(const struct rr_graph *g, struct rr_endpoint **eps,
			size_t *n);

/*
 * Walks the route of each ordered pair of two different ports of EPS (N
 * of them), by source then destination, and hands it to FN with the two
 * endpoints' indices, until FN returns false.  Returns false when FN did,
 * or on ENOMEM.
 */
typedef bool (*rr_route_fn)(const struct rr_route *r, size_t src, size_t dst,
			    void *ctx);
bool rr_routes_each(const struct rr_graph *g, const struct rr_endpoint *eps,
		    size_t n, rr_route_fn fn, void *ctx);

/*
 * Walks the route of each ordered pair of two different ports of EPS (N
 * of them), counts it into S (already initialised), then hands it to FN
 * (which may be NULL) with the two endpoints' indices.  Returns false
 * when FN returned false to stop, or on ENOMEM (errno set).
 */
bool rr_routes_all_pairs(const struct rr_graph *g,
			 const struct rr_endpoint *eps, size_t n,
			 struct rr_routes *s, rr_route_fn fn, void *ctx);

/*
 * Returns how many of the routes counted in S died at graph port I of G,
 * its link down (or its state not read).
 */
uint64_t rr_routes_dead_at(const struct rr_routes *s, const struct rr_graph *g,
			   size_t i);

/*
 * Returns the fair share of a link between switches: the routes that
 * cross such links divided by the active ports between switches (their
 * number is stored in *LINKS); 0 when there are none.
 */
double rr_routes_fair_share(const struct rr_routes *s, const struct rr_graph *g,
			    size_t *links);

/* How the routes spread over the links between switches. */
struct rr_load_spread {
	size_t links;
	uint64_t min, max;
	double median;
};

/*
 * Computes into OUT the spread of S's loads over G's active ports between
 * switches.  Returns false on ENOMEM.
 */
bool rr_routes_load_spread(const struct rr_routes *s, const struct rr_graph *g,
			   struct rr_load_spread *out);

/*
 * Returns what a dead end (a switch without an entry for the LID) means,
 * from the destination port's LinkState DEST_STATE: if ACTIVE, the SM
 * swept since the port came up and routed it nowhere here; if INIT or
 * ARMED, the SM has not swept since; otherwise (not read) the cause's own
 * hint.
 */
const char *rr_dead_end_hint(int dest_state);

/*
 * A link between switches stands out when it carries at least
 * RR_HOT_SHARE times its fair share, more than the median link, and 2
 * routes or more: balanced loads have none, and a fabric of two ports (a
 * route per link, a quarter of a share) is not hot.  rr_link_hot()
 * returns true if LOAD stands out against FAIR and MEDIAN.
 */
#define RR_HOT_SHARE 1.5
bool rr_link_hot(uint64_t load, double fair, double median);
/* Returns how many of G's links between switches stand out (rr_link_hot). */
size_t rr_routes_hot_count(const struct rr_routes *s, const struct rr_graph *g,
			   double fair, double median);
/*
 * Stores in OUT, as graph port indices, the MAX ports between switches
 * that most routes leave by, most first (the lower index on a tie).
 * Returns how many it stored.
 */
size_t rr_routes_hottest(const struct rr_routes *s, const struct rr_graph *g,
			 size_t *out, size_t max);

/*
 * Writes into BUF (LEN bytes) where a failure of CAUSE at NODE happened,
 * in words ("L3 has no route for LID 313").  AUX is as in a group: the
 * LID or the port.
 */
void rr_route_place(const struct rr_graph *g, const struct rr_node_names *map,
		    enum rr_cause cause, uint32_t node, uint16_t aux,
		    char *buf, size_t len);

/* Stores the node of G's port index I in *NODE and its number in *PORT. */
void rr_graph_port_at(const struct rr_graph *g, size_t i, size_t *node,
		      unsigned int *port);

#endif
