// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The listener of --listen (src/rdmacm/cm_listener.c) driven whole:
 * rr_listener_start(), turns, a stop now and then, the stop until it
 * hands nothing, rr_listener_free().  librdmacm is a stand-in reached
 * through rr_dl, as in tests/unit/rdmacm/cm_listener_test.c: its events
 * come from a queue the input fills with connection requests (one by one
 * or in bursts past the 1024 open connections), any event of any type and
 * status with private data of any length for an id the listener holds,
 * let go (kept allocated: librdmacm never gives those, and the listener
 * only compares them) or never saw, events repeated, and failures of
 * rdma_get_cm_event, rdma_create_qp, rdma_accept, rdma_reject and
 * rdma_disconnect with any errno; --reject, --ps, a hold of 0 or for ever,
 * --count deciding a turn's room as the app does, any room.  Checks,
 * against cm_listener.h:
 * - a call hands out at most its MAX, into a buffer of exactly MAX;
 * - the connections a call hands out are exactly those whose ids it let
 *   go, each once in the whole run: every request read is one record;
 * - no event is read and no DREQ sent without room for what it ends;
 * - a record is its connection: peer, local address, device name cut to
 *   fit, port, times in order; how it ended agrees with what happened to
 *   it (the peer's DREQ or ours answered, --reject, SIDR's answer, the
 *   call that failed with its errno, the event with its status, turned
 *   away with ENOBUFS when 1024 are open, stopped only by a stop);
 * - every event acked before its id goes, an id let go once with its QP
 *   gone, nothing called on an id let go or never taken; after the stop
 *   the free lets no connection go; the channel goes last;
 * - a start that fails names its call and keeps its errno, leaving
 *   nothing behind;
 * - the listening id goes only at the start, the free, or in the turn
 *   that reads its DEVICE_REMOVAL, and is made again only after that,
 *   librdmacm's device list looked at first.
 * Leaks are LSan's: events, private data and QPs are allocated here.
 */
#include <errno.h>
#include <limits.h>
#include <unistd.h>
#include <netinet/in.h>

#include "rdmacm/cm_listener.h"
#include "base/clock.h"
#include "base/port_space.h"
#include "host/rdma_libs.h"
#include "fuzz.h"

/* Open connections cm_listener.c keeps; a request beyond is turned away. */
#define MAX_OPEN 1024
/*
 * Requests an input may make: past MAX_OPEN, and few enough that a run
 * stays quick (each event has the listener look through its 1024 slots).
 */
#define MAX_CONNS 4096
/* Where a stand-in id carries its number in its addresses. */
#define SERIAL_AT 120

/* The next four bytes, high first. */
static uint32_t u32(struct fuzz_in *in)
{
	uint32_t hi = fuzz_u16(in);

	return hi << 16 | fuzz_u16(in);
}

enum kind { K_LISTEN, K_CONN, K_STRANGER };
/* The DISCONNECTED event while open: none, the peer's DREQ, ours answered. */
enum disc { DISC_NONE, DISC_PEER, DISC_AFTER_DREQ };

/* A stand-in id, and what happened to it. */
struct fid {
	struct rdma_cm_id id;	/* first: an id is its fid */
	enum kind kind;
	int serial;
	/* Its request read by the listener; let go (freed at the end only). */
	bool taken, destroyed;
	bool full;		/* MAX_OPEN open when its request was read */
	bool established;	/* ESTABLISHED read while open */
	enum disc disc;
	bool by_event;		/* ended by another event, read while open */
	int event, status;
	bool accepted, rejected, dreq_sent;
	bool removed;		/* the listening id's DEVICE_REMOVAL was read */
	int qp_err, accept_err, reject_err, disconnect_err;
	int unacked, records;
	long gone_call;
};

struct qev {
	struct fid *f;
	uint32_t type;
	int status;
	uint8_t private_len;
};

struct fake_event {
	struct rdma_cm_event ev;	/* first */
	struct fid *f;
};

enum call_kind { C_START, C_TURN, C_STOP, C_FREE };
enum { FAIL_GET = 1, FAIL_QP = 2, FAIL_ACCEPT = 4, FAIL_REJECT = 8,
       FAIL_DISCONNECT = 16 };
