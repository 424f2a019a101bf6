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
/* Returns T plus MS milliseconds. */
struct timespec rr_ts_add_ms(struct timespec t, uint64_t ms);
/* Returns A minus B in milliseconds; negative when A is before B. */
double rr_ts_ms(const struct timespec *a, const struct timespec *b);
/*
 * Returns the whole milliseconds from NOW until T; the result is negative
 * once T has passed.
 */
long rr_ms_until(const struct timespec *now, const struct timespec *t);
bool rr_ts_before(const struct timespec *a, const struct timespec *b);
/* Convert the time T to nanoseconds, and nanoseconds NS back to a time. */
int64_t rr_ts_ns(const struct timespec *t);
struct timespec rr_ns_ts(int64_t ns);

/*
 * Reads the wall clock once, next to the monotonic clock, at the start of
 * a run.  Every probe's wall-clock time is then computed from its
 * monotonic start without reading the clock again, so setting the system
 * clock during the run moves none of them.
 */
void rr_clock_anchor(void);
/*
 * Converts the monotonic time MONO to wall-clock time in *NS, in
 * nanoseconds since the epoch.  Returns false if rr_clock_anchor() has not
 * been called yet.
 */
bool rr_wall_ns(const struct timespec *mono, int64_t *ns);
/*
 * Writes NS, in nanoseconds since the epoch, into BUF of LEN bytes as an
 * RFC 3339 time in UTC, to the millisecond.
 */
void rr_rfc3339(int64_t ns, char *buf, size_t len);

#endif
