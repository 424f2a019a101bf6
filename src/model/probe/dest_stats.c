// SPDX-License-Identifier: GPL-2.0-or-later
#include "base/clock.h"
#include "model/probe/dest_stats.h"

bool rr_dest_stats_add(struct rr_dest_stats *d, const struct rr_result *r)
{
	const struct rr_timing *t;
	bool first;
	int step;

	for (step = 0; r->out.ok && step < RR_STEP_COUNT; step++) {
		t = &r->out.steps[step];
		if (!t->ended)
			continue;
		first = !d->steps[step].n;
		if (!rr_running_add(&d->steps[step], rr_step_ms(&r->out, step)))
			return false;
		if (first || rr_ts_before(&t->start, &d->first_start[step]))
			d->first_start[step] = t->start;
		if (first || rr_ts_before(&d->last_end[step], &t->end))
			d->last_end[step] = t->end;
	}
	rr_tally_add(&d->tally, r);
	return true;
}

void rr_dest_stats_keep(struct rr_dest_stats *d, struct rr_result *r)
{
	if (d->have_last)
		rr_result_release(&d->last);
	d->last = *r;
	d->have_last = true;
	*r = (struct rr_result){ .probe = r->probe };
}

bool rr_dest_stats_step(const struct rr_dest_stats *d, enum rr_step step,
			struct rr_stats *out)
{
	if (!rr_running_stats(&d->steps[step], out))
		return false;
	out->span = rr_ts_ms(&d->last_end[step], &d->first_start[step]);
	return true;
}

void rr_dest_stats_release(struct rr_dest_stats *d)
{
	int step;

	for (step = 0; step < RR_STEP_COUNT; step++)
		rr_running_release(&d->steps[step]);
	if (d->have_last)
		rr_result_release(&d->last);
	d->have_last = false;
}