enum start_fail { SF_NONE, SF_DL_CM, SF_DL_VERBS, SF_CHANNEL, SF_ID, SF_BIND,
		  SF_LISTEN, SF_COUNT };

static struct {
	struct fid **all;		/* every id made, freed at the end */
	size_t n_all, cap_all;
	struct fid **conns;		/* the connections' ids, by serial */
	int n_conns;
	size_t cap_conns;
	struct qev *q;
	size_t head, tail, cap_q;
	struct fid *listen;
	struct rdma_event_channel *channel;
	int pipe_w;
	int open, unacked;
	/* The call running: its number, kind, room, the ids it let go. */
	long call;
	enum call_kind kind;
	int max, gone;
	int fail, err;
	enum start_fail start_fail;
	int start_err;
	enum rr_ps ps;
	bool reject;
	struct ibv_context ctx[2];
	struct ibv_device dev[2];
	char name[2][257];
} F;

struct rr_dl rr_dl;

bool rr_dl_load(enum rr_dl_group group)
{
	return !(group == RR_DL_CM && F.start_fail == SF_DL_CM) &&
	       !(group == RR_DL_VERBS && F.start_fail == SF_DL_VERBS);
}

static void *grow(void *p, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 64;
	p = realloc(p, *cap * size);
	if (!p)
		abort();
	return p;
}

static struct fid *new_fid(enum kind kind)
{
	struct fid *f = calloc(1, sizeof(*f));

	if (!f)
		abort();
	f->kind = kind;
	f->serial = -1;
	F.all = grow(F.all, F.n_all, &F.cap_all, sizeof(*F.all));
	F.all[F.n_all++] = f;
	return f;
}

static struct fid *fid_of(const struct rdma_cm_id *id)
{
	return (struct fid *)id;
}

/* An id the listener took and holds: the only ones it may act on. */
static struct fid *held(struct rdma_cm_id *id)
{
	struct fid *f = fid_of(id);

	fuzz_check(f && f->kind == K_CONN && f->taken && !f->destroyed);
	return f;
}

static int fail(struct fid *f, int *where)
{
	if (where)
		*where = F.err;
	errno = F.err;
	return -1;
}

static struct rdma_event_channel *f_create_event_channel(void)
{
	struct rdma_event_channel *ch;
	int fds[2];

	fuzz_check(!F.channel);
	if (F.start_fail == SF_CHANNEL) {
		errno = F.start_err;
		return NULL;
	}
	ch = calloc(1, sizeof(*ch));
	if (!ch || pipe(fds))
		abort();
	/* Always readable: rdma_get_cm_event() says when nothing waits. */
	if (write(fds[1], "x", 1) != 1)
		abort();
	ch->fd = fds[0];
	F.pipe_w = fds[1];
	F.channel = ch;
	return ch;
}

static void f_destroy_event_channel(struct rdma_event_channel *ch)
{
	fuzz_check(ch && ch == F.channel);
	/* Its ids first, every event acked. */
	fuzz_check(!F.listen || F.listen->destroyed);
	fuzz_check(F.open == 0 && F.unacked == 0);
	close(ch->fd);
	close(F.pipe_w);
	free(ch);
	F.channel = NULL;
}

static int f_create_id(struct rdma_event_channel *ch, struct rdma_cm_id **id,
		       void *context, enum rdma_port_space ps)
{
	struct fid *f;

	/* At the start; or in a turn, its device gone, made again. */
	fuzz_check(ch == F.channel &&
		   (!F.listen || (F.kind == C_TURN && F.listen->removed &&
				  F.listen->destroyed)));
	fuzz_check((unsigned int)ps == rr_ps_number(F.ps));
	if (F.start_fail == SF_ID) {
		errno = F.start_err;
		return -1;
	}
	f = new_fid(K_LISTEN);
	f->id.channel = ch;
	f->id.context = context;
	f->id.ps = ps;
	F.listen = f;
	*id = &f->id;
	return 0;
}

