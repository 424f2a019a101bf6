// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <string.h>

#include "base/clock.h"
#include "base/escape.h"
#include "model/probe/tally.h"

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

const char *rr_tally_ok_word(const struct rr_tally *t)
{
	return t->connect ? "connected" : "resolved";
}

double rr_tally_elapsed_ms(const struct rr_tally *t)
{
	return t->have_span ? rr_ts_ms(&t->last_end, &t->first_start) : 0;
}

void rr_failed_names_add(struct rr_failed_names *f, const struct rr_result *r)
{
	char name[2 * RR_FAILED_NAME_MAX];
	const char *target = r->probe.target ? r->probe.target : "";

	if (f->count < RR_FAILED_NAMED) {
		if (r->probe.from)
			snprintf(name, sizeof(name), "%s -> %s", r->probe.from,
				 target);
		else
			snprintf(name, sizeof(name), "%s", target);
		/* Shown as the text output shows it: control bytes as \xNN. */
		rr_escape(name, strlen(name), f->name[f->count],
			  sizeof(f->name[f->count]));
	}
	f->count++;
}

const char *rr_failed_names_text(const struct rr_failed_names *f, char *buf,
				 size_t len)
{
	size_t used = 0, i, named;

	if (!len)
		return buf;
	buf[0] = '\0';
	named = f->count < RR_FAILED_NAMED ? f->count : RR_FAILED_NAMED;
	for (i = 0; i < named && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i ? ", " : "", f->name[i]);
	if (f->count > named && used < len)
		used += (size_t)snprintf(buf + used, len - used, " and %zu more",
					 f->count - named);
	if (used >= len && len > 4)
		memcpy(buf + len - 4, "...", 4);
	return buf;
}
