// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/probe/decide_connect.c: each row of the decision
 * table from the evidence that makes it, the order between rows, what
 * remains when the evidence cannot decide, and failures it leaves alone.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/probe/decide_connect.h"
#include "model/probe/peer_facts.h"
#include "../../tap.h"

/* A connection request that got nothing by the deadline. */
static void unanswered(struct rr_result *r)
{
	memset(r, 0, sizeof(*r));
	rr_fail_deadline(&r->out, RR_STEP_CONNECT, "rdma_connect", 2000);
	r->out.evidence.tos = 0;
}

static void ev(struct rr_result *r, enum rr_ev_kind k, enum rr_ev_answer a)
{
	rr_ev_set(&r->out.evidence, k, a, a == RR_EVA_ANSWERED ? 1.5 : -1,
		  "said %s", rr_ev_answer_key(a));
}

/* The IP answers of a host that is up: ARP, ping, TCP refused. */
static void host_up(struct rr_result *r)
{
	ev(r, RR_EV_NEIGHBOUR, RR_EVA_ANSWERED);
	ev(r, RR_EV_ICMP, RR_EVA_ANSWERED);
	ev(r, RR_EV_UDP, RR_EVA_NO_ANSWER);
}

static struct rr_peer_facts *witness(struct rr_result *r, bool gid, int vlan)
{
	struct rr_peer_facts *f = calloc(1, sizeof(*f));

	f->known = f->from_witness = true;
	f->have_gid = gid;
	f->gid.vlan = vlan;
	r->out.peer = f;
	ev(r, RR_EV_WITNESS, RR_EVA_ANSWERED);
	return f;
}

static void counters(struct rr_result *r, unsigned int reqs, unsigned int pkts)
{
	struct rr_ev_counters *c = &r->out.evidence.counters;

	c->have = c->have_pkts = true;
	c->cm_req_before = 10;
	c->cm_req_after = 10 + reqs;
	c->pkts_before = 100;
	c->pkts_after = 100 + pkts;
}

static void decided(struct rr_result *r, int my_vlan, const char *want,
		    const char *what)
{
	ok(rr_decide_connect(r, my_vlan), "%s: a row decided", what);
	is_str(rr_cause_key(r->out.fail.cause), want, what);
	rr_result_release(r);
}

