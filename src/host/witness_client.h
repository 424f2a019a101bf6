/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One question to the witness of rdma-route --listen at a peer: a TCP
 * connection to the port asked, the request line, and the facts it
 * answers (model/probe/peer_facts.h), read without blocking.  What TCP itself
 * says counts too: a RST is a host that answers with nothing on that
 * port; a connection accepted and nothing said is a process that does
 * not answer.  Only the facts up to their "end" line are an answer: a
 * witness's refusal (busy, denied), an answer cut short, a connection
 * closed without a word are not.
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
	RR_WQ_BUSY,		/* the witness's "busy": why's word in why */
	RR_WQ_DENIED,		/* the witness's "denied": not allowed */
	RR_WQ_CUT_SHORT,	/* an answer begun, closed before its end */
	RR_WQ_CLOSED,		/* closed (or reset) without a word */
};

struct rr_witness_query {
	int fd;
	enum rr_wq_state state;
	int err;
	char why[96];		/* RR_WQ_BAD: what was wrong; RR_WQ_BUSY: why */
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
/* Whether the query is over: anything but connecting or waiting. */
bool rr_witness_query_over(const struct rr_witness_query *q);
/*
 * Whether what Q read so far is the beginning of a witness's answer: its
 * first line and whole lines after it, well formed, no "end" yet.
 */
bool rr_witness_query_begun(const struct rr_witness_query *q);
void rr_witness_query_close(struct rr_witness_query *q);

#endif
