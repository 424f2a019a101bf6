/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One question to the witness of rdma-route --listen at a peer: a TCP
 * connection to the port asked, the request line, and the facts it
 * answers (model/probe/peer_facts.h), read without blocking.  What TCP itself
 * says counts too: a RST is a host that answers with nothing on that
 * port; a connection accepted and nothing said is a process that does
 * not answer.
 */
#ifndef RR_WITNESS_CLIENT_H
#define RR_WITNESS_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "model/probe/peer_facts.h"

enum rr_wq_state {
	RR_WQ_CONNECTING,	/* no answer to the SYN yet */
	RR_WQ_WAITING,		/* connected, the request sent */
	RR_WQ_ANSWERED,		/* the facts read */
	RR_WQ_REFUSED,		/* RST: nothing listens on TCP there */
	RR_WQ_UNREACHABLE,	/* an ICMP error: host or network unreachable */
	RR_WQ_BAD,		/* it answered, but not as a witness does */
	RR_WQ_FAILED,		/* a call failed: errno in err */
};

struct rr_witness_query {
	int fd;
	enum rr_wq_state state;
	int err;
	char why[96];		/* RR_WQ_BAD: what was wrong */
	size_t len;
	char buf[RR_PEER_TEXT_MAX];
};

/* The witness's request line: the first line of its answer too. */
#define RR_WITNESS_REQUEST RR_PEER_MAGIC "\n"

/* Connects to DST's PORT from SRC (may be NULL), without waiting. */
void rr_witness_query_start(struct rr_witness_query *q,
			    const struct sockaddr_storage *dst, uint16_t port,
			    const struct sockaddr_storage *src);
/* The events poll() should wait for, 0 once the query is over. */
short rr_witness_query_events(const struct rr_witness_query *q);
/* The socket is ready: the query goes on; FACTS filled once answered. */
void rr_witness_query_turn(struct rr_witness_query *q,
			   struct rr_peer_facts *facts);
/* Whether the query is over (answered, refused, unreachable, failed). */
bool rr_witness_query_over(const struct rr_witness_query *q);
void rr_witness_query_close(struct rr_witness_query *q);

#endif
