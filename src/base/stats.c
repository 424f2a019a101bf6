// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <stdlib.h>

#include "base/stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Nearest rank: the smallest value with at least P% of values <= it. */
static double percentile(const double *sorted, size_t n, double pct)
{
	size_t rank = (size_t)ceil(pct / 100.0 * (double)n);

	if (rank < 1)
		rank = 1;
	return sorted[rank - 1];
}

int rr_stats_compute(double *values, size_t n, struct rr_stats *out)
{
	double sum = 0, sum2 = 0, var;
	size_t i;

	*out = (struct rr_stats){ 0 };
	if (!n)
		return 0;
	qsort(values, n, sizeof(*values), cmp_double);
	for (i = 0; i < n; i++) {
		sum += values[i];
		sum2 += values[i] * values[i];
	}
	out->n = n;
	out->min = values[0];
	out->max = values[n - 1];
	out->avg = sum / (double)n;
	var = sum2 / (double)n - out->avg * out->avg;
	out->mdev = var > 0 ? sqrt(var) : 0;
	out->p50 = percentile(values, n, 50);
	out->p90 = percentile(values, n, 90);
	out->p99 = percentile(values, n, 99);
	return 1;
}
