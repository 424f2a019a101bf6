// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/sockaddr.h"
#include "host/echo_probe.h"
#include "host/ip_evidence.h"
#include "host/neigh_probe.h"
#include "host/udp_probe.h"
#include "host/witness_client.h"

/* ARP/ND and echoes are sent this many times, spread over the window. */
#define TRIES 3

struct rr_ip_ev {
	struct rr_evidence_set *set;
	struct timespec start, deadline;
	int64_t step_ns;		/* between two tries */
	struct sockaddr_storage dst, src;
	bool have_src;
	uint16_t port;
	struct rr_neigh_probe neigh;
	unsigned int neigh_sent;
	struct rr_echo_probe echo;
	unsigned int echo_sent;
	int udp_fd;
	/* The witness: the first question, then the second. */
	struct rr_witness_query q1, q2;
	struct timespec q1_bound;	/* a silent first answer ends here */
	bool q1_over, q2_asked;
	struct timespec q2_start;
	struct rr_peer_facts *facts, *facts2;
};

static double since(const struct rr_ip_ev *e, const struct timespec *now,
		    const struct timespec *from)
{
	(void)e;
	return rr_ts_ms(now, from);
}

static struct timespec try_at(const struct rr_ip_ev *e, unsigned int i)
{
	return rr_ns_ts(rr_ts_ns(&e->start) + (int64_t)i * e->step_ns);
}

static void start_neigh(struct rr_ip_ev *e, const struct rr_ip_ev_params *p)
{
	struct rr_evidence_set *s = e->set;

	e->neigh.fd = -1;
	if (!p->neigh)
		return;
	if (!p->ifindex || !p->mac || !p->src) {
		rr_ev_set(s, RR_EV_NEIGHBOUR, RR_EVA_ERROR, -1,
			  "not asked: the interface or its address is unknown");
		return;
	}
	if (rr_neigh_probe_open(&e->neigh, p->ifindex, p->mac, p->neigh,
				p->src)) {
		if (errno == EPERM || errno == EACCES)
			rr_ev_set(s, RR_EV_NEIGHBOUR, RR_EVA_NOT_ALLOWED, -1,
				  "not asked: a packet socket needs CAP_NET_RAW");
		else
			rr_ev_set(s, RR_EV_NEIGHBOUR, RR_EVA_ERROR, -1,
				  "not asked: %s", strerror(errno));
		return;
	}
	rr_ev_set(s, RR_EV_NEIGHBOUR, RR_EVA_PENDING, -1, NULL);
}

static void start_echo(struct rr_ip_ev *e, const struct rr_ip_ev_params *p)
{
	if (rr_echo_probe_open(&e->echo, p->dst, p->src)) {
		if (errno == EPERM || errno == EACCES)
			rr_ev_set(e->set, RR_EV_ICMP, RR_EVA_NOT_ALLOWED, -1,
				  "not asked: needs CAP_NET_RAW, or a group in net.ipv4.ping_group_range");
		else
			rr_ev_set(e->set, RR_EV_ICMP, RR_EVA_ERROR, -1,
				  "not asked: %s", strerror(errno));
		return;
	}
	rr_ev_set(e->set, RR_EV_ICMP, RR_EVA_PENDING, -1, NULL);
}

static void start_udp(struct rr_ip_ev *e, const struct rr_ip_ev_params *p)
{
	e->udp_fd = rr_udp_probe_send(p->dst, p->src);
	if (e->udp_fd < 0)
		rr_ev_set(e->set, RR_EV_UDP, RR_EVA_ERROR, -1, "not sent: %s",
			  strerror(errno));
	else
		rr_ev_set(e->set, RR_EV_UDP, RR_EVA_PENDING, -1, NULL);
}

struct rr_ip_ev *rr_ip_ev_start(const struct rr_ip_ev_params *p,
				struct rr_evidence_set *set)
{
	struct rr_ip_ev *e = calloc(1, sizeof(*e));
	int64_t window;

	if (!e)
		return NULL;
	e->set = set;
	e->start = p->start;
	e->deadline = p->deadline;
	e->dst = *p->dst;
	if (p->src) {
		e->src = *p->src;
		e->have_src = true;
	}
	e->port = p->port;
	window = rr_ts_ns(&p->deadline) - rr_ts_ns(&p->start);
	if (window < 0)
		window = 0;
	e->step_ns = window / (TRIES + 1);
	e->q1_bound = rr_ns_ts(rr_ts_ns(&p->start) + window / 4);
	set->via_gateway = p->via_gateway;
	e->echo.fd = e->q1.fd = e->q2.fd = -1;
	start_neigh(e, p);
	start_echo(e, p);
	start_udp(e, p);
	rr_witness_query_start(&e->q1, p->dst, p->port, p->src);
	rr_ev_set(set, RR_EV_WITNESS, RR_EVA_PENDING, -1, NULL);
	rr_ip_ev_turn(e, &p->start);
	return e;
}

