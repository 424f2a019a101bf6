/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An InfiniBand fabric as its routes see it: every node, its ports (their
 * LIDs, link state and width and speed, the port at the other end) and
 * each switch's linear forwarding table.  Filled by the backends (the
 * discovery, then the tables read by SMPs); read by the all-pairs walk
 * (fabric_routes.h) and the renderers.  Pure: no MAD in here.
 */
#ifndef RR_FABRIC_GRAPH_H
#define RR_FABRIC_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/fabric/fabric.h"
#include "model/probe/hop.h"

/* A forwarding table entry no route was set in. */
#define RR_LFT_UNSET 0xff
/* Unicast LIDs: 1 to 0xbfff. */
#define RR_MAX_UNICAST_LID 0xbfff
/* No node: a port without a link. */
#define RR_NO_NODE UINT32_MAX

struct rr_gport {
	uint64_t guid;
	uint16_t lid;		/* on a switch's ports: the switch's LID */
	uint8_t lmc;
	uint8_t state;		/* PortInfo LinkState: 4 ACTIVE */
	uint8_t phys_state;	/* PortPhysicalState: 5 LINK_UP */
	uint8_t width;		/* LinkWidthActive */
	uint32_t speed;		/* as ibverbs: 1 SDR ... 32 EDR, 64 HDR */
	/*
	 * What the port may train to: widths as LinkWidthEnabled's bits,
	 * speeds as ibverbs' (a bit each); 0: not known.
	 */
	uint8_t widths_enabled;
	uint16_t speeds_enabled;
	/*
	 * PortInfo OperationalVLs: 1 VL0 only, 2 VL0-1, 3 VL0-3, 4 VL0-7,
	 * 5 VL0-14; 0 not known.
	 */
	uint8_t oper_vls;
	uint32_t peer;		/* the node at the other end, or RR_NO_NODE */
	uint8_t peer_port;
	bool present;		/* the node has this port */
};

struct rr_gnode {
	uint64_t guid;
	enum rr_node_type type;
	unsigned int num_ports;
	char desc[RR_NODE_DESC_LEN + 1];
	/*
	 * Where its ports 0 to num_ports (port 0 used by a switch only)
	 * start in graph->ports.
	 */
	size_t first_port;
	/* A switch's table: the port each LID leaves by, or RR_LFT_UNSET. */
	uint8_t *lft;
	uint32_t lft_len;	/* entries read, from LID 0 */
	bool lft_read;		/* false: its table did not come back */
};

struct rr_graph {
	struct rr_gnode *nodes;
	size_t num_nodes, cap_nodes;
	struct rr_gport *ports;
	size_t num_ports, cap_ports;
	uint32_t *by_guid;	/* node indices by GUID, after rr_graph_index() */
	/* The node and port the discovery went out from, when known. */
	bool have_local;
	uint32_t local;
	unsigned int local_port;
};

/* What reading the graph cost: the backends fill it, the report shows it. */
struct rr_graph_read {
	double discover_ms, tables_ms;
	unsigned long blocks;		/* forwarding table blocks asked */
	unsigned long blocks_lost;	/* not answered, or with an error */
	size_t switches, tables_unread;
};

/*
 * Appends a node with NUM_PORTS ports (and port 0) and stores its index
 * in *IDX.  Returns false on ENOMEM.
 */
bool rr_graph_add_node(struct rr_graph *g, uint64_t guid,
		       enum rr_node_type type, unsigned int num_ports,
		       const char *desc, size_t *idx);

/* Returns port PORT of node N, or NULL past its ports. */
struct rr_gport *rr_graph_port(const struct rr_graph *g, size_t n,
			       unsigned int port);

/* Records that node A's port PA is cabled to node B's port PB, both ways. */
void rr_graph_link(struct rr_graph *g, size_t a, unsigned int pa, size_t b,
		   unsigned int pb);

/*
 * Once every node is added, sorts their GUIDs for rr_graph_find().
 * Returns false on ENOMEM.
 */
bool rr_graph_index(struct rr_graph *g);

/*
 * Returns the index of node GUID, or RR_NO_NODE.  Before rr_graph_index()
 * it searches the nodes one by one.
 */
uint32_t rr_graph_find(const struct rr_graph *g, uint64_t guid);

/*
 * Returns how output names node N: its name in MAP (which may be NULL),
 * else its description.
 */
const char *rr_graph_name(const struct rr_graph *g,
			  const struct rr_node_names *map, size_t n);

/*
 * Sets switch N's table to LFT, LEN entries, which G takes over (the
 * table before is freed); READ false records that it did not come back.
 */
void rr_graph_set_lft(struct rr_graph *g, size_t n, uint8_t *lft,
		      uint32_t len, bool read);

/*
 * Finds the LIDs that the forwarding tables read route (an entry set in
 * any of them) but that no port of G holds (a CA port's LID and its LMC
 * range, a switch's port 0 and its range): the SM routed them, and no
 * port seen from here answers for them (down, hung, or beyond a cut).
 * Stores them in ascending order in *OUT (malloc'ed, NULL when none) and
 * their number in *N.  Returns false on ENOMEM.
 */
bool rr_graph_lids_unseen(const struct rr_graph *g, uint16_t **out,
			  size_t *n);

void rr_graph_free(struct rr_graph *g);

#endif
