// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The MAD window (src/mad/mad_window.c) against a fake umad: the MADs
 * built and read by the real libibmad (loaded as a run loads it), sent
 * and received by a fake of umad_send()/umad_recv() that the test
 * answers by hand, or that answers each send with a status given in
 * advance.  Answers matched by TID (its low 32 bits), kept aside for
 * their owner, busy ones sent again (the same packet), deadlines, the
 * kernel's own error, late and unknown answers dropped.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "base/clock.h"
#include "mad/mad_window.h"
#include "mad/sa_decode.h"
#include "../tap.h"

#define PKT (sizeof(struct ib_user_mad) + IB_MAD_SIZE)
#define ROOM 1024
#define MAX_Q 64
#define FAR 60000

/* What the fake kernel holds for umad_recv(), in order. */
struct answer {
	uint8_t umad[sizeof(struct ib_user_mad) + ROOM];
	int len;
};

static struct fake {
	struct rr_sa_lib ib;
	struct answer q[MAX_Q];
	int num_q;
	/* Each send's copy, and how many. */
	uint8_t sent[MAX_Q][PKT];
	int num_sent;
	int send_errno;		/* umad_send fails with it when set */
	/* Each send answered at once with the next of these (-1: not). */
	int auto_status[8];
	int num_auto, next_auto;
	int auto_umad_status;	/* the kernel's error for the send instead */
} f;

static uint8_t *mad_of(void *umad)
{
	return f.ib.umad_get_mad(umad);
}

/* An answer to the sent packet SENT, with STATUS, LEN bytes of MAD. */
static struct answer *answer_to(const uint8_t *sent, unsigned int status,
				int len)
{
	struct answer *a = &f.q[f.num_q++];
	uint8_t *mad;

	memset(a, 0, sizeof(*a));
	memcpy(a->umad, sent, f.ib.umad_size() + IB_MAD_SIZE);
	mad = mad_of(a->umad);
	f.ib.mad_set_field(mad, 0, IB_MAD_METHOD_F, IB_MAD_METHOD_GET_RESPONSE);
	if (f.ib.mad_get_field(mad, 0, IB_MAD_MGMTCLASS_F) == IB_SMI_DIRECT_CLASS) {
		f.ib.mad_set_field(mad, 0, IB_DRSMP_STATUS_F, status);
		f.ib.mad_set_field(mad, 0, IB_DRSMP_DIRECTION_F, 1);
	} else {
		f.ib.mad_set_field(mad, 0, IB_MAD_STATUS_F, status);
	}
	a->len = len;
	return a;
}

static int fake_send(int portid, int agentid, void *umad, int length,
		     int timeout_ms, int retries)
{
	struct answer *a;

	if (portid != 3 || agentid != 5 || length <= 0 || timeout_ms <= 0 ||
	    retries != 0)
		abort();
	if (f.send_errno) {
		errno = f.send_errno;
		return -1;
	}
	/* The window's packets are libibumad's size, not this header's. */
	memcpy(f.sent[f.num_sent++], umad, f.ib.umad_size() + IB_MAD_SIZE);
	if (f.auto_umad_status) {
		a = answer_to(umad, 0, IB_MAD_SIZE);
		((struct ib_user_mad *)a->umad)->status = f.auto_umad_status;
	} else if (f.next_auto < f.num_auto && f.auto_status[f.next_auto] >= 0) {
		answer_to(umad, (unsigned int)f.auto_status[f.next_auto++],
			  IB_MAD_SIZE);
	}
	return 0;
}

/* The oldest answer held, or nothing after TIMEOUT_MS (slept, as the kernel waits). */
static int fake_recv(int portid, void *umad, int *length, int timeout_ms)
{
	struct timespec t = { timeout_ms / 1000, (timeout_ms % 1000) * 1000000L };

	if (portid != 3 || timeout_ms <= 0)
		abort();
	if (!f.num_q) {
		nanosleep(&t, NULL);
		return -ETIMEDOUT;
	}
	if (f.q[0].len > *length)
		abort();
	memcpy(umad, f.q[0].umad, sizeof(struct ib_user_mad) + (size_t)f.q[0].len);
	*length = f.q[0].len;
	memmove(&f.q[0], &f.q[1], (size_t)--f.num_q * sizeof(f.q[0]));
	return 5;
}

static int fake_portid(struct ibmad_port *p)
{
	return p ? 3 : -1;
}

static int fake_agent(struct ibmad_port *p, int cls)
{
	return p && cls >= 0 ? 5 : -1;
}

