// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "mad/mad_window.h"
#include "mad/sa_decode.h"
#include "mad/sa_node_record.h"

/* NodeRecord component mask bits (IBA table 186) and its layout. */
#define NR_COMP_NODE_TYPE	(1ULL << 4)
#define NR_COMP_NODE_GUID	(1ULL << 7)
#define NR_COMP_LOCAL_PORT	(1ULL << 12)
#define NR_COMP_NODE_DESC	(1ULL << 14)
#define NR_DESC_OFFSET		44	/* LID, reserved, NodeInfo's 40 */
#define NR_DESC_SIZE		64
#define NR_TYPE_CA		1
/*
 * Room for the table a description may match: the kernel hands an RMPP
 * answer over whole.  More nodes of one name than this is no answer.
 */
#define NR_ROOM			(RR_SA_HDR_SIZE + 256 * IB_SA_NR_RECSZ)

static void request(const struct rr_sa_lib *ib,
		    const struct rr_node_record_query *q, uint8_t *req,
		    ib_rpc_t *rpc, unsigned int timeout_ms)
{
	uint64_t mask = NR_COMP_NODE_TYPE;

	memset(req, 0, IB_SA_DATA_SIZE);
	ib->mad_set_field(req, 0, IB_SA_NR_TYPE_F, NR_TYPE_CA);
	if (q->node_guid) {
		ib->mad_set_field64(req, 0, IB_SA_NR_GUID_F, q->node_guid);
		mask |= NR_COMP_NODE_GUID;
	} else {
		/* Zero-padded, as the node stores it. */
		memcpy(req + NR_DESC_OFFSET, q->desc,
		       strnlen(q->desc, NR_DESC_SIZE));
		mask |= NR_COMP_NODE_DESC;
	}
	if (q->port > 0) {
		ib->mad_set_field(req, 0, IB_SA_NR_LOCAL_PORT_F,
				  (uint32_t)q->port);
		mask |= NR_COMP_LOCAL_PORT;
	}
	memset(rpc, 0, sizeof(*rpc));
	rpc->mgtclass = IB_SA_CLASS;
	rpc->method = IB_MAD_METHOD_GET_TABLE;
	rpc->attr.id = IB_SA_ATTR_NODERECORD;
	rpc->mask = mask;
	rpc->timeout = (int)timeout_ms;
	rpc->datasz = IB_SA_DATA_SIZE;
	rpc->dataoffs = IB_SA_DATA_OFFS;
}

/* The answer's first record, if every record is one node's. */
static enum rr_node_record_answer
read_answer(const struct rr_sa_lib *ib, const struct rr_mad_reply *rep,
	    uint16_t *lid, uint64_t *node_guid, char *why, size_t len)
{
	struct rr_sa_answer ans;
	uint8_t *rec;
	int i;

	if (rep->event != RR_MAD_ANSWER) {
		snprintf(why, len, "the SA did not answer its NodeRecord query");
		return RR_NR_SILENT;
	}
	if (!rr_sa_answer_decode(rep->mad, (size_t)rep->len, &ans) ||
	    (ans.status && rr_sa_status_code(ans.status) != RR_SA_ERR_NO_RECORDS)) {
		snprintf(why, len, "the SA refused its NodeRecord query (MAD status 0x%04x)",
			 ans.status);
		return RR_NR_SILENT;
	}
	if (ans.status || ans.num < 1 || ans.record_size < IB_SA_NR_RECSZ) {
		snprintf(why, len, "the SA has no NodeRecord of a CA by that name");
		return RR_NR_NONE;
	}
	rec = (uint8_t *)ans.records;
	*lid = (uint16_t)ib->mad_get_field(rec, 0, IB_SA_NR_LID_F);
	*node_guid = ib->mad_get_field64(rec, 0, IB_SA_NR_GUID_F);
	for (i = 1; i < ans.num; i++) {
		rec = (uint8_t *)ans.records + (size_t)i * ans.record_size;
		if (ib->mad_get_field64(rec, 0, IB_SA_NR_GUID_F) != *node_guid) {
			snprintf(why, len, "the SA has several nodes of that name");
			return RR_NR_NONE;
		}
	}
	return RR_NR_FOUND;
}

