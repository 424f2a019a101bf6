// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/rdmacm/cm_listener.c (--listen) under bursts: every
 * connection the listener accepts or refuses is handed out once, however
 * many events wait and however little room a turn has.  librdmacm is a
 * stand-in here, through rr_dl: its events come from a queue the test
 * fills; the kernel's RDMA CM runs for real in the lab
 * (tests/lab/listen_burst.bats).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <netinet/in.h>

#include "rdmacm/cm_data.h"
#include "rdmacm/cm_listener.h"
#include "host/rdma_libs.h"
#include "../tap.h"

/* The stand-in librdmacm: the events it will give, and what it was asked. */
struct fake_event {
	struct rdma_cm_id *id;
	enum rdma_cm_event_type type;
	const void *data;		/* a REQ's private data, or NULL */
	uint8_t len;
};

static struct {
	struct fake_event q[4096];
	int head, tail;
	struct rdma_cm_id *listen_id;
	int pipe_w;
	int backlog, accepted, rejected, disconnects, destroyed;
	bool fail_disconnect;
} fake;

struct rr_dl rr_dl;

bool rr_dl_load(enum rr_dl_group group)
{
	(void)group;
	return true;
}

static struct rdma_event_channel *f_create_event_channel(void)
{
	struct rdma_event_channel *ch = calloc(1, sizeof(*ch));
	int fds[2];

	if (!ch || pipe(fds)) {
		free(ch);
		return NULL;
	}
	/* Always readable: rdma_get_cm_event() says when nothing waits. */
	if (write(fds[1], "x", 1) != 1)
		return NULL;
	ch->fd = fds[0];
	fake.pipe_w = fds[1];
	return ch;
}

static void f_destroy_event_channel(struct rdma_event_channel *ch)
{
	close(ch->fd);
	close(fake.pipe_w);
	free(ch);
}

static int f_create_id(struct rdma_event_channel *ch, struct rdma_cm_id **id,
		       void *context, enum rdma_port_space ps)
{
	*id = calloc(1, sizeof(**id));
	if (!*id)
		return -1;
	(*id)->channel = ch;
	(*id)->context = context;
	(*id)->ps = ps;
	fake.listen_id = *id;
	return 0;
}

static int f_destroy_id(struct rdma_cm_id *id)
{
	if (id != fake.listen_id)
		fake.destroyed++;
	free(id);
	return 0;
}

static int f_bind_addr(struct rdma_cm_id *id, struct sockaddr *addr)
{
	(void)id;
	(void)addr;
	return 0;
}

static int f_listen(struct rdma_cm_id *id, int backlog)
{
	(void)id;
	fake.backlog = backlog;
	return 0;
}

static int f_get_cm_event(struct rdma_event_channel *ch,
			  struct rdma_cm_event **event)
{
	struct rdma_cm_event *ev;

	(void)ch;
	if (fake.head == fake.tail) {
		errno = EAGAIN;
		return -1;
	}
	ev = calloc(1, sizeof(*ev));
	if (!ev)
		return -1;
	ev->id = fake.q[fake.head].id;
	ev->event = fake.q[fake.head].type;
	ev->param.conn.private_data = fake.q[fake.head].data;
	ev->param.conn.private_data_len = fake.q[fake.head].len;
	ev->listen_id = fake.listen_id;
	fake.head++;
	*event = ev;
	return 0;
}

static int f_ack_cm_event(struct rdma_cm_event *event)
{
	free(event);
	return 0;
}

static int f_create_qp(struct rdma_cm_id *id, struct ibv_pd *pd,
		       struct ibv_qp_init_attr *attr)
{
	(void)id;
	(void)pd;
	(void)attr;
	return 0;
}

static int f_accept(struct rdma_cm_id *id, struct rdma_conn_param *param)
{
	(void)id;
	(void)param;
	fake.accepted++;
	return 0;
}

static int f_reject(struct rdma_cm_id *id, const void *data, uint8_t len)
{
	(void)id;
	(void)data;
	(void)len;
	fake.rejected++;
	return 0;
}

