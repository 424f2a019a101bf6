// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A hostile client of rdma-route --listen (tests/lab/listen_burst.bats):
 * N connection requests, each asking, as a --connect --data probe does,
 * for an echo of BYTES (0: a plain request).  Each id's QP is its own
 * (ibv_create_qp), so librdmacm hands the REP up (CONNECT_RESPONSE)
 * rather than answering it: without --establish no RTU is ever sent, and
 * the listener's connections stay half open.  With --establish the RTU
 * goes, and then nothing more: a DREQ from the listener is never
 * answered (no rdma_disconnect, no rdma_destroy_id, events unread).
 *
 * Once every request is answered (or after 20 s) it prints one line,
 *   answered A established E rejected R busy B failed F
 * (busy: the listener's REJ at its echo bound, counted in R too), and
 * then waits for a signal, reading nothing more.  Never installed.
 *   half_open ADDR PORT N BYTES [--establish]
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <rdma/rdma_cma.h>

#include "rdmacm/cm_data.h"

#define MAX_CONNS 1024
#define BUSY_TAG "rdma-route-busy"

struct conn {
	struct rdma_cm_id *id;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_qp *qp;
	int done;
};

static struct {
	int answered, established, rejected, busy, failed;
} n;

static uint32_t bytes;
static int establish;

static int qp_to(struct conn *c, enum ibv_qp_state state)
{
	struct ibv_qp_attr attr = { .qp_state = state };
	int mask = 0;

	if (rdma_init_qp_attr(c->id, &attr, &mask))
		return -1;
	return ibv_modify_qp(c->qp, &attr, mask) ? -1 : 0;
}

/* Route resolved: a QP of our own in INIT, then the REQ. */
static int connect_one(struct conn *c)
{
	struct ibv_qp_init_attr attr = {
		.cap = { .max_send_wr = 1, .max_recv_wr = 1,
			 .max_send_sge = 1, .max_recv_sge = 1 },
		.qp_type = IBV_QPT_RC,
	};
	struct rdma_conn_param param = {
		.responder_resources = 1, .initiator_depth = 1,
		.retry_count = 7, .rnr_retry_count = 7,
	};
	uint8_t req[RR_DATA_REQ_LEN] = { 0 };
	uint32_t be = htonl(bytes);

	c->pd = ibv_alloc_pd(c->id->verbs);
	c->cq = c->pd ? ibv_create_cq(c->id->verbs, 2, NULL, NULL, 0) : NULL;
	if (!c->cq)
		return -1;
	attr.send_cq = attr.recv_cq = c->cq;
	c->qp = ibv_create_qp(c->pd, &attr);
	if (!c->qp || qp_to(c, IBV_QPS_INIT))
		return -1;
	param.qp_num = c->qp->qp_num;
	if (bytes) {
		/* As rr_data_req_make() writes it: tag, size, no hold. */
		memcpy(req, RR_DATA_REQ_TAG, sizeof(RR_DATA_REQ_TAG) - 1);
		memcpy(req + sizeof(RR_DATA_REQ_TAG) - 1, &be, 4);
		param.private_data = req;
		param.private_data_len = sizeof(req);
	}
	return rdma_connect(c->id, &param);
}

/* The REP in: kept unanswered, or (--establish) answered by the RTU. */
static void answered(struct conn *c)
{
	n.answered++;
	c->done = 1;
	if (!establish)
		return;
	if (qp_to(c, IBV_QPS_RTR) || qp_to(c, IBV_QPS_RTS) ||
	    rdma_establish(c->id)) {
		n.failed++;
		return;
	}
	n.established++;
}

static void rejected(struct conn *c, const struct rdma_cm_event *ev)
{
	const char *data = ev->param.conn.private_data;

	n.rejected++;
	if (data && ev->param.conn.private_data_len >= sizeof(BUSY_TAG) - 1 &&
	    !memcmp(data, BUSY_TAG, sizeof(BUSY_TAG) - 1))
		n.busy++;
	c->done = 1;
}

static void failed(struct conn *c)
{
	n.failed++;
	c->done = 1;
}

static void event(struct conn *c, struct rdma_cm_event *ev)
{
	switch (ev->event) {
	case RDMA_CM_EVENT_ADDR_RESOLVED:
		if (rdma_resolve_route(c->id, 2000))
			failed(c);
		break;
	case RDMA_CM_EVENT_ROUTE_RESOLVED:
		if (connect_one(c))
			failed(c);
		break;
	case RDMA_CM_EVENT_CONNECT_RESPONSE:
		answered(c);
		break;
	case RDMA_CM_EVENT_REJECTED:
		rejected(c, ev);
		break;
	default:
		failed(c);
	}
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	static struct conn conns[MAX_CONNS];
	struct addrinfo *ai, hints = { .ai_flags = AI_NUMERICHOST };
	struct rdma_event_channel *ch = rdma_create_event_channel();
	struct rdma_cm_event *ev;
	struct pollfd pfd;
	struct conn *c;
	int i, count, settled = 0;
	double end;

	count = argc >= 5 ? atoi(argv[3]) : 0;
	establish = argc == 6 && !strcmp(argv[5], "--establish");
	if (argc < 5 || argc > 6 || (argc == 6 && !establish) ||
	    count < 1 || count > MAX_CONNS || !ch ||
	    getaddrinfo(argv[1], argv[2], &hints, &ai)) {
		fprintf(stderr,
			"usage: half_open ADDR PORT N BYTES [--establish]\n");
		return 2;
	}
	bytes = (uint32_t)strtoul(argv[4], NULL, 0);
	fcntl(ch->fd, F_SETFL, fcntl(ch->fd, F_GETFL) | O_NONBLOCK);
	for (i = 0; i < count; i++) {
		c = &conns[i];
		if (rdma_create_id(ch, &c->id, c, RDMA_PS_TCP) ||
		    rdma_resolve_addr(c->id, NULL, ai->ai_addr, 2000)) {
			fprintf(stderr, "half_open: request %d: %s\n", i,
				strerror(errno));
			return 1;
		}
	}
	pfd = (struct pollfd){ .fd = ch->fd, .events = POLLIN };
	end = now_s() + 20;
	while (settled < count && now_s() < end) {
		poll(&pfd, 1, 100);
		while (!rdma_get_cm_event(ch, &ev)) {
			c = ev->id->context;
			if (!c->done) {
				event(c, ev);
				settled += c->done;
			}
			rdma_ack_cm_event(ev);
		}
	}
	printf("answered %d established %d rejected %d busy %d failed %d\n",
	       n.answered, n.established, n.rejected, n.busy,
	       n.failed + count - settled);
	fflush(stdout);
	/* Holds what it has, reading nothing, until a signal ends it. */
	for (;;)
		pause();
}
