// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <infiniband/verbs.h>

#include "base/clock.h"
#include "rdmacm/cm_data.h"
#include "rdmacm/cm_listener.h"
#include "model/probe/peer_facts.h"
#include "model/probe/transfer.h"
#include "host/rdma_libs.h"

/* Connections open at once; a request beyond them is turned away. */
#define MAX_OPEN 1024
/*
 * Requests the kernel keeps for us while we read the ones before: beyond
 * them it refuses a request itself, unseen here.  A burst of MAX_OPEN fits
 * (the kernel caps it at net.rdma_ucm.max_backlog, 1024 by default).
 */
#define BACKLOG MAX_OPEN
/*
 * The longest a prober may ask a connection to be kept (its data may wait
 * for other probes' first): a connection is never held longer than this
 * for a stranger's asking.
 */
#define MAX_ASKED_HOLD_MS 60000
/* Descriptors of the caller's polled with the listener's (the witness's). */
#define EXTRA_MAX 32
/* Its device gone, the listening id is made again this often. */
#define REBIND_MS 1000
/* The facts a REP carries are read again after this long. */
#define REP_FACTS_MS 1000

struct conn {
	struct rdma_cm_id *id;
	bool used, disconnecting;
	unsigned int hold_ms;		/* the listener's, or the prober's if longer */
	/*
	 * Not established, when it is ended unless its RTU came by then;
	 * disconnecting, when it is let go unless its DREP came by then.
	 */
	struct timespec deadline;
	size_t echo_bytes;		/* its echo buffer, of the listener's bound */
	struct rr_cm_echo echo;		/* c.echo: what comes goes back */
	struct rr_connection c;
};

struct rr_listener {
	struct rr_listen_params p;
	struct rdma_event_channel *channel;
	struct rdma_cm_id *id;		/* NULL: its device gone, see bind_err */
	int bind_err;
	struct timespec rebind_at;
	/* The soonest a connection's end is due (have_due: one is). */
	bool have_due;
	struct timespec next_due;
	struct conn open[MAX_OPEN];
	size_t echo_bytes;		/* every connection's echo buffer */
	/*
	 * The poll set: the channel, each echoing connection's receive CQ,
	 * then the caller's.
	 */
	struct pollfd pfd[1 + MAX_OPEN + EXTRA_MAX];
	struct conn *pfd_conn[1 + MAX_OPEN];
	/* What a REP says of this host, read at most once a REP_FACTS_MS. */
	struct {
		bool valid;
		struct sockaddr_storage addr;
		const struct ibv_context *verbs;
		struct timespec at;
		struct rr_peer_facts f;
	} rep;
	/* Where this turn's ended connections go (NULL: unreported). */
	struct rr_connection *done;
	int num_done, max_done;
};

/*
 * Room for one more ended connection.  An event, or a held connection
 * we disconnect, ends one at most: none is read or disconnected without
 * room, so none ends unreported.
 */
static bool room(const struct rr_listener *l)
{
	return !l->done || l->num_done < l->max_done;
}

/* A connection over: handed to the caller, its id and QP let go. */
static void close_conn(struct rr_listener *l, struct conn *k,
		       enum rr_conn_end end)
{
	k->c.end = end;
	k->c.ended = rr_now();
	k->c.echoed = k->echo.messages;
	l->echo_bytes -= k->echo_bytes;
	if (l->done && l->num_done < l->max_done)
		l->done[l->num_done++] = k->c;
	if (k->id->qp)
		rr_dl.rdma_destroy_qp(k->id);
	rr_cm_echo_close(&k->echo);
	rr_dl.rdma_destroy_id(k->id);
	memset(k, 0, sizeof(*k));
}

static struct conn *find(struct rr_listener *l, const struct rdma_cm_id *id)
{
	int i;

	for (i = 0; i < MAX_OPEN; i++)
		if (l->open[i].used && l->open[i].id == id)
			return &l->open[i];
	return NULL;
}

static struct conn *free_slot(struct rr_listener *l)
{
	int i;