static int f_destroy_id(struct rdma_cm_id *id)
{
	struct fid *f = fid_of(id);

	fuzz_check(f && f->kind != K_STRANGER && !f->destroyed);
	/* librdmacm waits for the id's events' acks: a hang. */
	fuzz_check(f->unacked == 0);
	fuzz_check(!id->qp);
	f->destroyed = true;
	if (f->kind == K_LISTEN) {
		/* At the end, a failed start, or at once when its device goes. */
		fuzz_check(F.kind == C_START || F.kind == C_FREE ||
			   (F.kind == C_TURN && f->removed));
		return 0;
	}
	fuzz_check(f->taken);
	F.open--;
	F.gone++;
	f->gone_call = F.call;
	return 0;
}

/* librdmacm's look at its devices, after one went away. */
static struct ibv_context *no_devices[1];

static struct ibv_context **f_get_devices(int *n)
{
	fuzz_check(F.kind == C_TURN && F.listen->removed);
	if (n)
		*n = 0;
	return no_devices;
}

static void f_free_devices(struct ibv_context **list)
{
	fuzz_check(list == no_devices);
}

static int f_bind_addr(struct rdma_cm_id *id, struct sockaddr *addr)
{
	fuzz_check(id == &F.listen->id && addr);
	if (F.start_fail == SF_BIND) {
		errno = F.start_err;
		return -1;
	}
	return 0;
}

static int f_listen(struct rdma_cm_id *id, int backlog)
{
	fuzz_check(id == &F.listen->id && backlog > 0);
	if (F.start_fail == SF_LISTEN) {
		errno = F.start_err;
		return -1;
	}
	return 0;
}

/* What the listener learns of an id by reading an event of it. */
static void note(struct fid *f, uint32_t type, int status)
{
	if (f->kind == K_LISTEN && type == RDMA_CM_EVENT_DEVICE_REMOVAL &&
	    !f->destroyed)
		f->removed = true;
	if (type == RDMA_CM_EVENT_CONNECT_REQUEST) {
		fuzz_check(!f->taken);
		f->taken = true;
		f->full = F.open >= MAX_OPEN;
		F.open++;
		return;
	}
	if (f->kind != K_CONN || !f->taken || f->destroyed)
		return;
	switch (type) {
	case RDMA_CM_EVENT_ESTABLISHED:
		f->established = true;
		break;
	case RDMA_CM_EVENT_DISCONNECTED:
		f->disc = f->dreq_sent ? DISC_AFTER_DREQ : DISC_PEER;
		break;
	case RDMA_CM_EVENT_TIMEWAIT_EXIT:
		break;
	default:
		f->by_event = true;
		f->event = (int)type;
		f->status = status;
	}
}

static int f_get_cm_event(struct rdma_event_channel *ch,
			  struct rdma_cm_event **event)
{
	struct fake_event *fe;
	struct qev e;

	fuzz_check(ch == F.channel && F.kind == C_TURN);
	/* Read with room only: what it ends has a place. */
	fuzz_check(F.gone < F.max);
	if (F.fail & FAIL_GET)
		return fail(NULL, NULL);
	if (F.head == F.tail) {
		errno = EAGAIN;
		return -1;
	}
	e = F.q[F.head++];
	fe = calloc(1, sizeof(*fe));
	if (!fe)
		abort();
	fe->f = e.f;
	fe->ev.id = &e.f->id;
	fe->ev.listen_id = &F.listen->id;
	fe->ev.event = (enum rdma_cm_event_type)e.type;
	fe->ev.status = e.status;
	/* Exactly its length: a read past it is ASan's. */
	if (e.private_len) {
		fe->ev.param.conn.private_data = fuzz_alloc(e.private_len);
		memset((void *)fe->ev.param.conn.private_data, 0xa5,
		       e.private_len);
	}
	fe->ev.param.conn.private_data_len = e.private_len;
	note(e.f, e.type, e.status);
	e.f->unacked++;
	F.unacked++;
	*event = &fe->ev;
	return 0;
}

static int f_ack_cm_event(struct rdma_cm_event *event)
{
	struct fake_event *fe = (struct fake_event *)event;

	fuzz_check(fe->f->unacked > 0);
	fe->f->unacked--;
	F.unacked--;
	free((void *)event->param.conn.private_data);
	free(fe);
	return 0;
}

