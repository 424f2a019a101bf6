/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The subnet administrator modes' own state (--sa, and --sa --trace
 * --all-pairs): --from, the node names, the fabric discovered for names
 * and pairs, and --all-pairs' ports made into pairs as the run goes.
 */
#ifndef RR_APP_RUN_SA_H
#define RR_APP_RUN_SA_H

#include <stdbool.h>
#include <stddef.h>

#include "mad/sa_decode.h"
#include "model/fabric/fabric.h"
#include "model/probe/result.h"

struct run_sa {
	struct rr_sa_dest from;		/* --from */
	bool from_known;		/* --from named a port of the fabric */
	struct rr_node_names names;	/* --node-name-map */
	/* The fabric names are looked up in, discovered when first needed. */
	struct rr_fabric fabric;
	bool fabric_tried, fabric_ok, fabric_no_library;
	char fabric_why[256];		/* why the discovery failed */
	/*
	 * --all-pairs, streamed: the ports (their texts in PAIR_OWNED) and
	 * the next pair to make, from port PAIR_FROM to port PAIR_TO; each
	 * chunk of the input's DESTS is made of the pairs that come next.
	 */
	struct rr_result *pair_ports;
	char **pair_owned;
	size_t num_pair_ports, num_pair_owned, pair_from, pair_to;
};

#endif
