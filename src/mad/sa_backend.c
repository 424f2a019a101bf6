// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "backends/backend_ops.h"
#include "mad/sa_decode.h"
#include "mad/mad_window.h"
#include "mad/sa_lib.h"
#include "mad/sa_port.h"
#include "mad/sa_trace.h"
#include "model/probe/decode.h"

/*
 * The subnet administrator backend (rdma-route --sa): a local InfiniBand
 * port opened and its SM found (sa_port.c), then the SA asked for
 * PathRecords from this port to each destination, a window of queries in
 * flight; with --trace, each route walked too (sa_trace.c).
 */

/*
 * Room for a reassembled (RMPP) GetTable answer: the kernel hands it over
 * whole, with one header.  127 paths is the most NumbPath can ask for.
 */
#define RECV_MAD_SIZE (RR_SA_HDR_SIZE + RR_SA_MAX_NUMB_PATH * RR_SA_PR_SIZE)

/*
 * One destination's query, from its send to its answer or deadline (the
 * MAD window sends it again after a busy answer, within the deadline).
 */
struct sa_query {
	struct rr_result *r;
	int64_t deadline;	/* ms, rr_mad_now_ms() */
	/* --trace: walked (into TRACE), before the answer or after it. */
	bool traced;
	struct rr_outcome trace;
};

/*
 * One --sa run: the port opened once (its steps timed in SHARED), then the
 * queries in flight, at most p->parallel: a hung SM costs one wait.
 */
struct rr_sa {
	struct rr_sa_port sp;
	const struct rr_backend_params *p;
	struct rr_result shared;
	bool ready;		/* the port is open and the SM found */
	/* Added, waiting to be sent: a ring of p->window, in add order. */
	struct rr_result **pending;
	unsigned int head, num_pending;
	bool no_more;
	struct sa_query *q;
	unsigned int num, window;
	struct rr_mad_window *win;	/* the queries' and the traces' MADs */
	struct rr_queue *done;	/* this turn's */
};

/*
 * No usable answer: a MAD status, a timeout or a local error.  No record
 * under --sl/--pkey may be the filter's doing, not an unknown destination;
 * between two ports both seen in the fabric, there is no path.
 */
static void fail_query(struct rr_result *r, const struct rr_sa_answer *ans,
		       int err, bool filtered)
{
	enum rr_cause none = filtered ? RR_CAUSE_NO_MATCHING_PATH :
			     r->probe.sa_ends_known ? RR_CAUSE_NO_PATH :
						      RR_CAUSE_DEST_UNKNOWN;

	if (!err && ans->status) {
		rr_fail_cause(&r->out, RR_STEP_SA_QUERY, "umad_recv", 0,
			      rr_sa_status_code(ans->status) == RR_SA_ERR_NO_RECORDS ?
				none : RR_CAUSE_SA_REJECTED,
			      rr_sa_status_str(ans->status));
		r->out.fail.status = ans->status;
		return;
	}
	if (!err) {
		/* A Get answers one record or an error; a table may be empty. */
		rr_fail_cause(&r->out, RR_STEP_SA_QUERY, "umad_recv", 0, none,
			      "MAD status 0x0000 but the answer holds no PathRecord");
		return;
	}
	rr_fail_cause(&r->out, RR_STEP_SA_QUERY, err == ETIMEDOUT ? "umad_recv" : "umad_send",
		      err, err == ETIMEDOUT ? RR_CAUSE_SA_TIMEOUT : RR_CAUSE_UNKNOWN,
		      NULL);
}

/*
 * The first N records of ANS as R's paths, but those that are none (what
 * is left of a segment cut short); false when none is left, or on ENOMEM.
 */
static bool keep_paths(struct rr_result *r, const struct rr_sa_answer *ans,
		       int n)
{
	const uint8_t *rec;
	int i;

	r->out.paths = calloc((size_t)n, sizeof(*r->out.paths));
	if (!r->out.paths) {
		rr_fail_cause(&r->out, RR_STEP_SA_QUERY, "calloc", ENOMEM,
			      RR_CAUSE_UNKNOWN, NULL);
		return false;
	}
	for (i = 0; i < n; i++) {
		rec = ans->records + (size_t)i * ans->record_size;
		if (rr_sa_pr_is_void(rec)) {
			r->out.sa_records_void++;
			continue;
		}
		rr_sa_pr_decode(rec, &r->out.paths[r->out.num_paths++]);
	}
	if (ans->expected > r->out.num_paths)
		r->out.sa_records_said = (unsigned int)ans->expected;
	return r->out.num_paths > 0;
}

