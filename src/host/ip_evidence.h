/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The evidence a host asks of a peer at the IP level when a connection
 * request gets no answer, all at once and without blocking, until a
 * deadline: the neighbour asked again (ARP or ND), an ICMP echo, a UDP
 * datagram to port 4791, and the witness of rdma-route --listen there
 * (asked once before the CM's requests of the evidence go, once after,
 * for its counters).  The answers go into a model/probe/evidence.h set; the
 * CM backend drives it from its own poll loop.
 */
#ifndef RR_IP_EVIDENCE_H
#define RR_IP_EVIDENCE_H

#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <sys/socket.h>

#include "model/probe/evidence.h"
#include "model/probe/peer_facts.h"

struct rr_ip_ev_params {
	const struct sockaddr_storage *dst;
	const struct sockaddr_storage *src;	/* NULL: the kernel's choice */
	uint16_t port;				/* the witness's: the port asked */
	int ifindex;				/* the route's interface; 0 unknown */
	const struct sockaddr_storage *neigh;	/* whom ARP/ND asks; NULL none */
	bool via_gateway;			/* NEIGH is a gateway */
	const uint8_t *mac;			/* ours on IFINDEX; NULL unknown */
	struct timespec start, deadline;
};

/* At most this many descriptors a gathering polls at once. */
#define RR_IP_EV_FDS 4

struct rr_ip_ev;

/*
 * Starts every question P allows, the entries of SET pending (or not
 * allowed, or failed, said).  NULL on ENOMEM.
 */
struct rr_ip_ev *rr_ip_ev_start(const struct rr_ip_ev_params *p,
				struct rr_evidence_set *set);
/* The descriptors to poll into PFD (at most RR_IP_EV_FDS): how many. */
int rr_ip_ev_pollfds(const struct rr_ip_ev *e, struct pollfd *pfd);
/* Reads what came, sends what is due, at NOW. */
void rr_ip_ev_turn(struct rr_ip_ev *e, const struct timespec *now);
/* When it next needs a turn without news (a resend, a bound). */
struct timespec rr_ip_ev_due(const struct rr_ip_ev *e);
/*
 * The witness's first answer is in, or will not come: the requests of
 * the evidence may go (they are counted between the two).
 */
bool rr_ip_ev_first_over(const struct rr_ip_ev *e);
/* The witness asked again, for its counters after the requests. */
void rr_ip_ev_ask_again(struct rr_ip_ev *e, const struct timespec *now);
/*
 * The deadline: what is pending becomes no answer, the witness's facts
 * (NULL: none) handed to *PEER (freed by the result), E freed.
 */
void rr_ip_ev_end(struct rr_ip_ev *e, const struct timespec *now,
		  struct rr_peer_facts **peer);

#endif
