/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --sa by name, when the name is not in the fabric discovered from here:
 * the SA asked for the node's NodeRecord (by its node GUID, from the
 * node-name map, or by its node description), as the SM last saw it.
 * Its LID lets the route be walked to where it ends now.
 */
#ifndef RR_SA_NODE_RECORD_H
#define RR_SA_NODE_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mad/fabric_tables.h"
#include "model/fabric/fabric_unseen.h"

enum rr_node_record_answer {
	RR_NR_FOUND,		/* a CA port's record: its LID */
	RR_NR_NONE,		/* the SA answered: no such CA port */
	RR_NR_SILENT,		/* no SM known, no answer, or no port */
};

struct rr_node_record_query {
	uint64_t node_guid;	/* 0: ask by DESC instead */
	const char *desc;	/* the node description, when no GUID */
	int port;		/* the CA's port number, 0: the first */
};

/*
 * Asks the SA, from P's port, for the NodeRecord that Q describes: one
 * query, within P's timeout.  Returns RR_NR_FOUND with *LID and
 * *NODE_GUID set; otherwise WHY (LEN bytes) says what the SA said.
 */
enum rr_node_record_answer
rr_sa_node_record_ask(const struct rr_fabric_tables_params *p,
		      const struct rr_node_record_query *q, uint16_t *lid,
		      uint64_t *node_guid, char *why, size_t len);

/*
 * Asks the SA for the NodeRecord of each of the N LIDs in REC
 * (REC[i].lid), as many in flight as P's window allows, each within P's
 * timeout, and fills REC with the answers.  Returns false, with the
 * reason in WHY, when the SA cannot be asked at all (no SM known, no
 * port).
 */
bool rr_sa_node_records_by_lid(const struct rr_fabric_tables_params *p,
			       struct rr_lid_node *rec, size_t n, char *why,
			       size_t len);

#endif