/*
 * The port is opened once for every destination: each result gets those
 * timings, and its total is the shared part plus its own query, what the
 * destination would have cost alone.
 */
static void add_shared_time(struct rr_result *r, const struct rr_result *sh)
{
	struct rr_timing *total = &r->out.steps[RR_STEP_TOTAL];
	int64_t shared, start;

	r->out.steps[RR_STEP_OPEN_PORT] = sh->out.steps[RR_STEP_OPEN_PORT];
	r->out.steps[RR_STEP_FIND_SM] = sh->out.steps[RR_STEP_FIND_SM];
	shared = rr_ts_ns(&sh->out.steps[RR_STEP_FIND_SM].end) -
		 rr_ts_ns(&sh->out.steps[RR_STEP_OPEN_PORT].start);
	start = rr_ts_ns(&total->start) - shared;
	total->start = rr_ns_ts(start);
}

static void copy_port(struct rr_result *r, const struct rr_result *sh)
{
	memcpy(r->out.device, sh->out.device, sizeof(r->out.device));
	r->out.port = sh->out.port;
	r->out.link_layer = sh->out.link_layer;
	r->out.gid_type = sh->out.gid_type;
	r->out.sa_local = sh->out.sa_local;
}

/* R is final: to the main loop. */
static void hand_over(struct rr_sa *w, struct rr_result *r)
{
	r->out.complete = true;
	rr_queue_push(w->done, r);
}

/*
 * --trace: where the route runs, from this port (or the --from port) to
 * the path's DLID, or the LID asked for when the SA gave no path yet.
 * False when there is nothing to walk to.
 */
static bool trace_ends(const struct rr_sa_port *sp, const struct rr_result *r,
		       struct rr_sa_trace_ends *ends)
{
	const struct rr_path *path = r->out.num_paths ? &r->out.paths[0] : NULL;
	const struct rr_probe *probe = &r->probe;

	*ends = (struct rr_sa_trace_ends){
		.port = sp->num, .self_lid = sp->lid,
		.dlid = path ? path->dlid : 0,
	};
	if (!ends->dlid && probe->sa.kind == RR_SA_LID)
		ends->dlid = probe->sa.lid;
	/* --from: the path's SLID, else the LID given. */
	if (probe->have_sa_from) {
		ends->from_lid = path ? path->slid :
			probe->sa_from.kind == RR_SA_LID ? probe->sa_from.lid : 0;
		if (!ends->from_lid)
			return false;
	}
	return ends->dlid != 0;
}

/*
 * Q's trace, into an outcome of its own, taken into the result's once
 * the query is over too.  Its SMPs are waited for one round at a time: a
 * trace is of one or a few destinations.
 */
static void run_trace(struct rr_sa *w, struct sa_query *q)
{
	struct rr_sa_trace_ends ends;

	if (!trace_ends(&w->sp, q->r, &ends))
		return;
	memset(&q->trace, 0, sizeof(q->trace));
	q->trace.ok = rr_sa_trace(&w->sp.ib, w->win, &ends, w->p->timeout_ms,
				  w->p->names, &q->trace);
	q->traced = true;
}

/*
 * The trace T into R, R's query over.  Where the route dies says more
 * than the SA's answer (the SA does not know the LID, the SM is down)
 * and is said over it; a route that arrives leaves an SA failure
 * standing, and is judged against the path the SA gave.
 */
static void take_trace(struct rr_result *r, struct rr_outcome *t)
{
	const struct rr_path *path;

	r->out.hops = t->hops;
	r->out.num_hops = t->num_hops;
	t->hops = NULL;
	t->num_hops = 0;
	r->out.steps[RR_STEP_TRACE] = t->steps[RR_STEP_TRACE];
	if (!t->ok) {
		/* The SA's own failure kept beside it: the SM down, the LID gone. */
		if (r->out.fail.kind != RR_FAIL_NONE) {
			r->out.sa_cause = r->out.fail.cause;
			r->out.sa_detail = r->out.fail.detail ? r->out.fail.detail :
					   rr_cause_summary(r->out.fail.cause);
		}
		r->out.fail = t->fail;
		r->out.ok = false;
		rr_step_end(&r->out, RR_STEP_TOTAL);
		return;
	}
	if (!r->out.ok)
		return;
	path = &r->out.paths[0];	/* a resolved query has its path */
	rr_hops_judge(r->out.hops, r->out.num_hops,
		      rr_rate_gbps(path->rate), rr_mtu_bytes(path->mtu));
}

