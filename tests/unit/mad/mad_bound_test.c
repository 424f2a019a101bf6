// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * src/mad/mad_bound.c: a phase's bound from its MADs, tries and
 * --timeout, capped; the discovery's; a phase over by a stop (a pipe
 * written, as the signal handler writes app/signals.c's) or by its bound;
 * a call on a thread of its own waited for, and left running when a
 * stop or the bound cuts the wait.
 */
#include <stdint.h>
#include <unistd.h>

#include "base/clock.h"
#include "mad/mad_bound.h"
#include "../tap.h"

static void phase_ms(void)
{
	is_int(rr_mad_phase_ms(0, 1, 6000), 12000,
	       "one try, nothing to send: twice --timeout");
	is_int(rr_mad_phase_ms(30, 1, 200), RR_MAD_PHASE_MIN_MS,
	       "30 PathRecords of 200 ms: 10 s at least, all asked of a hung SA");
	is_int(rr_mad_phase_ms(2304, 4, 2000), 2 * 4 * 2000 + 2304,
	       "2,304 ends' counters, 4 tries: 18.3 s, not ten minutes");
	is_int(rr_mad_phase_ms(200ULL * 171, 200, 2000), 2 * 200 * 2000 + 200 * 171,
	       "200 rounds of 171 probes: 834.2 s, under the cap");
	is_int(rr_mad_phase_ms(10000ULL * 171, 10000, 2000), RR_MAD_PHASE_MAX_MS,
	       "--probe-links=10000: capped at 15 minutes, not 11 hours");
	is_int(rr_mad_phase_ms(UINT64_MAX, UINT32_MAX, UINT32_MAX),
	       RR_MAD_PHASE_MAX_MS, "the largest of everything: the cap, no wrap");
	is_int(rr_mad_discovery_ms(2, 2000), 64 * 2 * 2000,
	       "the discovery: 64 steps of its tries");
	is_int(rr_mad_discovery_ms(5, 3600000), RR_MAD_PHASE_MAX_MS,
	       "the discovery's bound capped too");
}

static void over(void)
{
	struct rr_mad_bound b;
	int stop[2];

	ok(!rr_mad_bound_over(NULL), "no bound: never over");
	if (pipe(stop)) {
		ok(0, "pipe()");
		return;
	}
	rr_mad_bound_init(&b, stop[0]);
	ok(!rr_mad_bound_over(&b), "no phase, no stop: not over");
	rr_mad_bound_phase(&b, 48, 60000);
	ok(!rr_mad_bound_over(&b) && b.cut == RR_MAD_CUT_NONE,
	   "a phase within its bound: not over");
	is_int(b.planned, 48, "what the phase plans is kept");
	rr_mad_bound_phase(&b, 48, 0);
	ok(rr_mad_bound_over(&b) && b.cut == RR_MAD_CUT_DEADLINE,
	   "a phase past its bound: over, by its deadline");
	ok(write(stop[1], "", 1) == 1, "a stop asked");
	ok(rr_mad_bound_over(&b) && b.cut == RR_MAD_CUT_DEADLINE,
	   "the first cut seen stays the phase's");
	rr_mad_bound_phase(&b, 10, 60000);
	ok(rr_mad_bound_over(&b) && b.cut == RR_MAD_CUT_STOP,
	   "a stop asked before: the next phase is over from its start");
	ok(rr_mad_stop_asked(stop[0]) && !rr_mad_stop_asked(-1),
	   "the stop stays readable; no descriptor, no stop");
	close(stop[0]);
	close(stop[1]);
}

static void quick(void *arg)
{
	*(int *)arg = 42;
}

/* Blocks until its pipe is written: a library call that never returns. */
static void stuck(void *arg)
{
	char c;

	(void)!read(*(int *)arg, &c, 1);
}

static void bounded_call(void)
{
	struct timespec t0, t1;
	struct rr_mad_bound b;
	int v = 0, stop[2], hold[2], hold2[2];

	if (pipe(stop) || pipe(hold) || pipe(hold2)) {
		ok(0, "pipe()");
		return;
	}
	rr_mad_bound_init(&b, stop[0]);
	rr_mad_bound_phase(&b, 0, 60000);
	ok(rr_mad_bounded_call(quick, &v, &b) && v == 42 &&
	   !rr_mad_left_running(), "a call that returns: waited for, joined");

	rr_mad_bound_phase(&b, 0, 200);
	t0 = rr_now();
	ok(!rr_mad_bounded_call(stuck, &hold[0], &b), "a call that hangs: not waited for past the bound");
	t1 = rr_now();
	ok(b.cut == RR_MAD_CUT_DEADLINE && rr_mad_left_running(),
	   "cut by its bound, left running");
	ok(rr_ts_ms(&t1, &t0) >= 190 && rr_ts_ms(&t1, &t0) < 5000,
	   "ended at its bound: %.0f ms", rr_ts_ms(&t1, &t0));

	rr_mad_bound_phase(&b, 0, 60000);
	ok(write(stop[1], "", 1) == 1, "a stop asked");
	t0 = rr_now();
	ok(!rr_mad_bounded_call(stuck, &hold2[0], &b) &&
	   b.cut == RR_MAD_CUT_STOP, "a call that hangs, a stop: cut by the stop");
	t1 = rr_now();
	ok(rr_ts_ms(&t1, &t0) < 5000, "at once: %.0f ms", rr_ts_ms(&t1, &t0));
	/* Both threads let go: they return now. */
	ok(write(hold[1], "", 1) == 1 && write(hold2[1], "", 1) == 1,
	   "the calls left running let go");
	usleep(50000);
}

int main(void)
{
	phase_ms();
	over();
	bounded_call();
	return tap_done();
}
