// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/stats.c. */
#include <math.h>
#include <stdlib.h>

#include "base/stats.h"
#include "../tap.h"

#define near(a, b) (fabs((a) - (b)) < 1e-9)

static bool within(double got, double want, double rel)
{
	return fabs(got - want) <= rel * fabs(want) + 1e-12;
}

/* Running statistics of N values from GEN against the exact ones. */
static void against_exact(const char *what, size_t n, double (*gen)(size_t))
{
	double *v = malloc(n * sizeof(*v));
	struct rr_running r = { 0 };
	struct rr_stats exact, got;
	bool added = true;
	size_t i;

	for (i = 0; i < n; i++) {
		v[i] = gen(i);
		added = rr_running_add(&r, v[i]) && added;
	}
	rr_stats_compute(v, n, &exact);
	ok(added && rr_running_stats(&r, &got) && got.n == n, "%s: %zu values",
	   what, n);
	ok(got.min == exact.min && got.max == exact.max &&
	   within(got.avg, exact.avg, 1e-9) && within(got.mdev, exact.mdev, 1e-6),
	   "%s: min, max, avg, mdev exact (mdev %g, %g)", what, got.mdev,
	   exact.mdev);
	ok(within(got.p50, exact.p50, 0.01) && within(got.p90, exact.p90, 0.01) &&
	   within(got.p99, exact.p99, 0.01),
	   "%s: p50 %g ~ %g, p90 %g ~ %g, p99 %g ~ %g, within 1 %%", what,
	   got.p50, exact.p50, got.p90, exact.p90, got.p99, exact.p99);
	ok(r.num_buckets <= RR_HIST_BUCKETS, "%s: %zu buckets", what,
	   r.num_buckets);
	rr_running_release(&r);
	free(v);
}

static double uniform(size_t i)
{
	return (double)(rand() % 1000000) / 1000.0;	/* 0 .. 1000 ms, us */
}

/* Resolution times: mostly ~1 ms, a tail up to seconds. */
static double skewed(size_t i)
{
	double u = (rand() + 1.0) / (RAND_MAX + 2.0);

	return i % 50 ? 0.8 + 0.5 * u : 2000 * u;
}

static double wide(size_t i)
{
	return pow(10, (double)(i % 130) / 10.0 - 4);	/* 1e-4 .. 1e9 */
}

static double constant(size_t i)
{
	return 1.234;
}

int main(void)
{
	double one[] = { 4.5 };
	double ten[] = { 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 };
	double two[] = { 1, 3 };
	double hundred[100];
	struct rr_stats s;
	int i;

	ok(!rr_stats_compute(NULL, 0, &s) && s.n == 0, "no values, no stats");

	ok(rr_stats_compute(one, 1, &s), "one value");
	ok(s.min == 4.5 && s.max == 4.5 && s.avg == 4.5 && s.mdev == 0,
	   "one value: min = avg = max, mdev 0");
	ok(s.p50 == 4.5 && s.p99 == 4.5, "one value: every percentile is it");

	rr_stats_compute(ten, 10, &s);
	ok(s.min == 1 && s.max == 10 && near(s.avg, 5.5), "1..10: min max avg");
	ok(near(s.mdev, sqrt(8.25)), "1..10: mdev %.6f", s.mdev);
	ok(s.p50 == 5 && s.p90 == 9 && s.p99 == 10,
	   "1..10: p50 5, p90 9, p99 10 (nearest rank): %g %g %g",
	   s.p50, s.p90, s.p99);
	ok(ten[0] == 1 && ten[9] == 10, "values sorted in place");

	rr_stats_compute(two, 2, &s);
	ok(near(s.mdev, 1.0), "1,3: mdev 1");

	for (i = 0; i < 100; i++)
		hundred[i] = 100 - i;
	rr_stats_compute(hundred, 100, &s);
	ok(s.p50 == 50 && s.p90 == 90 && s.p99 == 99,
	   "1..100: p50 50, p90 90, p99 99");
	ok(s.min <= s.p50 && s.p50 <= s.p90 && s.p90 <= s.p99 && s.p99 <= s.max,
	   "min <= p50 <= p90 <= p99 <= max");
	srand(12345);
	against_exact("uniform", 100000, uniform);
	against_exact("skewed", 20000, skewed);
	against_exact("wide", 13000, wide);
	against_exact("constant", 1000, constant);
	{
		struct rr_running r = { 0 };

		ok(!rr_running_stats(&r, &s), "running: no values, no stats");
		rr_running_add(&r, 0);
		rr_running_add(&r, 1e12);
		ok(rr_running_stats(&r, &s) && s.min == 0 && s.max == 1e12 &&
		   s.p50 == 0 && s.p99 == 1e12,
		   "running: 0 and 1e12, beyond the buckets, kept exact at the ends");
		rr_running_release(&r);
	}
	return tap_done();
}
