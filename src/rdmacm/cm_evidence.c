// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>

#include "base/clock.h"
#include "base/sockaddr.h"
#include "host/rdma_libs.h"
#include "model/probe/cause.h"
#include "rdmacm/cm_evidence.h"

/*
 * The service ID nobody serves: port 0 of the TCP port space (a listener
 * bound to port 0 gets a port of the kernel's choice, never 0).
 */
#define NOBODY_PORT 0

/* One request of the evidence, on its own id. */
struct ev_req {
	struct rr_cm_ev *owner;
	enum rr_ev_kind kind;
	struct rdma_cm_id *id;
	struct timespec start;
	bool over;
	bool sent;		/* the REQ went (rdma_connect returned) */
};

struct rr_cm_ev {
	struct rr_evidence_set *set;
	unsigned int timeout_ms;
	struct sockaddr_storage src, dst;
	struct ev_req req[2];
	unsigned int num;
};


static void failed_call(struct ev_req *q, const char *call)
{
	rr_ev_set(q->owner->set, q->kind, RR_EVA_ERROR, -1, "%s(): %s",
		  call, strerror(errno));
	q->over = true;
}

static void start_req(struct rr_cm_ev *e, struct rdma_event_channel *ch,
		      enum rr_ev_kind kind, int tos, const struct timespec *now)
{
	struct ev_req *q = &e->req[e->num++];
	struct sockaddr_storage dst = e->dst, src = e->src;
	uint8_t t;

	q->owner = e;
	q->kind = kind;
	q->start = *now;
	rr_ev_set(e->set, kind, RR_EVA_PENDING, -1, NULL);
	if (rr_dl.rdma_create_id(ch, &q->id, q, RDMA_PS_TCP)) {
		q->id = NULL;
		failed_call(q, "rdma_create_id");
		return;
	}
	t = (uint8_t)tos;
	if (tos >= 0 && rr_dl.rdma_set_option(q->id, RDMA_OPTION_ID,
					      RDMA_OPTION_ID_TOS, &t, sizeof(t))) {
		failed_call(q, "rdma_set_option");
		return;
	}
	rr_sockaddr_set_port(&dst, NOBODY_PORT);
	rr_sockaddr_set_port(&src, 0);
	if (rr_dl.rdma_resolve_addr(q->id, src.ss_family ? (struct sockaddr *)&src : NULL,
				    (struct sockaddr *)&dst, (int)e->timeout_ms))
		failed_call(q, "rdma_resolve_addr");
}

struct rr_cm_ev *rr_cm_ev_start(struct rdma_event_channel *channel,
				const struct sockaddr_storage *src,
				const struct sockaddr_storage *dst, int tos,
				int used_tos, unsigned int timeout_ms,
				struct rr_evidence_set *set,
				const struct timespec *now)
{
	struct rr_cm_ev *e = calloc(1, sizeof(*e));

	if (!e)
		return NULL;
	e->set = set;
	e->timeout_ms = timeout_ms;
	e->dst = *dst;
	if (src)
		e->src = *src;
	set->tos = used_tos;
	start_req(e, channel, RR_EV_CM_OTHER, tos, now);
	/* Whether the ToS is what is dropped: the same without it. */
	if (used_tos > 0)
		start_req(e, channel, RR_EV_CM_TOS0, 0, now);
	return e;
}

/* The REQ: no QP of ours (the peer's answer is all that is wanted). */
static int connect_req(struct ev_req *q)
{
	static const char tag[] = "rdma-route evidence";
	struct rdma_conn_param param = {
		.private_data = tag,
		.private_data_len = sizeof(tag),
		.responder_resources = 1,
		.initiator_depth = 1,
		.retry_count = 1,
		.qp_num = 0x1ab,	/* never used: no REP is taken up */
	};

	return rr_dl.rdma_connect(q->id, &param);
}

static void rejected(struct ev_req *q, int status, const struct timespec *at)
{
	const char *why = rr_reject_reason_str(status);

	rr_ev_set(q->owner->set, q->kind, RR_EVA_ANSWERED, rr_ts_ms(at, &q->start),
		  "the peer's RDMA CM rejected it: REJ reason %d (%s)", status,
		  why ? why : "unknown");
	q->over = true;
}

void rr_cm_ev_event(struct rdma_cm_id *id, enum rdma_cm_event_type type,
		    int status, const struct timespec *at)
{
	struct ev_req *q = id->context;
	struct rr_evidence_set *s;
	double ms;

	if (!q || q->id != id || q->over)
		return;
	s = q->owner->set;
	ms = rr_ts_ms(at, &q->start);
	switch (type) {
	case RDMA_CM_EVENT_ADDR_RESOLVED:
		if (rr_dl.rdma_resolve_route(id, (int)q->owner->timeout_ms))
			failed_call(q, "rdma_resolve_route");
		return;
	case RDMA_CM_EVENT_ROUTE_RESOLVED:
		if (connect_req(q))
			failed_call(q, "rdma_connect");
		else
			q->sent = true;
		return;
	case RDMA_CM_EVENT_REJECTED:
		rejected(q, status, at);
		return;
	case RDMA_CM_EVENT_CONNECT_RESPONSE:
	case RDMA_CM_EVENT_ESTABLISHED:
		/* Something serves even that: its RDMA CM answered all the same. */
		rr_ev_set(s, q->kind, RR_EVA_ANSWERED, ms,
			  "a REP: the peer's RDMA CM answered");
		break;
	case RDMA_CM_EVENT_UNREACHABLE:
		rr_ev_set(s, q->kind, status == -ETIMEDOUT ? RR_EVA_NO_ANSWER :
			  RR_EVA_UNREACHABLE, ms,
			  "RDMA_CM_EVENT_UNREACHABLE, status %d", status);
		break;
	default:
		/* ADDR_ERROR, ROUTE_ERROR: the REQ never went. */
		rr_ev_set(s, q->kind, RR_EVA_ERROR, ms,
			  "event %d, status %d, before the REQ went", (int)type,
			  status);
		break;
	}
	q->over = true;
}

bool rr_cm_ev_over(const struct rr_cm_ev *e)
{
	unsigned int i;

	for (i = 0; i < e->num; i++)
		if (!e->req[i].over)
			return false;
	return true;
}

void rr_cm_ev_end(struct rr_cm_ev *e)
{
	unsigned int i;

	if (!e)
		return;
	for (i = 0; i < e->num; i++) {
		if (!e->req[i].over && e->req[i].sent)
			rr_ev_set(e->set, e->req[i].kind, RR_EVA_NO_ANSWER, -1,
				  "no answer to the REQ");
		else if (!e->req[i].over)
			rr_ev_set(e->set, e->req[i].kind, RR_EVA_ERROR, -1,
				  "the REQ never went: its address or route not resolved in time");
		if (e->req[i].id) {
			e->req[i].id->context = NULL;
			rr_dl.rdma_destroy_id(e->req[i].id);
		}
	}
	free(e);
}
