// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A test peer for --data (tests/lab/two-hosts): an RDMA CM server that
 * says in its REP that it echoes, as rdma-route --listen does, and sends
 * every message back with one byte changed, the one at half its length.
 * One connection at a time; ended by a signal.  Never installed.
 *   echo_flip ADDR PORT
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <rdma/rdma_cma.h>

#define BUF (1U << 20)

static const char rep[] = "rdma-route-witness 1\necho 1048576\nend\n";

struct conn {
	struct rdma_cm_id *id;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_mr *mr;
	uint8_t *buf;
};

static int post_recv(struct conn *c)
{
	struct ibv_sge sge = { (uintptr_t)c->buf, BUF, c->mr->lkey };
	struct ibv_recv_wr wr = { .wr_id = 1, .sg_list = &sge, .num_sge = 1 };
	struct ibv_recv_wr *bad;

	return ibv_post_recv(c->id->qp, &wr, &bad);
}

static int send_back(struct conn *c, uint32_t len)
{
	struct ibv_sge sge = { (uintptr_t)c->buf, len, c->mr->lkey };
	struct ibv_send_wr wr = {
		.wr_id = 2, .sg_list = &sge, .num_sge = 1,
		.opcode = IBV_WR_SEND, .send_flags = IBV_SEND_SIGNALED,
	};
	struct ibv_send_wr *bad;

	if (len)
		c->buf[len / 2] ^= 0x5a;	/* the echo differs there */
	return ibv_post_send(c->id->qp, &wr, &bad);
}

static void drop(struct conn *c)
{
	if (c->id && c->id->qp)
		rdma_destroy_qp(c->id);
	if (c->mr)
		ibv_dereg_mr(c->mr);
	if (c->cq)
		ibv_destroy_cq(c->cq);
	if (c->pd)
		ibv_dealloc_pd(c->pd);
	free(c->buf);
	if (c->id)
		rdma_destroy_id(c->id);
	memset(c, 0, sizeof(*c));
}

static int accept_one(struct conn *c, struct rdma_cm_id *id)
{
	struct ibv_qp_init_attr attr = {
		.cap = { .max_send_wr = 4, .max_recv_wr = 4,
			 .max_send_sge = 1, .max_recv_sge = 1 },
		.qp_type = IBV_QPT_RC,
	};
	struct rdma_conn_param param = {
		.responder_resources = 1, .initiator_depth = 1,
		.rnr_retry_count = 7,
		.private_data = rep, .private_data_len = sizeof(rep),
	};

	c->id = id;
	c->pd = ibv_alloc_pd(id->verbs);
	c->cq = c->pd ? ibv_create_cq(id->verbs, 8, NULL, NULL, 0) : NULL;
	c->buf = malloc(BUF);
	if (!c->cq || !c->buf)
		return -1;
	c->mr = ibv_reg_mr(c->pd, c->buf, BUF, IBV_ACCESS_LOCAL_WRITE);
	attr.send_cq = attr.recv_cq = c->cq;
	if (!c->mr || rdma_create_qp(id, c->pd, &attr) || post_recv(c))
		return -1;
	return rdma_accept(id, &param);
}

/* Each message that came, sent back changed; the receive posted again. */
static void echo(struct conn *c)
{
	struct ibv_wc wc;

	while (c->cq && ibv_poll_cq(c->cq, 1, &wc) > 0) {
		if (wc.status != IBV_WC_SUCCESS || wc.wr_id != 1)
			continue;
		if (wc.byte_len && send_back(c, wc.byte_len))
			continue;
		post_recv(c);
	}
}

int main(int argc, char **argv)
{
	struct rdma_event_channel *ch = rdma_create_event_channel();
	struct addrinfo *ai, hints = { .ai_flags = AI_NUMERICHOST };
	struct rdma_cm_event *ev;
	struct rdma_cm_id *listen_id;
	struct conn c = { 0 };
	int flags;

	if (argc != 3 || !ch || getaddrinfo(argv[1], argv[2], &hints, &ai) ||
	    rdma_create_id(ch, &listen_id, NULL, RDMA_PS_TCP) ||
	    rdma_bind_addr(listen_id, ai->ai_addr) || rdma_listen(listen_id, 4)) {
		fprintf(stderr, "echo_flip ADDR PORT: %s\n", strerror(errno));
		return 1;
	}
	flags = fcntl(ch->fd, F_GETFL);
	fcntl(ch->fd, F_SETFL, flags | O_NONBLOCK);
	for (;;) {
		echo(&c);
		if (rdma_get_cm_event(ch, &ev)) {
			usleep(100);
			continue;
		}
		if (ev->event == RDMA_CM_EVENT_CONNECT_REQUEST) {
			struct rdma_cm_id *id = ev->id;

			rdma_ack_cm_event(ev);
			if (c.id) {		/* one at a time */
				rdma_reject(id, NULL, 0);
				rdma_destroy_id(id);
			} else if (accept_one(&c, id)) {
				rdma_reject(id, NULL, 0);
				drop(&c);
			}
			continue;
		}
		if (ev->event == RDMA_CM_EVENT_DISCONNECTED && ev->id == c.id) {
			rdma_ack_cm_event(ev);
			rdma_disconnect(c.id);
			drop(&c);
			continue;
		}
		rdma_ack_cm_event(ev);
	}
}
