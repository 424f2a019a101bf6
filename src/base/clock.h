/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Time on CLOCK_MONOTONIC, the one clock every step, deadline and span is
 * measured on: the arithmetic the backends, the lookups and the renderers
 * share.  Pure but for rr_now() and the wall-clock anchor.
 */
#ifndef RR_CLOCK_H
#define RR_CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct timespec rr_now(void);
/* T plus MS milliseconds. */
struct timespec rr_ts_add_ms(struct timespec t, uint64_t ms);
/* A - B in milliseconds (negative when A is before B). */
double rr_ts_ms(const struct timespec *a, const struct timespec *b);
/* Whole milliseconds from NOW until T, negative once T has passed. */
long rr_ms_until(const struct timespec *now, const struct timespec *t);
bool rr_ts_before(const struct timespec *a, const struct timespec *b);
/* T in nanoseconds, and back. */
int64_t rr_ts_ns(const struct timespec *t);
struct timespec rr_ns_ts(int64_t ns);

/*
 * The wall clock once, beside the monotonic one, at the start of a run:
 * every probe's wall-clock time follows from its monotonic start, with no
 * clock read of its own, and a clock set during the run moves none.
 */
void rr_clock_anchor(void);
/* MONO's wall-clock time, in ns since the epoch; false before the anchor. */
bool rr_wall_ns(const struct timespec *mono, int64_t *ns);
/* NS since the epoch as RFC 3339 in UTC, to the millisecond. */
void rr_rfc3339(int64_t ns, char *buf, size_t len);

#endif