static uint32_t trid(const uint8_t *umad)
{
	return (uint32_t)f.ib.mad_get_field64(mad_of((void *)umad), 0,
					      IB_MAD_TRID_F);
}

static int send_get(struct rr_mad_window *w, enum rr_mad_owner owner,
		    uintptr_t cookie, int cls, int64_t deadline)
{
	ib_portid_t to = { 0 };
	ib_rpc_t rpc = { 0 };

	rpc.mgtclass = cls;
	rpc.method = IB_MAD_METHOD_GET;
	rpc.attr.id = IB_ATTR_PORT_INFO;
	rpc.attr.mod = (unsigned int)cookie;
	rpc.datasz = IB_SMP_DATA_SIZE;
	rpc.dataoffs = IB_SMP_DATA_OFFS;
	to.lid = 1;
	if (cls == IB_SMI_DIRECT_CLASS) {
		to.lid = 0;
		to.drpath.cnt = 1;
		to.drpath.p[1] = 1;
		to.drpath.drslid = 0xffff;
		to.drpath.drdlid = 0xffff;
	}
	return rr_mad_send(w, owner, cookie, &rpc, &to, NULL, deadline);
}

static void reset(void)
{
	f.num_q = f.num_sent = f.send_errno = 0;
	f.num_auto = f.next_auto = f.auto_umad_status = 0;
}

static struct rr_mad_window *fresh(void)
{
	reset();
	return rr_mad_window_new(&f.ib, (struct ibmad_port *)&f, ROOM);
}

static void test_order(void)
{
	struct rr_mad_window *w = fresh();
	int64_t far = rr_mad_now_ms() + FAR;
	struct rr_mad_reply r;

	is_int(send_get(w, RR_MAD_SA, 1, IB_SA_CLASS, far), 0, "send 1");
	is_int(send_get(w, RR_MAD_SA, 2, IB_SA_CLASS, far), 0, "send 2");
	is_int(send_get(w, RR_MAD_SA, 3, IB_SA_CLASS, far), 0, "send 3");
	ok(trid(f.sent[0]) != trid(f.sent[1]) && trid(f.sent[1]) != trid(f.sent[2]),
	   "each MAD has its own TID");
	answer_to(f.sent[2], 0, IB_MAD_SIZE);
	answer_to(f.sent[0], 0x0300, IB_MAD_SIZE);
	rr_mad_next(w, RR_MAD_SA, far, &r);
	ok(r.event == RR_MAD_ANSWER && r.cookie == 3 && r.status == 0 &&
	   r.len == IB_MAD_SIZE && r.busy == 0, "the first answer in: query 3's");
	ok(r.mad && (uint32_t)f.ib.mad_get_field64((void *)r.mad, 0,
						     IB_MAD_TRID_F) ==
	   trid(f.sent[2]), "its MAD is the answer to query 3");
	rr_mad_next(w, RR_MAD_SA, far, &r);
	ok(r.event == RR_MAD_ANSWER && r.cookie == 1 && r.status == 0x0300,
	   "then query 1's, its status 0x0300 said");
	is_int(rr_mad_in_flight(w, RR_MAD_SA), 1, "query 2 still in flight");
	rr_mad_next(w, RR_MAD_SA, rr_mad_now_ms() + 20, &r);
	is_int(r.event, RR_MAD_NONE, "nothing by UNTIL: none");
	is_int(rr_mad_in_flight(w, RR_MAD_SA), 1, "query 2 waits on");
	rr_mad_window_free(w);
}

static void test_aside(void)
{
	struct rr_mad_window *w = fresh();
	int64_t far = rr_mad_now_ms() + FAR;
	struct rr_mad_reply r;
	struct timespec trace_at;
	uint8_t want[ROOM];
	struct answer *big;

	send_get(w, RR_MAD_SA, 7, IB_SA_CLASS, far);
	send_get(w, RR_MAD_TRACE, 0, IB_SMI_DIRECT_CLASS, far);
	/* The SA's answer first, longer than a MAD (an RMPP table). */
	big = answer_to(f.sent[0], 0, 600);
	for (int i = IB_MAD_SIZE; i < 600; i++)
		mad_of(big->umad)[i] = (uint8_t)i;
	memcpy(want, mad_of(big->umad), 600);
	answer_to(f.sent[1], 0, IB_MAD_SIZE);
	rr_mad_next(w, RR_MAD_TRACE, far, &r);
	ok(r.event == RR_MAD_ANSWER && r.cookie == 0 && r.status == 0,
	   "the trace gets its own answer, the SA's come before it");
	trace_at = r.at;
	is_int(rr_mad_in_flight(w, RR_MAD_TRACE), 0, "the trace's MAD is over");
	is_int(rr_mad_in_flight(w, RR_MAD_SA), 1, "the SA's answer held for it");
	is_int(f.num_q, 0, "both answers were read");
	/* Kept: given at once, even with UNTIL past. */
	rr_mad_next(w, RR_MAD_SA, 0, &r);
	ok(r.event == RR_MAD_ANSWER && r.cookie == 7 && r.len == 600,
	   "the SA gets its answer kept aside, 600 bytes");
	ok(r.mad && !memcmp(r.mad, want, 600), "kept whole, byte for byte");
	ok(!rr_ts_before(&trace_at, &r.at), "with the time it came, not when taken");
	rr_mad_window_free(w);
}