static void rows(void)
{
	struct rr_result r;

	/* kill -STOP of the listener: its CM answers another service ID. */
	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_WITNESS, RR_EVA_SILENT);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_ANSWERED);
	ok(rr_decide_connect(&r, -1), "stuck: decided");
	is_str(rr_cause_key(r.out.fail.cause), "listener_stuck", "stuck listener");
	is_int(r.out.fail.decided_by, 1U << RR_EV_CM_OTHER, "decided by the other service ID's REJ");
	ok(strstr(r.out.fail.where, "cm_other_service: said answered") != NULL,
	   "the detail names it: %s", r.out.fail.where);
	is_int(r.out.fail.num_could_be, 0, "nothing else remains");
	rr_result_release(&r);

	/* ToS 106 dropped, ToS 0 answered. */
	unanswered(&r);
	host_up(&r);
	r.out.evidence.tos = 106;
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	ev(&r, RR_EV_CM_TOS0, RR_EVA_ANSWERED);
	decided(&r, -1, "dscp_dropped", "ToS 0 answered, ToS 106 not");

	/* rdma_rxe unloaded: ICMP port unreachable. */
	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_UDP, RR_EVA_REFUSED);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	decided(&r, -1, "no_roce_endpoint", "port unreachable");

	/* rdma link del: the witness says no GID holds the address. */
	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	witness(&r, false, -1);
	decided(&r, -1, "peer_no_rdma_device", "no GID at the peer");

	/* The peer's GID on VLAN 10, this side untagged. */
	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	witness(&r, true, 10);
	counters(&r, 0, 0);
	decided(&r, -1, "vlan_mismatch", "VLAN 10 there, none here");
	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	witness(&r, true, 10);
	counters(&r, 0, 0);
	decided(&r, 10, "roce_filtered", "VLAN 10 both sides: nothing arrived");
	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	witness(&r, true, 10);
	counters(&r, 0, 0);
	decided(&r, RR_VLAN_UNKNOWN, "roce_filtered", "this side's VLAN unknown: not judged");

	/* The requests reached the peer's CM, which answered none. */
	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	witness(&r, true, -1);
	counters(&r, 2, 4);
	decided(&r, -1, "peer_cm_silent", "requests arrived");

	/* A firewall: nothing arrived at the device. */
	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	witness(&r, true, -1);
	counters(&r, 0, 0);
	decided(&r, -1, "roce_filtered", "nothing arrived");
	/* Packets arrived, yet no REQ: other traffic; the evidence cannot say. */
	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	witness(&r, true, -1);
	counters(&r, 0, 7);
	decided(&r, -1, "roce_unanswered", "packets but no request: undecided");

	/* eth0 down: ARP asked again gets nothing, nor ping, nor TCP. */
	unanswered(&r);
	ev(&r, RR_EV_NEIGHBOUR, RR_EVA_NO_ANSWER);
	ev(&r, RR_EV_ICMP, RR_EVA_NO_ANSWER);
	ev(&r, RR_EV_WITNESS, RR_EVA_NO_ANSWER);
	ev(&r, RR_EV_UDP, RR_EVA_NO_ANSWER);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	ok(rr_decide_connect(&r, -1), "down: decided");
	is_str(rr_cause_key(r.out.fail.cause), "peer_down", "peer down");
	is_int(r.out.fail.decided_by, (1U << RR_EV_NEIGHBOUR) | (1U << RR_EV_ICMP) |
	       (1U << RR_EV_WITNESS), "decided by ARP, ping and TCP");
	rr_result_release(&r);

	/* b's address on a VLAN, a untagged: ARP answers, IP does not. */
	unanswered(&r);
	ev(&r, RR_EV_NEIGHBOUR, RR_EVA_ANSWERED);
	ev(&r, RR_EV_ICMP, RR_EVA_NO_ANSWER);
	ev(&r, RR_EV_WITNESS, RR_EVA_NO_ANSWER);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	decided(&r, -1, "vlan_mismatch", "ARP yes, IP no");

	/* No CAP_NET_RAW: ARP and ping not asked, TCP silent. */
	unanswered(&r);
	ev(&r, RR_EV_NEIGHBOUR, RR_EVA_NOT_ALLOWED);
	ev(&r, RR_EV_ICMP, RR_EVA_NOT_ALLOWED);
	ev(&r, RR_EV_WITNESS, RR_EVA_NO_ANSWER);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	ok(rr_decide_connect(&r, -1), "unprivileged: decided");
	is_str(rr_cause_key(r.out.fail.cause), "peer_unreachable", "down or cut off");
	ok(r.out.fail.num_could_be == 2 &&
	   r.out.fail.could_be[0] == RR_CAUSE_PEER_DOWN &&
	   r.out.fail.could_be[1] == RR_CAUSE_VLAN_MISMATCH, "what remains: down, VLAN");
	is_int(r.out.fail.decided_by, (1U << RR_EV_NEIGHBOUR) | (1U << RR_EV_ICMP) |
	       (1U << RR_EV_WITNESS), "the not-allowed ones count as asked");
	rr_result_release(&r);

	/* Behind a gateway: its answer says nothing of the peer. */
	unanswered(&r);
	r.out.evidence.via_gateway = true;
	ev(&r, RR_EV_NEIGHBOUR, RR_EVA_ANSWERED);
	ev(&r, RR_EV_ICMP, RR_EVA_NO_ANSWER);
	ev(&r, RR_EV_WITNESS, RR_EVA_NO_ANSWER);
	decided(&r, -1, "peer_unreachable", "a gateway answered ARP");

	/* Up at IP, no witness, no CM answer: undecided. */
	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_WITNESS, RR_EVA_REFUSED);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	ok(rr_decide_connect(&r, -1), "undecided: a row holds");
	is_str(rr_cause_key(r.out.fail.cause), "roce_unanswered", "filtered, or no RDMA device");
	ok(r.out.fail.num_could_be == 3 &&
	   r.out.fail.could_be[0] == RR_CAUSE_ROCE_FILTERED &&
	   r.out.fail.could_be[1] == RR_CAUSE_PEER_NO_RDMA_DEVICE,
	   "what remains: filtered, no RDMA device, CM silent");
	rr_result_release(&r);
}

