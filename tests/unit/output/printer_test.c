// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/output/printer.c's number text: pr_ms_text() says what
 * "%.3f" says and strtod() reads back, for every time a run can print;
 * pr_num_text() what "%.15g" says, for every number; pr_int_text() what
 * "%lld" says.
 */
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/printer.h"
#include "../tap.h"

/* MS's text and value, as printf and strtod make them: true when alike. */
static bool as_printf(double ms)
{
	char ours[32], want[32];
	double said;
	size_t n = pr_ms_text(ms, ours, &said);

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

/* pr_int_text() against "%lld", at the edges and around each power. */
static void ints_as_printf(void)
{
	long long v[200];
	char buf[PR_INT_TEXT], got[32], want[32];
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
		t = pr_int_text(v[i], buf);
		snprintf(got, sizeof(got), "%.*s", (int)(buf + sizeof(buf) - t), t);
		snprintf(want, sizeof(want), "%lld", v[i]);
		if (strcmp(got, want)) {
			differ++;
			printf("# %s: ours %s\n", want, got);
		}
	}
	ok(!differ, "%d integers as %%lld prints them (%d differ)", n, differ);
}

/* VAL's text, ours and printf's "%.15g": true when alike. */
static bool as_g15(double val)
{
	char ours[40], want[40];
	size_t n = pr_num_text(val, ours);

	snprintf(want, sizeof(want), "%.15g", val);
	if (!strcmp(ours, want) && n == strlen(want))
		return true;
	printf("# %.17g: ours %s, printf %s\n", val, ours, want);
	return false;
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

/*
 * A record through JSON Lines: hex as "0x%0*llx", decoded numbers with
 * their raw twins, each member as json-c would write it.
 */
static void record_text(void)
{
	static const struct {
		unsigned long long val;
		int width;
	} hex[] = { { 0xffff, 4 }, { 0x7fff, 4 }, { 0, 4 }, { 0x12, 4 },
		    { 0xabc, 2 }, { 0xfe80000000000000ull, 16 }, { 5, 1 } };
	char *text = NULL, want[64], key[8];
	size_t len = 0, i;
	FILE *out = open_memstream(&text, &len);
	struct printer *p = pr_new(RR_FORMAT_JSONL, out, out);
	int bad = 0;

	pr_record_begin(p, "results", NULL, false);
	for (i = 0; i < sizeof(hex) / sizeof(hex[0]); i++) {
		snprintf(key, sizeof(key), "h%zu", i);
		pr_hex(p, key, hex[i].val, hex[i].width);
	}
	pr_decoded_num(p, "rate", 7, 2.5, true, "2.5 Gb/s");
	pr_decoded_num(p, "mtu", 3, 1024, true, "1024");
	pr_decoded_num(p, "life", 99, 0, false, "unknown");
	pr_str(p, "said", "tab\there");
	pr_record_end(p);
	pr_finish(p);
	fclose(out);
	for (i = 0; i < sizeof(hex) / sizeof(hex[0]); i++) {
		snprintf(want, sizeof(want), "\"h%zu\":\"0x%0*llx\"", i,
			 hex[i].width, hex[i].val);
		if (!strstr(text, want) && ++bad)
			printf("# no %s in %s\n", want, text);
	}
	ok(!bad, "hex identifiers as \"0x%%0*llx\" writes them");
	ok(strstr(text, "\"rate\":2.5,\"rate_raw\":7,\"mtu\":1024,"
			"\"mtu_raw\":3,\"life\":null,\"life_raw\":99,"
			"\"said\":\"tab\\there\"}\n") != NULL,
	   "decoded numbers, their raw twins, an escaped string: %s", text);
	free(text);
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
	pr_ms_text(-0.0001, num, &said);
	is_str(num, "0.000", "a time below half a microsecond under zero is 0.000");
	pr_ms_text(-2.5004, num, &said);
	is_str(num, "-2.500", "a negative time keeps its sign");
	ok(said == -2.5, "and reads back as -2.5");
	num_text();
	ints_as_printf();
	record_text();
	return tap_done();
}
