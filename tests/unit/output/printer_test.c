// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/output/printer.c's number text: pr_ms_text() says what
 * "%.3f" says and strtod() reads back, for every time a run can print.
 */
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
	return tap_done();
}