/* The query of W->q[I] is over: its result filled, its slot given up. */
static void query_done(struct rr_sa *w, unsigned int i)
{
	struct sa_query *q = &w->q[i];
	struct rr_result *r = q->r;

	rr_step_end(&r->out, RR_STEP_SA_QUERY);
	if (w->p->trace && !q->traced)
		run_trace(w, q);
	if (q->traced)
		take_trace(r, &q->trace);
	if (r->out.ok)
		rr_step_end(&r->out, RR_STEP_TOTAL);
	add_shared_time(r, &w->shared);
	hand_over(w, r);
	w->q[i] = w->q[--w->num];
}

/* The answer REP to W->q[I]. */
static void take_answer(struct rr_sa *w, unsigned int i,
			const struct rr_mad_reply *rep)
{
	const struct rr_backend_params *p = w->p;
	struct rr_result *r = w->q[i].r;
	struct rr_sa_answer ans;
	int n;

	rr_sa_answer_decode(rep->mad, (size_t)rep->len, &ans);
	rr_step_end_at(&r->out, RR_STEP_SA_QUERY, &rep->at);
	n = ans.num;
	if (!p->all_paths && n > 1)
		n = 1;
	if (ans.status || !n)
		fail_query(r, &ans, 0, p->sl >= 0 || p->pkey >= 0);
	else if (keep_paths(r, &ans, n))
		r->out.ok = true;
	else if (r->out.fail.kind == RR_FAIL_NONE)
		fail_query(r, &ans, 0, p->sl >= 0 || p->pkey >= 0);
	query_done(w, i);
}

/*
 * The window's next event for the queries, waiting until the nearest
 * deadline at most, into its query's result.
 */
static void receive(struct rr_sa *w)
{
	struct rr_sa_answer none = { 0 };
	struct rr_mad_reply rep;
	int64_t until = w->q[0].deadline;
	unsigned int i;

	for (i = 1; i < w->num; i++)
		if (w->q[i].deadline < until)
			until = w->q[i].deadline;
	rr_mad_next(w->win, RR_MAD_SA, until, &rep);
	for (i = 0; i < w->num && rep.event != RR_MAD_NONE; i++) {
		if ((uintptr_t)w->q[i].r != rep.cookie)
			continue;
		w->q[i].r->out.sa_busy_retries = rep.busy;
		if (rep.event == RR_MAD_ANSWER) {
			take_answer(w, i, &rep);
			return;
		}
		/* The kernel's error for the send, or no answer in time. */
		rr_step_end_at(&w->q[i].r->out, RR_STEP_SA_QUERY, &rep.at);
		fail_query(w->q[i].r, &none,
			   rep.event == RR_MAD_TIMEOUT ? ETIMEDOUT : rep.err,
			   false);
		query_done(w, i);
		return;
	}
}

/*
 * Q's MAD out through the window, waiting at most until its deadline;
 * 0, or the errno.
 */
static int send_mad(struct rr_sa *w, struct sa_query *q)
{
	struct rr_sa_port *sp = &w->sp;
	uint8_t req[IB_SA_DATA_SIZE] = { 0 };
	ib_rpc_t rpc;

	rr_sa_port_request(sp, &q->r->probe, w->p, req, &rpc);
	return rr_mad_send(w->win, RR_MAD_SA, (uintptr_t)q->r, &rpc, &sp->sm,
			   req, q->deadline);
}

/* Sends the query for R; false (R failed) when it cannot go out. */
static bool send_query(struct rr_sa *w, struct rr_result *r)
{
	struct sa_query *q = &w->q[w->num];
	struct rr_sa_answer none = { 0 };
	int err;

	copy_port(r, &w->shared);
	r->out.timeout_ms = w->p->timeout_ms;
	if (w->p->tos >= 0) {
		r->out.used.tos = w->p->tos;	/* asked as the QoS class */
		r->out.used.tos_from = RR_TOS_OPTION;
	}
	rr_step_begin(&r->out, RR_STEP_TOTAL);
	rr_step_begin(&r->out, RR_STEP_SA_QUERY);
	*q = (struct sa_query){
		.r = r, .deadline = rr_mad_now_ms() + w->p->timeout_ms,
	};
	err = send_mad(w, q);
	if (err) {
		rr_step_end(&r->out, RR_STEP_SA_QUERY);
		fail_query(r, &none, err, false);
		add_shared_time(r, &w->shared);
		hand_over(w, r);
		return false;
	}
	w->num++;
	/*
	 * --trace to a LID (from a LID, if --from): the walk needs nothing
	 * from the SA, and runs now, while the SA answers the query; the
	 * window keeps that answer for after the walk.  A trace costs the
	 * longer of the two round trips, not both.
	 */
	if (w->p->trace)
		run_trace(w, q);
	return true;
}