static enum rr_node_record_answer
ask(const struct rr_sa_lib *ib, const struct rr_fabric_tables_params *p,
    const struct rr_node_record_query *q, uint16_t *lid,
    uint64_t *node_guid, char *why, size_t len)
{
	int classes[] = { IB_SA_CLASS };
	enum rr_node_record_answer a = RR_NR_SILENT;
	uint8_t req[IB_SA_DATA_SIZE];
	struct rr_mad_window *win;
	struct rr_mad_reply rep;
	struct ibmad_port *mad;
	ib_portid_t sa = { 0 };
	ib_rpc_t rpc;
	int64_t deadline;
	int err;

	sa.lid = (int)rr_sa_lib_sm_lid(ib, p->ca, p->port);
	if (!sa.lid) {
		snprintf(why, len, "the port knows no SM to ask (its SMLID is 0)");
		return RR_NR_SILENT;
	}
	sa.qp = 1;
	sa.qkey = IB_DEFAULT_QP1_QKEY;
	mad = ib->mad_rpc_open_port((char *)p->ca, p->port, classes, 1);
	if (!mad) {
		snprintf(why, len, "mad_rpc_open_port(): %s",
			 strerror(errno ? errno : EIO));
		return RR_NR_SILENT;
	}
	win = rr_mad_window_new(ib, mad, NR_ROOM);
	if (!win) {
		snprintf(why, len, "%s", strerror(ENOMEM));
		goto close;
	}
	request(ib, q, req, &rpc, p->timeout_ms);
	deadline = rr_mad_now_ms() + p->timeout_ms;
	err = rr_mad_send(win, RR_MAD_SA, 0, &rpc, &sa, req, deadline);
	if (err) {
		snprintf(why, len, "umad_send(): %s", strerror(err));
		goto free;
	}
	rr_mad_next(win, RR_MAD_SA, deadline, &rep);
	a = read_answer(ib, &rep, lid, node_guid, why, len);
free:
	rr_mad_window_free(win);
close:
	ib->mad_rpc_close_port(mad);
	return a;
}

enum rr_node_record_answer
rr_sa_node_record_ask(const struct rr_fabric_tables_params *p,
		      const struct rr_node_record_query *q, uint16_t *lid,
		      uint64_t *node_guid, char *why, size_t len)
{
	enum rr_node_record_answer a;
	struct rr_sa_lib ib;

	if (!rr_sa_lib_open(&ib, why, len))
		return RR_NR_SILENT;
	a = ask(&ib, p, q, lid, node_guid, why, len);
	rr_sa_lib_close(&ib);
	return a;
}

#define NR_COMP_LID		(1ULL << 0)

struct by_lid {
	const struct rr_sa_lib *ib;
	const struct rr_fabric_tables_params *p;
	struct rr_lid_node *rec;
	size_t n, next;
	struct rr_mad_window *win;
	ib_portid_t sa;
};

/* The next LID's Get out; one that cannot go out stays unanswered. */
static void send_lid(struct by_lid *b)
{
	uint8_t req[IB_SA_DATA_SIZE];
	ib_rpc_t rpc;

	while (b->next < b->n) {
		memset(req, 0, sizeof(req));
		b->ib->mad_set_field(req, 0, IB_SA_NR_LID_F, b->rec[b->next].lid);
		memset(&rpc, 0, sizeof(rpc));
		rpc.mgtclass = IB_SA_CLASS;
		rpc.method = IB_MAD_METHOD_GET;
		rpc.attr.id = IB_SA_ATTR_NODERECORD;
		rpc.mask = NR_COMP_LID;
		rpc.timeout = (int)b->p->timeout_ms;
		rpc.datasz = IB_SA_DATA_SIZE;
		rpc.dataoffs = IB_SA_DATA_OFFS;
		if (!rr_mad_send(b->win, RR_MAD_SA, b->next++, &rpc, &b->sa, req,
				 rr_mad_now_ms() + b->p->timeout_ms))
			return;
	}
}

