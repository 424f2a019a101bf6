/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Time on CLOCK_MONOTONIC, the one clock every step, deadline and span is
 * measured on: the arithmetic the backends, the lookups and the renderers
 * share.  Pure but for rr_now().
 */
#ifndef RR_CLOCK_H
#define RR_CLOCK_H

#include <stdbool.h>
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

#endif
