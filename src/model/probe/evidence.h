/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Fresh evidence about a peer, gathered when a connection request gets
 * no answer: each question asked now (a cached answer is no answer),
 * what came back and how long it took.  The CM backend asks; explain
 * decides the cause from the answers (model/probe/decide_connect.h); the
 * renderers show them.  Plain data, no I/O.
 */
#ifndef RR_EVIDENCE_H
#define RR_EVIDENCE_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

/* What was asked, in the order the list shows them. */
enum rr_ev_kind {
	RR_EV_NEIGHBOUR,	/* ARP or ND asked again, not the cache */
	RR_EV_ICMP,		/* an ICMP or ICMPv6 echo */
	RR_EV_WITNESS,		/* TCP to the port asked: --listen's witness */
	RR_EV_UDP,		/* a UDP datagram to port 4791 */
	RR_EV_CM_OTHER,		/* a CM REQ to a service ID nobody serves */
	RR_EV_CM_TOS0,		/* the same with ToS 0 (the ToS used is not) */
	RR_EV_COUNT
};

/* What came back. */
enum rr_ev_answer {
	RR_EVA_NOT_ASKED,	/* not in the list */
	RR_EVA_PENDING,		/* asked, the deadline not reached yet */
	RR_EVA_ANSWERED,	/* the peer answered (its words in said) */
	RR_EVA_NO_ANSWER,	/* nothing by the deadline */
	/*
	 * The host answered that nothing serves that port: TCP RST, ICMP
	 * port unreachable.
	 */
	RR_EVA_REFUSED,
	/* An ICMP destination unreachable other than for the port. */
	RR_EVA_UNREACHABLE,
	/* TCP: the connection was accepted, but nothing was said in time. */
	RR_EVA_SILENT,
	/* Not asked: the tool is not allowed (needs CAP_NET_RAW); see said. */
	RR_EVA_NOT_ALLOWED,
	/* Could not be asked: a call failed, with its errno in said. */
	RR_EVA_ERROR,
	/*
	 * TCP: the witness answered nothing, too many asking (busy), or this
	 * host not among those it answers (denied); the host is up.
	 */
	RR_EVA_BUSY,
	RR_EVA_DENIED,
	/* TCP: an answer begun and never ended (no "end" line): none. */
	RR_EVA_INCOMPLETE,
	RR_EVA_COUNT
};

#define RR_EV_SAID_LEN 112

struct rr_evidence {
	enum rr_ev_answer answer;
	double ms;			/* from asking to answer; -1 none */
	char said[RR_EV_SAID_LEN];	/* what came back, in words */
};

/*
 * The receive counters, as the witness (rdma-route --listen at the peer)
 * reads them, of the port that holds the address asked, read before and
 * after this tool sent the requests of the evidence.
 */
struct rr_ev_counters {
	bool have;			/* both reads came, of one port */
	uint64_t cm_req_before, cm_req_after;	/* cm_rx_msgs/req */
	bool have_pkts;
	uint64_t pkts_before, pkts_after;	/* RoCE packets received */
};

struct rr_evidence_set {
	bool gathered;			/* anything was asked */
	/* The neighbour asked is a gateway, not the peer itself. */
	bool via_gateway;
	int tos;			/* the ToS the connection used; -1 unknown */
	struct rr_evidence ev[RR_EV_COUNT];
	struct rr_ev_counters counters;
};

/*
 * Returns KIND's key ("neighbour", "icmp_echo", "witness", "udp_4791",
 * ...), or "unknown".
 */
const char *rr_ev_kind_key(enum rr_ev_kind kind);
/* Returns the kind whose key is KEY, or RR_EV_COUNT when none has it. */
enum rr_ev_kind rr_ev_kind_from_key(const char *key);
/*
 * Returns ANSWER's key ("answered", "no_answer", ...), or "unknown" out
 * of range.
 */
const char *rr_ev_answer_key(enum rr_ev_answer answer);
/* Returns the answer whose key is KEY, or RR_EVA_COUNT when none has it. */
enum rr_ev_answer rr_ev_answer_from_key(const char *key);
/* Returns what KIND asks, in words: "ARP or ND asked again now". */
const char *rr_ev_kind_words(enum rr_ev_kind kind);

/*
 * Records in S that KIND got ANSWER after MS milliseconds (-1 for no
 * time), with what was said formatted from FMT as printf() does.
 */
void rr_ev_set(struct rr_evidence_set *s, enum rr_ev_kind kind,
	       enum rr_ev_answer answer, double ms, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Returns true if KIND was asked (any answer but RR_EVA_NOT_ASKED). */
bool rr_ev_asked(const struct rr_evidence_set *s, enum rr_ev_kind kind);
/* Marks the entries still pending as no_answer: the deadline came. */
void rr_ev_close(struct rr_evidence_set *s);

#endif
