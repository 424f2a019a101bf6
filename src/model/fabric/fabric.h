/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An InfiniBand fabric as names see it: the CA ports discovered (node and
 * port GUIDs, LID, node description) and the node-name map's names, so
 * that a node's name stands wherever a LID, GID or GUID does.  Pure
 * functions: the discovery is the backends' (fabric_disc.c), the map
 * file's reading the input's (node_name_map.c).
 */
#ifndef RR_FABRIC_H
#define RR_FABRIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A node description is at most 64 bytes (NodeDescription, IBA 14.2.5.2). */
#define RR_NODE_DESC_LEN 64

struct rr_fabric_port {
	uint64_t node_guid, port_guid;
	uint16_t lid;
	uint8_t port;
	char desc[RR_NODE_DESC_LEN + 1];
};

/* The CA ports with a LID, in discovery order. */
struct rr_fabric {
	struct rr_fabric_port *ports;
	size_t num, cap;
};

/* The node-name map (infiniband-diags' format): node GUID to name. */
struct rr_node_name {
	uint64_t guid;
	char *name;
};

struct rr_node_names {
	struct rr_node_name *names;
	size_t num, cap;
	/* Open addressing by GUID: an index + 1 into names, 0 empty. */
	size_t *slots;
	size_t num_slots;	/* a power of two, at least twice num */
};

/* Appends a copy of PORT to F.  Returns false on ENOMEM. */
bool rr_fabric_add(struct rr_fabric *f, const struct rr_fabric_port *port);
void rr_fabric_free(struct rr_fabric *f);

/*
 * Adds NAME (malloc'ed; MAP takes it over) for GUID.  A later entry for
 * the same GUID replaces the earlier name.  Returns false on ENOMEM.
 */
bool rr_node_names_add(struct rr_node_names *map, uint64_t guid, char *name);
/* Returns GUID's name in MAP, or NULL when MAP has none. */
const char *rr_node_names_find(const struct rr_node_names *map, uint64_t guid);
void rr_node_names_free(struct rr_node_names *map);

enum rr_fabric_match {
	RR_FABRIC_FOUND,
	RR_FABRIC_UNKNOWN,
	RR_FABRIC_AMBIGUOUS,
};

/*
 * Finds the port NAME stands for and stores its index in *IDX.  NAME, or
 * NAME/PORT for one port of a node, is a node's name in MAP (which may be
 * NULL), or else its node description.  Exact names are tried first,
 * then a description's first word (an HCA's description is often "host
 * mlx5_0") when it belongs to one node only.  For a node with several
 * ports, the port is its lowest port with a LID, unless /PORT says.
 */
enum rr_fabric_match rr_fabric_find(const struct rr_fabric *f,
				    const struct rr_node_names *map,
				    const char *name, size_t *idx);

/*
 * Looks NAME (or NAME/PORT) up in MAP alone, for a node not in the
 * fabric seen from here, and stores its node GUID in *GUID and the port
 * asked in *PORT (0 when none).  The whole of NAME is tried first, as
 * rr_fabric_find() reads it.  Returns RR_FABRIC_AMBIGUOUS when two GUIDs
 * have the name.
 */
enum rr_fabric_match rr_node_names_find_name(const struct rr_node_names *map,
					     const char *name, uint64_t *guid,
					     unsigned long *port);

/*
 * Writes into BUF (LEN bytes) how output names port I: its node's name
 * in MAP, else its description when no other node has it, else its port
 * GUID; then "/PORT" when its node has several ports in F.  Whatever it
 * writes, rr_fabric_find() finds port I by it (a GUID is read as one
 * before it is looked up).
 */
void rr_fabric_label(const struct rr_fabric *f, const struct rr_node_names *map,
		     size_t i, char *buf, size_t len);

#endif