/*
 * A witness that told no facts (busy, denied, its answer cut short) is
 * not a witness that answered: the host is up (TCP answered), nothing
 * more, and the cause is what remains without its facts.
 */
static void witness_without_facts(void)
{
	static const enum rr_ev_answer said[] = {
		RR_EVA_BUSY, RR_EVA_DENIED, RR_EVA_INCOMPLETE,
	};
	struct rr_result r;
	size_t i;

	for (i = 0; i < sizeof(said) / sizeof(said[0]); i++) {
		/* Unprivileged: no ping; TCP alone says the host is up. */
		unanswered(&r);
		ev(&r, RR_EV_NEIGHBOUR, RR_EVA_NOT_ALLOWED);
		ev(&r, RR_EV_ICMP, RR_EVA_NOT_ALLOWED);
		ev(&r, RR_EV_UDP, RR_EVA_NO_ANSWER);
		ev(&r, RR_EV_WITNESS, said[i]);
		ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
		ok(rr_decide_connect(&r, -1), "witness %s, no ping: decided",
		   rr_ev_answer_key(said[i]));
		is_str(rr_cause_key(r.out.fail.cause), "roce_unanswered",
		       "the host up by TCP, RoCE unanswered, undecided");
		ok(r.out.fail.num_could_be == 3 &&
		   r.out.fail.could_be[0] == RR_CAUSE_ROCE_FILTERED,
		   "roce_filtered only among what remains");
		ok(r.out.fail.decided_by & (1U << RR_EV_WITNESS),
		   "decided by the witness's TCP: %s", r.out.fail.where);
		rr_result_release(&r);
	}
	/* Ping answered, the witness busy: no facts, so not filtered. */
	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_WITNESS, RR_EVA_BUSY);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	decided(&r, -1, "roce_unanswered", "a busy witness and a ping");
	is_str(rr_ev_answer_key(RR_EVA_BUSY), "busy", "busy's key");
	is_str(rr_ev_answer_key(RR_EVA_DENIED), "denied", "denied's key");
	is_str(rr_ev_answer_key(RR_EVA_INCOMPLETE), "incomplete", "incomplete's key");
	is_int(rr_ev_answer_from_key("incomplete"), RR_EVA_INCOMPLETE, "read back");
}

static void left_alone(void)
{
	struct rr_result r;

	/* A REJ is an answer: nothing to decide. */
	memset(&r, 0, sizeof(r));
	rr_fail_event(&r.out, RR_STEP_CONNECT, "rdma_connect", 8, 8, NULL);
	host_up(&r);
	ok(!rr_decide_connect(&r, -1), "a REJECTED is left as it is");
	/* No evidence gathered: connect_timeout stays. */
	unanswered(&r);
	ok(!rr_decide_connect(&r, -1), "nothing gathered: not decided");
	is_str(rr_cause_key(r.out.fail.cause), "connect_timeout", "connect_timeout stays");
	/* Gathered but nothing tells: no row holds. */
	unanswered(&r);
	ev(&r, RR_EV_UDP, RR_EVA_ERROR);
	ok(!rr_decide_connect(&r, -1), "nothing that tells: no row");
	/* Decided twice (the backend, then explain): the same answer. */
	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_ANSWERED);
	rr_decide_connect(&r, RR_VLAN_UNKNOWN);
	ok(rr_decide_connect(&r, -1) && r.out.fail.cause == RR_CAUSE_LISTENER_STUCK,
	   "decided again: still listener_stuck");
}

static void row_texts(void)
{
	char buf[256];
	unsigned int i = 0;

	ok(rr_decide_row_text(0, buf, sizeof(buf)) &&
	   !strcmp(buf, "listener_stuck: cm_other_service=answered"), "row 1: %s", buf);
	while (rr_decide_row_text(i, buf, sizeof(buf)))
		i++;
	is_int(i, 11, "eleven rows");
	ok(rr_decide_row_text(i - 1, buf, sizeof(buf)) &&
	   strstr(buf, "could_be=roce_filtered,peer_no_rdma_device,peer_cm_silent"),
	   "the last row's remains: %s", buf);
}

#ifndef RR_SRCDIR
#error "RR_SRCDIR: the source tree"
#endif