static int f_create_qp(struct rdma_cm_id *id, struct ibv_pd *pd,
		       struct ibv_qp_init_attr *attr)
{
	struct fid *f = held(id);

	fuzz_check(F.kind == C_TURN && !F.reject && !f->full && !id->qp);
	fuzz_check(attr->qp_type ==
		   (F.ps == RR_PS_UDP ? IBV_QPT_UD : IBV_QPT_RC));
	if (F.fail & FAIL_QP)
		return fail(f, &f->qp_err);
	id->qp = fuzz_alloc(sizeof(*id->qp));
	return 0;
}

static void f_destroy_qp(struct rdma_cm_id *id)
{
	held(id);
	fuzz_check(id->qp);
	free(id->qp);
	id->qp = NULL;
}

static int f_accept(struct rdma_cm_id *id, struct rdma_conn_param *param)
{
	struct fid *f = held(id);

	fuzz_check(F.kind == C_TURN && param && id->qp && !f->accepted);
	if (F.fail & FAIL_ACCEPT)
		return fail(f, &f->accept_err);
	f->accepted = true;
	return 0;
}

static int f_reject(struct rdma_cm_id *id, const void *data, uint8_t len)
{
	struct fid *f = held(id);

	fuzz_check(F.kind == C_TURN && (F.reject || f->full));
	fuzz_check(!f->accepted && !f->rejected && !id->qp);
	f->rejected = true;
	if (F.fail & FAIL_REJECT)
		return fail(f, &f->reject_err);
	return 0;
}

static int f_disconnect(struct rdma_cm_id *id)
{
	struct fid *f = held(id);

	fuzz_check(f->accepted && !f->dreq_sent);
	/* A failed DREQ ends the connection: it needs room. */
	fuzz_check(F.kind == C_TURN || F.kind == C_STOP);
	fuzz_check(F.gone < F.max);
	if (F.fail & FAIL_DISCONNECT)
		return fail(f, &f->disconnect_err);
	f->dreq_sent = true;
	return 0;
}

static const char *f_get_device_name(struct ibv_device *dev)
{
	fuzz_check(dev == &F.dev[0] || dev == &F.dev[1]);
	return F.name[dev - F.dev];
}

static void push(struct fid *f, uint32_t type, int status, uint8_t len)
{
	F.q = grow(F.q, F.tail, &F.cap_q, sizeof(*F.q));
	F.q[F.tail++] = (struct qev){ f, type, status, len };
}

/* A connection's id, numbered; NULL past MAX_CONNS. */
static struct fid *new_conn(void)
{
	struct fid *f;

	if (F.n_conns >= MAX_CONNS)
		return NULL;
	f = new_fid(K_CONN);
	f->serial = F.n_conns;
	F.conns = grow(F.conns, (size_t)F.n_conns, &F.cap_conns,
		       sizeof(*F.conns));
	F.conns[F.n_conns++] = f;
	f->id.channel = F.channel;
	f->id.ps = F.listen->id.ps;
	return f;
}

/* Its number in its addresses, where a record shows whose it is. */
static void stamp(struct fid *f)
{
	int local = ~f->serial;

	memcpy((char *)&f->id.route.addr.dst_storage + SERIAL_AT, &f->serial,
	       sizeof(f->serial));
	memcpy((char *)&f->id.route.addr.src_storage + SERIAL_AT, &local,
	       sizeof(local));
}

