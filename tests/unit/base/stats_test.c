// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/stats.c. */
#include <math.h>

#include "base/stats.h"
#include "../tap.h"

#define near(a, b) (fabs((a) - (b)) < 1e-9)

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
	return tap_done();
}
