// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>

#include "base/clock.h"

#define NS_PER_S 1000000000L

struct timespec rr_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t;
}

struct timespec rr_ts_add_ms(struct timespec t, uint64_t ms)
{
	t.tv_sec += (time_t)(ms / 1000);
	t.tv_nsec += (long)(ms % 1000) * 1000000L;
	if (t.tv_nsec >= NS_PER_S) {
		t.tv_sec++;
		t.tv_nsec -= NS_PER_S;
	}
	return t;
}

double rr_ts_ms(const struct timespec *a, const struct timespec *b)
{
	return (double)(a->tv_sec - b->tv_sec) * 1e3 +
	       (double)(a->tv_nsec - b->tv_nsec) / 1e6;
}

long rr_ms_until(const struct timespec *now, const struct timespec *t)
{
	return (long)(t->tv_sec - now->tv_sec) * 1000L +
	       (t->tv_nsec - now->tv_nsec) / 1000000L;
}

bool rr_ts_before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	       (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

int64_t rr_ts_ns(const struct timespec *t)
{
	return (int64_t)t->tv_sec * NS_PER_S + t->tv_nsec;
}

struct timespec rr_ns_ts(int64_t ns)
{
	return (struct timespec){ (time_t)(ns / NS_PER_S), (long)(ns % NS_PER_S) };
}

static int64_t wall_minus_mono;	/* ns, once anchored */
static bool anchored;

void rr_clock_anchor(void)
{
	struct timespec before = rr_now(), wall, after;

	clock_gettime(CLOCK_REALTIME, &wall);
	after = rr_now();
	wall_minus_mono = rr_ts_ns(&wall) -
			  (rr_ts_ns(&before) + rr_ts_ns(&after)) / 2;
	anchored = true;
}

bool rr_wall_ns(const struct timespec *mono, int64_t *ns)
{
	if (!anchored)
		return false;
	*ns = rr_ts_ns(mono) + wall_minus_mono;
	return true;
}

/* The civil date of DAYS after 1970-01-01 (proleptic Gregorian). */
static void civil_from_days(int64_t days, int64_t *y, unsigned int *m,
			    unsigned int *d)
{
	int64_t era, z = days + 719468;
	unsigned int doe, yoe, doy, mp;

	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = (unsigned int)(z - era * 146097);
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp < 10 ? mp + 3 : mp - 9;
	*y = (int64_t)yoe + era * 400 + (*m <= 2);
}

static char *put_digits(char *p, unsigned int v, int n)
{
	int i;

	for (i = n - 1; i >= 0; i--, v /= 10)
		p[i] = (char)('0' + v % 10);
	return p + n;
}

/*
 * The stamp of every result: by arithmetic, not gmtime_r() and a printf
 * of seven numbers, which cost a tenth of rendering a result.
 */
void rr_rfc3339(int64_t ns, char *buf, size_t len)
{
	int64_t sec = ns / 1000000000, y;
	unsigned int m, d, s = (unsigned int)(sec % 86400);
	time_t t = (time_t)sec;
	struct tm tm;
	char *p = buf;

	civil_from_days(sec / 86400, &y, &m, &d);
	if (ns >= 0 && y <= 9999 && len >= sizeof("1970-01-01T00:00:00.000Z")) {
		p = put_digits(p, (unsigned int)y, 4);
		*p++ = '-';
		p = put_digits(p, m, 2);
		*p++ = '-';
		p = put_digits(p, d, 2);
		*p++ = 'T';
		p = put_digits(p, s / 3600, 2);
		*p++ = ':';
		p = put_digits(p, s / 60 % 60, 2);
		*p++ = ':';
		p = put_digits(p, s % 60, 2);
		*p++ = '.';
		p = put_digits(p, (unsigned int)(ns / 1000000 % 1000), 3);
		*p++ = 'Z';
		*p = '\0';
		return;
	}
	if (!gmtime_r(&t, &tm)) {
		snprintf(buf, len, "?");
		return;
	}
	snprintf(buf, len, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
		 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		 tm.tm_min, tm.tm_sec, (int)(ns / 1000000 % 1000));
}
