/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A live line on the terminal for long runs (-f batches, --count,
 * --sa --all-pairs): done of total, failures, time, an estimate.  Only on
 * stderr when it is a terminal and the results do not stream there.
 */
#ifndef RR_APP_PROGRESS_H
#define RR_APP_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

struct rr_progress {
	FILE *out;		/* NULL: no progress */
	struct timespec start;
	struct timespec last;	/* the last draw */
	bool shown;		/* a line is on the screen */
};

/* Starts P, drawing on OUT (stderr) when ON; otherwise nothing is drawn. */
void rr_progress_start(struct rr_progress *p, FILE *out, bool on);

/*
 * Returns whether the line is due: at most four times a second, and never
 * in a run's first half second.  Counting what is done may cost a pass
 * over the probes, so the caller counts only when the line is due.
 */
bool rr_progress_due(const struct rr_progress *p);

/* Draws the line: DONE probes of TOTAL (0: not known yet), FAILED of them. */
void rr_progress_draw(struct rr_progress *p, unsigned long long done,
		      unsigned long long failed, unsigned long long total);

/* Erases the line; call it before anything else is written to the terminal. */
void rr_progress_clear(struct rr_progress *p);

/*
 * Writes the line's text into BUF (LEN bytes) and returns snprintf()'s
 * result.  Pure, for the tests.
 */
int rr_progress_text(char *buf, size_t len, unsigned long long done,
		     unsigned long long failed, unsigned long long total,
		     double elapsed_s);

#endif
