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

#include "base/port_space.h"
#include "host/host.h"
#include "model/queue.h"
#include "model/result.h"

struct rr_cm_params {
	const struct sockaddr_storage *src;	/* NULL: let the kernel pick */
	unsigned int timeout_ms;
	unsigned int parallel;
	int tos;				/* -1: leave the default */
	enum rr_ps ps;
	struct rr_host *host;			/* its GID tables */
};

/*
 * The tool's own deadline for one step: the kernel's timeout plus a grace,
 * so that a kernel that never answers cannot hang us.
 */
unsigned int rr_cm_step_deadline_ms(unsigned int timeout_ms);

struct rr_cm;

/* Probes a backend holds beyond twice --parallel: waiting or handed over. */
#define RR_CM_SLACK 64

/*
 * Sets up the resolution of the results the caller adds.  When the host
 * cannot do RDMA CM at all, each fails at the create id step with the
 * reason.  NULL: ENOMEM.
 */
struct rr_cm *rr_cm_start(const struct rr_cm_params *params);
/*
 * How many results may be added now: the backend holds only a window of
 * them (in flight, waiting their start, or finished and not yet handed
 * over), so that memory follows what is in flight, not the run's size.
 */
unsigned int rr_cm_room(const struct rr_cm *cm);
/*
 * Adds R, to start no earlier than its start_offset_ms after
 * rr_cm_start(), and after every result added before it.  R has a
 * destination, or has failed already (a name that did not resolve): then
 * it is handed back as it is.  Only with rr_cm_room() > 0.
 */
void rr_cm_add(struct rr_cm *cm, struct rr_result *r);
/* Nothing more will be added: the turns end when all is done. */
void rr_cm_no_more(struct rr_cm *cm);
/*
 * One turn of the event loop: starts what is due, waits for an event or
 * the nearest deadline, reads what came, and pushes each finished result
 * on DONE (room for the backend's window).  It returns at once when
 * nothing is in flight nor waiting, for the caller to add more.  False
 * once every result is done and rr_cm_no_more() was called.
 */
bool rr_cm_turn(struct rr_cm *cm, struct rr_queue *done);
/*
 * A descriptor (-1: none) whose input ends a turn's wait too: the caller's
 * -f file, so that its next lines start as soon as they are written.
 */
void rr_cm_wake_on(struct rr_cm *cm, int fd);
/*
 * An event waits to be read: the next turn should come before anything
 * else, or its time stamp would carry the delay.
 */
bool rr_cm_busy(struct rr_cm *cm);
/* Frees CM; ids still in flight (a run stopped early) are destroyed. */
void rr_cm_end(struct rr_cm *cm);

#endif
