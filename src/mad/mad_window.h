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
	RR_MAD_NONE,		/* no event for the owner in the time given */
	RR_MAD_ANSWER,		/* an answer came: mad, len, status */
	/* The kernel failed the send, or a resend failed: err says why. */
	RR_MAD_ERROR,
	RR_MAD_TIMEOUT,		/* no answer by the MAD's deadline */
};

struct rr_mad_reply {
	enum rr_mad_event event;
	uintptr_t cookie;	/* the owner's, given with the send */
	/*
	 * ANSWER: the MAD without its umad header, LEN bytes long; valid
	 * until the next call on the window.
	 */
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
 * Creates a window on MAD's port that works through IB's functions (a
 * test passes fakes) and receives answers of up to ROOM bytes of MAD (a
 * reassembled RMPP table may be longer than one MAD).  Returns NULL on
 * ENOMEM.
 */
struct rr_mad_window *rr_mad_window_new(const struct rr_sa_lib *ib,
					struct ibmad_port *mad, int room);
/* Forgets everything in flight and frees W; the port stays open. */
void rr_mad_window_free(struct rr_mad_window *w);

/* Returns the window's clock: rr_now() in ms. */
int64_t rr_mad_now_ms(void);

/*
 * Sends the MAD that RPC describes (its class, method, attribute,
 * modifier and mask) to TO with DATA (NULL: none), for OWNER with COOKIE;
 * the kernel and the window wait for its answer until DEADLINE_MS.
 * Returns 0, or an errno: ETIMEDOUT when the deadline is already past,
 * ENOMEM, EINVAL when the packet cannot be built, or umad_send()'s error
 * (EIO if it gave none).  After an error nothing is in flight.
 */
int rr_mad_send(struct rr_mad_window *w, enum rr_mad_owner owner,
		uintptr_t cookie, ib_rpc_t *rpc, ib_portid_t *to, void *data,
		int64_t deadline_ms);

/*
 * Puts OWNER's next event into *REPLY, waiting at most until UNTIL_MS.
 * An answer kept aside comes first, then a MAD past its deadline, then
 * what comes in; meanwhile, busy MADs that are due are sent again and
 * other owners' answers are kept aside for them.  A MAD is over once its
 * event is given.  *REPLY is NONE at once when OWNER has nothing in
 * flight.
 */
void rr_mad_next(struct rr_mad_window *w, enum rr_mad_owner owner,
		 int64_t until_ms, struct rr_mad_reply *reply);

/*
 * Returns how many of OWNER's MADs are in flight, counting those answered
 * but not yet taken.
 */
unsigned int rr_mad_in_flight(const struct rr_mad_window *w,
			      enum rr_mad_owner owner);

/* Forgets OWNER's MADs: their answers, if they come, are dropped. */
void rr_mad_forget(struct rr_mad_window *w, enum rr_mad_owner owner);

#endif
