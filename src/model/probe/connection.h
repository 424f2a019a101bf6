/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One connection a listener (rdma-route --listen) answered: who, on
 * which port, when, and how it ended.  The CM listener fills it; the
 * renderers print it.
 */
#ifndef RR_CONNECTION_H
#define RR_CONNECTION_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <sys/socket.h>

/* How a connection ended. */
enum rr_conn_end {
	RR_CONN_DISCONNECTED,	/* the peer's DREQ */
	RR_CONN_HELD,		/* our DREQ, after the hold time */
	RR_CONN_REJECTED,	/* --reject */
	RR_CONN_ANSWERED,	/* SIDR (--ps udp): the REP was the answer */
	RR_CONN_FAILED,		/* a call or an error event: see call, event */
	RR_CONN_STOPPED,	/* still open when the listener ended */
	RR_CONN_BUSY,		/* refused: its echo past the memory bound */
	RR_CONN_UNESTABLISHED,	/* no RTU in time: rejected here */
	RR_CONN_END_COUNT
};

struct rr_connection {
	struct sockaddr_storage peer, local;
	char device[64];
	uint8_t port;
	enum rr_conn_end end;
	const char *call;	/* RR_CONN_FAILED by a call: which, and errno */
	int err;
	int event;		/* RR_CONN_FAILED by an event: it, -1 none */
	int status;
	/*
	 * When the REQ came in; when ESTABLISHED (RTU in) came or the answer
	 * was sent; when the connection ended.
	 */
	struct timespec request, established, ended;
	bool have_established;
	/* RR_CONN_HELD: our DREQ had no answer by the listener's deadline. */
	bool disconnect_unconfirmed;
	/* --connect --data asked for an echo: the messages sent back. */
	bool echo;
	unsigned long long echoed;
};

/*
 * Returns END's key: "disconnected", "held", "rejected", "answered",
 * "failed", "stopped", "busy", "unestablished".
 */
const char *rr_conn_end_key(enum rr_conn_end end);

/* What the listener's witness (TCP) did with a client, counted. */
enum rr_witness_said {
	RR_WS_ANSWERED,		/* told this host's facts */
	RR_WS_BUSY,		/* a "busy" line: past a bound */
	RR_WS_DENIED,		/* a "denied" line: not in --witness-allow */
	/*
	 * Closed unanswered: no request line within its second, another
	 * line, or it went before its answer.
	 */
	RR_WS_CLOSED,
	RR_WS_COUNT
};

/* Returns SAID's key: "answered", "busy", "denied", "closed". */
const char *rr_witness_said_key(enum rr_witness_said said);

#endif
