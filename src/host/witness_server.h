/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The witness channel of rdma-route --listen: TCP on the listen address
 * and port, where a prober whose RoCE gets nowhere still hears the far
 * end.  A client sends the request line (RR_PEER_MAGIC); the answer is
 * this host's facts for the address it connected to (host/witness_facts.h)
 * with what the listener says of itself, then the connection closes.
 * Only sources in the admin's networks are told (--witness-allow): any
 * other gets a "denied" line at once.  Bounded (host/witness_limits.h):
 * RR_WITNESS_MAX_CLIENTS at once, RR_WITNESS_SOURCE_CLIENTS of one
 * address, a second to send the request, RR_WITNESS_RATE answers a
 * second, RR_WITNESS_SOURCE_RATE to one address; a client past a bound
 * gets a "busy" line and is closed.  One answer a connection; nothing is
 * read but the request line.
 */
#ifndef RR_WITNESS_SERVER_H
#define RR_WITNESS_SERVER_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "base/prefix.h"
#include "host/witness_limits.h"
#include "model/probe/connection.h"	/* enum rr_witness_said */
#include "model/probe/peer_facts.h"

#define RR_WITNESS_REQUEST_MS 1000

/* What the listener says of itself in each answer. */
struct rr_witness_self {
	bool listening;
	uint16_t port;
	const char *listen_error;	/* errno's name, or NULL */
	uint32_t echo_max;
	const char *host;
	const char *version;
};

struct rr_witness;

/*
 * Listens on ADDR (with its port); FACTS tells this host's facts for an
 * address (host/witness_facts.h's rr_witness_facts); ALLOW names the
 * sources it answers (NULL or empty: any).  NULL with errno.
 */
struct rr_witness *rr_witness_start(const struct sockaddr_storage *addr,
				    void (*facts)(const struct sockaddr_storage *addr,
						  struct rr_peer_facts *f),
				    const struct rr_prefix_list *allow);
/* Its descriptors into PFD (room for RR_WITNESS_MAX_CLIENTS + 1). */
int rr_witness_pollfds(const struct rr_witness *w, struct pollfd *pfd);
/* PFD's N descriptors polled: clients taken, requests answered. */
void rr_witness_turn(struct rr_witness *w, const struct pollfd *pfd, int n,
		     const struct rr_witness_self *self);
/* Milliseconds until a client's time to ask runs out; -1 none waits. */
int rr_witness_due_ms(const struct rr_witness *w);
/* What it did with each client so far, by kind: for the summary. */
void rr_witness_counts(const struct rr_witness *w,
		       unsigned long long counts[RR_WS_COUNT]);
void rr_witness_free(struct rr_witness *w);

#endif