	for (i = 0; i < MAX_OPEN; i++)
		if (!l->open[i].used)
			return &l->open[i];
	return NULL;
}

static void fail_call(struct rr_listener *l, struct conn *k, const char *call)
{
	k->c.call = call;
	k->c.err = errno;
	close_conn(l, k, RR_CONN_FAILED);
}

/*
 * This host's facts for the REP of K (whose local address was asked):
 * read again when another address is asked or a second has passed;
 * withheld from a peer outside the allowed networks (its echo alone).
 * The length written, 0 for none.
 */
static size_t rep_facts(struct rr_listener *l, struct conn *k,
			uint32_t echo_max, char *buf, size_t len)
{
	struct rr_peer_facts f;
	struct timespec now = rr_now();

	if (!l->rep.valid || rr_ts_ms(&now, &l->rep.at) >= REP_FACTS_MS ||
	    memcmp(&l->rep.addr, &k->c.local, sizeof(k->c.local)) ||
	    l->rep.verbs != k->id->verbs) {
		memset(&l->rep.f, 0, sizeof(l->rep.f));
		l->rep.f.gid.vlan = -1;
		if (l->p.facts)
			l->p.facts(&k->c.local, k->id->verbs, k->id->port_num,
				   &l->rep.f);
		l->rep.addr = k->c.local;
		l->rep.verbs = k->id->verbs;
		l->rep.at = now;
		l->rep.valid = true;
	}
	f = l->rep.f;
	f.echo_max = echo_max > RR_DATA_MAX_BYTES ? RR_DATA_MAX_BYTES : echo_max;
	f.withheld = !l->p.facts ||
		     (l->p.allow && l->p.allow->n &&
		      !rr_prefix_list_has(l->p.allow, &k->c.peer));
	return rr_peer_facts_write(&f, true, buf, len);
}

/* The memory an echo of messages up to MAX takes: two halves. */
static size_t echo_bytes(uint32_t max)
{
	return 2 * (size_t)max;
}

/*
 * Its echo would pass the bound: refused, a consumer reject whose
 * private data says why, so that the prober can say it (listener_busy).
 */
static void turn_busy(struct rr_listener *l, struct conn *k)
{
	char why[64];
	int n;

	n = snprintf(why, sizeof(why), "%s %zu %zu", RR_LISTEN_BUSY_TAG,
		     l->echo_bytes, l->p.echo_budget);
	if (rr_dl.rdma_reject(k->id, why, (uint8_t)(n + 1))) {
		fail_call(l, k, "rdma_reject");
		return;
	}
	close_conn(l, k, RR_CONN_BUSY);
}

/*
 * When the RTU answering the REP just sent is due: twice the hold (a
 * --data probe asks one as long as it may wait itself), establish_ms at
 * least, from the REP, not the REQ.  Measured in the two-host lab, the
 * sanitizer build, 80 probes of 1 MiB at once on a busy machine: the
 * listener sent some REPs seconds after their REQs (each accept takes a
 * QP and an echo buffer) and the prober, busy with the others' data,
 * read them seconds later still; from the REQ, 29 connections it was
 * about to take were let go (bad_address at its rdma_establish).
 */
static struct timespec rtu_due(const struct rr_listener *l,
			       const struct conn *k)
{
	unsigned int ms = k->hold_ms > l->p.establish_ms ? k->hold_ms :
							    l->p.establish_ms;

	return rr_ts_add_ms(rr_now(), ms > UINT_MAX / 2 ? UINT_MAX : 2 * ms);
}

/*
 * A QP for the connection (RC, or UD for SIDR), then the REP out.  A
 * prober that sends messages (ECHO_MAX bytes at most) has its first
 * receive posted before the REP goes: its echo buffer is taken here, not
 * at ESTABLISHED.  A prober posts its first message as soon as its
 * rdma_establish() has sent the RTU, and the message comes in before we
 * have read the RTU's event: with no receive posted, our QP answers an
 * RNR NAK, whose timer the RDMA CM leaves at 655 ms, and a probe retries
 * that once only (cm_backend.c: a peer that posts no receive is told
 * quickly).  Tried in the lab with the buffer taken at ESTABLISHED: of
 * 30 probes, 2 had their message back 655 ms late.  What a REQ takes is
 * bounded instead: a connection not established within establish_ms of
 * its request is ended (request(), end_due()), and every buffer
 * together by echo_budget.
 */
