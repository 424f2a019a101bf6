// SPDX-License-Identifier: GPL-2.0-or-later
#include "base/clock.h"
#include "model/tally.h"

void rr_tally_add(struct rr_tally *t, const struct rr_result *r)
{
	const struct rr_timing *total = &r->out.steps[RR_STEP_TOTAL];

	t->probes++;
	if (r->out.ok) {
		t->resolved++;
	} else {
		t->failed++;
		t->by_cause[r->out.fail.cause]++;
		t->host_level |= rr_fail_is_host_level(&r->out.fail);
	}
	t->expect_failed += r->notes.num_expect_failures > 0;
	if (!total->ended)
		return;
	if (!t->have_span || rr_ts_before(&total->start, &t->first_start))
		t->first_start = total->start;
	if (!t->have_span || rr_ts_before(&t->last_end, &total->end))
		t->last_end = total->end;
	t->have_span = true;
}

double rr_tally_elapsed_ms(const struct rr_tally *t)
{
	return t->have_span ? rr_ts_ms(&t->last_end, &t->first_start) : 0;
}