int rr_ip_ev_pollfds(const struct rr_ip_ev *e, struct pollfd *pfd)
{
	int n = 0;

	if (e->neigh.fd >= 0 && e->set->ev[RR_EV_NEIGHBOUR].answer == RR_EVA_PENDING)
		pfd[n++] = (struct pollfd){ .fd = e->neigh.fd, .events = POLLIN };
	if (e->echo.fd >= 0 && e->set->ev[RR_EV_ICMP].answer == RR_EVA_PENDING)
		pfd[n++] = (struct pollfd){ .fd = e->echo.fd, .events = POLLIN };
	if (rr_witness_query_events(&e->q1))
		pfd[n++] = (struct pollfd){ .fd = e->q1.fd,
					    .events = rr_witness_query_events(&e->q1) };
	if (rr_witness_query_events(&e->q2))
		pfd[n++] = (struct pollfd){ .fd = e->q2.fd,
					    .events = rr_witness_query_events(&e->q2) };
	return n;
}

static void turn_neigh(struct rr_ip_ev *e, const struct timespec *now)
{
	char lladdr[48];
	struct timespec at;

	if (e->neigh.fd < 0 || e->set->ev[RR_EV_NEIGHBOUR].answer != RR_EVA_PENDING)
		return;
	if (rr_neigh_probe_read(&e->neigh, lladdr, sizeof(lladdr))) {
		rr_ev_set(e->set, RR_EV_NEIGHBOUR, RR_EVA_ANSWERED,
			  since(e, now, &e->start), "%s answered", lladdr);
		rr_neigh_probe_close(&e->neigh);
		return;
	}
	at = try_at(e, e->neigh_sent);
	if (e->neigh_sent < TRIES && !rr_ts_before(now, &at) &&
	    !rr_neigh_probe_send(&e->neigh))
		e->neigh_sent++;
}

static void turn_echo(struct rr_ip_ev *e, const struct timespec *now)
{
	struct timespec at;
	int code = 0;

	if (e->echo.fd < 0 || e->set->ev[RR_EV_ICMP].answer != RR_EVA_PENDING)
		return;
	switch (rr_echo_probe_read(&e->echo, &code)) {
	case RR_ECHO_REPLY:
		rr_ev_set(e->set, RR_EV_ICMP, RR_EVA_ANSWERED,
			  since(e, now, &e->start), "an echo reply");
		rr_echo_probe_close(&e->echo);
		return;
	case RR_ECHO_UNREACHABLE:
		rr_ev_set(e->set, RR_EV_ICMP, RR_EVA_UNREACHABLE,
			  since(e, now, &e->start),
			  "destination unreachable, code %d", code);
		rr_echo_probe_close(&e->echo);
		return;
	default:
		break;
	}
	at = try_at(e, e->echo_sent);
	if (e->echo_sent < TRIES && !rr_ts_before(now, &at) &&
	    !rr_echo_probe_send(&e->echo))
		e->echo_sent++;
}

/*
 * A first answer of facts, in words for the evidence's entry: what the
 * peer says of itself, as its word ("b says ..."), never as measured.
 */
static void said_facts(struct rr_ip_ev *e, const struct timespec *now)
{
	const struct rr_peer_facts *f = e->facts;
	char gid[192] = "no GID holds the address", vlan[24] = "";

	if (f->have_gid && f->gid.vlan >= 0)
		snprintf(vlan, sizeof(vlan), ", VLAN %d", f->gid.vlan);
	if (f->have_gid)
		snprintf(gid, sizeof(gid), "%s port %u GID %u (%s, %s%s) holds the address",
			 f->gid.device, f->gid.port, f->gid.index,
			 rr_peer_gid_type_token(f->gid.type) ?
			 rr_peer_gid_type_token(f->gid.type) : "?",
			 f->gid.netdev[0] ? f->gid.netdev : "no netdev", vlan);
	rr_ev_set(e->set, RR_EV_WITNESS, RR_EVA_ANSWERED,
		  since(e, now, &e->start), "%s says %s, %s",
		  f->host[0] ? f->host : "the witness", gid,
		  f->listening ? "it listens" : "it does not listen");
}

/* "busy": too many clients at once, or questions a second. */
static const char *busy_words(const char *word)
{
	if (!strcmp(word, "clients"))
		return "too many clients at once";
	if (!strcmp(word, "rate"))
		return "too many questions a second";
	return word[0] ? word : "no reason given";
}

