// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "rdmacm/cm_data.h"
#include "host/rdma_libs.h"
#include "model/probe/transfer.h"

/* Work request ids: which completion is which. */
#define WR_SEND 1
#define WR_RECV 2
#define WR_POKE 3

_Static_assert(sizeof(RR_DATA_REQ_TAG) - 1 + 8 == RR_DATA_REQ_LEN &&
	       sizeof(RR_DATA_REQ_TAG1) - 1 + 4 == RR_DATA_REQ_LEN1 &&
	       sizeof(RR_DATA_REQ_TAG) == sizeof(RR_DATA_REQ_TAG1),
	       "the REQ's tag, size and hold");

#define TAG_LEN (sizeof(RR_DATA_REQ_TAG) - 1)

void rr_data_req_make(uint8_t out[RR_DATA_REQ_LEN], uint32_t max,
		      uint32_t hold_ms)
{
	uint32_t be = htonl(max), hold = htonl(hold_ms);

	memcpy(out, RR_DATA_REQ_TAG, TAG_LEN);
	memcpy(out + TAG_LEN, &be, 4);
	memcpy(out + TAG_LEN + 4, &hold, 4);
}

uint32_t rr_data_req_parse(const void *data, unsigned int len,
			   uint32_t *hold_ms)
{
	const uint8_t *d = data;
	uint32_t be, hold = 0;

	*hold_ms = 0;
	if (!d || len < RR_DATA_REQ_LEN1)
		return 0;
	if (len >= RR_DATA_REQ_LEN && !memcmp(d, RR_DATA_REQ_TAG, TAG_LEN)) {
		memcpy(&hold, d + TAG_LEN + 4, 4);
		*hold_ms = ntohl(hold);
	} else if (memcmp(d, RR_DATA_REQ_TAG1, TAG_LEN)) {
		return 0;
	}
	memcpy(&be, d + TAG_LEN, 4);
	return ntohl(be);
}

/* Read only when poll() says so; never block on a spurious wake. */
static int nonblocking(int fd)
{
	int flags = fcntl(fd, F_GETFL);

	return flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) ? -1 : 0;
}

int rr_cm_data_open(struct rr_cm_data *d, struct ibv_context *verbs,
		    struct ibv_pd *pd, uint32_t max, const char **call)
{
	uint32_t i;

	memset(d, 0, sizeof(*d));
	d->max = max;
	*call = "ibv_create_comp_channel";
	d->channel = rr_dl.ibv_create_comp_channel(verbs);
	if (!d->channel)
		return -1;
	*call = "fcntl";
	if (nonblocking(d->channel->fd))
		return -1;
	*call = "malloc";
	d->buf = malloc(2 * (size_t)max);
	if (!d->buf)
		return -1;
	/* A pattern, not zeros: an echo that lost bytes differs. */
	for (i = 0; i < max; i++)
		d->buf[i] = (uint8_t)(i * 7 + 1);
	*call = "ibv_reg_mr";
	d->mr = (*rr_dl.ibv_reg_mr)(pd, d->buf, 2 * (size_t)max,
				    IBV_ACCESS_LOCAL_WRITE);
	return d->mr ? 0 : -1;
}

void rr_cm_data_close(struct rr_cm_data *d)
{
	if (d->mr)
		rr_dl.ibv_dereg_mr(d->mr);
	if (d->channel)
		rr_dl.ibv_destroy_comp_channel(d->channel);
	free(d->buf);
	memset(d, 0, sizeof(*d));
}

static int post_recv(struct ibv_qp *qp, struct ibv_mr *mr, uint8_t *at,
		     uint32_t len, uint64_t wr_id)
{
	struct ibv_sge sge = {
		.addr = (uintptr_t)at, .length = len, .lkey = mr->lkey,
	};
	struct ibv_recv_wr wr = { .wr_id = wr_id, .sg_list = &sge, .num_sge = 1 };
	struct ibv_recv_wr *bad;

	errno = ibv_post_recv(qp, &wr, &bad);
	return errno ? -1 : 0;
}

static int post_send(struct ibv_qp *qp, struct ibv_mr *mr, uint8_t *at,
		     uint32_t len, uint64_t wr_id)
{
	struct ibv_sge sge = {
		.addr = (uintptr_t)at, .length = len, .lkey = mr->lkey,
	};
	struct ibv_send_wr wr = {
		.wr_id = wr_id, .sg_list = &sge, .num_sge = 1,
		.opcode = IBV_WR_SEND, .send_flags = IBV_SEND_SIGNALED,
	};
	struct ibv_send_wr *bad;

	errno = ibv_post_send(qp, &wr, &bad);
	return errno ? -1 : 0;
}