static void accept_conn(struct rr_listener *l, struct conn *k,
			uint32_t echo_max)
{
	struct ibv_qp_init_attr attr = {
		.cap = { .max_send_wr = echo_max ? 4 : 1,
			 .max_recv_wr = echo_max ? 2 : 1,
			 .max_send_sge = 1, .max_recv_sge = 1 },
		.qp_type = l->p.ps == RR_PS_UDP ? IBV_QPT_UD : IBV_QPT_RC,
	};
	struct rdma_conn_param param = {
		.responder_resources = 1,
		.initiator_depth = 1,
		.rnr_retry_count = 7,
	};
	char facts[RR_PEER_REP_LEN];
	const char *call;
	size_t n;

	if (rr_dl.rdma_create_qp(k->id, NULL, &attr)) {
		fail_call(l, k, "rdma_create_qp");
		return;
	}
	if (echo_max && l->p.ps != RR_PS_UDP) {
		k->c.echo = true;
		if (rr_cm_echo_open(&k->echo, k->id->qp, k->id->recv_cq_channel,
				    echo_max, &call)) {
			fail_call(l, k, call);
			return;
		}
		k->echo_bytes = echo_bytes(echo_max);
		l->echo_bytes += k->echo_bytes;
	}
	/* What this end is, for the prober to judge before it sends. */
	n = rep_facts(l, k, echo_max, facts, sizeof(facts));
	if (n) {
		param.private_data = facts;
		param.private_data_len = (uint8_t)n;
	}
	if (rr_dl.rdma_accept(k->id, &param)) {
		fail_call(l, k, "rdma_accept");
		return;
	}
	k->deadline = rtu_due(l, k);
	/* SIDR: the REP is all there is; nothing to establish. */
	if (l->p.ps == RR_PS_UDP) {
		k->c.established = rr_now();
		k->c.have_established = true;
		close_conn(l, k, RR_CONN_ANSWERED);
	}
}

/* What a REQ says of its connection: its ends, device and port. */
static void describe(struct rr_connection *c, struct rdma_cm_id *id,
		     const struct timespec *at)
{
	memset(c, 0, sizeof(*c));
	c->event = -1;
	c->request = *at;
	memcpy(&c->peer, rdma_get_peer_addr(id), sizeof(c->peer));
	memcpy(&c->local, rdma_get_local_addr(id), sizeof(c->local));
	if (id->verbs)
		snprintf(c->device, sizeof(c->device), "%s",
			 rr_dl.ibv_get_device_name(id->verbs->device));
	c->port = id->port_num;
}

/* Every slot taken: turned away, and handed out as a failed accept. */
static void turn_away(struct rr_listener *l, struct rdma_cm_id *id,
		      const struct timespec *at)
{
	struct conn k = { .used = true, .id = id };

	describe(&k.c, id, at);
	rr_dl.rdma_reject(id, NULL, 0);
	errno = ENOBUFS;
	fail_call(l, &k, "rdma_accept");
}

