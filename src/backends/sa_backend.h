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

#include "base/port_space.h"
#include "model/queue.h"
#include "model/result.h"
#include "backends/sa_decode.h"	/* struct rr_sa_dest, rr_sa_parse_dest() */

struct rr_sa_params {
	const char *ca;		/* -C, NULL: the first CA */
	int port;		/* -P, 0: the first (active) port */
	unsigned int timeout_ms;	/* each MAD, with no retry */
	int sl;			/* -1: any */
	int pkey;		/* -1: any */
	int tos;		/* --tos, as the query's QoS class; -1: none */
	bool all_paths;		/* GetTable: every path the SA has */
	unsigned int parallel;	/* queries in flight at once */
	enum rr_ps ps;		/* the port space (--ps): the query's ServiceID */
};

struct rr_sa;

/*
 * Opens the port and finds the SM, once for all RESULTS, each queried for
 * its probe's SA destination, from its probe's source if it has one
 * (--from, --all-pairs), else from this port.  A failure to open the port or to find the
 * SM fails every result the same way.  NULL: ENOMEM.
 */
struct rr_sa *rr_sa_start(struct rr_result *results, size_t n,
			  const struct rr_sa_params *p);
/*
 * Sends what the window has room for, waits for one answer or the nearest
 * deadline, and pushes each finished result on DONE.  False once all are.
 */
bool rr_sa_turn(struct rr_sa *sa, struct rr_queue *done);
void rr_sa_end(struct rr_sa *sa);

#endif