static int f_disconnect(struct rdma_cm_id *id)
{
	(void)id;
	fake.disconnects++;
	if (fake.fail_disconnect) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

static void push(struct rdma_cm_id *id, enum rdma_cm_event_type type)
{
	fake.q[fake.tail].id = id;
	fake.q[fake.tail].type = type;
	fake.q[fake.tail].data = NULL;
	fake.tail++;
}

/* N requests, peer 10.0.0.1 port 1..N each; their ids to IDS. */
static void requests(int n, struct rdma_cm_id **ids)
{
	struct sockaddr_in *peer;
	int i;

	for (i = 0; i < n; i++) {
		ids[i] = calloc(1, sizeof(*ids[i]));
		peer = (struct sockaddr_in *)&ids[i]->route.addr.dst_addr;
		peer->sin_family = AF_INET;
		peer->sin_addr.s_addr = htonl(0x0a000001);
		peer->sin_port = htons((uint16_t)(i + 1));
		push(ids[i], RDMA_CM_EVENT_CONNECT_REQUEST);
	}
}

/* A listener holding HOLD_MS, its other bounds ESTABLISH_MS and WAIT_MS. */
static struct rr_listener *start_bounded(bool reject, unsigned int hold_ms,
					 unsigned int establish_ms,
					 unsigned int wait_ms)
{
	struct rr_listen_params p = { .ps = RR_PS_TCP, .reject = reject,
				      .hold_ms = hold_ms,
				      .establish_ms = establish_ms,
				      .disconnect_wait_ms = wait_ms };
	const char *call;

	memset(&fake, 0, sizeof(fake));
	p.addr.ss_family = AF_INET;
	return rr_listener_start(&p, &call);
}

/* A listener whose connections are ended by nothing but HOLD_MS. */
static struct rr_listener *start(bool reject, unsigned int hold_ms)
{
	return start_bounded(reject, hold_ms, 600000, 600000);
}

static double ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) * 1e3 +
	       (double)(t.tv_nsec - t0->tv_nsec) / 1e6;
}

/* What turns of MAX hand out until one hands nothing (at most 200). */
struct seen {
	int total, turns, most, by_end[RR_CONN_END_COUNT];
	int dup_peers, disconnect_calls;
	bool peer[65536];
};

static void take(struct seen *s, const struct rr_connection *done, int n)
{
	const struct sockaddr_in *peer;
	int i;

	if (n > s->most)
		s->most = n;
	for (i = 0; i < n; i++) {
		peer = (const struct sockaddr_in *)&done[i].peer;
		if (s->peer[ntohs(peer->sin_port)])
			s->dup_peers++;
		s->peer[ntohs(peer->sin_port)] = true;
		s->by_end[done[i].end]++;
		if (done[i].call && !strcmp(done[i].call, "rdma_disconnect"))
			s->disconnect_calls++;
		s->total++;
	}
}

static void turns(struct rr_listener *l, int max, struct seen *s)
{
	struct rr_connection done[1024];
	int n;

	memset(s, 0, sizeof(*s));
	while (s->turns < 200 && (n = rr_listener_turn(l, 0, done, max, NULL, 0))) {
		s->turns++;
		take(s, done, n);
	}
}

static void burst_accepted(void)
{
	static struct rdma_cm_id *ids[1000];
	static struct seen s;
	struct rr_listener *l = start(false, 60000);
	int i;

	ok(l != NULL, "listener started");
	/* All at once, as cmtime: every REQ, then every peer's DREQ. */
	requests(1000, ids);
	for (i = 0; i < 1000; i++)
		push(ids[i], RDMA_CM_EVENT_DISCONNECTED);
	turns(l, 64, &s);
	is_int(s.total, 1000, "1000 connections ended, each handed out");
	is_int(s.by_end[RR_CONN_DISCONNECTED], 1000, "each disconnected by its peer");
	is_int(s.dup_peers, 0, "none twice");
	ok(s.most <= 64, "no turn hands out more than its room: %d", s.most);
	is_int(s.turns, 16, "64 a turn: 16 turns");
	is_int(fake.accepted, 1000, "each accepted");
	is_int(fake.destroyed, 1000, "each id let go");
	ok(fake.backlog >= 1000, "the kernel keeps a burst of 1000 requests: backlog %d",
	   fake.backlog);
	rr_listener_free(l);
}

static void burst_rejected(void)
{
	static struct rdma_cm_id *ids[200];
	static struct seen s;
	struct rr_listener *l = start(true, 60000);

	requests(200, ids);
	turns(l, 10, &s);
	is_int(s.total, 200, "--reject: 200 requests, each handed out");
	is_int(s.by_end[RR_CONN_REJECTED], 200, "each rejected");
	is_int(s.turns, 20, "10 a turn: 20 turns");
	is_int(s.most, 10, "a turn fills its room, no more");
	is_int(fake.rejected, 200, "each REJ sent");
	is_int(fake.destroyed, 200, "each id let go");
	rr_listener_free(l);
}