static void request(struct rr_listener *l, struct rdma_cm_id *id,
		    const struct timespec *at, uint32_t echo_max,
		    uint32_t hold_ms)
{
	struct conn *k = free_slot(l);

	if (!k) {
		turn_away(l, id, at);
		return;
	}
	k->used = true;
	k->id = id;
	k->hold_ms = l->p.hold_ms;
	if (hold_ms > k->hold_ms)
		k->hold_ms = hold_ms < MAX_ASKED_HOLD_MS ? hold_ms : MAX_ASKED_HOLD_MS;
	describe(&k->c, id, at);
	if (echo_max > RR_DATA_MAX_BYTES)
		echo_max = RR_DATA_MAX_BYTES;
	if (echo_max && l->p.ps != RR_PS_UDP && l->p.echo_budget &&
	    l->echo_bytes + echo_bytes(echo_max) > l->p.echo_budget && !l->p.reject) {
		turn_busy(l, k);
		return;
	}
	if (!l->p.reject) {
		accept_conn(l, k, echo_max);
		return;
	}
	/* A consumer's reject (reason 28), with no private data. */
	if (rr_dl.rdma_reject(id, NULL, 0)) {
		fail_call(l, k, "rdma_reject");
		return;
	}
	close_conn(l, k, RR_CONN_REJECTED);
}

/* An event of an accepted connection. */
static void conn_event(struct rr_listener *l, struct conn *k, int type,
		       int status, const struct timespec *at)
{
	switch (type) {
	case RDMA_CM_EVENT_ESTABLISHED:
		k->c.established = *at;
		k->c.have_established = true;
		return;
	case RDMA_CM_EVENT_DISCONNECTED:
		/* The DREP (or our DREQ's end): the connection is over. */
		if (!k->disconnecting)
			rr_dl.rdma_disconnect(k->id);
		close_conn(l, k, k->disconnecting ? RR_CONN_HELD :
						    RR_CONN_DISCONNECTED);
		return;
	case RDMA_CM_EVENT_TIMEWAIT_EXIT:
		return;
	default:
		k->c.event = type;
		k->c.status = status;
		close_conn(l, k, RR_CONN_FAILED);
	}
}

/*
 * The listening id's device went away: the id goes at once (the kernel
 * waits for it before the device can), and is made again later.
 */
/*
 * librdmacm keeps a device it opened for an id open until it learns the
 * device is gone, which only a new look at the list tells it (the verbs
 * device leaves the list after the RDMA CM's event, so the look is made
 * again at each attempt to listen).  Soft-RoCE cannot take a device from
 * a process that holds it open: its removal waits for this.
 */
static void forget_gone_devices(void)
{
	struct ibv_context **list = rr_dl.rdma_get_devices(NULL);

	if (list)
		rr_dl.rdma_free_devices(list);
}

static void device_gone(struct rr_listener *l, const struct timespec *at)
{
	rr_dl.rdma_destroy_id(l->id);
	l->id = NULL;
	forget_gone_devices();
	l->bind_err = ENODEV;
	/* Soon: a device being deleted waits for librdmacm to let it go. */
	l->rebind_at = rr_ts_add_ms(*at, REBIND_MS / 10);
}

static void read_events(struct rr_listener *l)
{
	struct rdma_cm_event *ev;
	struct rdma_cm_id *id;
	struct timespec at;
	struct conn *k;
	int type, status;
	uint32_t echo_max, hold = 0;
	bool req;

	/* The events we have no room for stay queued in the kernel. */
	while (room(l) && !rr_dl.rdma_get_cm_event(l->channel, &ev)) {
		at = rr_now();
		id = ev->id;
		type = ev->event;
		status = ev->status;
		req = type == RDMA_CM_EVENT_CONNECT_REQUEST;
		echo_max = req ? rr_data_req_parse(ev->param.conn.private_data,
						   ev->param.conn.private_data_len,
						   &hold) : 0;
		/* Acked first: destroying an id waits for its events' acks. */
		rr_dl.rdma_ack_cm_event(ev);
		if (id == l->id && type == RDMA_CM_EVENT_DEVICE_REMOVAL) {
			device_gone(l, &at);
			continue;
		}
		if (req) {
			request(l, id, &at, echo_max, req ? hold : 0);
			continue;
		}
		k = find(l, id);
		if (k)
			conn_event(l, k, type, status, &at);
	}
}

/* When K's next end is due: its RTU's, its hold's or its DREP's. */
static struct timespec due_at(const struct conn *k)
{
	if (k->c.have_established && !k->disconnecting)
		return rr_ts_add_ms(k->c.established, k->hold_ms);
	return k->deadline;
}

