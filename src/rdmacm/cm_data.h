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
 * The private data in the REQ of a probe that will send messages: a tag;
 * the largest message, so that the listener registers a buffer for it
 * (and only for such connections); and how long the probe may keep the
 * connection (its data may wait for other probes' first), which the
 * listener then holds at least that long.  It fits in the 56 bytes that
 * RDMA CM leaves.  A listener reads the first version (tag "data1", no
 * hold) too.
 */
#define RR_DATA_REQ_TAG "rdma-route data2"
#define RR_DATA_REQ_TAG1 "rdma-route data1"
#define RR_DATA_REQ_LEN 24
#define RR_DATA_REQ_LEN1 20

/*
 * How long a transfer that is alone in flight waits for its echo without
 * sleeping: a few round trips of Soft-RoCE on an emulated host (about
 * 1 ms), thousands on hardware.  (A listener that spun for its next
 * message was no faster in the two-host lab, so it sleeps in poll().)
 */
#define RR_DATA_SPIN_NS (4 * 1000000LL)

/*
 * Writes into OUT the REQ private data that asks the listener to echo
 * messages of up to MAX bytes and to hold the connection HOLD_MS.
 */
void rr_data_req_make(uint8_t out[RR_DATA_REQ_LEN], uint32_t max,
		      uint32_t hold_ms);
/*
 * Returns the largest message that the REQ private data DATA (LEN bytes)
 * asks to have echoed, or 0 when it asks for none, and sets *HOLD_MS to
 * how long the prober may keep the connection (0: not said).
 */
uint32_t rr_data_req_parse(const void *data, unsigned int len,
			   uint32_t *hold_ms);

/* The prober's side: one message at a time, out and back. */
struct rr_cm_data {
	struct ibv_comp_channel *channel;	/* the CQ's, polled by the run */
	struct ibv_mr *mr;
	uint8_t *buf;			/* MAX bytes out, then MAX bytes in */
	uint32_t max;
	uint32_t size;			/* the size of the message out */
	bool sent, echoed;		/* its completions so far */
	bool poked;			/* the 0-byte SEND was posted */
	struct timespec start;		/* when it was posted */
	/*
	 * An echo that differs from the message: its length, and the first
	 * byte that differs (-1: none).
	 */
	uint32_t echo_len;
	int64_t differs_at;
};

/*
 * Creates a completion channel (call it before the CQ is made with the
 * channel) and a buffer, registered with PD, for a message of up to MAX
 * bytes and its echo.  Returns 0, or -1 with errno set and *CALL naming
 * the call that failed.
 */
int rr_cm_data_open(struct rr_cm_data *d, struct ibv_context *verbs,
		    struct ibv_pd *pd, uint32_t max, const char **call);
/*
 * Deregisters and frees D's buffer and destroys its channel; call it
 * after the QP and the CQ are gone.
 */
void rr_cm_data_close(struct rr_cm_data *d);
/*
 * Sends the next message, of SIZE bytes: arms the CQ first if ARM is set
 * (for the first message; after it, rr_cm_data_read() and
 * rr_cm_data_spin() arm it when they find nothing back), posts the
 * receive for its echo, then the send.  Returns 0, or -1 with errno set
 * and *CALL naming the call that failed.
 */
int rr_cm_data_send(struct rr_cm_data *d, struct ibv_qp *qp, struct ibv_cq *cq,
		    uint32_t size, bool arm, const char **call);

/*
 * For a message that was acknowledged but whose echo is late: posts a
 * SEND of 0 bytes, which the peer's RDMA device acknowledges by itself
 * (the listener sends nothing back for it).  This tells a peer that no
 * longer answers at all (RC's retries end it: IBV_WC_RETRY_EXC_ERR) from
 * one that does not echo.  (An RDMA READ of 0 bytes would need no receive
 * there, but Soft-RoCE on 6.12 answers none.)  Returns 0, or -1 with
 * errno set and *CALL naming the call that failed.
 */
int rr_cm_data_poke(struct rr_cm_data *d, struct ibv_qp *qp, const char **call);

enum rr_cm_data_state {
	RR_DATA_WAITING,		/* not back yet */
	RR_DATA_BACK,			/* sent, and its echo came, the same */
	RR_DATA_FAILED,			/* *wc_status says how */
};

/*
 * Call when the channel is readable: takes its events, reads the CQ's
 * completions and, if the message is not back, arms the CQ again
 * (RR_DATA_WAITING: armed).  A failed completion's status goes to
 * *WC_STATUS (-1: none); an echo that differs from the message gives
 * RR_WC_ECHO_DIFFERS (model/probe/transfer.h).
 */
enum rr_cm_data_state rr_cm_data_read(struct rr_cm_data *d, struct ibv_cq *cq,
				      int *wc_status);
/*
 * Polls the CQ without sleeping until the message is back or has failed,
 * or until rr_now() reaches UNTIL_NS; *AT gets the time of the last look.
 * Meant for one transfer alone in flight: on some hosts a wake-up from
 * poll() costs more than a round trip (ib_send_lat spins too).  If the
 * message is still waiting at UNTIL_NS, the CQ is left armed, as
 * rr_cm_data_read() leaves it.
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
	bool stopped;			/* can carry no more: not polled */
};

/*
 * Registers a buffer for messages of up to MAX bytes on the QP's PD,
 * arms the receive CQ on RECV_CHANNEL (made non-blocking) and posts the
 * first receive; call it before the connection is accepted.  Returns 0,
 * or -1 with errno set and *CALL naming the call that failed.
 */
int rr_cm_echo_open(struct rr_cm_echo *e, struct ibv_qp *qp,
		    struct ibv_comp_channel *recv_channel, uint32_t max,
		    const char **call);
/*
 * Call when RECV_CHANNEL is readable: sends back each message that came
 * and posts the receive again.  Returns 0, or -1 when the connection can
 * carry no more.
 */
int rr_cm_echo_read(struct rr_cm_echo *e, struct ibv_qp *qp,
		    struct ibv_comp_channel *recv_channel,
		    struct ibv_cq *recv_cq, struct ibv_cq *send_cq);
/* Deregisters and frees E's buffer. */
void rr_cm_echo_close(struct rr_cm_echo *e);

#endif
