// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mad/mad_window.h"
#include "mad/sa_decode.h"
#include "base/clock.h"

/* A MAD in flight, from its send to the event its owner takes. */
struct slot {
	bool used;
	enum rr_mad_owner owner;
	uintptr_t cookie;
	int mgmt_class;
	uint32_t trid;		/* low 32 bits */
	int64_t deadline;
	int64_t resend_at;	/* after a busy answer; 0: in flight */
	unsigned int busy;
	/* The packet as sent, for a resend: umad_size() + IB_MAD_SIZE. */
	uint8_t *pkt;
	int pkt_len;
	/* An event come while another owner waited, held for this one. */
	bool held;
	enum rr_mad_event event;
	uint8_t *kept;		/* ANSWER: a copy of the MAD */
	int kept_len;
	uint16_t status;
	int err;
	struct timespec at;
};

struct rr_mad_window {
	const struct rr_sa_lib *ib;
	struct ibmad_port *mad;
	int room;
	uint8_t *rcv;		/* umad_size() + room */
	uint8_t *given;		/* a kept answer handed out: freed next call */
	struct slot *slots;
	unsigned int num_slots;
	unsigned int in_flight[RR_MAD_NUM_OWNERS];
};

int64_t rr_mad_now_ms(void)
{
	struct timespec t = rr_now();

	return rr_ts_ns(&t) / 1000000;
}

struct rr_mad_window *rr_mad_window_new(const struct rr_sa_lib *ib,
					struct ibmad_port *mad, int room)
{
	struct rr_mad_window *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->ib = ib;
	w->mad = mad;
	w->room = room > IB_MAD_SIZE ? room : IB_MAD_SIZE;
	w->rcv = calloc(1, ib->umad_size() + (size_t)w->room);
	if (!w->rcv) {
		free(w);
		return NULL;
	}
	return w;
}

static void slot_clear(struct rr_mad_window *w, struct slot *s)
{
	if (s->used)
		w->in_flight[s->owner]--;
	free(s->kept);
	s->kept = NULL;
	s->used = false;
	s->held = false;
}

void rr_mad_window_free(struct rr_mad_window *w)
{
	unsigned int i;

	if (!w)
		return;
	for (i = 0; i < w->num_slots; i++) {
		slot_clear(w, &w->slots[i]);
		free(w->slots[i].pkt);
	}
	free(w->slots);
	free(w->given);
	free(w->rcv);
	free(w);
}

/*
 * A free slot with room for a packet, the array grown if need be; -1:
 * ENOMEM.  A slot's packet is allocated when it is first used: a slot
 * without one is never handed out.
 */
static int slot_get(struct rr_mad_window *w)
{
	size_t size = w->ib->umad_size() + IB_MAD_SIZE;
	unsigned int i, n;
	struct slot *grown;

	for (i = 0; i < w->num_slots && w->slots[i].used; i++)
		;
	if (i == w->num_slots) {
		n = w->num_slots ? 2 * w->num_slots : 16;
		grown = realloc(w->slots, n * sizeof(*grown));
		if (!grown)
			return -1;
		memset(grown + w->num_slots, 0,
		       (n - w->num_slots) * sizeof(*grown));
		w->slots = grown;
		w->num_slots = n;
	}
	if (!w->slots[i].pkt)
		w->slots[i].pkt = malloc(size);
	return w->slots[i].pkt ? (int)i : -1;
}

static uint32_t trid_of(const struct rr_sa_lib *ib, void *umad)
{
	return (uint32_t)ib->mad_get_field64(ib->umad_get_mad(umad), 0,
					     IB_MAD_TRID_F);
}

/* The slot's packet out, the kernel waiting until its deadline; 0 or errno. */
static int slot_send(struct rr_mad_window *w, struct slot *s, int64_t now)
{
	const struct rr_sa_lib *ib = w->ib;
	int64_t left = s->deadline - now;

	errno = 0;
	/* The kernel gives up at the deadline too: no retry of its own. */
	if (ib->umad_send(ib->mad_rpc_portid(w->mad),
			  ib->mad_rpc_class_agent(w->mad, s->mgmt_class),
			  s->pkt, s->pkt_len, (int)(left > 1 ? left : 1), 0) < 0)
		return errno ? errno : EIO;
	s->resend_at = 0;
	return 0;
}