/*
 * Past the hold, our DREQ ends it.  Not established in time, its id is
 * let go: the kernel's CM then stops resending the REP and sends a REJ
 * itself (a DREQ if the RTU came meanwhile, unread).  rdma_reject() would
 * send the REJ but leave the REP to its resends, and the id's
 * destruction would wait for them (68 s in the lab).  Our DREQ
 * unanswered, its id is let go too: the kernel's own wait for the DREP
 * lasts over a minute.
 */
static void end_due(struct rr_listener *l, struct conn *k)
{
	if (!k->c.have_established) {
		close_conn(l, k, RR_CONN_UNESTABLISHED);
		return;
	}
	if (k->disconnecting) {
		k->c.disconnect_unconfirmed = true;
		close_conn(l, k, RR_CONN_HELD);
		return;
	}
	k->disconnecting = true;
	k->deadline = rr_ts_add_ms(rr_now(), l->p.disconnect_wait_ms);
	if (rr_dl.rdma_disconnect(k->id))
		fail_call(l, k, "rdma_disconnect");
}

/*
 * What is due now done (an end needs room: each ends one connection at
 * most), and when the next is due noted for the next turn's wait.
 */
static void end_overdue(struct rr_listener *l)
{
	struct timespec now = rr_now(), at;
	struct conn *k;
	int i;

	l->have_due = false;
	for (i = 0; i < MAX_OPEN; i++) {
		k = &l->open[i];
		if (!k->used)
			continue;
		at = due_at(k);
		if (!rr_ts_before(&now, &at) && room(l)) {
			end_due(l, k);
			if (!k->used)
				continue;
			at = due_at(k);
		}
		if (!l->have_due || rr_ts_before(&at, &l->next_due))
			l->next_due = at;
		l->have_due = true;
	}
}

/* The channel, and the receive CQ of each connection that echoes. */
static nfds_t poll_set(struct rr_listener *l)
{
	struct conn *k;
	nfds_t n = 1;
	int i;

	l->pfd[0] = (struct pollfd){ .fd = l->channel->fd, .events = POLLIN };
	for (i = 0; i < MAX_OPEN; i++) {
		k = &l->open[i];
		if (!k->used || !k->echo.mr || k->echo.stopped)
			continue;
		l->pfd_conn[n] = k;
		l->pfd[n++] = (struct pollfd){ .fd = k->id->recv_cq_channel->fd,
					       .events = POLLIN };
	}
	return n;
}

/*
 * Messages in: each sent back.  A connection that can carry no more
 * (its QP in error: the prober gone) waits for its DISCONNECTED, or for
 * the hold time, as any other.
 */
static void echo_messages(struct rr_listener *l, nfds_t n)
{
	struct conn *k;
	nfds_t i;

	for (i = 1; i < n; i++) {
		k = l->pfd_conn[i];
		if (!l->pfd[i].revents || !k->used || !k->echo.mr)
			continue;
		if (rr_cm_echo_read(&k->echo, k->id->qp, k->id->recv_cq_channel,
				    k->id->recv_cq, k->id->send_cq))
			k->echo.stopped = true;
	}
}

/* A listening id on the address; 0, or -1 with errno and *CALL. */
static int listen_id(struct rr_listener *l, const char **call)
{
	int err;

	*call = "rdma_create_id";
	if (rr_dl.rdma_create_id(l->channel, &l->id, l,
				 (enum rdma_port_space)rr_ps_number(l->p.ps))) {
		l->id = NULL;
		return -1;
	}
	*call = "rdma_bind_addr";
	if (!rr_dl.rdma_bind_addr(l->id, (struct sockaddr *)&l->p.addr)) {
		*call = "rdma_listen";
		if (!rr_dl.rdma_listen(l->id, BACKLOG))
			return 0;
	}
	err = errno;
	rr_dl.rdma_destroy_id(l->id);
	l->id = NULL;
	errno = err;
	return -1;
}

