/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The responder side of --connect (rdma-route --listen): an rdma_cm id
 * listening on a port, accepting each connection request (or rejecting
 * it, --reject), and handing each connection back once it is over, with
 * its peer and its times.  Never prints.
 */
#ifndef RR_CM_LISTENER_H
#define RR_CM_LISTENER_H

#include <poll.h>
#include <stdbool.h>
#include <sys/socket.h>

#include "base/port_space.h"
#include "base/prefix.h"
#include "model/probe/connection.h"
#include "model/probe/peer_facts.h"

struct ibv_context;

struct rr_listen_params {
	/* The address and port to listen on; a wildcard address means all. */
	struct sockaddr_storage addr;
	enum rr_ps ps;
	bool reject;			/* answer every REQ with a REJ (28) */
	/* An established connection the peer keeps longer is ended here. */
	unsigned int hold_ms;
	/*
	 * A connection not established (no RTU) within its hold after its
	 * request, or this long if longer, is let go (the kernel sends a
	 * REJ), its echo buffer with it.
	 */
	unsigned int establish_ms;
	/* Our DREQ (past the hold) unanswered this long: the id let go. */
	unsigned int disconnect_wait_ms;
	/*
	 * Gives this host's facts for an address on the port a connection
	 * came to (host/witness_facts.h), which each REP carries; NULL: a
	 * REP says only whether the listener echoes.
	 */
	void (*facts)(const struct sockaddr_storage *addr,
		      struct ibv_context *verbs, uint8_t port,
		      struct rr_peer_facts *f);
	/*
	 * The sources a REP tells those facts (--witness-allow); NULL or
	 * empty: any.  To another it says its echo and "withheld".
	 */
	const struct rr_prefix_list *allow;
	/*
	 * The bound, in bytes, on the echo buffers of all connections
	 * together: a request whose buffer would pass it is refused as busy.
	 * 0: no bound.
	 */
	size_t echo_budget;
};

/*
 * The private data of the REJ a listener sends at its echo bound: this
 * tag, then the bytes in use and the bound.
 */
#define RR_LISTEN_BUSY_TAG "rdma-route-busy echo"

struct rr_listener;

/*
 * Starts listening as P says.  Returns NULL on failure, with errno set
 * and *CALL naming the call that failed (ENODEV from rdma_create_id: no
 * RDMA CM here).
 */
struct rr_listener *rr_listener_start(const struct rr_listen_params *p,
				      const char **call);
/* Returns the address listened on, with its port. */
const struct sockaddr_storage *rr_listener_addr(const struct rr_listener *l);
/*
 * Waits up to MS for events (a signal ends the wait) and handles them.
 * Copies the connections that ended to DONE, at most MAX, and returns how
 * many.  A turn reads no more events than it has room for (each ends at
 * most one connection); the rest wait in the kernel's queue for the next
 * turn, which then does not wait, so none is dropped however fast they
 * come.  EXTRA's N_EXTRA descriptors (the witness's) are polled too, and
 * their revents are set for the caller.
 */
int rr_listener_turn(struct rr_listener *l, int ms, struct rr_connection *done,
		     int max, struct pollfd *extra, int n_extra);
/*
 * Returns whether L's RDMA CM id listens now.  After its device went away
 * (DEVICE_REMOVAL) it is bound again every second; until it listens, *ERR
 * says why not (ENODEV).
 */
bool rr_listener_listening(const struct rr_listener *l, int *err);
/*
 * Ends open connections and hands each to DONE as STOPPED, at most MAX;
 * returns how many.  Returns 0 once none is left open: call it until
 * then.
 */
int rr_listener_stop(struct rr_listener *l, struct rr_connection *done,
		     int max);
/* Frees L; a connection still open is ended without being reported. */
void rr_listener_free(struct rr_listener *l);

#endif