/*
 * rdma-route(8)'s DECISION TABLE is this table: its ".B" lines are the
 * rows, in order, as rr_decide_row_text() writes them (roff's \- a -).
 */
static void man_page(void)
{
	FILE *f = fopen(RR_SRCDIR "/man/rdma-route.8", "r");
	char line[512], plain[512], want[256];
	unsigned int row = 0, bad = 0;
	bool in = false;
	size_t i, n;

	while (f && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, ".SH ", 4))
			in = !strcmp(line, ".SH DECISION TABLE\n");
		if (!in || strncmp(line, ".B ", 3))
			continue;
		for (i = 3, n = 0; line[i] && line[i] != '\n'; i++)
			if (!(line[i] == '\\' && line[i + 1] == '-'))
				plain[n++] = line[i];
		plain[n] = '\0';
		if (!rr_decide_row_text(row++, want, sizeof(want)) ||
		    strcmp(plain, want)) {
			printf("# man row %u: '%s', the table's: '%s'\n", row,
			       plain, want);
			bad++;
		}
	}
	if (f)
		fclose(f);
	ok(row > 0 && !bad && !rr_decide_row_text(row, want, sizeof(want)),
	   "rdma-route(8)'s DECISION TABLE is the code's, row by row (%u)", row);
}

/*
 * A row that rests on the peer's witness says what it rests on as the
 * peer's word ("b's witness says ..."), never as measured here; the
 * evidence measured here follows in its own words.
 */
static void claims_said(void)
{
	struct rr_result r;
	struct rr_peer_facts *f;

	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	f = witness(&r, true, 42);
	snprintf(f->host, sizeof(f->host), "b");
	snprintf(f->gid.device, sizeof(f->gid.device), "rxe0");
	f->gid.port = 1;
	snprintf(f->gid.netdev, sizeof(f->gid.netdev), "eth0.42");
	ok(rr_decide_connect(&r, -1) && r.out.fail.cause == RR_CAUSE_VLAN_MISMATCH,
	   "VLAN 42 there: vlan_mismatch");
	is_str(r.out.fail.where, "b's witness says the GID that holds the address (rxe0 port 1, eth0.42) is on VLAN 42; this side's interface is on no VLAN",
	       "the VLAN as b's word, against this side's");
	rr_result_release(&r);

	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	witness(&r, false, -1);
	ok(rr_decide_connect(&r, 7), "no GID: decided");
	is_str(r.out.fail.where, "the peer's witness says no GID of its RDMA ports holds the address",
	       "no GID, as the word of a witness that gave no name");
	rr_result_release(&r);

	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	f = witness(&r, true, -1);
	snprintf(f->host, sizeof(f->host), "b");
	counters(&r, 2, 4);
	ok(rr_decide_connect(&r, -1), "requests arrived: decided");
	is_str(r.out.fail.where, "b's witness says its RDMA CM's request counter went from 10 to 12 while the requests were sent; cm_other_service: said no_answer",
	       "its counters as its word, then what was measured here");
	rr_result_release(&r);

	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	f = witness(&r, true, -1);
	snprintf(f->host, sizeof(f->host), "b");
	counters(&r, 0, 0);
	ok(rr_decide_connect(&r, -1), "nothing arrived: decided");
	is_str(r.out.fail.where, "b's witness says neither its RDMA CM's request counter (10) nor its RoCE packet counter (100) moved while the requests were sent; cm_other_service: said no_answer",
	       "no move, as its word");
	rr_result_release(&r);
	unanswered(&r);
	host_up(&r);
	ev(&r, RR_EV_CM_OTHER, RR_EVA_NO_ANSWER);
	witness(&r, true, -1);
	counters(&r, 0, 0);
	r.out.evidence.counters.have_pkts = false;
	ok(rr_decide_connect(&r, -1), "nothing arrived, no packet counter: decided");
	is_str(r.out.fail.where, "the peer's witness says its RDMA CM's request counter (10) did not move while the requests were sent (it counts no RoCE packets); cm_other_service: said no_answer",
	       "no packet counter said");
	rr_result_release(&r);
}

int main(void)
{
	man_page();
	rows();
	left_alone();
	witness_without_facts();
	claims_said();
	row_texts();
	return tap_done();
}
