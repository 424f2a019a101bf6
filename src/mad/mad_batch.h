/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Sends a few MADs at once through the MAD window, takes the answers as
 * they come and waits for all of them together.  libibmad's RPC waits for
 * one answer before it asks the next question, so a route's walk asked
 * that way costs one round trip per MAD.  Handles SMPs by directed route
 * and PMA queries (PortCounters) by LID.
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
	/* In: the request's data (a PMA's port select); out: the answer's. */
	uint8_t data[IB_PC_DATA_SZ];
	bool ok;		/* answered in time, with status 0 */
	struct timespec sent;	/* when it went out (rr_now()) */
	double rtt_ms;		/* ok: its round trip */
	/*
	 * Set on a PortInfo query of the port that the batch's later SMPs
	 * leave by: once its answer says the port is not Active, what went
	 * through the port will not come back, so the batch stops waiting.
	 */
	bool gate;
};

/* Clears Q and sets it up as an SMP Get of ATTR (modifier MOD) to AT. */
void rr_mad_q_smp(struct rr_mad_q *q, const ib_portid_t *at,
		  unsigned int attr, unsigned int mod);
/*
 * Clears Q and sets it up as a PMA Get of the PortCounters of port PORT
 * of the node at LID.
 */
void rr_mad_q_counters(struct rr_mad_q *q, const struct rr_sa_lib *ib,
		       uint16_t lid, unsigned int port);

/*
 * Sends the N queries of QS at once through the window W, as owner
 * RR_MAD_TRACE, and waits for the answers until DEADLINE, but no longer
 * than TIMEOUT_MS; each query's ok says whether its answer came back.
 * Answers for other owners that come meanwhile are kept by the window
 * for them.  Returns how many of the queries came back.
 */
int rr_mad_batch(struct rr_mad_window *w, const struct rr_sa_lib *ib,
		 struct rr_mad_q *qs, int n, unsigned int timeout_ms,
		 const struct timespec *deadline);

#endif