int rr_mad_send(struct rr_mad_window *w, enum rr_mad_owner owner,
		uintptr_t cookie, ib_rpc_t *rpc, ib_portid_t *to, void *data,
		int64_t deadline_ms)
{
	const struct rr_sa_lib *ib = w->ib;
	int64_t now = rr_mad_now_ms();
	struct slot *s;
	int i, err;

	if (deadline_ms <= now)
		return ETIMEDOUT;
	i = slot_get(w);
	if (i < 0)
		return ENOMEM;
	s = &w->slots[i];
	memset(s->pkt, 0, ib->umad_size() + IB_MAD_SIZE);
	rpc->timeout = (unsigned int)(deadline_ms - now);
	s->pkt_len = ib->mad_build_pkt(s->pkt, rpc, to, NULL, data);
	if (s->pkt_len < 0)
		return EINVAL;
	s->owner = owner;
	s->cookie = cookie;
	s->mgmt_class = rpc->mgtclass;
	s->deadline = deadline_ms;
	s->busy = 0;
	s->status = 0;
	s->err = 0;
	s->kept_len = 0;
	s->trid = trid_of(ib, s->pkt);
	err = slot_send(w, s, now);
	if (err)
		return err;
	s->used = true;
	w->in_flight[owner]++;
	return 0;
}

unsigned int rr_mad_in_flight(const struct rr_mad_window *w,
			      enum rr_mad_owner owner)
{
	return w->in_flight[owner];
}

void rr_mad_forget(struct rr_mad_window *w, enum rr_mad_owner owner)
{
	unsigned int i;

	for (i = 0; i < w->num_slots; i++)
		if (w->slots[i].used && w->slots[i].owner == owner)
			slot_clear(w, &w->slots[i]);
}

/* S's event into REPLY, S over; the MAD handed over is the caller's to point at. */
static void give(struct rr_mad_window *w, struct slot *s,
		 enum rr_mad_event event, struct rr_mad_reply *reply)
{
	*reply = (struct rr_mad_reply){
		.event = event, .cookie = s->cookie, .busy = s->busy,
		.status = s->status, .err = s->err, .at = s->at,
	};
	s->kept = NULL;
	slot_clear(w, s);
}

/* An event held for OWNER, or past its deadline, given; false: none. */
static bool give_ready(struct rr_mad_window *w, enum rr_mad_owner owner,
		       int64_t now, struct rr_mad_reply *reply)
{
	struct slot *s;
	unsigned int i;
	int len;

	for (i = 0; i < w->num_slots; i++) {
		s = &w->slots[i];
		if (!s->used || s->owner != owner || !s->held)
			continue;
		len = s->kept_len;
		w->given = s->kept;
		give(w, s, s->event, reply);
		reply->mad = w->given;
		reply->len = w->given ? len : 0;
		return true;
	}
	for (i = 0; i < w->num_slots; i++) {
		s = &w->slots[i];
		if (!s->used || s->owner != owner || s->deadline > now)
			continue;
		s->at = rr_now();
		give(w, s, RR_MAD_TIMEOUT, reply);
		return true;
	}
	return false;
}

/* MADs whose back-off after a busy answer is over, sent again. */
static void resend_due(struct rr_mad_window *w, int64_t now)
{
	struct slot *s;
	unsigned int i;

	for (i = 0; i < w->num_slots; i++) {
		s = &w->slots[i];
		if (!s->used || s->held || !s->resend_at || s->resend_at > now)
			continue;
		s->err = slot_send(w, s, now);
		if (!s->err)
			continue;
		s->held = true;
		s->event = RR_MAD_ERROR;
		s->at = rr_now();
	}
}

/* When OWNER's wait must end: its nearest deadline, a resend, or UNTIL. */
static int64_t wake_at(const struct rr_mad_window *w, enum rr_mad_owner owner,
		       int64_t until)
{
	const struct slot *s;
	unsigned int i;

	for (i = 0; i < w->num_slots; i++) {
		s = &w->slots[i];
		if (!s->used || s->held)
			continue;
		if (s->owner == owner && s->deadline < until)
			until = s->deadline;
		if (s->resend_at && s->resend_at < until)
			until = s->resend_at;
	}
	return until;
}

/* The slot waiting for the answer in the receive buffer; NULL: none. */
static struct slot *slot_of(struct rr_mad_window *w)
{
	uint32_t trid = trid_of(w->ib, w->rcv);
	struct slot *s;
	unsigned int i;

	for (i = 0; i < w->num_slots; i++) {
		s = &w->slots[i];
		if (s->used && !s->held && !s->resend_at && s->trid == trid)
			return s;
	}
	return NULL;
}