/* The witness spoke, or closed, and its words are no answer. */
static void no_answer(struct rr_ip_ev *e, double ms)
{
	struct rr_evidence_set *s = e->set;

	switch (e->q1.state) {
	case RR_WQ_BUSY:
		rr_ev_set(s, RR_EV_WITNESS, RR_EVA_BUSY, ms,
			  "TCP port %u: the witness was busy (%s) and told nothing",
			  e->port, busy_words(e->q1.why));
		break;
	case RR_WQ_DENIED:
		rr_ev_set(s, RR_EV_WITNESS, RR_EVA_DENIED, ms,
			  "TCP port %u: the witness tells this host nothing (not in its --witness-allow)",
			  e->port);
		break;
	case RR_WQ_CUT_SHORT:
		rr_ev_set(s, RR_EV_WITNESS, RR_EVA_INCOMPLETE, ms,
			  "TCP port %u began a witness's answer (%zu bytes) and closed before its end line: no answer",
			  e->port, e->q1.len);
		break;
	default:
		rr_ev_set(s, RR_EV_WITNESS, RR_EVA_SILENT, ms,
			  "TCP port %u accepted and closed without a word: no answer (an older witness when busy)",
			  e->port);
		break;
	}
}

/* The connection open, its bound come: what it said so far, if anything. */
static void waited(struct rr_ip_ev *e, double ms)
{
	struct rr_evidence_set *s = e->set;

	if (!e->q1.len)
		rr_ev_set(s, RR_EV_WITNESS, RR_EVA_SILENT, -1,
			  "TCP port %u accepted the connection, nothing was said in %.0f ms: the process there does not answer",
			  e->port, ms);
	else if (rr_witness_query_begun(&e->q1))
		rr_ev_set(s, RR_EV_WITNESS, RR_EVA_INCOMPLETE, -1,
			  "TCP port %u began a witness's answer (%zu bytes) and did not end it in %.0f ms: no answer",
			  e->port, e->q1.len, ms);
	else
		rr_ev_set(s, RR_EV_WITNESS, RR_EVA_ANSWERED, -1,
			  "TCP port %u answered, but not as a witness (%zu bytes, no end in %.0f ms)",
			  e->port, e->q1.len, ms);
}

/* The first question over: its entry of the list set. */
static void first_over(struct rr_ip_ev *e, const struct timespec *now)
{
	struct rr_evidence_set *s = e->set;
	double ms = since(e, now, &e->start);

	e->q1_over = true;
	switch (e->q1.state) {
	case RR_WQ_ANSWERED:
		said_facts(e, now);
		break;
	case RR_WQ_REFUSED:
		rr_ev_set(s, RR_EV_WITNESS, RR_EVA_REFUSED, ms,
			  "TCP port %u refused (RST): the host answers, no rdma-route --listen there",
			  e->port);
		break;
	case RR_WQ_UNREACHABLE:
		rr_ev_set(s, RR_EV_WITNESS, RR_EVA_UNREACHABLE, ms, "%s",
			  strerror(e->q1.err));
		break;
	case RR_WQ_BAD:
		rr_ev_set(s, RR_EV_WITNESS, RR_EVA_ANSWERED, ms,
			  "TCP port %u answered, but not as a witness (%s)",
			  e->port, e->q1.why);
		break;
	case RR_WQ_FAILED:
		rr_ev_set(s, RR_EV_WITNESS, RR_EVA_ERROR, -1, "not asked: %s",
			  strerror(e->q1.err));
		break;
	case RR_WQ_BUSY:
	case RR_WQ_DENIED:
	case RR_WQ_CUT_SHORT:
	case RR_WQ_CLOSED:
		no_answer(e, ms);
		break;
	case RR_WQ_WAITING:
		waited(e, ms);
		rr_witness_query_close(&e->q1);
		break;
	case RR_WQ_CONNECTING:
		rr_ev_set(s, RR_EV_WITNESS, RR_EVA_NO_ANSWER, -1,
			  "TCP port %u: no answer to the connection in %.0f ms",
			  e->port, ms);
		rr_witness_query_close(&e->q1);
		break;
	}
}

static struct rr_peer_facts *facts_room(struct rr_peer_facts **f)
{
	if (!*f)
		*f = calloc(1, sizeof(**f));
	return *f;
}

static void turn_witness(struct rr_ip_ev *e, const struct timespec *now)
{
	struct rr_peer_facts scratch;

	if (!e->q1_over) {
		rr_witness_query_turn(&e->q1, facts_room(&e->facts) ?
				      e->facts : &scratch);
		if (rr_witness_query_over(&e->q1) ||
		    !rr_ts_before(now, &e->q1_bound))
			first_over(e, now);
	}
	if (e->q2_asked && !rr_witness_query_over(&e->q2))
		rr_witness_query_turn(&e->q2, facts_room(&e->facts2) ?
				      e->facts2 : &scratch);
}

