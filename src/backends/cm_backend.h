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

#include "host/host.h"
#include "model/queue.h"
#include "model/result.h"

struct rr_cm_params {
	const struct sockaddr_storage *src;	/* NULL: let the kernel pick */
	unsigned int timeout_ms;
	unsigned int parallel;
	int tos;				/* -1: leave the default */
	enum rdma_port_space ps;
	struct rr_host *host;			/* its GID tables */
};

/*
 * The tool's own deadline for one step: the kernel's timeout plus a grace,
 * so that a kernel that never answers cannot hang us.
 */
unsigned int rr_cm_step_deadline_ms(unsigned int timeout_ms);

struct rr_cm;

/*
 * Sets up the resolution of every result in ORDER that has a destination
 * and has not failed yet, each no earlier than its start_offset_ms after
 * the call (ORDER must be sorted by it).  When the host cannot do RDMA CM
 * at all, each fails at the create id step with the reason.  NULL: ENOMEM.
 */
struct rr_cm *rr_cm_start(struct rr_result **order, size_t n,
			  const struct rr_cm_params *params);
/*
 * One turn of the event loop: starts what is due, waits for an event or
 * the nearest deadline, reads what came, and pushes each finished result
 * on DONE (room for all of ORDER).  False once every result is done.
 */
bool rr_cm_turn(struct rr_cm *cm, struct rr_queue *done);
/*
 * An event waits to be read: the next turn should come before anything
 * else, or its time stamp would carry the delay.
 */
bool rr_cm_busy(struct rr_cm *cm);
/* Frees CM; ids still in flight (a run stopped early) are destroyed. */
void rr_cm_end(struct rr_cm *cm);

#endif