/* A new connection's id, its request queued; its addresses as LIKE's. */
static void request(struct fuzz_in *in, const struct fid *like, int status,
		    uint8_t len)
{
	struct fid *f = new_conn();
	struct rdma_addr *a;
	uint8_t b = fuzz_byte(in);
	int i;

	if (!f)
		return;
	a = &f->id.route.addr;
	f->id.port_num = fuzz_byte(in);
	f->id.verbs = b % 3 ? &F.ctx[b % 3 - 1] : NULL;
	if (like) {
		a->src_storage = like->id.route.addr.src_storage;
		a->dst_storage = like->id.route.addr.dst_storage;
	} else {
		static const sa_family_t families[] = { AF_INET, AF_INET6,
							AF_IB, AF_UNSPEC };

		a->dst_storage.ss_family = families[b >> 2 & 3];
		a->src_storage.ss_family = a->dst_storage.ss_family;
		if ((b >> 2 & 3) == 3)
			a->dst_storage.ss_family = fuzz_byte(in);
		for (i = 2; i < 8; i++)
			((uint8_t *)&a->dst_storage)[i] = fuzz_byte(in);
		((uint8_t *)&a->dst_storage)[127] = b;
		((uint8_t *)&a->src_storage)[2] = b;
	}
	stamp(f);
	push(f, RDMA_CM_EVENT_CONNECT_REQUEST, status, len);
}

/*
 * Requests at once, from 10.0.0.0/8, the port their number: 1 to 16, 8 to
 * 896, or 1016 to 1046 (past the open connections' slots).
 */
static void burst(uint8_t b)
{
	struct sockaddr_in *peer;
	struct fid *f;
	int i, n;

	if (b < 0x80)
		n = b % 16 + 1;
	else if (b < 0xf0)
		n = (b - 0x80) * 8 + 8;
	else
		n = 1016 + (b - 0xf0) * 2;
	for (i = 0; i < n && (f = new_conn()); i++) {
		f->id.verbs = i % 3 ? &F.ctx[i % 2] : NULL;
		f->id.port_num = 1;
		peer = &f->id.route.addr.dst_sin;
		peer->sin_family = AF_INET;
		peer->sin_addr.s_addr = htonl(0x0a000000u |
					      (uint32_t)f->serial);
		peer->sin_port = htons((uint16_t)f->serial);
		stamp(f);
		push(f, RDMA_CM_EVENT_CONNECT_REQUEST, 0, 0);
	}
}

/* Any event type: the listener's own, any of librdmacm's, unknown ones. */
static uint32_t event_type(struct fuzz_in *in)
{
	static const uint32_t types[] = {
		RDMA_CM_EVENT_ESTABLISHED, RDMA_CM_EVENT_DISCONNECTED,
		RDMA_CM_EVENT_TIMEWAIT_EXIT, RDMA_CM_EVENT_REJECTED,
		RDMA_CM_EVENT_CONNECT_ERROR, RDMA_CM_EVENT_UNREACHABLE,
		RDMA_CM_EVENT_DEVICE_REMOVAL, RDMA_CM_EVENT_CONNECT_REQUEST,
	};
	uint8_t t = fuzz_byte(in);

	if (t >= 0xf0)
		return u32(in);
	if (t < 0x20)
		return t;
	return types[t % (sizeof(types) / sizeof(types[0]))];
}

static int event_status(struct fuzz_in *in)
{
	static const int statuses[] = { 0, -ETIMEDOUT, -ECONNREFUSED,
					-ENETUNREACH, 28, 1, INT_MIN, INT_MAX };
	uint8_t s = fuzz_byte(in);

	if (s >= 0x80)
		return (int)u32(in);
	return statuses[s % 8];
}

/* An event for connection SEL back from the newest, held or let go. */
static void conn_event(struct fuzz_in *in)
{
	uint8_t sel = fuzz_byte(in);
	uint32_t type = event_type(in);
	int status = event_status(in);
	uint8_t len = fuzz_byte(in);
	struct fid *f;

	if (!F.n_conns)
		return;
	f = F.conns[F.n_conns - 1 - sel % F.n_conns];
	/* A request is a new id: this one's peer asks again. */
	if (type == RDMA_CM_EVENT_CONNECT_REQUEST)
		request(in, f, status, len);
	else
		push(f, type, status, len);
}

/* An event for an id the listener never took: its own, or a stranger's. */
static void stranger_event(struct fuzz_in *in)
{
	uint8_t sel = fuzz_byte(in);
	uint32_t type = event_type(in);
	int status = event_status(in);
	uint8_t len = fuzz_byte(in);

	if (type == RDMA_CM_EVENT_CONNECT_REQUEST) {
		request(in, NULL, status, len);
		return;
	}
	push(sel & 1 ? F.listen : new_fid(K_STRANGER), type, status, len);
}

