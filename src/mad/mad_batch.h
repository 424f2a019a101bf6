/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A few MADs at once: each sent through the MAD window, the answers
 * taken as they come, all waited for together.  libibmad's RPC
 * waits for one answer before the next question: a route's walk asked
 * that way costs a round trip a MAD.  SMPs by directed route and PMA
 * queries (PortCounters) by LID.
 */
#ifndef RR_MAD_BATCH_H
#define RR_MAD_BATCH_H

#include <stdbool.h>
#include <time.h>

#include "mad/mad_window.h"
#include "mad/sa_lib.h"

struct rr_mad_q {
	ib_portid_t to;		/* a directed route (SMP) or a LID (PMA) */
	int mgmt_class;		/* IB_SMI_DIRECT_CLASS, IB_PERFORMANCE_CLASS */
	unsigned int attr, mod;
	/* The request's data in (a PMA's port select), the answer's out. */
	uint8_t data[IB_PC_DATA_SZ];
	bool ok;		/* answered in time, with status 0 */
	/*
	 * A PortInfo of the port the batch's later SMPs leave by: once it
	 * says the port is not Active, what went through it will not come
	 * back, and the batch waits no longer.
	 */
	bool gate;
};

/* Q, cleared, as an SMP Get of ATTR (MOD) to the node at AT. */
void rr_mad_q_smp(struct rr_mad_q *q, const ib_portid_t *at,
		  unsigned int attr, unsigned int mod);
/* Q, cleared, as a PMA Get of PortCounters of PORT of the node at LID. */
void rr_mad_q_counters(struct rr_mad_q *q, const struct rr_sa_lib *ib,
		       uint16_t lid, unsigned int port);

/*
 * Every query of QS (N) sent at once through the window W (owner
 * RR_MAD_TRACE), the answers waited for until DEADLINE, none longer than
 * TIMEOUT_MS; each query's ok says whether it came back.  Other owners'
 * answers that come meanwhile are kept by the window for them.  Returns
 * how many of QS came back.
 */
int rr_mad_batch(struct rr_mad_window *w, const struct rr_sa_lib *ib,
		 struct rr_mad_q *qs, int n, unsigned int timeout_ms,
		 const struct timespec *deadline);

#endif