int rr_cm_data_send(struct rr_cm_data *d, struct ibv_qp *qp, struct ibv_cq *cq,
		    uint32_t size, bool arm, const char **call)
{
	d->size = size;
	d->sent = d->echoed = false;
	/* Armed before the posts: a completion before the arming has no event. */
	*call = "ibv_req_notify_cq";
	errno = arm ? ibv_req_notify_cq(cq, 0) : 0;
	if (errno)
		return -1;
	*call = "ibv_post_recv";
	if (post_recv(qp, d->mr, d->buf + d->max, d->max, WR_RECV))
		return -1;
	d->start = rr_now();
	*call = "ibv_post_send";
	return post_send(qp, d->mr, d->buf, size, WR_SEND);
}

int rr_cm_data_poke(struct rr_cm_data *d, struct ibv_qp *qp, const char **call)
{
	struct ibv_send_wr wr = {
		.wr_id = WR_POKE, .opcode = IBV_WR_SEND,
		.send_flags = IBV_SEND_SIGNALED,
	};
	struct ibv_send_wr *bad;

	d->poked = true;
	*call = "ibv_post_send";
	errno = ibv_post_send(qp, &wr, &bad);
	return errno ? -1 : 0;
}

/* The channel's events read and acked: poll() no longer wakes for them. */
static void take_events(struct ibv_comp_channel *channel, struct ibv_cq *cq)
{
	struct ibv_cq *ev_cq;
	void *ctx;
	unsigned int n = 0;

	while (!rr_dl.ibv_get_cq_event(channel, &ev_cq, &ctx))
		n++;
	if (n)
		rr_dl.ibv_ack_cq_events(cq, n);
}

/* Events taken, the CQ armed again: then it is polled. */
static void rearm(struct ibv_comp_channel *channel, struct ibv_cq *cq)
{
	take_events(channel, cq);
	ibv_req_notify_cq(cq, 0);
}

/* A failed completion: a flushed one only if nothing better says why. */
static void note_failure(int *wc_status, enum ibv_wc_status status)
{
	if (*wc_status < 0 || *wc_status == IBV_WC_WR_FLUSH_ERR)
		*wc_status = (int)status;
}

/* The first byte where the echo differs from the message; -1 none. */
static int64_t first_difference(const struct rr_cm_data *d, uint32_t len)
{
	uint32_t i, n = len < d->size ? len : d->size;

	for (i = 0; i < n; i++)
		if (d->buf[i] != d->buf[d->max + i])
			return i;
	return -1;
}

static void note_echo(struct rr_cm_data *d, const struct ibv_wc *wc,
		      int *wc_status)
{
	if (wc->byte_len != d->size ||
	    memcmp(d->buf, d->buf + d->max, d->size)) {
		d->echo_len = wc->byte_len;
		d->differs_at = first_difference(d, wc->byte_len);
		note_failure(wc_status, RR_WC_ECHO_DIFFERS);
	} else {
		d->echoed = true;
	}
}

/* What the CQ holds now, read: the message's state after it. */
static enum rr_cm_data_state poll_completions(struct rr_cm_data *d,
					      struct ibv_cq *cq,
					      int *wc_status)
{
	struct ibv_wc wc[4];
	int i, n;

	while ((n = ibv_poll_cq(cq, 4, wc)) > 0)
		for (i = 0; i < n; i++) {
			if (wc[i].status != IBV_WC_SUCCESS)
				note_failure(wc_status, wc[i].status);
			else if (wc[i].wr_id == WR_SEND)
				d->sent = true;
			else if (wc[i].wr_id == WR_RECV)
				note_echo(d, &wc[i], wc_status);
			/* The poke acknowledged: the peer is there, the echo late. */
		}
	if (n < 0)
		note_failure(wc_status, IBV_WC_GENERAL_ERR);
	if (*wc_status >= 0)
		return RR_DATA_FAILED;
	return d->sent && d->echoed ? RR_DATA_BACK : RR_DATA_WAITING;
}

/*
 * Nothing back yet: the CQ armed before the run sleeps, and polled once
 * more for a completion that came before the arming (it raised no event).
 * Only then: an echo in already costs no system call for the arming.
 */
static enum rr_cm_data_state arm_if_waiting(struct rr_cm_data *d,
					    struct ibv_cq *cq,
					    enum rr_cm_data_state state,
					    int *wc_status)
{
	if (state != RR_DATA_WAITING)
		return state;
	ibv_req_notify_cq(cq, 0);
	return poll_completions(d, cq, wc_status);
}