static void test_busy(void)
{
	struct rr_mad_window *w = fresh();
	int64_t far = rr_mad_now_ms() + FAR;
	struct rr_mad_reply r;

	f.auto_status[0] = 1;
	f.auto_status[1] = 1;
	f.auto_status[2] = 0;
	f.num_auto = 3;
	send_get(w, RR_MAD_SA, 9, IB_SA_CLASS, far);
	rr_mad_next(w, RR_MAD_SA, far, &r);
	ok(r.event == RR_MAD_ANSWER && r.cookie == 9 && r.status == 0,
	   "busy twice, then answered");
	is_int(r.busy, 2, "two resends said");
	is_int(f.num_sent, 3, "the MAD sent three times");
	ok(trid(f.sent[0]) == trid(f.sent[1]) && trid(f.sent[1]) == trid(f.sent[2]),
	   "the same packet each time, its TID kept");
	rr_mad_window_free(w);

	/* Busy every time: the last busy answer is the answer. */
	w = fresh();
	for (int i = 0; i < 8; i++)
		f.auto_status[i] = 1;
	f.num_auto = 8;
	send_get(w, RR_MAD_SA, 4, IB_SA_CLASS, far);
	rr_mad_next(w, RR_MAD_SA, far, &r);
	ok(r.event == RR_MAD_ANSWER && r.status == 0x0001,
	   "busy past the retries: the busy answer given");
	is_int(r.busy, RR_SA_BUSY_RETRIES, "after RR_SA_BUSY_RETRIES resends");
	is_int(f.num_sent, RR_SA_BUSY_RETRIES + 1, "sends");
	rr_mad_window_free(w);

	/* Busy with another bit is an answer, not sent again. */
	w = fresh();
	f.auto_status[0] = 0x0301;
	f.num_auto = 1;
	send_get(w, RR_MAD_SA, 4, IB_SA_CLASS, far);
	rr_mad_next(w, RR_MAD_SA, far, &r);
	ok(r.event == RR_MAD_ANSWER && r.status == 0x0301 && r.busy == 0 &&
	   f.num_sent == 1, "status 0x0301 given as it came");
	rr_mad_window_free(w);
}

static void test_timeout_and_errors(void)
{
	struct rr_mad_window *w = fresh();
	int64_t now = rr_mad_now_ms();
	struct rr_mad_reply r;

	send_get(w, RR_MAD_TABLES, 11, IB_SMI_DIRECT_CLASS, now + 30);
	rr_mad_next(w, RR_MAD_TABLES, now + FAR, &r);
	ok(r.event == RR_MAD_TIMEOUT && r.cookie == 11, "no answer: its timeout");
	ok(rr_mad_now_ms() >= now + 30, "given at its deadline, not before");
	is_int(rr_mad_in_flight(w, RR_MAD_TABLES), 0, "then over");
	rr_mad_next(w, RR_MAD_TABLES, now + FAR, &r);
	is_int(r.event, RR_MAD_NONE, "nothing in flight: none, at once");

	f.auto_umad_status = ETIMEDOUT;
	send_get(w, RR_MAD_SA, 12, IB_SA_CLASS, rr_mad_now_ms() + FAR);
	rr_mad_next(w, RR_MAD_SA, rr_mad_now_ms() + FAR, &r);
	ok(r.event == RR_MAD_ERROR && r.err == ETIMEDOUT && r.cookie == 12,
	   "the kernel's own error for the send");
	f.auto_umad_status = 0;

	is_int(send_get(w, RR_MAD_SA, 13, IB_SA_CLASS, rr_mad_now_ms() - 1),
	       ETIMEDOUT, "a deadline past: not sent");
	f.send_errno = ENOBUFS;
	is_int(send_get(w, RR_MAD_SA, 14, IB_SA_CLASS, rr_mad_now_ms() + FAR),
	       ENOBUFS, "umad_send's errno");
	is_int(rr_mad_in_flight(w, RR_MAD_SA), 0, "neither in flight");
	rr_mad_window_free(w);
}