static void stopped(void)
{
	static struct rdma_cm_id *ids[100];
	struct rr_connection done[64];
	static struct seen s;
	struct rr_listener *l = start(false, 60000);
	int n, calls = 0;

	requests(100, ids);
	turns(l, 64, &s);
	is_int(s.total, 0, "100 accepted, none ended yet");
	memset(&s, 0, sizeof(s));
	while (calls < 10 && (n = rr_listener_stop(l, done, 64))) {
		calls++;
		take(&s, done, n);
	}
	is_int(s.total, 100, "stop: each open connection handed out");
	is_int(s.by_end[RR_CONN_STOPPED], 100, "each stopped");
	is_int(calls, 2, "64, then 36");
	is_int(s.dup_peers, 0, "none twice");
	is_int(fake.destroyed, 100, "each id let go");
	rr_listener_free(l);
}

static void held_failing(void)
{
	static struct rdma_cm_id *ids[100];
	static struct seen s;
	struct rr_listener *l = start(false, 0);
	int i;

	/* Past the hold at once; our DREQ fails for each. */
	requests(100, ids);
	for (i = 0; i < 100; i++)
		push(ids[i], RDMA_CM_EVENT_ESTABLISHED);
	fake.fail_disconnect = true;
	turns(l, 30, &s);
	is_int(s.total, 100, "held, the DREQ failing: each handed out");
	is_int(s.disconnect_calls, 100, "each failed at rdma_disconnect");
	is_int(fake.disconnects, 100, "each DREQ tried once");
	is_int(s.most, 30, "a turn fills its room, no more");
	rr_listener_free(l);
}

static void turned_away(void)
{
	static struct rdma_cm_id *ids[1030];
	static struct seen s;
	struct rr_listener *l = start(false, 60000);

	/* Beyond the open connections' slots: refused, and said so. */
	requests(1030, ids);
	turns(l, 4, &s);
	is_int(s.total, 6, "6 requests beyond 1024 open, each handed out");
	is_int(s.by_end[RR_CONN_FAILED], 6, "each failed (turned away)");
	is_int(fake.rejected, 6, "each REJ sent");
	rr_listener_free(l);
	is_int(fake.destroyed, 1030, "free: the open ones let go too");
}

/*
 * Every slot taken by requests that never establish (no RTU): at their
 * deadline each is rejected and let go, and the slots take new requests.
 */
static void unestablished(void)
{
	static struct rdma_cm_id *ids[1024], *more[1024];
	struct rr_connection done[64];
	static struct seen s;
	struct rr_listener *l = start_bounded(false, 50, 100, 600000);
	struct timespec t0;
	int i, n;

	ok(l != NULL, "listener started");
	requests(1024, ids);
	turns(l, 64, &s);
	is_int(s.total, 0, "1024 half open, none ended before its deadline");
	is_int(fake.accepted, 1024, "each accepted (REP out)");
	/* The stand-in's channel is always readable: the turns spin. */
	memset(&s, 0, sizeof(s));
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (s.total < 1024 && ms_since(&t0) < 10000) {
		n = rr_listener_turn(l, 1000, done, 64, NULL, 0);
		take(&s, done, n);
	}
	ok(ms_since(&t0) < 5000, "ended at the deadline (twice 100 ms from the REP): %.0f ms", ms_since(&t0));
	is_int(s.total, 1024, "each ended at its deadline, handed out");
	is_int(s.by_end[RR_CONN_UNESTABLISHED], 1024, "each unestablished");
	is_int(fake.destroyed, 1024, "each id let go (the kernel sends the REJ)");
	/* The slots free again: 1024 more, established in time, all kept. */
	requests(1024, more);
	for (i = 0; i < 1024; i++)
		push(more[i], RDMA_CM_EVENT_ESTABLISHED);
	turns(l, 64, &s);
	is_int(s.total, 0, "1024 more accepted, none turned away");
	is_int(fake.accepted, 2048, "each accepted");
	rr_listener_free(l);
}

/*
 * A --data probe's REQ asks a hold as long as it may wait itself: its
 * RTU is due within that, not within the listener's bound.
 */
