// SPDX-License-Identifier: GPL-2.0-or-later
/* The live progress line of a long run (see progress.h). */
#include "app/progress.h"
#include "base/clock.h"

/* A short run shows nothing: the line is for runs one waits on. */
#define FIRST_DRAW_MS 500
#define REDRAW_MS 250

void rr_progress_start(struct rr_progress *p, FILE *out, bool on)
{
	*p = (struct rr_progress){ .out = on ? out : NULL };
	p->start = rr_now();
	p->last = p->start;
}

/* "1234/10000 (12%) done, 3 failed, 8 s, about 57 s left" */
int rr_progress_text(char *buf, size_t len, unsigned long long done,
		     unsigned long long failed, unsigned long long total,
		     double elapsed_s)
{
	double left;

	if (!total)
		return snprintf(buf, len, "%llu done, %llu failed, %.0f s (reading more)",
				done, failed, elapsed_s);
	if (!done || done >= total)
		return snprintf(buf, len, "%llu/%llu done, %llu failed, %.0f s",
				done, total, failed, elapsed_s);
	/* At the pace so far: probes in flight finish at the same rate. */
	left = elapsed_s * (double)(total - done) / (double)done;
	return snprintf(buf, len, "%llu/%llu (%llu%%) done, %llu failed, %.0f s, about %.0f s left",
			done, total, done * 100 / total, failed, elapsed_s,
			left);
}

bool rr_progress_due(const struct rr_progress *p)
{
	struct timespec now;

	if (!p->out)
		return false;
	now = rr_now();
	return rr_ts_ms(&now, &p->start) >= FIRST_DRAW_MS &&
	       (!p->shown || rr_ts_ms(&now, &p->last) >= REDRAW_MS);
}

void rr_progress_draw(struct rr_progress *p, unsigned long long done,
		      unsigned long long failed, unsigned long long total)
{
	struct timespec now = rr_now();
	char line[160];

	if (!p->out)
		return;
	p->last = now;
	rr_progress_text(line, sizeof(line), done, failed, total,
			 rr_ts_ms(&now, &p->start) / 1e3);
	/* What the results wrote shows first, above the line. */
	fflush(stdout);
	/* Carriage return and erase to the end: one line, redrawn. */
	fprintf(p->out, "\r\033[Krdma-route: %s", line);
	fflush(p->out);
	p->shown = true;
}

void rr_progress_clear(struct rr_progress *p)
{
	if (!p->out || !p->shown)
		return;
	fputs("\r\033[K", p->out);
	fflush(p->out);
	p->shown = false;
}
