// SPDX-License-Identifier: GPL-2.0-or-later
#include <limits.h>
#include <stdlib.h>

#include "base/clock.h"
#include "model/probe/result.h"

void rr_step_begin(struct rr_outcome *o, enum rr_step step)
{
	struct timespec now = rr_now();

	rr_step_begin_at(o, step, &now);
}

void rr_step_begin_at(struct rr_outcome *o, enum rr_step step,
		      const struct timespec *at)
{
	o->steps[step].start = *at;
	o->steps[step].held_ns = 0;
	o->steps[step].started = true;
	o->steps[step].ended = false;
}

void rr_step_end(struct rr_outcome *o, enum rr_step step)
{
	if (!o->steps[step].started || o->steps[step].ended)
		return;
	o->steps[step].end = rr_now();
	o->steps[step].ended = true;
}

void rr_step_end_at(struct rr_outcome *o, enum rr_step step,
		    const struct timespec *at)
{
	if (!o->steps[step].started || o->steps[step].ended)
		return;
	o->steps[step].end = *at;
	o->steps[step].ended = true;
}

double rr_step_ms(const struct rr_outcome *o, enum rr_step step)
{
	const struct rr_timing *t = &o->steps[step];

	if (!t->ended)
		return -1.0;
	return rr_ts_ms(&t->end, &t->start) - (double)t->held_ns / 1e6;
}

/* The step, and the total, end AT (NULL: now). */
static void fail_at(struct rr_outcome *o, enum rr_step step,
		    enum rr_fail_kind kind, const char *call, int err,
		    int event, int status, const struct timespec *at)
{
	struct rr_cause_input in = {
		.step = step, .kind = kind, .err = err, .event = event,
		.status = status,
	};
	struct timespec now;

	if (!at) {
		now = rr_now();
		at = &now;
	}
	rr_step_end_at(o, step, at);
	rr_step_end_at(o, RR_STEP_TOTAL, at);
	o->ok = false;
	o->fail.step = step;
	o->fail.kind = kind;
	o->fail.call = call;
	o->fail.err = err;
	o->fail.event = event;
	o->fail.status = status;
	o->fail.cause = rr_classify(&in);
}

void rr_fail_call(struct rr_outcome *o, enum rr_step step, const char *call,
		  int err, int status)
{
	fail_at(o, step, RR_FAIL_CALL, call, err, -1, status, NULL);
}

void rr_fail_event(struct rr_outcome *o, enum rr_step step, const char *call,
		   int event, int status, const struct timespec *at)
{
	/*
	 * The kernel reports a negative errno as the event's status; a
	 * REJECTED's positive status is the peer's IB CM reject reason.
	 * INT_MIN has no negation: no errno either.
	 */
	fail_at(o, step, RR_FAIL_EVENT, call,
		status == INT_MIN ? INT_MAX : status < 0 ? -status :
		rr_event_status_is_reason(event) ? 0 : status,
		event, status, at);
}

void rr_fail_cause(struct rr_outcome *o, enum rr_step step, const char *call,
		   int err, enum rr_cause cause, const char *detail)
{
	fail_at(o, step, RR_FAIL_CALL, call, err, -1, 0, NULL);
	o->fail.cause = cause;
	o->fail.detail = detail;
}

void rr_fail_deadline(struct rr_outcome *o, enum rr_step step,
		      const char *call, unsigned int deadline_ms)
{
	fail_at(o, step, RR_FAIL_DEADLINE, call, 0, -1, 0, NULL);
	o->fail.deadline_ms = deadline_ms;
}

unsigned int rr_disconnect_wait_ms(unsigned int timeout_ms)
{
	unsigned int wait = timeout_ms / 4;

	return wait > 250 ? wait : 250;
}

unsigned int rr_udp_probe_after_ms(unsigned int timeout_ms)
{
	return rr_disconnect_wait_ms(timeout_ms);
}

void rr_result_release(struct rr_result *r)
{
	free(r->out.paths);
	r->out.paths = NULL;
	r->out.num_paths = 0;
	free(r->out.hops);
	r->out.hops = NULL;
	r->out.num_hops = 0;
	free(r->notes.expect_failures);
	r->notes.expect_failures = NULL;
	r->notes.num_expect_failures = 0;
	free(r->notes.chain);
	r->notes.chain = NULL;
	free(r->notes.sa_chain);
	r->notes.sa_chain = NULL;
	free(r->out.peer);
	r->out.peer = NULL;
}

bool rr_result_routed(const struct rr_result *r)
{
	enum rr_step_by by = rr_step_info(r->out.fail.step)->by;

	return r->out.ok || (r->out.fail.kind != RR_FAIL_NONE &&
			     (by == RR_BY_CONNECT || by == RR_BY_DATA ||
			      by == RR_BY_TRACE));
}

const char *rr_result_status(const struct rr_result *r)
{
	if (!r->out.ok)
		return "failed";
	return r->out.connect_port ? "connected" : "resolved";
}

bool rr_fail_is_host_level(const struct rr_failure *f)
{
	if (f->cause == RR_CAUSE_RDMA_NETNS)
		return f->step == RR_STEP_CREATE_ID;
	return rr_cause_is_host_level(f->cause);
}
