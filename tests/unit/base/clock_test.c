// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/base/clock.c: rr_rfc3339 against gmtime_r. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/clock.h"
#include "../tap.h"

/* What rr_rfc3339 says, the libc way. */
static void reference(int64_t ns, char *buf, size_t len)
{
	time_t t = (time_t)(ns / 1000000000);
	struct tm tm;

	gmtime_r(&t, &tm);
	snprintf(buf, len, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
		 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		 tm.tm_min, tm.tm_sec, (int)(ns / 1000000 % 1000));
}

static bool same(int64_t ns)
{
	char got[64], want[64];

	rr_rfc3339(ns, got, sizeof(got));
	reference(ns, want, sizeof(want));
	if (strcmp(got, want))
		fprintf(stderr, "# %lld: got %s, want %s\n", (long long)ns, got,
			want);
	return !strcmp(got, want);
}

int main(void)
{
	static const char *const dates[] = {
		"1970-01-01T00:00:00", "1999-12-31T23:59:59",
		"2000-02-29T12:00:00", "2000-03-01T00:00:00",
		"2024-02-29T23:59:59", "2026-12-01T17:36:39",
		"2100-02-28T23:59:59", "2100-03-01T00:00:00",
		"2262-04-10T23:59:59",
	};
	unsigned long long x = 88172645463325252ULL;
	char buf[64];
	bool all = true;
	size_t i;

	for (i = 0; i < sizeof(dates) / sizeof(dates[0]); i++) {
		struct tm tm = { 0 };
		int64_t ns;

		strptime(dates[i], "%Y-%m-%dT%H:%M:%S", &tm);
		ns = (int64_t)timegm(&tm) * 1000000000 + 987654321;
		rr_rfc3339(ns, buf, sizeof(buf));
		ok(!strncmp(buf, dates[i], 19), "%s: the date and time", buf);
		ok(!strcmp(buf + 19, ".987Z"), "%s: milliseconds, Z", buf);
	}
	/* A million instants, xorshift-picked, up to int64's end (2262). */
	for (i = 0; i < 1000000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		all = same((int64_t)(x % 9223372036854775807ULL)) && all;
	}
	ok(all, "a million instants up to 2262: as gmtime_r says");
	ok(same(0), "the epoch");
	rr_rfc3339(1000, buf, 8);
	is_str(buf, "1970-01", "cut to a short buffer, as snprintf");
	return tap_done();
}
