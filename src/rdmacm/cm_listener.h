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
#include "model/probe/connection.h"
#include "model/probe/peer_facts.h"

struct ibv_context;

struct rr_listen_params {
	struct sockaddr_storage addr;	/* with its port; any address: all */
	enum rr_ps ps;
	bool reject;			/* answer every REQ with a REJ (28) */
	/* An established connection the peer keeps longer is ended here. */
	unsigned int hold_ms;
	/*
	 * This host's facts for an address on the port a connection came to
	 * (host/witness_facts.h), said in each REP; NULL: a REP says only
	 * whether the listener echoes.
	 */
	void (*facts)(const struct sockaddr_storage *addr,
		      struct ibv_context *verbs, uint8_t port,
		      struct rr_peer_facts *f);
	/*
	 * The echo buffers of all connections together, in bytes: a request
	 * whose buffer would pass it is refused, busy (0: no bound).
	 */
	size_t echo_budget;
};

/*
 * A REJ's private data of a listener at its echo bound: this tag, then
 * the bytes in use and the bound.
 */
#define RR_LISTEN_BUSY_TAG "rdma-route-busy echo"

struct rr_listener;

/*
 * Listens as P says.  NULL on failure, with errno and *CALL the call
 * that failed (ENODEV from rdma_create_id: no RDMA CM here).
 */
struct rr_listener *rr_listener_start(const struct rr_listen_params *p,
				      const char **call);
/* The address listened on, with its port. */
const struct sockaddr_storage *rr_listener_addr(const struct rr_listener *l);
/*
 * Waits up to MS for events (a signal ends the wait) and handles them;
 * the connections that ended are copied to DONE, at most MAX: how many.
 * A turn reads no more events than it has room for (each ends at most
 * one connection): the rest wait in the kernel's queue for the next turn,
 * which then does not wait.  None is dropped, however fast they come.
 * EXTRA's N_EXTRA descriptors (the witness's) are polled too, their
 * revents set for the caller.
 */
int rr_listener_turn(struct rr_listener *l, int ms, struct rr_connection *done,
		     int max, struct pollfd *extra, int n_extra);
/*
 * Whether its RDMA CM id listens now: after its device went away
 * (DEVICE_REMOVAL) it is bound again every second, and until then *ERR
 * says why not (ENODEV).
 */
bool rr_listener_listening(const struct rr_listener *l, int *err);
/*
 * Ends open connections, each handed to DONE as STOPPED, at most MAX: how
 * many.  0 when none is left open: call it until then.
 */
int rr_listener_stop(struct rr_listener *l, struct rr_connection *done,
		     int max);
/* Frees L; a connection still open is ended unreported. */
void rr_listener_free(struct rr_listener *l);

#endif
