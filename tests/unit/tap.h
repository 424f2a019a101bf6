/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A few TAP helpers for the unit tests (automake's tap-driver reads them). */
#ifndef RR_TAP_H
#define RR_TAP_H

#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

/* COND is evaluated once: it may be the call under test. */
#define ok(cond, ...) do {						\
	int c_ = !!(cond);						\
									\
	tap_n++;							\
	if (!c_)							\
		tap_failed++;						\
	printf("%sok %d - ", c_ ? "" : "not ", tap_n);			\
	printf(__VA_ARGS__);						\
	printf("\n");							\
} while (0)

#define is_int(got, want, what) do {					\
	long long g_ = (got), w_ = (want);				\
	ok(g_ == w_, "%s: got %lld, want %lld", what, g_, w_);		\
} while (0)

#define is_str(got, want, what) do {					\
	const char *g_ = (got), *w_ = (want);				\
	ok(g_ && !strcmp(g_, w_), "%s: got '%s', want '%s'", what,	\
	   g_ ? g_ : "(null)", w_);					\
} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
