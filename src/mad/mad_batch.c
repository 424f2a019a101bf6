// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "mad/mad_batch.h"
#include "base/clock.h"
#include "base/ib_port.h"

void rr_mad_q_smp(struct rr_mad_q *q, const ib_portid_t *at,
		  unsigned int attr, unsigned int mod)
{
	memset(q, 0, sizeof(*q));
	q->to = *at;
	q->mgmt_class = IB_SMI_DIRECT_CLASS;
	q->attr = attr;
	q->mod = mod;
}

void rr_mad_q_counters(struct rr_mad_q *q, const struct rr_sa_lib *ib,
		       uint16_t lid, unsigned int port)
{
	memset(q, 0, sizeof(*q));
	q->to.lid = lid;
	/* The PMA listens on QP1 (GSI), as perfquery asks it. */
	q->to.qp = 1;
	q->to.qkey = IB_DEFAULT_QP1_QKEY;
	q->mgmt_class = IB_PERFORMANCE_CLASS;
	q->attr = IB_GSI_PORT_COUNTERS;
	ib->mad_set_field(q->data, 0, IB_PC_PORT_SELECT_F, port);
}

/* DEADLINE, or TIMEOUT_MS from now if sooner, on the window's clock. */
static int64_t until_ms(const struct timespec *deadline,
			unsigned int timeout_ms)
{
	int64_t now = rr_mad_now_ms(), until = rr_ts_ns(deadline) / 1000000;

	return until < now + timeout_ms ? until : now + timeout_ms;
}

static bool send_one(struct rr_mad_window *w, struct rr_mad_q *qs, int i,
		     int64_t until)
{
	bool smp = qs[i].mgmt_class == IB_SMI_DIRECT_CLASS;
	ib_rpc_t rpc;

	memset(&rpc, 0, sizeof(rpc));
	rpc.mgtclass = qs[i].mgmt_class;
	rpc.method = IB_MAD_METHOD_GET;
	rpc.attr.id = qs[i].attr;
	rpc.attr.mod = qs[i].mod;
	rpc.datasz = smp ? IB_SMP_DATA_SIZE : IB_PC_DATA_SZ;
	qs[i].sent = rr_now();
	rpc.dataoffs = smp ? IB_SMP_DATA_OFFS : IB_PC_DATA_OFFS;
	return !rr_mad_send(w, RR_MAD_TRACE, (uintptr_t)i, &rpc, &qs[i].to,
			    smp ? NULL : qs[i].data, until);
}

/*
 * An answer, REP, to its query: its data kept.  False when it closed a
 * gate: the batch is over.
 */
static bool take(const struct rr_sa_lib *ib, struct rr_mad_q *q,
		 const struct rr_mad_reply *rep)
{
	size_t size = q->mgmt_class == IB_SMI_DIRECT_CLASS ?
		IB_SMP_DATA_SIZE : IB_PC_DATA_SZ;

	if (rep->status || rep->len < IB_SMP_DATA_OFFS + (int)size)
		return true;
	memcpy(q->data, rep->mad + IB_SMP_DATA_OFFS, size);
	q->ok = true;
	q->rtt_ms = rr_ts_ms(&rep->at, &q->sent);
	return !q->gate ||
	       rr_port_state_active((int)ib->mad_get_field(q->data, 0,
							     IB_PORT_STATE_F));
}

int rr_mad_batch(struct rr_mad_window *w, const struct rr_sa_lib *ib,
		 struct rr_mad_q *qs, int n, unsigned int timeout_ms,
		 const struct timespec *deadline)
{
	int64_t until = until_ms(deadline, timeout_ms);
	struct rr_mad_reply rep;
	int i, done = 0;

	for (i = 0; i < n; i++)
		send_one(w, qs, i, until);
	for (;;) {
		rr_mad_next(w, RR_MAD_TRACE, until, &rep);
		if (rep.event == RR_MAD_NONE)
			break;
		if (rep.event != RR_MAD_ANSWER || rep.cookie >= (uintptr_t)n)
			continue;	/* lost: the query stays not ok */
		if (!take(ib, &qs[rep.cookie], &rep))
			break;	/* a gate closed: the rest will not come */
	}
	/* What did not come is over: a late answer is dropped. */
	rr_mad_forget(w, RR_MAD_TRACE);
	for (i = 0; i < n; i++)
		done += qs[i].ok;
	return done;
}