/* An event for every connection not let go (queued or held). */
static void all_event(struct fuzz_in *in)
{
	uint32_t type = event_type(in);
	int status = event_status(in);
	int i;

	if (type == RDMA_CM_EVENT_CONNECT_REQUEST)
		return;
	for (i = 0; i < F.n_conns; i++)
		if (!F.conns[i]->destroyed)
			push(F.conns[i], type, status, 0);
}

/* The last event again, as it was; a request again is a new id. */
static void repeat(struct fuzz_in *in)
{
	struct qev e;

	if (!F.tail)
		return;
	e = F.q[F.tail - 1];
	if (e.type == RDMA_CM_EVENT_CONNECT_REQUEST)
		request(in, e.f, e.status, e.private_len);
	else
		push(e.f, e.type, e.status, e.private_len);
}

static bool before(const struct timespec *a, const struct timespec *b)
{
	return rr_ts_before(a, b);
}

static bool failed_ok(const struct rr_connection *c, const struct fid *f)
{
	if (!c->call)
		return f->by_event && c->event == f->event &&
		       c->status == f->status && !c->err;
	if (c->event != -1)
		return false;
	if (!strcmp(c->call, "rdma_accept"))
		return f->full ? c->err == ENOBUFS && f->rejected :
				 f->accept_err && c->err == f->accept_err;
	if (!strcmp(c->call, "rdma_create_qp"))
		return f->qp_err && c->err == f->qp_err;
	if (!strcmp(c->call, "rdma_reject"))
		return F.reject && f->reject_err && c->err == f->reject_err;
	if (!strcmp(c->call, "rdma_disconnect"))
		return f->disc == DISC_NONE && f->disconnect_err &&
		       c->err == f->disconnect_err;
	return false;
}

/* How C ended agrees with what happened to its id. */
static bool end_ok(const struct rr_connection *c, const struct fid *f)
{
	bool plain = !c->call && c->event == -1;

	if (f->full)
		return c->end == RR_CONN_FAILED && failed_ok(c, f) && c->call;
	switch (c->end) {
	case RR_CONN_DISCONNECTED:
		return plain && f->disc == DISC_PEER &&
		       c->have_established == f->established;
	case RR_CONN_HELD:
		return plain && f->disc == DISC_AFTER_DREQ &&
		       c->have_established == f->established;
	case RR_CONN_REJECTED:
		return plain && F.reject && f->rejected && !f->reject_err &&
		       !c->have_established;
	case RR_CONN_ANSWERED:
		return plain && F.ps == RR_PS_UDP && f->accepted &&
		       c->have_established;
	case RR_CONN_FAILED:
		return failed_ok(c, f) &&
		       c->have_established == f->established;
	case RR_CONN_STOPPED:
		return plain && F.kind == C_STOP && f->accepted &&
		       f->disc == DISC_NONE && !f->by_event &&
		       !f->disconnect_err &&
		       c->have_established == f->established;
	default:
		return false;
	}
}

static void check_record(const struct rr_connection *c)
{
	const struct fid *f;
	const char *name;
	size_t len;
	int serial;

	memcpy(&serial, (const char *)&c->peer + SERIAL_AT, sizeof(serial));
	fuzz_check(serial >= 0 && serial < F.n_conns);
	f = F.conns[serial];
	/* Taken, let go in this call, handed out once. */
	fuzz_check(f->taken && f->destroyed && f->gone_call == F.call);
	fuzz_check(f->records == 0);
	F.conns[serial]->records++;
	fuzz_check(!memcmp(&c->peer, &f->id.route.addr.dst_storage,
			   sizeof(c->peer)));
	fuzz_check(!memcmp(&c->local, &f->id.route.addr.src_storage,
			   sizeof(c->local)));
	fuzz_check(c->port == f->id.port_num);
	len = strnlen(c->device, sizeof(c->device));
	fuzz_check(len < sizeof(c->device));
	if (f->id.verbs) {
		name = F.name[f->id.verbs - F.ctx];
		fuzz_check(len == strnlen(name, sizeof(c->device) - 1) &&
			   !memcmp(c->device, name, len));
	} else {
		fuzz_check(len == 0);
	}
	fuzz_check(!before(&c->ended, &c->request));
	if (c->have_established)
		fuzz_check(!before(&c->established, &c->request) &&
			   !before(&c->ended, &c->established));
	fuzz_check((c->end == RR_CONN_STOPPED) == (F.kind == C_STOP));
	fuzz_check(end_ok(c, f));
}

