/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The subnet administrator backend (rdma-route --sa): opens a local
 * InfiniBand port through libibumad/libibmad, finds the SM and asks the SA
 * for PathRecords from this port to each destination.  Fills results;
 * never prints.
 */
#ifndef RR_SA_BACKEND_H
#define RR_SA_BACKEND_H

#include <stdbool.h>
#include <stddef.h>

#include "result.h"
#include "sa_decode.h"	/* struct rr_sa_dest, rr_sa_parse_dest() */

struct rr_sa_params {
	const char *ca;		/* -C, NULL: the first CA */
	int port;		/* -P, 0: the first (active) port */
	unsigned int timeout_ms;	/* each MAD, with no retry */
	int sl;			/* -1: any */
	int pkey;		/* -1: any */
	bool all_paths;		/* GetTable: every path the SA has */
	unsigned int parallel;	/* queries in flight at once */
};

/*
 * Fills results[i] (target already set by the caller) for dests[i].  The
 * port is opened once; a failure to open it or to find the SM fails every
 * result the same way.
 */
void rr_sa_resolve(struct rr_result *results, const struct rr_sa_dest *dests,
		   size_t n, const struct rr_sa_params *p);

#endif