static void test_dropped(void)
{
	struct rr_mad_window *w = fresh();
	int64_t far = rr_mad_now_ms() + FAR;
	struct rr_mad_reply r;
	struct answer *a;

	send_get(w, RR_MAD_TRACE, 0, IB_SMI_DIRECT_CLASS, far);
	rr_mad_forget(w, RR_MAD_TRACE);
	is_int(rr_mad_in_flight(w, RR_MAD_TRACE), 0, "forgotten");
	send_get(w, RR_MAD_SA, 5, IB_SA_CLASS, far);
	answer_to(f.sent[0], 0, IB_MAD_SIZE);		/* late */
	a = answer_to(f.sent[1], 0, IB_MAD_SIZE);	/* no one's TID */
	f.ib.mad_set_field64(mad_of(a->umad), 0, IB_MAD_TRID_F,
			     trid(f.sent[1]) + 1000);
	a = answer_to(f.sent[1], 0, IB_MAD_SIZE);	/* the kernel's agent high */
	f.ib.mad_set_field64(mad_of(a->umad), 0, IB_MAD_TRID_F,
			     ((uint64_t)0xabcd << 32) | trid(f.sent[1]));
	rr_mad_next(w, RR_MAD_SA, far, &r);
	ok(r.event == RR_MAD_ANSWER && r.cookie == 5,
	   "late and unknown answers dropped; the high TID bits do not count");
	is_int(f.num_q, 0, "all three read");
	rr_mad_window_free(w);
}

static void test_directed_status(void)
{
	struct rr_mad_window *w = fresh();
	int64_t far = rr_mad_now_ms() + FAR;
	struct rr_mad_reply r;

	send_get(w, RR_MAD_TRACE, 1, IB_SMI_DIRECT_CLASS, far);
	send_get(w, RR_MAD_TRACE, 2, IB_SMI_DIRECT_CLASS, far);
	answer_to(f.sent[0], 0, IB_MAD_SIZE);
	answer_to(f.sent[1], 0x1c, IB_MAD_SIZE);
	rr_mad_next(w, RR_MAD_TRACE, far, &r);
	ok(r.event == RR_MAD_ANSWER && r.cookie == 1 && r.status == 0,
	   "a directed-route answer's D bit is not its status");
	rr_mad_next(w, RR_MAD_TRACE, far, &r);
	ok(r.event == RR_MAD_ANSWER && r.cookie == 2 && r.status == 0x1c,
	   "its status 0x1c said");
	rr_mad_window_free(w);
}

static void test_many(void)
{
	struct rr_mad_window *w = fresh();
	int64_t far = rr_mad_now_ms() + FAR;
	struct rr_mad_reply r;
	int seen[40] = { 0 }, i, got = 0;

	for (i = 0; i < 40; i++)
		send_get(w, RR_MAD_TABLES, (uintptr_t)i, IB_SMI_DIRECT_CLASS, far);
	is_int(rr_mad_in_flight(w, RR_MAD_TABLES), 40, "40 in flight");
	for (i = 39; i >= 0; i--)
		answer_to(f.sent[i], 0, IB_MAD_SIZE);
	for (i = 0; i < 40; i++) {
		rr_mad_next(w, RR_MAD_TABLES, far, &r);
		if (r.event == RR_MAD_ANSWER && r.cookie < 40 && !seen[r.cookie]++)
			got++;
	}
	is_int(got, 40, "each answered once, out of order");
	is_int(rr_mad_in_flight(w, RR_MAD_TABLES), 0, "none left");
	rr_mad_window_free(w);
}

int main(void)
{
	char why[256];

	if (!rr_sa_lib_open(&f.ib, why, sizeof(why))) {
		printf("1..0 # SKIP libibmad: %s\n", why);
		return 0;
	}
	f.ib.umad_send = fake_send;
	f.ib.umad_recv = fake_recv;
	f.ib.mad_rpc_portid = fake_portid;
	f.ib.mad_rpc_class_agent = fake_agent;
	test_order();
	test_aside();
	test_busy();
	test_timeout_and_errors();
	test_dropped();
	test_directed_status();
	test_many();
	rr_sa_lib_close(&f.ib);
	return tap_done();
}
