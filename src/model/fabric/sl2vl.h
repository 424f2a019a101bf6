/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The VL a route's packets take out of a node, by its in and out port,
 * on the SL assumed: what the ports' SLtoVLMappingTables say (IBA
 * 14.2.5.8).  The credit loop check asks through rr_sl2vl_vl (an
 * rr_vl_fn); the tables are read only for the (node, in, out) by which
 * routes enter the channels of the loops found on VL 0, and only where
 * the out port runs more than VL 0 (OperationalVLs).  A table is kept
 * whole: each route's VL by its own SL (SL 0 assumed, or the SA's
 * PathRecord's for the pair, model/fabric/pair_sls.h).  Pure: the reading
 * is the mad layer's.
 */
#ifndef RR_SL2VL_H
#define RR_SL2VL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/fabric/credit_loops.h"
#include "model/fabric/fabric_graph.h"

/* The 8 bytes of an SLtoVLMappingTable: SL 0's VL in byte 0's high nibble. */
#define RR_SL2VL_LEN 8

enum rr_sl2vl_state { RR_SL2VL_WANTED, RR_SL2VL_READ, RR_SL2VL_LOST };

/*
 * One (switch, in port, out port) triple: a loop's channels are switches'
 * ports (a CA forwards nothing, so no route depends on a CA's channel).
 */
struct rr_sl2vl_entry {
	uint32_t node;
	uint8_t in, out;
	uint8_t table[RR_SL2VL_LEN];	/* once read: SL 0's VL high in byte 0 */
	bool not_vl0;			/* an SL of the map's sends elsewhere */
	uint8_t state;			/* enum rr_sl2vl_state */
};

struct rr_sl2vl {
	unsigned int sl;		/* the SL assumed for every pair */
	uint16_t sls;			/* the SLs routes are on, a bit each */
	struct rr_sl2vl_entry *e;
	size_t n, cap;
	uint32_t *slots;		/* open addressing: entry + 1, 0 empty */
	size_t num_slots;
	size_t read, lost, not_vl0;	/* counted after the reading */
	bool unread;			/* the reading failed as a whole: */
	char why[160];			/* why, and VL 0 is assumed */
};

/*
 * Sets up M with every route assumed on SL (until rr_sl2vl_use_sls()).
 * Returns false on ENOMEM.
 */
bool rr_sl2vl_init(struct rr_sl2vl *m, unsigned int sl);
/* Sets the routes' SLs, SLS, as the pairs have them (--sl-from-sa). */
void rr_sl2vl_use_sls(struct rr_sl2vl *m, uint16_t sls);
void rr_sl2vl_free(struct rr_sl2vl *m);
/*
 * Marks as wanted the triples that decide the VLs of the N LOOPS'
 * channels (found in D, a graph on VL 0): each node, in port and out port
 * by which a route enters a loop's channel, where that port runs more
 * than VL 0.  Only they matter: a cycle on the VLs is one on the links,
 * so a channel that is in no loop on VL 0 is in none on any VL.  Returns
 * false on ENOMEM.
 */
bool rr_sl2vl_want_loops(struct rr_sl2vl *m, const struct rr_cdg *d,
			 const struct rr_graph *g,
			 const struct rr_credit_loop *loops, size_t n);
/*
 * Record that entry I's table came back (its 8 bytes, TABLE), or that it
 * was lost.
 */
void rr_sl2vl_set(struct rr_sl2vl *m, size_t i,
		  const uint8_t table[RR_SL2VL_LEN]);
void rr_sl2vl_lost(struct rr_sl2vl *m, size_t i);
/*
 * An rr_vl_fn over M: returns the VL a route on SL takes out of
 * NODE by OUT_PORT, in by IN_PORT.  A triple not read is on VL 0.
 */
unsigned int rr_sl2vl_vl(const void *m, uint32_t node, unsigned int in_port,
			 unsigned int out_port, unsigned int sl);

#endif
