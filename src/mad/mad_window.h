/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one window of MADs in flight on a port: every MAD rdma-route sends
 * itself (not through libibmad's one-at-a-time RPC) goes out here and its
 * answer comes back here, on one clock (rr_now(), in ms).  A MAD is sent
 * for an owner (the SA queries, a trace's SMPs and PMA queries, the
 * forwarding-table reader) with the owner's cookie and a deadline; the
 * owner then asks for its next event.  Answers are matched by the low 32
 * bits of the TID (the kernel's agent number is in the high ones); an
 * answer that comes while another owner waits is kept aside for its own;
 * a busy answer (MAD status 0x0001 alone) is sent again, the same packet,
 * after a back-off, while its deadline allows.  This file is the only
 * one that calls umad_send() and umad_recv().
 */
#ifndef RR_MAD_WINDOW_H
#define RR_MAD_WINDOW_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "mad/sa_lib.h"

enum rr_mad_owner {
	RR_MAD_SA,		/* sa_backend's PathRecord queries */
	RR_MAD_TRACE,		/* a trace's batches (mad_batch) */
	RR_MAD_TABLES,		/* fabric_tables' forwarding-table blocks */
	RR_MAD_NUM_OWNERS
};

enum rr_mad_event {
	RR_MAD_NONE,		/* nothing for the owner by the time asked */
	RR_MAD_ANSWER,		/* an answer came: mad, len, status */
	RR_MAD_ERROR,		/* the kernel's error for the send, or a resend failed: err */
	RR_MAD_TIMEOUT,		/* no answer by the MAD's deadline */
};

struct rr_mad_reply {
	enum rr_mad_event event;
	uintptr_t cookie;	/* the owner's, given with the send */
	/* ANSWER: the MAD (the umad header skipped), LEN bytes; valid until
	 * the window's next call. */
	const uint8_t *mad;
	int len;
	/* ANSWER: the MAD status (a directed-route SMP's without its D bit). */
	uint16_t status;
	int err;		/* ERROR: an errno */
	unsigned int busy;	/* times it was sent again after a busy answer */
	struct timespec at;	/* when it came, or failed */
};

struct rr_mad_window;

/*
 * A window on MAD's port, through IB's functions (a test's fakes),
 * receiving answers of up to ROOM bytes of MAD (a reassembled RMPP
 * table may be longer than one MAD).  NULL on ENOMEM.
 */
struct rr_mad_window *rr_mad_window_new(const struct rr_sa_lib *ib,
					struct ibmad_port *mad, int room);
/* Everything in flight forgotten, the memory freed; the port stays open. */
void rr_mad_window_free(struct rr_mad_window *w);

/* The window's clock: rr_now() in ms. */
int64_t rr_mad_now_ms(void);

/*
 * The MAD RPC describes (its class, method, attribute, modifier, mask),
 * to TO with DATA (NULL: none), sent for OWNER with COOKIE; the kernel
 * and the window wait for its answer until DEADLINE_MS.  0, or an errno
 * (ETIMEDOUT: the deadline is past; ENOMEM; umad_send's, EIO if it gave
 * none); nothing is in flight then.
 */
int rr_mad_send(struct rr_mad_window *w, enum rr_mad_owner owner,
		uintptr_t cookie, ib_rpc_t *rpc, ib_portid_t *to, void *data,
		int64_t deadline_ms);

/*
 * OWNER's next event into *REPLY, waiting at most until UNTIL_MS:
 * an answer kept aside first, then a MAD past its deadline, then what
 * comes in; meanwhile busy MADs due are sent again and other owners'
 * answers kept aside.  A MAD is over once its event is given.  NONE at
 * once when OWNER has nothing in flight.
 */
void rr_mad_next(struct rr_mad_window *w, enum rr_mad_owner owner,
		 int64_t until_ms, struct rr_mad_reply *reply);

/* How many of OWNER's MADs are in flight (or answered, not yet taken). */
unsigned int rr_mad_in_flight(const struct rr_mad_window *w,
			      enum rr_mad_owner owner);

/* OWNER's MADs forgotten: their answers, if they come, are dropped. */
void rr_mad_forget(struct rr_mad_window *w, enum rr_mad_owner owner);

#endif
