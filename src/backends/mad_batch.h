/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A few MADs at once: each sent with umad_send, the answers matched by
 * transaction ID as they come, all waited for together.  libibmad's RPC
 * waits for one answer before the next question: a route's walk asked
 * that way costs a round trip a MAD.  SMPs by directed route and PMA
 * queries (PortCounters) by LID.
 */
#ifndef RR_MAD_BATCH_H
#define RR_MAD_BATCH_H

#include <stdbool.h>
#include <time.h>

#include "backends/sa_lib.h"

struct rr_mad_q {
	ib_portid_t to;		/* a directed route (SMP) or a LID (PMA) */
	int mgmt_class;		/* IB_SMI_DIRECT_CLASS, IB_PERFORMANCE_CLASS */
	unsigned int attr, mod;
	/* The request's data in (a PMA's port select), the answer's out. */
	uint8_t data[IB_PC_DATA_SZ];
	bool ok;		/* answered in time, with status 0 */
	/* The batch's own. */
	uint32_t trid;
	bool waiting;
};

/* Q, cleared, as an SMP Get of ATTR (MOD) to the node at AT. */
void rr_mad_q_smp(struct rr_mad_q *q, const ib_portid_t *at,
		  unsigned int attr, unsigned int mod);
/* Q, cleared, as a PMA Get of PortCounters of PORT of the node at LID. */
void rr_mad_q_counters(struct rr_mad_q *q, const struct rr_sa_lib *ib,
		       uint16_t lid, unsigned int port);

/*
 * Every query of QS (N) sent at once on MAD's port, the answers waited
 * for until DEADLINE, none longer than TIMEOUT_MS; each query's ok says
 * whether it came back.  Returns how many did.
 */
int rr_mad_batch(const struct rr_sa_lib *ib, struct ibmad_port *mad,
		 struct rr_mad_q *qs, int n, unsigned int timeout_ms,
		 const struct timespec *deadline);

#endif
