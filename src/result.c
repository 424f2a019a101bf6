// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>

#include "clock.h"
#include "result.h"

void rr_step_begin(struct rr_result *r, enum rr_step step)
{
	r->steps[step].start = rr_now();
	r->steps[step].started = true;
	r->steps[step].ended = false;
}

void rr_step_end(struct rr_result *r, enum rr_step step)
{
	if (!r->steps[step].started || r->steps[step].ended)
		return;
	r->steps[step].end = rr_now();
	r->steps[step].ended = true;
}

void rr_step_end_at(struct rr_result *r, enum rr_step step,
		    const struct timespec *at)
{
	if (!r->steps[step].started || r->steps[step].ended)
		return;
	r->steps[step].end = *at;
	r->steps[step].ended = true;
}

double rr_step_ms(const struct rr_result *r, enum rr_step step)
{
	const struct rr_timing *t = &r->steps[step];

	if (!t->ended)
		return -1.0;
	return rr_ts_ms(&t->end, &t->start);
}

static void fail(struct rr_result *r, enum rr_step step,
		 enum rr_fail_kind kind, const char *call, int err, int event,
		 int status)
{
	struct rr_cause_input in = {
		.step = step, .kind = kind, .err = err, .event = event,
	};

	rr_step_end(r, step);
	rr_step_end(r, RR_STEP_TOTAL);
	r->ok = false;
	r->fail.step = step;
	r->fail.kind = kind;
	r->fail.call = call;
	r->fail.err = err;
	r->fail.event = event;
	r->fail.status = status;
	r->fail.cause = rr_classify(&in);
}

void rr_fail_call(struct rr_result *r, enum rr_step step, const char *call,
		  int err, int status)
{
	fail(r, step, RR_FAIL_CALL, call, err, -1, status);
}

void rr_fail_event(struct rr_result *r, enum rr_step step, const char *call,
		   int event, int status)
{
	/* The kernel reports a negative errno as the event's status. */
	fail(r, step, RR_FAIL_EVENT, call, status < 0 ? -status : status,
	     event, status);
}

void rr_fail_cause(struct rr_result *r, enum rr_step step, const char *call,
		   int err, enum rr_cause cause, const char *detail)
{
	fail(r, step, RR_FAIL_CALL, call, err, -1, 0);
	r->fail.cause = cause;
	r->fail.detail = detail;
}

void rr_fail_deadline(struct rr_result *r, enum rr_step step,
		      const char *call)
{
	fail(r, step, RR_FAIL_DEADLINE, call, 0, -1, 0);
}

void rr_result_release(struct rr_result *r)
{
	free(r->paths);
	r->paths = NULL;
	r->num_paths = 0;
	free(r->expect_failures);
	r->expect_failures = NULL;
	r->num_expect_failures = 0;
	free(r->chain);
	r->chain = NULL;
}
