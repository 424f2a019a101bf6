// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/base/num_text.c: rr_fixed_text() says what "%.Nf"
 * says and strtod() reads back, for every time a run can print and every
 * packet lifetime; rr_num_text() what "%.15g" says, for every number;
 * rr_g_text() what "%g" says of every rate; rr_int_text() what "%lld"
 * says.
 */
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/num_text.h"
#include "model/decode.h"
#include "../tap.h"

/* MS's text and value, as printf and strtod make them: true when alike. */
static bool as_printf(double ms)
{
	char ours[32], want[32];
	double said;
	size_t n = rr_fixed_text(ms, 3, ours, &said);

	snprintf(want, sizeof(want), "%.3f", ms);
	if (!strcmp(ours, want) && n == strlen(want) &&
	    said == strtod(want, NULL))
		return true;
	printf("# %.17g: ours %s (%.17g), printf %s\n", ms, ours, said, want);
	return false;
}

/* True when MS * 1000 is within a rounding error of a half: a tie. */
static bool near_tie(double ms)
{
	double x = ms * 1000.0, f = x - (double)(long long)x;

	return f > 0.4999999 && f < 0.5000001;
}

/* rr_int_text() against "%lld", at the edges and around each power. */
static void ints_as_printf(void)
{
	long long v[200];
	char buf[RR_INT_TEXT], got[32], want[32];
	int n = 0, i, differ = 0;
	char *t;

	v[n++] = 0;
	v[n++] = LLONG_MAX;
	v[n++] = LLONG_MIN;
	for (long long p = 1; p <= LLONG_MAX / 10; p *= 10) {
		v[n++] = p;
		v[n++] = p - 1;
		v[n++] = -p;
		v[n++] = -p - 1;
	}
	for (i = 0; i < n; i++) {
		t = rr_int_text(v[i], buf);
		snprintf(got, sizeof(got), "%.*s", (int)(buf + sizeof(buf) - t), t);
		snprintf(want, sizeof(want), "%lld", v[i]);
		if (strcmp(got, want)) {
			differ++;
			printf("# %s: ours %s\n", want, got);
		}
	}
	ok(!differ, "%d integers as %%lld prints them (%d differ)", n, differ);
}

/* VAL's text, ours and printf's ("%g" if G6, else "%.15g"): alike? */
static bool like_printf(double val, bool g6)
{
	char ours[40], want[40];
	size_t n = g6 ? rr_g_text(val, ours) : rr_num_text(val, ours);

	snprintf(want, sizeof(want), g6 ? "%g" : "%.15g", val);
	if (!strcmp(ours, want) && n == strlen(want))
		return true;
	printf("# %.17g: ours %s, printf %s\n", val, ours, want);
	return false;
}

static bool as_g15(double val)
{
	return like_printf(val, false);
}

/*
 * Decoded values (rates, lifetimes, decimals of a few places), whole
 * numbers, and doubles of any bits: each as "%.15g" writes it.
 */
static void num_text(void)
{
	static const double fixed[] = {
		0, -0.0, 1, 2.5, 4.096, 0.0001, 0.00009999, 1e-4, 12.5,
		14.0625, 53.125, 1e9, 999999999.999999, 8.589934592,
		2147.483648, -3.25, 0.1, 0.3, 1.0 / 3, 1e15, 123456.789012,
	};
	unsigned int seed = 3, k;
	unsigned long long bits;
	int i, differ = 0;
	double v;

	for (i = 0; i < (int)(sizeof(fixed) / sizeof(fixed[0])); i++)
		ok(as_g15(fixed[i]), "%.17g as %%.15g says it", fixed[i]);
	for (i = 0; i < 300000 && differ < 5; i++) {
		k = (unsigned int)rand_r(&seed);
		switch (i % 3) {
		case 0:		/* a decimal of 0 to 8 places */
			v = (double)(rand_r(&seed) % 100000000) /
			    pow(10, k % 9);
			break;
		case 1:		/* a rate: n * 2.5 or n * 0.15625 Gb/s */
			v = (k % 2 ? 2.5 : 0.15625) * (double)(k % 4000);
			break;
		default:	/* any finite double */
			bits = (unsigned long long)rand_r(&seed) << 33 ^
			       (unsigned long long)rand_r(&seed) << 11 ^ k;
			memcpy(&v, &bits, sizeof(v));
			if (!isfinite(v))
				v = 1.5;
			break;
		}
		if (rand_r(&seed) % 4 == 0)
			v = -v;
		if (!as_g15(v))
			differ++;
	}
	ok(!differ, "300000 numbers as %%.15g says them (%d differ)", differ);
}


/* V with PLACES places, ours and printf's: true when alike. */
static bool as_fixed(double v, unsigned int places)
{
	char ours[40], want[40];
	double said;
	size_t n = rr_fixed_text(v, places, ours, &said);

	snprintf(want, sizeof(want), "%.*f", (int)places, v);
	if (!strcmp(ours, want) && n == strlen(want) &&
	    said == strtod(want, NULL))
		return true;
	printf("# %.17g, %u places: ours %s (%.17g), printf %s\n", v, places,
	       ours, said, want);
	return false;
}