enum rr_cm_data_state rr_cm_data_read(struct rr_cm_data *d, struct ibv_cq *cq,
				      int *wc_status)
{
	*wc_status = -1;
	take_events(d->channel, cq);
	return arm_if_waiting(d, cq, poll_completions(d, cq, wc_status),
			      wc_status);
}

enum rr_cm_data_state rr_cm_data_spin(struct rr_cm_data *d, struct ibv_cq *cq,
				      int *wc_status, int64_t until_ns,
				      struct timespec *at)
{
	enum rr_cm_data_state state;

	*wc_status = -1;
	do {
		state = poll_completions(d, cq, wc_status);
		*at = rr_now();
	} while (state == RR_DATA_WAITING && rr_ts_ns(at) < until_ns);
	return arm_if_waiting(d, cq, state, wc_status);
}

int rr_cm_echo_open(struct rr_cm_echo *e, struct ibv_qp *qp,
		    struct ibv_comp_channel *recv_channel, uint32_t max,
		    const char **call)
{
	memset(e, 0, sizeof(*e));
	e->max = max;
	*call = "fcntl";
	if (nonblocking(recv_channel->fd))
		return -1;
	*call = "malloc";
	e->buf = malloc(2 * (size_t)max);
	if (!e->buf)
		return -1;
	*call = "ibv_reg_mr";
	e->mr = (*rr_dl.ibv_reg_mr)(qp->pd, e->buf, 2 * (size_t)max,
				    IBV_ACCESS_LOCAL_WRITE);
	if (!e->mr)
		return -1;
	*call = "ibv_req_notify_cq";
	errno = ibv_req_notify_cq(qp->recv_cq, 0);
	if (errno)
		return -1;
	*call = "ibv_post_recv";
	return post_recv(qp, e->mr, e->buf, max, 0);
}

/* Sends done: their slots free again. */
static int drain_sends(struct rr_cm_echo *e, struct ibv_cq *send_cq)
{
	struct ibv_wc wc[4];
	int i, n;

	while ((n = ibv_poll_cq(send_cq, 4, wc)) > 0)
		for (i = 0; i < n; i++) {
			if (wc[i].status != IBV_WC_SUCCESS)
				return -1;
			if (e->in_flight)
				e->in_flight--;
		}
	return n < 0 ? -1 : 0;
}

/* Each message that came sent back, its half's receive posted again. */
static int echo_pending(struct rr_cm_echo *e, struct ibv_qp *qp,
			struct ibv_cq *recv_cq, struct ibv_cq *send_cq)
{
	uint8_t *in, *next;
	struct ibv_wc wc;
	int n;

	/*
	 * Two halves, by turns: the next message's receive is posted on the
	 * other before this one goes back (a message that found none would
	 * wait for an RNR NAK's timer).  The half a message came in is free
	 * again by the next but one: the prober sends one at a time.
	 */
	while ((n = ibv_poll_cq(recv_cq, 1, &wc)) > 0) {
		if (wc.status != IBV_WC_SUCCESS || drain_sends(e, send_cq))
			return -1;
		in = e->buf + (wc.wr_id ? e->max : 0);
		next = e->buf + (wc.wr_id ? 0 : e->max);
		if (post_recv(qp, e->mr, next, e->max, !wc.wr_id))
			return -1;
		/* A prober's poke (rr_cm_data_poke): acknowledged, not echoed. */
		if (!wc.byte_len)
			continue;
		if (post_send(qp, e->mr, in, wc.byte_len, WR_SEND))
			return -1;
		e->in_flight++;
		e->messages++;
	}
	return n < 0 ? -1 : 0;
}

int rr_cm_echo_read(struct rr_cm_echo *e, struct ibv_qp *qp,
		    struct ibv_comp_channel *recv_channel,
		    struct ibv_cq *recv_cq, struct ibv_cq *send_cq)
{
	/*
	 * The echo first, the channel's bookkeeping after (its system calls
	 * are not on the round trip); the CQ polled again once armed, for a
	 * message that came in between.
	 */
	if (echo_pending(e, qp, recv_cq, send_cq))
		return -1;
	rearm(recv_channel, recv_cq);
	return echo_pending(e, qp, recv_cq, send_cq);
}

void rr_cm_echo_close(struct rr_cm_echo *e)
{
	if (e->mr)
		rr_dl.ibv_dereg_mr(e->mr);
	free(e->buf);
	memset(e, 0, sizeof(*e));
}