static void begin(enum call_kind kind, int max)
{
	F.call++;
	F.kind = kind;
	F.max = max;
	F.gone = 0;
}

/* The records of a call: at most MAX, exactly the ids it let go. */
static int check_call(const struct rr_connection *done, int n)
{
	int i;

	fuzz_check(n >= 0 && n <= F.max);
	fuzz_check(n == F.gone);
	for (i = 0; i < n; i++)
		check_record(&done[i]);
	return n;
}

static int turn(struct rr_listener *l, int max)
{
	/* Exactly MAX: a record past it is ASan's. */
	struct rr_connection *done = fuzz_alloc((size_t)max * sizeof(*done));
	int n;

	begin(C_TURN, max);
	n = check_call(done, rr_listener_turn(l, 0, done, max, NULL, 0));
	free(done);
	return n;
}

static int stop(struct rr_listener *l, int max)
{
	struct rr_connection *done = fuzz_alloc((size_t)max * sizeof(*done));
	int n;

	begin(C_STOP, max);
	n = check_call(done, rr_listener_stop(l, done, max));
	free(done);
	return n;
}

static int room_of(uint8_t b)
{
	static const int big[] = { 512, 1024, 2048, 4096, 64, 1 };

	return b < 250 ? b : big[b - 250];
}

static void reset(void)
{
	size_t i;

	for (i = 0; i < F.n_all; i++) {
		free(F.all[i]->id.qp);
		free(F.all[i]);
	}
	free(F.all);
	free(F.conns);
	free(F.q);
	memset(&F, 0, sizeof(F));
}

/* Every request read is one record; the rest never reached it. */
static void check_end(bool stopped)
{
	int i;

	fuzz_check(!F.channel && F.listen->destroyed && F.unacked == 0);
	for (i = 0; i < F.n_conns; i++) {
		fuzz_check(F.conns[i]->destroyed == F.conns[i]->taken);
		if (stopped)
			fuzz_check(F.conns[i]->records == F.conns[i]->taken);
	}
}

static void check_start_failed(const char *call)
{
	static const char *const calls[SF_COUNT] = {
		[SF_DL_CM] = "dlopen", [SF_DL_VERBS] = "dlopen",
		[SF_CHANNEL] = "rdma_create_event_channel",
		[SF_ID] = "rdma_create_id", [SF_BIND] = "rdma_bind_addr",
		[SF_LISTEN] = "rdma_listen",
	};
	int err = errno;

	fuzz_check(F.start_fail != SF_NONE);
	fuzz_check(call && !strcmp(call, calls[F.start_fail]));
	fuzz_check(err == (F.start_fail <= SF_DL_VERBS ? ELIBACC :
							  F.start_err));
	fuzz_check(!F.channel && (!F.listen || F.listen->destroyed));
}

static void name_device(struct fuzz_in *in, int i)
{
	size_t len = fuzz_byte(in), k;

	for (k = 0; k < len; k++)
		F.name[i][k] = (char)fuzz_byte(in);
	F.name[i][len] = '\0';
	F.ctx[i].device = &F.dev[i];
}

/* As the app's --count: a turn's room is what is still wanted, <= 64. */
static int wanted(int count, int total)
{
	if (!count)
		return -1;
	if (total >= count)
		return 0;
	return count - total < 64 ? count - total : 64;
}

