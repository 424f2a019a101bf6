/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What an rdma_cm id learned, copied into a result: the device and port
 * the kernel bound it to, the route (PathRecords, source address), and
 * what shaped them (ToS, port space, the source GID's entry).  Pure: the
 * backend reads the id and the port, these functions only copy and
 * decide, so unit tests feed them recorded or synthetic routes (an
 * InfiniBand path with LIDs, several paths) that no lab here can make.
 */
#ifndef RR_CM_COLLECT_H
#define RR_CM_COLLECT_H

#include <stddef.h>
#include <stdint.h>
#include <rdma/rdma_cma.h>

#include "host/cm_defaults.h"
#include "model/explain/host_facts.h"
#include "model/probe/result.h"

/* The port the kernel bound an id to, as the backend read it. */
struct rr_cm_port {
	const char *device;
	uint8_t port;
	enum rr_link_layer ll;
	double rate_gbps;			/* active rate; 0 unknown */
	const struct rr_cm_defaults *defaults;	/* NULL: not read */
	const struct rr_gid_entry *gids;	/* its GID table */
	size_t num_gids;
};

/* What the run asked of every id. */
struct rr_cm_asked {
	int tos;			/* --tos; -1: none */
	const char *port_space;		/* "tcp", "udp", "ib" (--ps) */
};

/*
 * Copies into R the device and port of PORT, and the settings the kernel
 * applied there given what ASKED asked for.
 */
void rr_cm_collect_port(struct rr_result *r, const struct rr_cm_port *port,
			const struct rr_cm_asked *asked);
/*
 * Copies a resolved ROUTE into R: its source address, its PathRecords
 * (allocated into R's paths; none are kept when memory is short) and the
 * type and index of the source GID in PORT's table.
 */
void rr_cm_collect_route(struct rr_result *r, const struct rdma_route *route,
			 const struct rr_cm_port *port);

#endif