void rr_ip_ev_turn(struct rr_ip_ev *e, const struct timespec *now)
{
	turn_neigh(e, now);
	turn_echo(e, now);
	turn_witness(e, now);
}

static void earlier(struct timespec *best, const struct timespec *t)
{
	if (rr_ts_before(t, best))
		*best = *t;
}

struct timespec rr_ip_ev_due(const struct rr_ip_ev *e)
{
	struct timespec best = e->deadline, t;

	if (e->neigh.fd >= 0 && e->neigh_sent < TRIES) {
		t = try_at(e, e->neigh_sent);
		earlier(&best, &t);
	}
	if (e->echo.fd >= 0 && e->echo_sent < TRIES) {
		t = try_at(e, e->echo_sent);
		earlier(&best, &t);
	}
	if (!e->q1_over)
		earlier(&best, &e->q1_bound);
	return best;
}

bool rr_ip_ev_first_over(const struct rr_ip_ev *e)
{
	return e->q1_over;
}

void rr_ip_ev_ask_again(struct rr_ip_ev *e, const struct timespec *now)
{
	/* Only a witness that answered has counters to read again. */
	if (e->q2_asked || e->q1.state != RR_WQ_ANSWERED)
		return;
	e->q2_asked = true;
	e->q2_start = *now;
	rr_witness_query_start(&e->q2, &e->dst, e->port,
			       e->have_src ? &e->src : NULL);
}

/* Both answers counted one port: the counters before and after. */
static void counters(struct rr_ip_ev *e)
{
	const struct rr_peer_facts *a = e->facts, *b = e->facts2;
	struct rr_ev_counters *c = &e->set->counters;

	if (!a || !b || e->q2.state != RR_WQ_ANSWERED || !a->have_counters ||
	    !b->have_counters || !a->have_gid || !b->have_gid ||
	    strcmp(a->gid.device, b->gid.device) || a->gid.port != b->gid.port)
		return;
	c->have = true;
	c->cm_req_before = a->cm_rx_req;
	c->cm_req_after = b->cm_rx_req;
	c->have_pkts = a->have_pkts && b->have_pkts;
	c->pkts_before = a->rcvd_pkts;
	c->pkts_after = b->rcvd_pkts;
}

static void end_udp(struct rr_ip_ev *e)
{
	struct rr_evidence_set *s = e->set;

	if (e->udp_fd < 0)
		return;
	switch (rr_udp_probe_answer(e->udp_fd, NULL)) {
	case RR_UDP_PORT_UNREACHABLE:
		rr_ev_set(s, RR_EV_UDP, RR_EVA_REFUSED, -1,
			  "ICMP port unreachable: nothing serves UDP 4791 there");
		break;
	case RR_UDP_HOST_UNREACHABLE:
		rr_ev_set(s, RR_EV_UDP, RR_EVA_UNREACHABLE, -1,
			  "ICMP destination unreachable");
		break;
	case RR_UDP_NO_ANSWER:
		rr_ev_set(s, RR_EV_UDP, RR_EVA_NO_ANSWER, -1,
			  "nothing came back, not even ICMP (a healthy RoCE host sends none either)");
		break;
	default:
		rr_ev_set(s, RR_EV_UDP, RR_EVA_ERROR, -1, "an ICMP error");
		break;
	}
	close(e->udp_fd);
	e->udp_fd = -1;
}

void rr_ip_ev_end(struct rr_ip_ev *e, const struct timespec *now,
		  struct rr_peer_facts **peer)
{
	struct rr_evidence_set *s;

	*peer = NULL;
	if (!e)
		return;
	s = e->set;
	rr_ip_ev_turn(e, now);
	if (!e->q1_over)
		first_over(e, now);
	if (s->ev[RR_EV_NEIGHBOUR].answer == RR_EVA_PENDING)
		rr_ev_set(s, RR_EV_NEIGHBOUR, RR_EVA_NO_ANSWER, -1,
			  "%u request%s, no answer", e->neigh_sent,
			  e->neigh_sent == 1 ? "" : "s");
	if (s->ev[RR_EV_ICMP].answer == RR_EVA_PENDING)
		rr_ev_set(s, RR_EV_ICMP, RR_EVA_NO_ANSWER, -1,
			  "%u echo%s, no reply", e->echo_sent,
			  e->echo_sent == 1 ? "" : "es");
	end_udp(e);
	counters(e);
	rr_ev_close(s);
	rr_neigh_probe_close(&e->neigh);
	rr_echo_probe_close(&e->echo);
	rr_witness_query_close(&e->q1);
	rr_witness_query_close(&e->q2);
	if (e->q1.state == RR_WQ_ANSWERED)
		*peer = e->facts;
	else
		free(e->facts);
	free(e->facts2);
	free(e);
}
