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

#include "mad/sa_lib.h"
#include "model/fabric/fabric.h"
#include "model/fabric/fabric_graph.h"

struct rr_fabric_disc_params {
	const char *ca;		/* -C, NULL: the first */
	int port;		/* -P, 0: the first active */
	unsigned int timeout_ms;	/* each SMP */
	unsigned int max_smps;		/* in flight, 0: libibnetdisc's 2 */
};

/*
 * Every CA port with a LID into OUT (empty first), by LID.  False with the reason
 * in WHY; *NO_LIBRARY when libibnetdisc could not be loaded or this host
 * has no InfiniBand port to discover from.
 */
bool rr_fabric_discover(const struct rr_fabric_disc_params *p,
			struct rr_fabric *out, bool *no_library, char *why,
			size_t why_len);

/*
 * Every node of the fabric with its ports and links into G (empty first),
 * PortInfo decoded by IB's libibmad; each node's directed route from
 * this port into *PATHS (malloc'ed, by node index), each switch's
 * LinearFDBTop + 1 into its lft_len.  False as rr_fabric_discover().
 */
bool rr_fabric_discover_graph(const struct rr_fabric_disc_params *p,
			      const struct rr_sa_lib *ib, struct rr_graph *g,
			      ib_portid_t **paths, bool *no_library,
			      char *why, size_t why_len);

/*
 * What the two above make of the fabric libibnetdisc discovered, apart
 * from the SMPs, so that a fuzzer can hand them fabrics of any shape:
 * FABRIC walked with libibnetdisc's ITER and ITER_TYPE.  False: ENOMEM,
 * nothing kept.
 */
typedef __typeof__(ibnd_iter_nodes) *rr_ibnd_iter_fn;
typedef __typeof__(ibnd_iter_nodes_type) *rr_ibnd_iter_type_fn;
/* Every CA port with a LID into OUT (empty first), by LID. */
bool rr_fabric_ports_of(ibnd_fabric_t *fabric, rr_ibnd_iter_type_fn iter_type,
			struct rr_fabric *out);
/* The graph into G (emptied first), as rr_fabric_discover_graph(). */
bool rr_fabric_graph_of(ibnd_fabric_t *fabric, rr_ibnd_iter_fn iter,
			rr_ibnd_iter_type_fn iter_type,
			const struct rr_sa_lib *ib, struct rr_graph *g,
			ib_portid_t **paths);

#endif
