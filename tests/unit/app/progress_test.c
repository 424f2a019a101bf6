// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/app/progress.c: the live line's text and its pace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/progress.h"
#include "../tap.h"

static void text_is(unsigned long long done, unsigned long long failed,
		    unsigned long long total, double s, const char *want)
{
	char got[160];

	rr_progress_text(got, sizeof(got), done, failed, total, s);
	if (strcmp(got, want))
		fprintf(stderr, "# got '%s', want '%s'\n", got, want);
	ok(!strcmp(got, want), "%s", want);
}

int main(void)
{
	struct rr_progress p;
	FILE *f;
	char *buf = NULL;
	size_t len = 0, before;

	/* The estimate at the pace so far: 1234 in 8 s, 8766 to go. */
	text_is(1234, 3, 10000, 8.0, "1234/10000 (12%) done, 3 failed, 8 s, about 57 s left");
	text_is(0, 0, 10000, 0.6, "0/10000 done, 0 failed, 1 s");
	text_is(10000, 10000, 10000, 203.4, "10000/10000 done, 10000 failed, 203 s");
	/* A streamed file not read to its end: no total, no estimate. */
	text_is(256, 1, 0, 2.2, "256 done, 1 failed, 2 s (reading more)");
	/* --count 0 x 4 destinations would be 0 too: no overflow. */
	text_is(18446744073709551615ULL, 0, 18446744073709551615ULL, 1.0,
		"18446744073709551615/18446744073709551615 done, 0 failed, 1 s");

	/* Off: never due, never drawn, nothing to clear. */
	f = open_memstream(&buf, &len);
	rr_progress_start(&p, f, false);
	ok(!rr_progress_due(&p), "off: never due");
	rr_progress_draw(&p, 1, 0, 2);
	rr_progress_clear(&p);
	fflush(f);
	ok(len == 0, "off: nothing written");
	/* On: not due in the first half second; drawn, then erased. */
	rr_progress_start(&p, f, true);
	ok(!rr_progress_due(&p), "on: not due at the start");
	rr_progress_draw(&p, 5, 1, 10);
	rr_progress_clear(&p);
	fflush(f);
	ok(!strcmp(buf, "\r\033[Krdma-route: 5/10 (50%) done, 1 failed, 0 s, about 0 s left\r\033[K"),
	   "a line redrawn in place, then erased");
	before = len;
	rr_progress_clear(&p);
	fflush(f);
	ok(len == before, "erased once only");
	fclose(f);
	free(buf);
	return tap_done();
}
