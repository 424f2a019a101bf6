/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The RDMA CM's part of the evidence of an unanswered connection
 * request: a REQ to a service ID nobody serves (port 0 of the TCP port
 * space), whose REJ "invalid service ID" proves that RoCE reaches the
 * peer's RDMA CM; and, when the ToS used is not 0, the same REQ with
 * ToS 0.  Each on an id of its own, on an event channel the CM backend
 * keeps for them.  Never prints.
 */
#ifndef RR_CM_EVIDENCE_H
#define RR_CM_EVIDENCE_H

#include <stdbool.h>
#include <time.h>
#include <sys/socket.h>
#include <rdma/rdma_cma.h>

#include "model/probe/evidence.h"

struct rr_cm_ev;

/*
 * Starts the evidence's requests on CHANNEL from SRC (the probe's source)
 * to DST: one with the run's ToS, TOS (-1: the port's default), and one
 * with ToS 0 when USED_TOS (the ToS the probe went out with) is not 0.
 * Their entries in SET become pending.  Returns NULL on ENOMEM.
 */
struct rr_cm_ev *rr_cm_ev_start(struct rdma_event_channel *channel,
				const struct sockaddr_storage *src,
				const struct sockaddr_storage *dst, int tos,
				int used_tos, unsigned int timeout_ms,
				struct rr_evidence_set *set,
				const struct timespec *now);
/*
 * Handles an event of the channel for ID, read (and acked) at AT; ID's
 * context is the evidence's.
 */
void rr_cm_ev_event(struct rdma_cm_id *id, enum rdma_cm_event_type type,
		    int status, const struct timespec *at);
/* Returns true when every request of E has its answer, or has failed. */
bool rr_cm_ev_over(const struct rr_cm_ev *e);
/* Records what is still pending as unanswered, destroys the ids, frees E. */
void rr_cm_ev_end(struct rr_cm_ev *e);

#endif