static void plug(void)
{
	rr_dl.rdma_create_event_channel = f_create_event_channel;
	rr_dl.rdma_get_devices = f_get_devices;
	rr_dl.rdma_free_devices = f_free_devices;
	rr_dl.rdma_destroy_event_channel = f_destroy_event_channel;
	rr_dl.rdma_create_id = f_create_id;
	rr_dl.rdma_destroy_id = f_destroy_id;
	rr_dl.rdma_bind_addr = f_bind_addr;
	rr_dl.rdma_listen = f_listen;
	rr_dl.rdma_get_cm_event = f_get_cm_event;
	rr_dl.rdma_ack_cm_event = f_ack_cm_event;
	rr_dl.rdma_create_qp = f_create_qp;
	rr_dl.rdma_destroy_qp = f_destroy_qp;
	rr_dl.rdma_accept = f_accept;
	rr_dl.rdma_reject = f_reject;
	rr_dl.rdma_disconnect = f_disconnect;
	rr_dl.ibv_get_device_name = f_get_device_name;
}

/*
 * Input: flags (bit 0 --reject, bits 1-2 --ps, bit 3 a hold of 0, bit 4
 * freed without a stop, bit 5 a start failure), --count / 4 (0: none),
 * the stop's room - 1, with bit 5 which call fails to start, an errno,
 * two device names (length, bytes), then operations to the end: a
 * request, a burst, an event for a connection, for a stranger, for all,
 * a repeat, a turn, failures, a stop.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size, 0 };
	struct rr_listen_params p = { .ps = RR_PS_TCP };
	struct rr_listener *l;
	const char *call = NULL;
	uint8_t flags = fuzz_byte(&in), op;
	int count = fuzz_byte(&in) * 4, stop_max = fuzz_byte(&in) + 1;
	int total = 0, calls = 0, max, n, status;
	bool no_stop = flags & 16;

	plug();
	F.reject = p.reject = flags & 1;
	F.ps = p.ps = (enum rr_ps)((flags >> 1 & 3) % RR_PS_COUNT);
	p.hold_ms = flags & 8 ? 0 : UINT_MAX;
	/*
	 * A connection's RTU and our DREQ's answer waited for ever: the
	 * model below has no clock (the unit test, cm_listener_test.c, lets
	 * them go at their deadlines).
	 */
	p.establish_ms = UINT_MAX;
	p.disconnect_wait_ms = UINT_MAX;
	if (flags & 32)
		F.start_fail = (enum start_fail)(fuzz_byte(&in) % SF_COUNT);
	F.start_err = F.err = fuzz_byte(&in) % 133 + 1;
	p.addr.ss_family = AF_INET;
	name_device(&in, 0);
	name_device(&in, 1);

	begin(C_START, 0);
	l = rr_listener_start(&p, &call);
	if (!l) {
		check_start_failed(call);
		reset();
		return 0;
	}
	fuzz_check(F.start_fail == SF_NONE);
	fuzz_check(!memcmp(rr_listener_addr(l), &p.addr, sizeof(p.addr)));

	while (in.at < in.n) {
		op = fuzz_byte(&in);
		switch (op % 10) {
		case 0:
			status = op & 0x80 ? event_status(&in) : 0;
			request(&in, NULL, status, fuzz_byte(&in));
			break;
		case 1:
			burst(fuzz_byte(&in));
			break;
		case 2:
			conn_event(&in);
			break;
		case 3:
			stranger_event(&in);
			break;
		case 4:
			all_event(&in);
			break;
		case 5:
			repeat(&in);
			break;
		case 6:
		case 7:
			max = wanted(count, total);
			if (max < 0)
				max = room_of(fuzz_byte(&in));
			if (!max)
				goto done;
			total += turn(l, max);
			break;
		case 8:
			F.fail = fuzz_byte(&in) & 31;
			F.err = fuzz_byte(&in) % 133 + 1;
			break;
		case 9:
			total += stop(l, room_of(fuzz_byte(&in)));
			break;
		}
	}
done:
	if (!no_stop) {
		F.fail = 0;
		while ((n = stop(l, stop_max))) {
			total += n;
			fuzz_check(++calls <= MAX_OPEN + 1);
		}
	}
	begin(C_FREE, 0);
	rr_listener_free(l);
	/* After the stop, the free lets no connection go unreported. */
	fuzz_check(no_stop || F.gone == 0);
	check_end(!no_stop);
	reset();
	return 0;
}