static void asked_hold(void)
{
	static struct rdma_cm_id *ids[20];
	static uint8_t req[RR_DATA_REQ_LEN];
	struct rr_connection done[64];
	struct rr_listener *l = start_bounded(false, 50, 100, 600000);
	const struct sockaddr_in *peer;
	struct timespec t0;
	int i, n, total = 0, asking = 0;

	ok(l != NULL, "listener started");
	rr_data_req_make(req, 0, 60000);
	requests(20, ids);
	for (i = 0; i < 10; i++) {
		fake.q[i].data = req;
		fake.q[i].len = sizeof(req);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (total < 10 && ms_since(&t0) < 10000) {
		n = rr_listener_turn(l, 1000, done, 64, NULL, 0);
		for (i = 0; i < n; i++, total++) {
			peer = (const struct sockaddr_in *)&done[i].peer;
			asking += ntohs(peer->sin_port) <= 10;
		}
	}
	is_int(total, 10, "the 10 that asked nothing ended (100 ms)");
	is_int(asking, 0, "none of the 10 that asked a hold of 60 s");
	rr_listener_free(l);
}

/*
 * Past the hold our DREQ goes; one whose DREP never comes is let go at
 * the listener's own deadline, and says so; one answered says that.
 */
static void dreq_unanswered(void)
{
	static struct rdma_cm_id *ids[10];
	struct rr_connection done[64];
	struct rr_listener *l = start_bounded(false, 0, 600000, 100);
	struct timespec t0;
	int i, n, total = 0, held = 0, unconfirmed = 0;

	ok(l != NULL, "listener started");

	requests(10, ids);
	for (i = 0; i < 10; i++)
		push(ids[i], RDMA_CM_EVENT_ESTABLISHED);
	n = rr_listener_turn(l, 0, done, 64, NULL, 0);
	is_int(n, 0, "past the hold at once: DREQs out, none ended yet");
	is_int(fake.disconnects, 10, "each DREQ sent");
	push(ids[0], RDMA_CM_EVENT_DISCONNECTED);	/* one DREP comes */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (total < 10 && ms_since(&t0) < 10000) {
		n = rr_listener_turn(l, 1000, done, 64, NULL, 0);
		for (i = 0; i < n; i++, total++) {
			held += done[i].end == RR_CONN_HELD;
			unconfirmed += done[i].disconnect_unconfirmed;
		}
	}
	ok(ms_since(&t0) < 5000, "ended at the DREP's deadline (100 ms): %.0f ms", ms_since(&t0));
	is_int(total, 10, "each ended");
	is_int(held, 10, "each held");
	is_int(unconfirmed, 9, "the 9 without a DREP unconfirmed");
	is_int(fake.destroyed, 10, "each id let go");
	rr_listener_free(l);
}

/* A probe's REQ asks for its echo and for a hold; a first version's too. */
static void data_requests(void)
{
	uint8_t req[RR_DATA_REQ_LEN], old[RR_DATA_REQ_LEN1];
	uint32_t hold = 7;

	rr_data_req_make(req, 65536, 4250);
	is_int(rr_data_req_parse(req, sizeof(req), &hold), 65536, "the largest message asked");
	is_int(hold, 4250, "the hold asked");
	/* A first version: the tag "data1", no hold. */
	memcpy(old, RR_DATA_REQ_TAG1, sizeof(RR_DATA_REQ_TAG1) - 1);
	memcpy(old + sizeof(RR_DATA_REQ_TAG1) - 1, "\0\0\4\0", 4);
	is_int(rr_data_req_parse(old, sizeof(old), &hold), 1024, "a data1 REQ read: 1024");
	is_int(hold, 0, "and no hold");
	is_int(rr_data_req_parse(req, RR_DATA_REQ_LEN1, &hold), 0, "a data2 REQ cut short: nothing");
	req[0] ^= 1;
	is_int(rr_data_req_parse(req, sizeof(req), &hold), 0, "another tag: nothing");
	is_int(rr_data_req_parse(NULL, 56, &hold), 0, "no private data: nothing");
}

int main(void)
{
	data_requests();
	rr_dl.rdma_create_event_channel = f_create_event_channel;
	rr_dl.rdma_destroy_event_channel = f_destroy_event_channel;
	rr_dl.rdma_create_id = f_create_id;
	rr_dl.rdma_destroy_id = f_destroy_id;
	rr_dl.rdma_bind_addr = f_bind_addr;
	rr_dl.rdma_listen = f_listen;
	rr_dl.rdma_get_cm_event = f_get_cm_event;
	rr_dl.rdma_ack_cm_event = f_ack_cm_event;
	rr_dl.rdma_create_qp = f_create_qp;
	rr_dl.rdma_accept = f_accept;
	rr_dl.rdma_reject = f_reject;
	rr_dl.rdma_disconnect = f_disconnect;

	burst_accepted();
	burst_rejected();
	stopped();
	held_failing();
	turned_away();
	unestablished();
	asked_hold();
	dreq_unanswered();
	return tap_done();
}