/* The port could not be opened or has no SM: every result says so. */
static void copy_failure(struct rr_result *r, const struct rr_result *sh)
{
	int step;

	copy_port(r, sh);
	for (step = RR_STEP_OPEN_PORT; step < RR_STEP_COUNT; step++)
		r->out.steps[step] = sh->out.steps[step];
	r->out.fail = sh->out.fail;
	r->out.ok = false;
}

/* The oldest result added and not sent, taken off the ring. */
static struct rr_result *pending_pop(struct rr_sa *w)
{
	struct rr_result *r = w->pending[w->head];

	w->head = (w->head + 1) % w->p->window;
	w->num_pending--;
	return r;
}

/* What fails every result still to query: the set-up's failure, or ENOMEM. */
static void fail_rest(struct rr_sa *w)
{
	struct rr_result *r;

	while (w->num_pending) {
		r = pending_pop(w);
		r->out.timeout_ms = w->p->timeout_ms;
		if (r->out.fail.kind != RR_FAIL_NONE)
			;	/* failed before us */
		else if (w->ready)
			rr_fail_cause(&r->out, RR_STEP_SA_QUERY, "calloc", ENOMEM,
				      RR_CAUSE_UNKNOWN, NULL);
		else
			copy_failure(r, &w->shared);
		hand_over(w, r);
	}
}

static void *sa_start(const struct rr_backend_params *p)
{
	struct rr_sa *w = calloc(1, sizeof(*w));
	int muted;

	if (!w)
		return NULL;
	w->p = p;
	w->pending = calloc(p->window, sizeof(*w->pending));
	if (!w->pending) {
		free(w);
		return NULL;
	}
	/*
	 * A trace is walked while its query is in flight, the turn waiting
	 * for the walk: with --trace, one query (and its trace) at a time.
	 */
	w->window = p->parallel && !p->trace ? p->parallel : 1;
	muted = rr_mad_mute_stderr();
	rr_step_begin(&w->shared.out, RR_STEP_TOTAL);
	w->ready = rr_sa_port_open(&w->sp, p, &w->shared) &&
		   rr_sa_port_find_sm(&w->sp, p, &w->shared);
	rr_mad_unmute_stderr(muted);
	if (!w->ready)
		return w;	/* every result fails as the set-up did */
	w->q = calloc(w->window, sizeof(*w->q));
	w->win = rr_mad_window_new(&w->sp.ib, w->sp.mad, RECV_MAD_SIZE);
	return w;
}

static void sa_add(void *be, struct rr_result *r)
{
	struct rr_sa *w = be;

	w->pending[(w->head + w->num_pending++) % w->p->window] = r;
}

static void sa_no_more(void *be)
{
	struct rr_sa *w = be;

	w->no_more = true;
}

/*
 * Sends what the window has room for, waits for one answer or the nearest
 * deadline, and pushes each finished result on DONE.  It returns at once
 * when nothing is in flight nor waiting; false once all is done and
 * nothing more will come.
 */
static bool sa_turn(void *be, struct rr_queue *done)
{
	struct rr_sa *w = be;
	struct rr_result *r;
	int muted;

	w->done = done;
	if (!w->ready || !w->q || !w->win) {
		fail_rest(w);
		return !w->no_more;
	}
	muted = rr_mad_mute_stderr();
	while (w->num_pending && w->num < w->window) {
		r = pending_pop(w);
		if (r->out.fail.kind == RR_FAIL_NONE)
			send_query(w, r);
		else
			hand_over(w, r);
	}
	if (w->num)
		receive(w);
	rr_mad_unmute_stderr(muted);
	return w->num_pending || w->num || !w->no_more;
}

static void sa_end(void *be)
{
	struct rr_sa *w = be;

	if (!w)
		return;
	while (w->q && w->num)
		free(w->q[--w->num].trace.hops);
	rr_mad_window_free(w->win);
	rr_sa_port_close(&w->sp);
	free(w->q);
	free(w->pending);
	free(w);
}

const struct rr_backend_ops rr_sa_ops = {
	.start = sa_start,
	.add = sa_add,
	.no_more = sa_no_more,
	.turn = sa_turn,
	.end = sa_end,
};
