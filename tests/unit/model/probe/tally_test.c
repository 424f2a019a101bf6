// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/probe/tally.c: what a summary counts of results as
 * they go by, and the span from the first start to the last end.
 */
#include <string.h>

#include "model/probe/tally.h"
#include "../../tap.h"

/* A result that ran from START_MS to END_MS (milliseconds after 100 s). */
static struct rr_result ran(double start_ms, double end_ms)
{
	struct rr_result r;
	struct rr_timing *t = &r.out.steps[RR_STEP_TOTAL];

	memset(&r, 0, sizeof(r));
	t->start.tv_sec = 100 + (time_t)(start_ms / 1000);
	t->start.tv_nsec = (long)((start_ms - 1000 * (long)(start_ms / 1000)) * 1e6);
	t->end.tv_sec = 100 + (time_t)(end_ms / 1000);
	t->end.tv_nsec = (long)((end_ms - 1000 * (long)(end_ms / 1000)) * 1e6);
	t->started = t->ended = true;
	return r;
}

static struct rr_result failed(enum rr_cause cause, enum rr_step step,
			       double start_ms, double end_ms)
{
	struct rr_result r = ran(start_ms, end_ms);

	r.out.fail.cause = cause;
	r.out.fail.step = step;
	return r;
}

/* The failed destinations: named, escaped, bounded. */
static void failed_names(void)
{
	struct rr_failed_names f;
	struct rr_result r;
	char buf[1024], small[24], name[32];
	int i;

	memset(&f, 0, sizeof(f));
	is_str(rr_failed_names_text(&f, buf, sizeof(buf)), "",
	       "none failed: nothing to say");
	memset(&r, 0, sizeof(r));
	r.probe.target = "Big\x1b[31mRED";
	rr_failed_names_add(&f, &r);
	r.probe.from = "Hca1";
	r.probe.target = "Hca2";
	rr_failed_names_add(&f, &r);
	is_str(rr_failed_names_text(&f, buf, sizeof(buf)),
	       "Big\\x1b[31mRED, Hca1 -> Hca2",
	       "a control byte shown as text shows it; a pair as its heading");
	r.probe.from = NULL;
	for (i = 3; i <= 9; i++) {
		snprintf(name, sizeof(name), "10.0.0.%d", i);
		r.probe.target = name;
		rr_failed_names_add(&f, &r);
	}
	is_int((long long)f.count, 9, "every failed destination counted");
	is_str(rr_failed_names_text(&f, buf, sizeof(buf)),
	       "Big\\x1b[31mRED, Hca1 -> Hca2, 10.0.0.3, 10.0.0.4, 10.0.0.5 and 4 more",
	       "the first five named, the rest counted");
	is_str(rr_failed_names_text(&f, small, sizeof(small)),
	       "Big\\x1b[31mRED, Hca1...", "cut with ... where it does not fit");
}

int main(void)
{
	struct rr_tally t = { 0 };
	struct rr_result r;

	is_int((long long)(rr_tally_elapsed_ms(&t) * 1000), 0,
	       "nothing counted: elapsed 0");

	r = ran(20, 35);
	r.out.ok = true;
	rr_tally_add(&t, &r);
	r = failed(RR_CAUSE_NOT_RDMA_NETDEV, RR_STEP_RESOLVE_ADDR, 5, 7);
	rr_tally_add(&t, &r);
	r = failed(RR_CAUSE_NOT_RDMA_NETDEV, RR_STEP_RESOLVE_ADDR, 1200, 1250.5);
	r.notes.num_expect_failures = 2;
	rr_tally_add(&t, &r);
	r = failed(RR_CAUSE_NEIGH_TIMEOUT, RR_STEP_RESOLVE_ADDR, 40, 2040);
	rr_tally_add(&t, &r);

	is_int((long long)t.probes, 4, "every result counted");
	is_int((long long)t.resolved, 1, "one resolved");
	is_int((long long)t.failed, 3, "three failed");
	is_int((long long)t.by_cause[RR_CAUSE_NOT_RDMA_NETDEV], 2,
	       "failures by cause: not_rdma_netdev twice");
	is_int((long long)t.by_cause[RR_CAUSE_NEIGH_TIMEOUT], 1,
	       "failures by cause: neigh_timeout once");
	is_int((long long)t.expect_failed, 1,
	       "expect failures counted per result, not per assertion");
	ok(!t.host_level, "no host-level failure yet");
	is_int((long long)(rr_tally_elapsed_ms(&t) * 1000), 2035000,
	       "elapsed: from the first start (5 ms) to the last end (2040 ms), in any order");

	r = failed(RR_CAUSE_NO_RDMA_CM, RR_STEP_CREATE_ID, 0, 0);
	r.out.steps[RR_STEP_TOTAL].ended = false;
	rr_tally_add(&t, &r);
	ok(t.host_level, "no_rdma_cm: the host cannot do RDMA CM at all");
	is_int((long long)(rr_tally_elapsed_ms(&t) * 1000), 2035000,
	       "a result that never ended leaves the span alone");

	memset(&t, 0, sizeof(t));
	r = failed(RR_CAUSE_RDMA_NETNS, RR_STEP_RESOLVE_ADDR, 1, 2);
	rr_tally_add(&t, &r);
	ok(!t.host_level, "rdma_netns_exclusive past create id: this destination only");
	r = failed(RR_CAUSE_RDMA_NETNS, RR_STEP_CREATE_ID, 1, 2);
	rr_tally_add(&t, &r);
	ok(t.host_level, "rdma_netns_exclusive at create id: the whole host");
	failed_names();
	return tap_done();
}
