// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * Bucket I's lower bound, RR_HIST_FLOOR * RR_HIST_RATIO^(I - 1) for I >= 1,
 * by multiplication and made once: log() and pow() would load libm, and
 * every library loaded costs each start of the tool.
 */
static const double *bucket_bounds(void)
{
	static double b[RR_HIST_BUCKETS];
	unsigned int i;

	if (!b[1]) {
		b[1] = RR_HIST_FLOOR;
		for (i = 2; i < RR_HIST_BUCKETS; i++)
			b[i] = b[i - 1] * RR_HIST_RATIO;
	}
	return b;
}

/* 0 up to RR_HIST_FLOOR, else the last bucket whose bound is <= V. */
static unsigned int bucket_of(double v)
{
	const double *b = bucket_bounds();
	unsigned int lo = 1, hi = RR_HIST_BUCKETS - 1, mid;

	if (!(v > RR_HIST_FLOOR))
		return 0;
	while (lo < hi) {
		mid = lo + (hi - lo + 1) / 2;
		if (b[mid] <= v)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/*
 * Bucket I's value: the geometric middle of its bounds; the first and the
 * last, open at one end, as the smallest and largest value (exact).
 */
static double bucket_value(const struct rr_running *r, unsigned int i)
{
	if (!i)
		return r->min;
	if (i == RR_HIST_BUCKETS - 1)
		return r->max;
	/* A constant: the compiler folds it. */
	return bucket_bounds()[i] * sqrt(RR_HIST_RATIO);
}

/* Where bucket INDEX is, or would go, in R's sorted buckets. */
static size_t find_bucket(const struct rr_running *r, unsigned int index)
{
	size_t lo = 0, hi = r->num_buckets, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (r->buckets[mid].index < index)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool rr_running_add(struct rr_running *r, double v)
{
	unsigned int index = bucket_of(v);
	size_t at = find_bucket(r, index), cap;
	struct rr_bucket *b;

	if (at == r->num_buckets || r->buckets[at].index != index) {
		if (r->num_buckets == r->cap) {
			cap = r->cap ? 2 * r->cap : 16;
			b = reallocarray(r->buckets, cap, sizeof(*b));
			if (!b)
				return false;
			r->buckets = b;
			r->cap = cap;
		}
		memmove(&r->buckets[at + 1], &r->buckets[at],
			(r->num_buckets - at) * sizeof(*r->buckets));
		r->buckets[at] = (struct rr_bucket){ .index = index };
		r->num_buckets++;
	}
	r->buckets[at].count++;
	if (!r->n || v < r->min)
		r->min = v;
	if (!r->n || v > r->max)
		r->max = v;
	r->n++;
	r->sum += v;
	r->sum2 += v * v;
	return true;
}

/* Nearest rank, as percentile() above, from the buckets. */
static double running_percentile(const struct rr_running *r, double pct)
{
	unsigned long long rank = (unsigned long long)ceil(pct / 100.0 *
							    (double)r->n);
	unsigned long long seen = 0;
	double v = r->max;
	size_t i;

	/* The smallest and largest values are known exactly. */
	if (rank <= 1)
		return r->min;
	if (rank >= r->n)
		return r->max;
	for (i = 0; i < r->num_buckets; i++) {
		seen += r->buckets[i].count;
		if (seen >= rank) {
			v = bucket_value(r, r->buckets[i].index);
			break;
		}
	}
	return v < r->min ? r->min : v > r->max ? r->max : v;
}

bool rr_running_stats(const struct rr_running *r, struct rr_stats *out)
{
	double var;

	*out = (struct rr_stats){ 0 };
	if (!r->n)
		return false;
	out->n = (size_t)r->n;
	out->min = r->min;
	out->max = r->max;
	out->avg = r->sum / (double)r->n;
	var = r->sum2 / (double)r->n - out->avg * out->avg;
	out->mdev = var > 0 ? sqrt(var) : 0;
	out->p50 = running_percentile(r, 50);
	out->p90 = running_percentile(r, 90);
	out->p99 = running_percentile(r, 99);
	return true;
}

void rr_running_release(struct rr_running *r)
{
	free(r->buckets);
	*r = (struct rr_running){ 0 };
}
