/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --sa --trace --all-pairs: the LIDs the switches' forwarding tables
 * route that no port seen from here holds (fabric_graph.h), and what the
 * SA says of each when it answers: the SM's view as the baseline of what
 * should be there.  A CA port it still has a record of is a port not
 * reachable from here (hung, down, or beyond a cut); with no SM to ask,
 * the tables alone say how many LIDs are out of sight.
 */
#ifndef RR_FABRIC_UNSEEN_H
#define RR_FABRIC_UNSEEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/fabric/fabric.h"
#include "model/fabric/fabric_graph.h"

/* What the SA says of one LID: the NodeRecord of the port holding it. */
struct rr_lid_node {
	uint16_t lid;
	bool answered;		/* the SA answered */
	bool found;		/* it answered with a record */
	uint8_t type;		/* NodeType: 1 CA, 2 switch */
	uint8_t port;		/* LocalPortNum */
	uint64_t node_guid;
	char desc[65];
};

/* The SA is asked about this many unseen LIDs at most; the rest counted. */
#define RR_UNSEEN_ASK_MAX 1024

struct rr_unseen {
	struct rr_lid_node *lids;	/* ascending */
	size_t n;
	bool asked;		/* the SA was asked about the first ones */
	size_t answered;	/* LIDs it answered for */
	size_t ca_ports;	/* CA ports among its records (node, port) */
};

/*
 * Sets up U with a copy of the N LIDS, ready to be asked about, with
 * ca_ports 0.  On ENOMEM U holds no LIDs.
 */
void rr_unseen_init(struct rr_unseen *u, const uint16_t *lids, size_t n);
/*
 * After the SA's answers, counts how many LIDs it answered for and the
 * CA ports among them.
 */
void rr_unseen_count(struct rr_unseen *u);
/*
 * Returns what the SA said of LID I: "CA", "switch", "router", "no
 * record", "no answer" or "not asked".
 */
const char *rr_unseen_said(const struct rr_unseen *u, size_t i);
void rr_unseen_free(struct rr_unseen *u);

/*
 * Returns how many nodes the node-name map names that G does not have (a
 * node cut off, down, or of another subnet: the map cannot tell), and
 * stores the first MAX of them in SHOWN, as indexes into MAP->names.
 */
size_t rr_mapped_unseen(const struct rr_node_names *map,
			const struct rr_graph *g, size_t *shown, size_t max);

#endif
