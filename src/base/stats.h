/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Summary statistics of repeated probes (--count).  Pure functions. */
#ifndef RR_STATS_H
#define RR_STATS_H

#include <stdbool.h>
#include <stddef.h>

struct rr_stats {
	size_t n;
	double min, avg, max;
	double mdev;		/* as ping: sqrt(mean(x^2) - mean(x)^2) */
	double p50, p90, p99;	/* nearest-rank percentiles */
	double span;		/* wall time over all samples, when known */
};

/*
 * Computes the statistics of the N VALUES into OUT, sorting VALUES in
 * place.  Returns false, with OUT zeroed (its n is 0), when N is 0.
 */
int rr_stats_compute(double *values, size_t n, struct rr_stats *out);

/*
 * The same statistics, kept as values arrive, in bounded memory however
 * many there are (--count 0 runs for days).  min, max, avg and mdev are
 * exact (kept as sums).  The percentiles come from a log-bucketed
 * histogram of 2 % buckets, each value read as its bucket's geometric
 * middle (within 1 % of the value, and never outside min..max).  Buckets
 * are kept only where values fell, at most RR_HIST_BUCKETS of them.
 */
#define RR_HIST_RATIO 1.02
#define RR_HIST_FLOOR 1e-4	/* values up to this share bucket 0 */
#define RR_HIST_BUCKETS 1600	/* up to 1e-4 * 1.02^1600, about 6e9 */

struct rr_bucket {
	unsigned int index;
	unsigned long long count;
};

struct rr_running {
	unsigned long long n;
	double min, max, sum, sum2;
	struct rr_bucket *buckets;	/* by index */
	size_t num_buckets, cap;
};

/* Adds V (>= 0) to R.  Returns false when memory for a new bucket ran out. */
bool rr_running_add(struct rr_running *r, double v);
/*
 * Computes R's statistics into OUT, leaving span at 0.  Returns false when
 * R holds no value.
 */
bool rr_running_stats(const struct rr_running *r, struct rr_stats *out);
void rr_running_release(struct rr_running *r);

#endif
