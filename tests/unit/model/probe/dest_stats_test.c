// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/probe/dest_stats.c: a destination's probes counted
 * as they are printed, its statistics over the resolved ones, and its
 * last probe kept (and let go) whole.
 */
#include <stdlib.h>
#include <string.h>

#include "model/probe/dest_stats.h"
#include "../../tap.h"

static struct timespec at_us(long us)
{
	return (struct timespec){ .tv_sec = 100 + us / 1000000,
				  .tv_nsec = (us % 1000000) * 1000 };
}

/* Probe SEQ, started at START_US; resolved in TOOK_US, else failed. */
static struct rr_result probe(unsigned long long seq, long start_us,
			      long took_us, bool ok)
{
	struct rr_result r;
	struct rr_timing *t = &r.out.steps[RR_STEP_TOTAL];

	memset(&r, 0, sizeof(r));
	r.probe.target = "192.168.77.2";
	r.probe.seq = seq;
	t->start = at_us(start_us);
	t->end = at_us(start_us + took_us);
	t->started = t->ended = true;
	r.out.ok = ok;
	if (ok) {
		r.out.paths = calloc(1, sizeof(*r.out.paths));
		r.out.num_paths = 1;
	} else {
		r.out.fail.cause = RR_CAUSE_NEIGH_TIMEOUT;
	}
	return r;
}

int main(void)
{
	struct rr_dest_stats d = { 0 };
	struct rr_result r;
	struct rr_stats s;
	bool counted = true, kept = true;
	unsigned long long i;

	ok(!rr_dest_stats_step(&d, RR_STEP_TOTAL, &s), "no probe: no statistics");
	/* 1000 probes 1 s apart, 1 to 10 ms each; every 10th fails. */
	for (i = 1; i <= 1000; i++) {
		r = probe(i, (long)(i - 1) * 1000000, 1000 * (long)(1 + i % 10),
			  i % 10 != 0);
		counted = rr_dest_stats_add(&d, &r) && counted;
		rr_dest_stats_keep(&d, &r);
		kept = kept && r.out.paths == NULL && d.last.probe.seq == i;
	}
	ok(counted, "1000 probes counted");
	ok(kept, "each kept as the last, its paths taken from the probe");
	ok(d.tally.probes == 1000 && d.tally.resolved == 900 &&
	   d.tally.failed == 100 && d.tally.by_cause[RR_CAUSE_NEIGH_TIMEOUT] == 100,
	   "probes %zu, resolved %zu, failed %zu, by cause", d.tally.probes,
	   d.tally.resolved, d.tally.failed);
	ok(rr_dest_stats_step(&d, RR_STEP_TOTAL, &s) && s.n == 900,
	   "the total step over the 900 resolved: n %zu", s.n);
	ok(s.min == 2.0 && s.max == 10.0, "min 2 ms, max 10 ms (the 1 ms ones failed): %g %g",
	   s.min, s.max);
	ok(s.avg == 6.0, "avg 6 ms: %g", s.avg);
	ok(s.p50 >= 5.95 && s.p50 <= 6.05, "p50 6 ms within 1 %%: %g", s.p50);
	/*
	 * From the first resolved start (probe 1, at 0 s) to the last
	 * resolved end (probe 999, at 998 s, 10 ms): the failed 1000th not.
	 */
	ok(s.span > 998009.999 && s.span < 998010.001, "span %g ms", s.span);
	ok(!rr_dest_stats_step(&d, RR_STEP_RESOLVE_ROUTE, &s),
	   "a step no probe had: no statistics");
	ok(d.have_last && d.last.probe.seq == 1000 && !d.last.out.ok,
	   "the last probe kept: seq 1000, failed");
	rr_dest_stats_release(&d);
	ok(!d.have_last && d.steps[RR_STEP_TOTAL].buckets == NULL,
	   "released: the last probe and the histogram let go");
	return tap_done();
}