/*
 * What came for S, LEN bytes in the receive buffer, AT: its event (the
 * MAD not yet copied), or NONE when it was busy and goes again later.
 */
static enum rr_mad_event judge(struct rr_mad_window *w, struct slot *s,
			       const struct timespec *at)
{
	const struct rr_sa_lib *ib = w->ib;
	uint8_t *mad = ib->umad_get_mad(w->rcv);
	int64_t now = rr_ts_ns(at) / 1000000;
	long wait;

	s->at = *at;
	s->err = ib->umad_status(w->rcv);
	if (s->err)
		return RR_MAD_ERROR;
	s->status = (uint16_t)(s->mgmt_class == IB_SMI_DIRECT_CLASS ?
		ib->mad_get_field(mad, 0, IB_DRSMP_STATUS_F) :
		ib->mad_get_field(mad, 0, IB_MAD_STATUS_F));
	wait = rr_sa_busy_backoff_ms(s->status, s->busy, (long)(s->deadline - now));
	if (wait < 0)
		return RR_MAD_ANSWER;
	/* Busy: dropped by the agent; asked again, later, within the deadline. */
	s->busy++;
	s->resend_at = now + wait;
	return RR_MAD_NONE;
}

/*
 * An answer for another owner kept in S until it asks: a copy of the MAD
 * (the receive buffer is the next answer's); ENOMEM an error instead.
 */
static void keep_aside(struct rr_mad_window *w, struct slot *s,
		       enum rr_mad_event event, int len)
{
	s->held = true;
	s->event = event;
	if (event != RR_MAD_ANSWER)
		return;
	s->kept = malloc(len > 0 ? (size_t)len : 1);
	if (!s->kept) {
		s->event = RR_MAD_ERROR;
		s->err = ENOMEM;
		return;
	}
	memcpy(s->kept, w->ib->umad_get_mad(w->rcv), (size_t)len);
	s->kept_len = len;
}

/*
 * One answer in, until WAKE: GIVEN when it was OWNER's, in REPLY; WAITED
 * when nothing came in time (umad_recv's -ETIMEDOUT: WAKE is reached);
 * else OTHER (another owner's, kept, or dropped, or a signal).
 */
enum { OTHER, GIVEN, WAITED };

static int receive(struct rr_mad_window *w, enum rr_mad_owner owner,
		   int64_t wake, int64_t now, struct rr_mad_reply *reply)
{
	const struct rr_sa_lib *ib = w->ib;
	enum rr_mad_event event;
	struct timespec at;
	int len = w->room, ret;
	struct slot *s;

	ret = ib->umad_recv(ib->mad_rpc_portid(w->mad), w->rcv, &len,
			    (int)(wake - now));
	if (ret < 0)
		return ret == -ETIMEDOUT ? WAITED : OTHER;
	at = rr_now();
	s = slot_of(w);
	if (!s)
		return OTHER;	/* late, or no one's: dropped */
	if (len < 0 || len > w->room)
		len = 0;
	event = judge(w, s, &at);
	if (event == RR_MAD_NONE)
		return OTHER;
	if (s->owner != owner) {
		keep_aside(w, s, event, len);
		return OTHER;
	}
	give(w, s, event, reply);
	if (event == RR_MAD_ANSWER) {
		reply->mad = ib->umad_get_mad(w->rcv);
		reply->len = len;
	}
	return GIVEN;
}

void rr_mad_next(struct rr_mad_window *w, enum rr_mad_owner owner,
		 int64_t until_ms, struct rr_mad_reply *reply)
{
	int64_t now, wake, reached = 0;
	int got;

	free(w->given);
	w->given = NULL;
	for (;;) {
		/*
		 * A wait umad_recv says timed out reached its end, whatever
		 * the clock's rounding says (and a fake's, which does not
		 * sleep): what was due by then is due.
		 */
		now = rr_mad_now_ms();
		if (now < reached)
			now = reached;
		resend_due(w, now);
		if (give_ready(w, owner, now, reply))
			return;
		if (!rr_mad_in_flight(w, owner) || now >= until_ms)
			break;
		wake = wake_at(w, owner, until_ms);
		got = wake > now ? receive(w, owner, wake, now, reply) : OTHER;
		if (got == GIVEN)
			return;
		if (got == WAITED)
			reached = wake;
	}
	*reply = (struct rr_mad_reply){ .event = RR_MAD_NONE };
}