static void take_lid(struct by_lid *b)
{
	struct rr_lid_node *r;
	struct rr_sa_answer ans;
	struct rr_mad_reply rep;
	uint8_t *rec;

	rr_mad_next(b->win, RR_MAD_SA, rr_mad_now_ms() + b->p->timeout_ms, &rep);
	if (rep.event != RR_MAD_ANSWER || rep.cookie >= b->n ||
	    !rr_sa_answer_decode(rep.mad, (size_t)rep.len, &ans))
		return;
	r = &b->rec[rep.cookie];
	if (ans.status && rr_sa_status_code(ans.status) != RR_SA_ERR_NO_RECORDS)
		return;
	r->answered = true;
	if (ans.status || ans.num < 1 || !ans.records)
		return;
	rec = (uint8_t *)ans.records;
	r->found = true;
	r->type = (uint8_t)b->ib->mad_get_field(rec, 0, IB_SA_NR_TYPE_F);
	r->port = (uint8_t)b->ib->mad_get_field(rec, 0, IB_SA_NR_LOCAL_PORT_F);
	r->node_guid = b->ib->mad_get_field64(rec, 0, IB_SA_NR_GUID_F);
	memcpy(r->desc, rec + NR_DESC_OFFSET, NR_DESC_SIZE);
	r->desc[NR_DESC_SIZE] = '\0';
}

static bool ask_lids(struct by_lid *b, char *why, size_t len)
{
	int classes[] = { IB_SA_CLASS };
	struct ibmad_port *mad;

	b->sa.lid = (int)rr_sa_lib_sm_lid(b->ib, b->p->ca, b->p->port);
	if (!b->sa.lid) {
		snprintf(why, len, "the port knows no SM to ask (its SMLID is 0)");
		return false;
	}
	b->sa.qp = 1;
	b->sa.qkey = IB_DEFAULT_QP1_QKEY;
	mad = b->ib->mad_rpc_open_port((char *)b->p->ca, b->p->port, classes, 1);
	if (!mad) {
		snprintf(why, len, "mad_rpc_open_port(): %s",
			 strerror(errno ? errno : EIO));
		return false;
	}
	b->win = rr_mad_window_new(b->ib, mad, IB_MAD_SIZE);
	if (!b->win) {
		snprintf(why, len, "%s", strerror(ENOMEM));
		b->ib->mad_rpc_close_port(mad);
		return false;
	}
	rr_mad_bound_phase(b->p->bound, b->n,
			   rr_mad_phase_ms(b->n, 1, b->p->timeout_ms));
	for (;;) {
		while (rr_mad_in_flight(b->win, RR_MAD_SA) <
			       (b->p->window ? b->p->window : 1) &&
		       b->next < b->n && !rr_mad_bound_over(b->p->bound))
			send_lid(b);
		if (!rr_mad_in_flight(b->win, RR_MAD_SA))
			break;
		take_lid(b);
	}
	/* The LIDs not asked before the phase was cut stay unanswered. */
	if (b->p->bound)
		b->p->bound->done = b->next;
	rr_mad_window_free(b->win);
	b->ib->mad_rpc_close_port(mad);
	return true;
}

bool rr_sa_node_records_by_lid(const struct rr_fabric_tables_params *p,
			       struct rr_lid_node *rec, size_t n, char *why,
			       size_t len)
{
	struct by_lid b = { .p = p, .rec = rec, .n = n };
	struct rr_sa_lib ib;
	bool ok;

	if (!rr_sa_lib_open(&ib, why, len))
		return false;
	b.ib = &ib;
	ok = ask_lids(&b, why, len);
	rr_sa_lib_close(&ib);
	return ok;
}
