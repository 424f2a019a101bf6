/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --connect --data: messages over an RC connection and their echo.  The
 * prober's side (struct rr_cm_data: send one, wait for it to come back)
 * and the listener's (struct rr_cm_echo: send back what came), and the
 * few bytes of the connection request by which a prober asks a listener
 * to echo.  Never prints.
 */
#ifndef RR_CM_DATA_H
#define RR_CM_DATA_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <infiniband/verbs.h>

/*
 * The REQ's private data of a probe that will send messages: a tag, the
 * largest message, so that the listener registers a buffer for it (and
 * only for such connections), and how long the probe may keep the
 * connection (its data may wait for other probes' first): the listener
 * holds it at least that long.  Within the 56 bytes RDMA CM leaves.  A
 * listener reads the first version (tag "data1", no hold) too.
 */
#define RR_DATA_REQ_TAG "rdma-route data2"
#define RR_DATA_REQ_TAG1 "rdma-route data1"
#define RR_DATA_REQ_LEN 24
#define RR_DATA_REQ_LEN1 20

/*
 * How long a transfer alone waits for its echo without sleeping: a few
 * round trips of Soft-RoCE on an emulated host (about 1 ms), thousands
 * on hardware.  (A listener that spun for its next message was no
 * faster in the two-host lab: it sleeps in poll().)
 */
#define RR_DATA_SPIN_NS (4 * 1000000LL)

void rr_data_req_make(uint8_t out[RR_DATA_REQ_LEN], uint32_t max,
		      uint32_t hold_ms);
/*
 * The largest message a REQ's private data asks to echo (0: none), and
 * into *HOLD_MS how long it may keep the connection (0: not said).
 */
uint32_t rr_data_req_parse(const void *data, unsigned int len,
			   uint32_t *hold_ms);

/* The prober's side: one message at a time, out and back. */
struct rr_cm_data {
	struct ibv_comp_channel *channel;	/* the CQ's, polled by the run */
	struct ibv_mr *mr;
	uint8_t *buf;			/* max to send, then max to receive */
	uint32_t max;
	uint32_t size;			/* the message out */
	bool sent, echoed;		/* its completions so far */
	bool poked;			/* the message of 0 bytes went */
	struct timespec start;		/* when it was posted */
	/* An echo that differs: its length, its first byte that does (-1: none). */
	uint32_t echo_len;
	int64_t differs_at;
};

/*
 * A completion channel (before the CQ is made with it) and a buffer of
 * MAX bytes registered with PD; 0, or -1 with errno and *CALL.
 */
int rr_cm_data_open(struct rr_cm_data *d, struct ibv_context *verbs,
		    struct ibv_pd *pd, uint32_t max, const char **call);
/* After the QP and the CQ are gone. */
void rr_cm_data_close(struct rr_cm_data *d);
/*
 * The next message, of SIZE bytes: the CQ armed first if ARM (the
 * first message; then rr_cm_data_read and rr_cm_data_spin arm it when
 * they find nothing back), its echo's receive posted, then the send; 0,
 * or -1 with errno and *CALL.
 */
int rr_cm_data_send(struct rr_cm_data *d, struct ibv_qp *qp, struct ibv_cq *cq,
		    uint32_t size, bool arm, const char **call);

/*
 * The message was acknowledged, its echo is late: a SEND of 0 bytes,
 * which the peer's RDMA device acknowledges by itself (the listener
 * sends nothing back for it), tells a peer that no longer answers at all
 * (RC's retries end it: IBV_WC_RETRY_EXC_ERR) from one that does not
 * echo.  (An RDMA READ of 0 bytes would need no receive there, but
 * Soft-RoCE on 6.12 answers none.)  0, or -1 with errno and *CALL.
 */
int rr_cm_data_poke(struct rr_cm_data *d, struct ibv_qp *qp, const char **call);

enum rr_cm_data_state {
	RR_DATA_WAITING,		/* not back yet */
	RR_DATA_BACK,			/* sent, and its echo came, the same */
	RR_DATA_FAILED,			/* *wc_status says how */
};

/*
 * The channel is readable: its events taken, the CQ's completions read,
 * the CQ armed again if the message is not back (RR_DATA_WAITING: armed).  A failed completion's status goes to *WC_STATUS (an echo that
 * differs from the message: IBV_WC_GENERAL_ERR).
 */
enum rr_cm_data_state rr_cm_data_read(struct rr_cm_data *d, struct ibv_cq *cq,
				      int *wc_status);
/*
 * The CQ polled without sleeping until the message is back or failed,
 * or rr_now() reaches UNTIL_NS; *AT the time of the last look.  For one
 * transfer alone in flight: a wake-up from poll() costs more than a
 * round trip does on some hosts (ib_send_lat spins too).  Still
 * waiting at UNTIL_NS: the CQ armed, as rr_cm_data_read leaves it.
 */
enum rr_cm_data_state rr_cm_data_spin(struct rr_cm_data *d, struct ibv_cq *cq,
				      int *wc_status, int64_t until_ns,
				      struct timespec *at);

/* The listener's side: what comes is sent back. */
struct rr_cm_echo {
	struct ibv_mr *mr;
	uint8_t *buf;
	uint32_t max;
	unsigned int in_flight;		/* sends not completed yet */
	unsigned long long messages;	/* sent back */
	bool stopped;			/* it can carry no more: not polled */
};

/*
 * A buffer of MAX bytes on the QP's PD and its first receive posted,
 * before the connection is accepted, the receive CQ armed on
 * RECV_CHANNEL (made non-blocking); 0, or -1 with errno and *CALL.
 */
int rr_cm_echo_open(struct rr_cm_echo *e, struct ibv_qp *qp,
		    struct ibv_comp_channel *recv_channel, uint32_t max,
		    const char **call);
/*
 * RECV_CHANNEL is readable: each message that came is sent back and the
 * receive posted again.  0; -1 when the connection can carry no more.
 */
int rr_cm_echo_read(struct rr_cm_echo *e, struct ibv_qp *qp,
		    struct ibv_comp_channel *recv_channel,
		    struct ibv_cq *recv_cq, struct ibv_cq *send_cq);
void rr_cm_echo_close(struct rr_cm_echo *e);

#endif