/* Every packet lifetime as rr_duration_str() writes it, and 0 to 6 places. */
static void fixed_places(void)
{
	unsigned int seed = 5, places, i;
	int differ = 0, tried = 0;
	char ours[40], want[40];
	double us, v;

	for (i = 0; i < 64; i++) {
		us = 4.096 * (double)(1ULL << i);
		rr_duration_str(us, ours, sizeof(ours));
		if (us >= 1e6)
			snprintf(want, sizeof(want), "%.2f s", us / 1e6);
		else if (us >= 1e3)
			snprintf(want, sizeof(want), "%.1f ms", us / 1e3);
		else
			snprintf(want, sizeof(want), "%.1f us", us);
		if (strcmp(ours, want) && ++differ)
			printf("# lifetime %u: ours %s, printf %s\n", i, ours, want);
	}
	ok(!differ, "64 packet lifetimes as printf writes them (%d differ)",
	   differ);
	differ = 0;
	for (i = 0; i < 100000; i++) {
		seed = seed * 1103515245u + 12345u;
		places = seed % 7;
		v = (double)(seed % 100000000) / pow(10, (seed >> 8) % 9);
		if (i % 5 == 0)
			v = -v;
		/*
		 * Left out, as documented: an exact tie may round the other
		 * way, and a negative value rounded to zero loses its sign.
		 */
		if (fabs(fmod(fabs(v) * pow(10, places), 1.0) - 0.5) < 1e-6 ||
		    (v < 0 && -v * pow(10, places) < 0.5))
			continue;
		tried++;
		differ += !as_fixed(v, places);
	}
	ok(!differ && tried > 90000,
	   "%d numbers with 0 to 6 places as printf writes them (%d differ)",
	   tried, differ);
	ok(as_fixed(0, 0) && as_fixed(9e15, 2) && as_fixed(1e30, 1) &&
	   as_fixed(4503599627.370495, 3),
	   "zero, and numbers beyond exact through printf");
}

static bool as_g(double val)
{
	return like_printf(val, true);
}

/* Every rate of a PathRecord and of a port, and numbers of any size. */
static void g_text(void)
{
	static const unsigned int speeds[] = { 1, 2, 4, 8, 16, 32, 64, 128, 256 };
	static const unsigned int widths[] = { 1, 2, 4, 8, 16 };
	static const double fixed[] = {
		0, -0.0, 1e6, 999999, 999999.5, 123456.7, 1e-5, 0.0001, 25.78125,
		14.0625, 1.0 / 3, -2.5, 1e300, 1e-300,
	};
	unsigned int seed = 9, i, j;
	int differ = 0;

	for (i = 0; i < 256; i++)
		differ += !as_g(rr_rate_gbps((uint8_t)i));
	for (i = 0; i < sizeof(speeds) / sizeof(speeds[0]); i++)
		for (j = 0; j < sizeof(widths) / sizeof(widths[0]); j++)
			differ += !as_g(rr_port_rate_gbps(speeds[i], widths[j]));
	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		differ += !as_g(fixed[i]);
	for (i = 0; i < 200000; i++) {
		seed = seed * 1103515245u + 12345u;
		differ += !as_g((double)(seed % 10000000) /
				pow(10, (seed >> 9) % 10));
	}
	ok(!differ, "rates and 200000 numbers as %%g writes them (%d differ)",
	   differ);
}

int main(void)
{
	static const double fixed[] = {
		0, 0.001, 0.0004, 0.0006, 0.999, 1, 7.712, 12.3456, 999.9996,
		1000, 2000.000001, 86400000, 123456789.123, 4503599627.370495,
	};
	int i, differ = 0, tried = 0;
	unsigned int seed = 1;
	char num[32];
	double said, ms;

	for (i = 0; i < (int)(sizeof(fixed) / sizeof(fixed[0])); i++)
		ok(as_printf(fixed[i]), "%.6f as printf says it", fixed[i]);
	/* Nanosecond counts as a step's time is made of, up to a day. */
	for (i = 0; i < 200000; i++) {
		seed = seed * 1103515245u + 12345u;
		ms = (double)((unsigned long long)seed * (i % 7 + 1) *
			      (i % 3 ? 1 : 100003)) / 1e6;
		if (near_tie(ms))
			continue;
		tried++;
		differ += !as_printf(ms);
	}
	ok(!differ && tried > 199000, "%d step times as printf says them (%d differ)",
	   tried, differ);
	rr_fixed_text(-0.0001, 3, num, &said);
	is_str(num, "0.000", "a time below half a microsecond under zero is 0.000");
	rr_fixed_text(-2.5004, 3, num, &said);
	is_str(num, "-2.500", "a negative time keeps its sign");
	ok(said == -2.5, "and reads back as -2.5");
	num_text();
	ints_as_printf();
	fixed_places();
	g_text();
	return tap_done();
}
