/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Summary statistics of repeated probes (--count).  Pure functions. */
#ifndef RR_STATS_H
#define RR_STATS_H

#include <stddef.h>

struct rr_stats {
	size_t n;
	double min, avg, max;
	double mdev;		/* as ping: sqrt(mean(x^2) - mean(x)^2) */
	double p50, p90, p99;	/* nearest-rank percentiles */
	double span;		/* wall time over all samples, when known */
};

/* Sorts VALUES in place; false (and N = 0) when there are none. */
int rr_stats_compute(double *values, size_t n, struct rr_stats *out);

#endif
