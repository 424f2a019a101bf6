/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The fabric's CA ports, discovered from a local port with libibnetdisc
 * (the library behind ibnetdiscover): directed-route SMPs, no SA, so that
 * it works where SA GetTable answers come back cut (the simulator).
 * Loaded only when a run needs it: names, --all-pairs without ports.
 */
#ifndef RR_FABRIC_DISC_H
#define RR_FABRIC_DISC_H

#include <stdbool.h>
#include <stddef.h>
#include <infiniband/ibnetdisc.h>

#include "mad/mad_bound.h"
#include "mad/sa_lib.h"
#include "model/fabric/fabric.h"
#include "model/fabric/fabric_graph.h"

struct rr_fabric_disc_params {
	const char *ca;		/* -C; NULL: the first CA */
	int port;		/* -P; 0: the first active port */
	unsigned int timeout_ms;	/* per SMP */
	/*
	 * SMPs in flight at once, RR_FABRIC_MAX_WINDOW at most; 0:
	 * libibnetdisc's default of 2.
	 */
	unsigned int max_smps;
	unsigned int retries;	/* an SMP's tries beyond the first; 0: 1 */
	/*
	 * The run's stop and bound (mad_bound.h; NULL: none): the discovery
	 * runs on a thread of its own, waited for until a stop or
	 * rr_mad_discovery_ms(), and is left running when cut (the bound's
	 * cut says why).
	 */
	struct rr_mad_bound *bound;
};

/*
 * Discovers every CA port that has a LID and puts them into OUT, sorted
 * by LID; OUT is emptied first.  Returns false, with the reason in WHY, on
 * failure, and when P's bound or a stop cut the discovery.  Sets *NO_LIBRARY when libibnetdisc could not be loaded or
 * this host has no InfiniBand port to discover from.
 */
bool rr_fabric_discover(const struct rr_fabric_disc_params *p,
			struct rr_fabric *out, bool *no_library, char *why,
			size_t why_len);

/*
 * Discovers every node of the fabric, with its ports and links, into G,
 * which is emptied first; PortInfo is decoded with IB's libibmad
 * functions.  *PATHS gets each node's directed route from this port,
 * indexed by node (malloc'ed; the caller frees it), and each switch's
 * lft_len gets its LinearFDBTop + 1.  Fails as rr_fabric_discover() does.
 */
bool rr_fabric_discover_graph(const struct rr_fabric_disc_params *p,
			      const struct rr_sa_lib *ib, struct rr_graph *g,
			      ib_portid_t **paths, bool *no_library,
			      char *why, size_t why_len);

/*
 * The part of the two functions above that turns the fabric libibnetdisc
 * discovered into results, without the SMPs, so that a fuzzer can hand
 * them fabrics of any shape.  FABRIC is walked with libibnetdisc's ITER
 * and ITER_TYPE.  Both return false on ENOMEM and then keep nothing.
 */
typedef __typeof__(ibnd_iter_nodes) *rr_ibnd_iter_fn;
typedef __typeof__(ibnd_iter_nodes_type) *rr_ibnd_iter_type_fn;
/* Puts each CA port with a LID into OUT, which must be empty, by LID. */
bool rr_fabric_ports_of(ibnd_fabric_t *fabric, rr_ibnd_iter_type_fn iter_type,
			struct rr_fabric *out);
/* Builds G (emptied first) and *PATHS as rr_fabric_discover_graph(). */
bool rr_fabric_graph_of(ibnd_fabric_t *fabric, rr_ibnd_iter_fn iter,
			rr_ibnd_iter_type_fn iter_type,
			const struct rr_sa_lib *ib, struct rr_graph *g,
			ib_portid_t **paths);

#endif
