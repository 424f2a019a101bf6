/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --sa --trace --all-pairs: the fabric as its routes need it, read once
 * from a local port: every node, port and link discovered (libibnetdisc),
 * then each switch's linear forwarding table, block by block, by
 * directed-route SMPs, many in flight as the SA window keeps its queries
 * (umad_send and umad_recv, not libibmad's one-at-a-time RPC).
 */
#ifndef RR_FABRIC_TABLES_H
#define RR_FABRIC_TABLES_H

#include <stdbool.h>
#include <stddef.h>

#include "mad/mad_bound.h"
#include "mad/sa_lib.h"
#include "model/fabric/fabric_graph.h"

struct rr_fabric_tables_params {
	const char *ca;		/* -C; NULL: the first CA */
	int port;		/* -P; 0: the first active port */
	unsigned int timeout_ms;	/* per SMP */
	unsigned int window;		/* SMPs in flight */
	/*
	 * The run's stop and each phase's bound (mad_bound.h; NULL: none):
	 * a phase stops sending once it is over.
	 */
	struct rr_mad_bound *bound;
	/*
	 * The discovery's tries of an SMP beyond the first (0: one more,
	 * libibnetdisc's least): more where a lossy link is looked for.
	 */
	unsigned int retries;
};

/*
 * Reads the graph of the fabric, with every switch's table, into G,
 * which is emptied first.  A table that did not come back whole, or was
 * not asked whole before P's bound or a stop, is marked unread; that
 * does not fail the whole read (the bound's cut says why it ended).  INFO gets what the
 * reading cost.  Returns false, with the reason in WHY, when the fabric
 * cannot be read at all; sets *NO_LIBRARY when a library is missing.
 */
bool rr_fabric_tables_read(const struct rr_fabric_tables_params *p,
			   struct rr_graph *g,
			   struct rr_graph_read *info,
			   bool *no_library, char *why, size_t why_len);

/*
 * Reads only the tables of G's switches, already discovered, with their
 * directed routes PATHS (indexed by node), through IB's functions (a
 * fuzzer's fakes of umad_send and umad_recv).  It opens and closes the
 * MAD port itself and counts the blocks and tables in INFO.  Returns
 * false, with the reason in WHY, when the port cannot be opened or
 * memory is short.
 */
bool rr_fabric_tables_fill(const struct rr_sa_lib *ib,
			   const struct rr_fabric_tables_params *p,
			   struct rr_graph *g, const ib_portid_t *paths,
			   struct rr_graph_read *info, char *why,
			   size_t why_len);

#endif
