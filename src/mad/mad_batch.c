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

/* The wait left until DEADLINE, at most TIMEOUT_MS; 0 once past. */
static unsigned int wait_ms(const struct timespec *deadline,
			    unsigned int timeout_ms)
{
	struct timespec now = rr_now();
	long left = rr_ms_until(&now, deadline);

	if (left <= 0)
		return 0;
	return left < (long)timeout_ms ? (unsigned int)left : timeout_ms;
}

static uint32_t trid_of(const struct rr_sa_lib *ib, void *umad)
{
	return (uint32_t)ib->mad_get_field64(ib->umad_get_mad(umad), 0,
					     IB_MAD_TRID_F);
}

static bool send_one(const struct rr_sa_lib *ib, struct ibmad_port *mad,
		     struct rr_mad_q *q, void *umad, unsigned int wait)
{
	bool smp = q->mgmt_class == IB_SMI_DIRECT_CLASS;
	ib_rpc_t rpc;
	int len;

	memset(&rpc, 0, sizeof(rpc));
	rpc.mgtclass = q->mgmt_class;
	rpc.method = IB_MAD_METHOD_GET;
	rpc.attr.id = q->attr;
	rpc.attr.mod = q->mod;
	rpc.timeout = wait;
	rpc.datasz = smp ? IB_SMP_DATA_SIZE : IB_PC_DATA_SZ;
	rpc.dataoffs = smp ? IB_SMP_DATA_OFFS : IB_PC_DATA_OFFS;
	memset(umad, 0, ib->umad_size() + IB_MAD_SIZE);
	len = ib->mad_build_pkt(umad, &rpc, &q->to, NULL, smp ? NULL : q->data);
	if (len < 0 ||
	    ib->umad_send(ib->mad_rpc_portid(mad),
			  ib->mad_rpc_class_agent(mad, q->mgmt_class), umad, len,
			  (int)wait, 0) < 0)
		return false;
	q->trid = trid_of(ib, umad);
	q->waiting = true;
	return true;
}

/*
 * An answer, to the query of its TID (none waits for it: dropped).  False
 * when it closed a gate: the batch is over.
 */
static bool take(const struct rr_sa_lib *ib, struct rr_mad_q *qs, int n,
		 void *umad)
{
	uint8_t *mad = ib->umad_get_mad(umad);
	uint32_t trid = trid_of(ib, umad);
	unsigned int status;
	int i;

	for (i = 0; i < n; i++) {
		if (!qs[i].waiting || qs[i].trid != trid)
			continue;
		qs[i].waiting = false;
		status = qs[i].mgmt_class == IB_SMI_DIRECT_CLASS ?
			ib->mad_get_field(mad, 0, IB_DRSMP_STATUS_F) :
			ib->mad_get_field(mad, 0, IB_MAD_STATUS_F);
		if (ib->umad_status(umad) || status)
			return true;
		memcpy(qs[i].data, mad + IB_SMP_DATA_OFFS,
		       qs[i].mgmt_class == IB_SMI_DIRECT_CLASS ?
			IB_SMP_DATA_SIZE : IB_PC_DATA_SZ);
		qs[i].ok = true;
		return !qs[i].gate ||
		       rr_port_state_active((int)ib->mad_get_field(qs[i].data, 0,
							     IB_PORT_STATE_F));
	}
	return true;
}

/*
 * One answer in, until WAIT ms: into ASIDE's buffer while it waits (its
 * answer may be bigger than a MAD), else into UMAD.  True when it was
 * ASIDE's: kept there.  *GOT says whether anything came.
 */
static bool recv_one(const struct rr_sa_lib *ib, struct ibmad_port *mad,
		     void **umad, struct rr_mad_aside *aside,
		     unsigned int wait, bool *got)
{
	bool into_aside = aside && !aside->held;
	int len = into_aside ? aside->room : IB_MAD_SIZE;

	if (into_aside)
		*umad = aside->buf;
	*got = ib->umad_recv(ib->mad_rpc_portid(mad), *umad, &len,
			     (int)wait) >= 0;
	if (!*got || !into_aside || trid_of(ib, *umad) != aside->trid)
		return false;
	aside->held = true;
	aside->len = len;
	aside->at = rr_now();
	return true;
}

int rr_mad_batch(const struct rr_sa_lib *ib, struct ibmad_port *mad,
		 struct rr_mad_q *qs, int n, unsigned int timeout_ms,
		 const struct timespec *deadline, struct rr_mad_aside *aside)
{
	size_t size = ib->umad_size() + IB_MAD_SIZE;
	void *own = calloc(1, size), *umad;
	int i, waiting = 0, done = 0;
	unsigned int wait;
	bool got;

	if (!own)
		return 0;
	wait = wait_ms(deadline, timeout_ms);
	for (i = 0; i < n && wait; i++)
		waiting += send_one(ib, mad, &qs[i], own, wait);
	while (waiting && (wait = wait_ms(deadline, timeout_ms))) {
		umad = own;
		if (recv_one(ib, mad, &umad, aside, wait, &got))
			continue;
		if (!got)
			break;	/* nothing in time: the rest are lost */
		if (!take(ib, qs, n, umad))
			break;	/* a gate closed: the rest will not come */
		for (waiting = 0, i = 0; i < n; i++)
			waiting += qs[i].waiting;
	}
	for (i = 0; i < n; i++) {
		qs[i].waiting = false;
		done += qs[i].ok;
	}
	free(own);
	return done;
}
