/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The rdma_cm backend: rdma_resolve_addr then rdma_resolve_route for every
 * destination, asynchronously on one event channel.  Fills results; never
 * prints.
 */
#ifndef RR_CM_BACKEND_H
#define RR_CM_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>
#include <rdma/rdma_cma.h>

#include "result.h"

typedef void (*rr_done_fn)(void *ctx, struct rr_result *r);

struct rr_cm_params {
	const struct sockaddr_storage *src;	/* NULL: let the kernel pick */
	unsigned int timeout_ms;
	unsigned int parallel;
	int tos;				/* -1: leave the default */
	enum rdma_port_space ps;
	/* Called once for every result, when the backend is through with it. */
	rr_done_fn on_done;
	void *ctx;
};

/*
 * The tool's own deadline for one step: the kernel's timeout plus a grace,
 * so that a kernel that never answers cannot hang us.
 */
unsigned int rr_cm_step_deadline_ms(unsigned int timeout_ms);

/*
 * Resolves every result in ORDER that has a destination and has not failed
 * yet, each no earlier than its start_offset_ms after the call (ORDER must
 * be sorted by it).  When the host cannot do RDMA CM at all, each fails at
 * the create id step with the reason.
 */
void rr_cm_resolve(struct rr_result **order, size_t n,
		   const struct rr_cm_params *params);

#endif
