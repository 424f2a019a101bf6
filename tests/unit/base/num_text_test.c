// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/base/num_text.c: each function's text for values a
 * run prints (times, rates, packet lifetimes, counts), written out here,
 * the value rr_fixed_text() says it reads back as, and its one rule of
 * its own: no sign on a value that rounds to zero.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/num_text.h"
#include "../tap.h"

static void fixed(double v, unsigned int places, const char *want,
		  double want_said)
{
	char num[40], what[80];
	double said = -1;
	size_t n = rr_fixed_text(v, places, num, &said);

	snprintf(what, sizeof(what), "%.17g with %u places", v, places);
	is_str(num, want, what);
	ok(n == strlen(want) && said == want_said,
	   "%s: length %zu, reads back as %.17g", what, n, said);
}

static void fixed_text(void)
{
	char num[40];

	fixed(0.1234, 3, "0.123", 0.123);
	fixed(312.5076, 3, "312.508", 312.508);
	fixed(2.5, 0, "2", 2);			/* a tie: to even, as printf */
	fixed(1e-7, 6, "0.000000", 0);
	fixed(-0.0004, 3, "0.000", 0);		/* rounds to 0: no sign */
	fixed(-0.0, 3, "0.000", 0);
	fixed(-1.25, 1, "-1.2", -1.2);
	fixed(-12.3456, 2, "-12.35", -12.35);
	fixed(1e15, 2, "1000000000000000.00", 1e15);
	fixed(4.5, 9, "4.500000", 4.5);		/* at most 6 places */
	ok(rr_fixed_text(1.5, 3, num, NULL) == 5 && !strcmp(num, "1.500"),
	   "SAID may be NULL");
	fixed(0.0005, 3, "0.001", 0.001);	/* just above a half, in binary */
	fixed(0.0015, 3, "0.002", 0.002);
	fixed(1.0005, 3, "1.000", 1);		/* just below */
	fixed(999999.9995, 3, "1000000.000", 1e6);
	fixed(1e6, 3, "1000000.000", 1e6);	/* printf's own way past 1e9 */
	fixed(-0.5, 0, "0", 0);		/* a tie to even: 0, unsigned */
}

/*
 * printf is the rule: times as a run measures them (whole microseconds
 * and any double), each as "%.*f" writes it and as strtod() reads that.
 */
static void fixed_as_printf(void)
{
	unsigned long long x = 88172645463325252ULL;
	char num[40], want[48];
	double v, said, want_said;
	unsigned int places, bad = 0, i;

	for (i = 0; i < 300000; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		places = (unsigned int)(x % 7);
		switch (i % 3) {
		case 0:		/* microseconds, as ms */
			v = (double)(x >> 40) / 1000;
			break;
		case 1:		/* any double of a run's range, either sign */
			v = ((double)(x >> 11) / 9007199254740992.0 - 0.3) *
			    (double)(1ULL << (x % 34));
			break;
		default:	/* exact halves and their neighbours */
			v = ((double)(x >> 44) + 0.5) / 1000 +
			    (double)((int)(x % 3) - 1) * 1e-12;
			break;
		}
		rr_fixed_text(v, places, num, &said);
		snprintf(want, sizeof(want), "%.*f", (int)places, v);
		if (want[0] == '-' && strspn(want + 1, "0.") == strlen(want) - 1)
			memmove(want, want + 1, strlen(want));
		want_said = strtod(want, NULL);
		if (strcmp(num, want) || said != want_said) {
			if (bad++ < 5)
				printf("# %.17g, %u places: '%s' (%.17g), printf '%s' (%.17g)\n",
				       v, places, num, said, want, want_said);
		}
	}
	ok(!bad, "300000 values as printf writes them: %u differ", bad);
}

static void num_and_g_text(void)
{
	static const struct {
		double v;
		const char *g15, *g6;
	} cases[] = {
		{ 0, "0", "0" },
		{ -0.0, "-0", "-0" },
		{ 2.5, "2.5", "2.5" },
		{ 53.125, "53.125", "53.125" },
		{ 14.0625, "14.0625", "14.0625" },
		{ 4.096, "4.096", "4.096" },
		{ 1.0 / 3, "0.333333333333333", "0.333333" },
		{ 8.589934592, "8.589934592", "8.58993" },
		{ 1e-5, "1e-05", "1e-05" },
		{ 2147483.648, "2147483.648", "2.14748e+06" },
		{ 1e20, "1e+20", "1e+20" },
	};
	char num[40];
	size_t i, n;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		n = rr_num_text(cases[i].v, num);
		ok(!strcmp(num, cases[i].g15) && n == strlen(num),
		   "%%.15g of %.17g: '%s', want '%s'", cases[i].v, num,
		   cases[i].g15);
		n = rr_g_text(cases[i].v, num);
		ok(!strcmp(num, cases[i].g6) && n == strlen(num),
		   "%%g of %.17g: '%s', want '%s'", cases[i].v, num,
		   cases[i].g6);
	}
}

static void int_text(void)
{
	char buf[RR_INT_TEXT], num[RR_INT_TEXT];
	char *t;

	t = rr_int_text(-42, buf);
	ok(t == buf + RR_INT_TEXT - 3 && !memcmp(t, "-42", 3),
	   "rr_int_text: -42 at the buffer's end");
	t = rr_int_text(LLONG_MIN, buf);
	ok(t == buf + RR_INT_TEXT - 20 &&
	   !memcmp(t, "-9223372036854775808", 20), "rr_int_text: LLONG_MIN");
	is_int(rr_int_str(0, num), 1, "rr_int_str(0)'s length");
	is_str(num, "0", "rr_int_str(0)");
	is_int(rr_int_str(LLONG_MAX, num), 19, "rr_int_str(LLONG_MAX)'s length");
	is_str(num, "9223372036854775807", "rr_int_str(LLONG_MAX)");
}

int main(void)
{
	fixed_text();
	fixed_as_printf();
	num_and_g_text();
	int_text();
	return tap_done();
}