/* Without its id (the device went away): bound again when it is time. */
static void rebind(struct rr_listener *l)
{
	struct timespec now = rr_now();
	const char *call;

	if (l->id || rr_ts_before(&now, &l->rebind_at))
		return;
	forget_gone_devices();
	if (listen_id(l, &call)) {
		l->bind_err = errno;
		l->rebind_at = rr_ts_add_ms(now, REBIND_MS);
		return;
	}
	l->bind_err = 0;
}

bool rr_listener_listening(const struct rr_listener *l, int *err)
{
	*err = l->id ? 0 : l->bind_err;
	return l->id != NULL;
}

/* MS (-1: no bound), cut to end just after AT. */
static int wait_until(int ms, const struct timespec *at)
{
	struct timespec now = rr_now();
	long until = rr_ms_until(&now, at);

	if (until < 0)
		until = 0;
	/* +1: poll rounds down; wake just after, not before. */
	if (ms < 0 || until + 1 < ms)
		ms = (int)until + 1;
	return ms;
}

int rr_listener_turn(struct rr_listener *l, int ms, struct rr_connection *done,
		     int max, struct pollfd *extra, int n_extra)
{
	nfds_t n = poll_set(l);
	int i;

	if (n_extra > EXTRA_MAX)
		n_extra = EXTRA_MAX;
	for (i = 0; i < n_extra; i++)
		l->pfd[n + (nfds_t)i] = extra[i];
	if (!l->id)
		ms = wait_until(ms, &l->rebind_at);
	if (l->have_due)
		ms = wait_until(ms, &l->next_due);
	l->done = done;
	l->num_done = 0;
	l->max_done = max;
	if (poll(l->pfd, n + (nfds_t)n_extra, ms) > 0) {
		echo_messages(l, n);
		if (l->pfd[0].revents)
			read_events(l);
	}
	for (i = 0; i < n_extra; i++)
		extra[i].revents = l->pfd[n + (nfds_t)i].revents;
	end_overdue(l);
	rebind(l);
	return l->num_done;
}

const struct sockaddr_storage *rr_listener_addr(const struct rr_listener *l)
{
	return &l->p.addr;
}

struct rr_listener *rr_listener_start(const struct rr_listen_params *p,
				      const char **call)
{
	struct rr_listener *l;
	int flags, err;

	*call = "dlopen";
	if (!rr_dl_load(RR_DL_CM) || !rr_dl_load(RR_DL_VERBS)) {
		errno = ELIBACC;
		return NULL;
	}
	l = calloc(1, sizeof(*l));
	if (!l) {
		*call = "calloc";
		return NULL;
	}
	l->p = *p;
	*call = "rdma_create_event_channel";
	l->channel = rr_dl.rdma_create_event_channel();
	if (!l->channel)
		goto fail;
	*call = "fcntl";
	flags = fcntl(l->channel->fd, F_GETFL);
	if (flags < 0 || fcntl(l->channel->fd, F_SETFL, flags | O_NONBLOCK))
		goto fail;
	if (listen_id(l, call))
		goto fail;
	return l;
fail:
	err = errno;
	rr_listener_free(l);
	errno = err;
	return NULL;
}

int rr_listener_stop(struct rr_listener *l, struct rr_connection *done,
		     int max)
{
	int i;

	l->done = done;
	l->num_done = 0;
	l->max_done = max;
	for (i = 0; i < MAX_OPEN && room(l); i++)
		if (l->open[i].used)
			close_conn(l, &l->open[i], RR_CONN_STOPPED);
	return l->num_done;
}

void rr_listener_free(struct rr_listener *l)
{
	int i;

	if (!l)
		return;
	l->done = NULL;
	for (i = 0; i < MAX_OPEN; i++)
		if (l->open[i].used)
			close_conn(l, &l->open[i], RR_CONN_STOPPED);
	if (l->id)
		rr_dl.rdma_destroy_id(l->id);
	if (l->channel)
		rr_dl.rdma_destroy_event_channel(l->channel);
	free(l);
}
