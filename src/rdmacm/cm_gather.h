/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The evidence of one unanswered connection request, gathered in order
 * within its deadline: the IP questions at once (host/ip_evidence.h),
 * the witness's first answer before the RDMA CM's requests go
 * (rdmacm/cm_evidence.h), and the witness asked again after them, so
 * that its counters say whether those requests reached its device.
 * The CM backend polls its descriptors and turns it.
 */
#ifndef RR_CM_GATHER_H
#define RR_CM_GATHER_H

#include <poll.h>
#include <stdint.h>
#include <time.h>
#include <sys/socket.h>
#include <rdma/rdma_cma.h>

#include "host/host.h"
#include "host/ip_evidence.h"
#include "model/probe/evidence.h"
#include "model/probe/peer_facts.h"

struct rr_gather_params {
	struct rr_host *host;			/* the route and its interface */
	struct rdma_event_channel *channel;	/* for the CM's requests */
	const struct sockaddr_storage *dst;
	const struct sockaddr_storage *src;	/* the probe's; NULL unknown */
	uint16_t port;				/* the port asked */
	int tos;				/* the run's (-1: the default) */
	int used_tos;				/* what the probe went out with */
	unsigned int timeout_ms;
	struct timespec start, deadline;
	struct rr_evidence_set *set;
};

struct rr_cm_gather;

/*
 * Starts gathering as P says.  Returns NULL on ENOMEM; P's set then says
 * that nothing was gathered.
 */
struct rr_cm_gather *rr_cm_gather_start(const struct rr_gather_params *p);
/* Puts G's descriptors into PFD (at most RR_IP_EV_FDS); returns how many. */
int rr_cm_gather_pollfds(const struct rr_cm_gather *g, struct pollfd *pfd);
/* Reads what came, and starts the next part once the one before is over. */
void rr_cm_gather_turn(struct rr_cm_gather *g, const struct timespec *now);
/* Returns when G next needs a turn if nothing comes meanwhile. */
struct timespec rr_cm_gather_due(const struct rr_cm_gather *g);
/*
 * Ends the gathering and frees G: pending answers become none, and *PEER
 * gets the witness's facts (NULL: none), which the caller then owns.
 */
void rr_cm_gather_end(struct rr_cm_gather *g, const struct timespec *now,
		      struct rr_peer_facts **peer);

#endif
