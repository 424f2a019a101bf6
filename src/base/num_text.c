// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/num_text.h"

char *rr_int_text(long long v, char buf[RR_INT_TEXT])
{
	char tmp[RR_INT_TEXT];
	int n = snprintf(tmp, sizeof(tmp), "%lld", v);

	memcpy(buf + RR_INT_TEXT - n, tmp, (size_t)n);
	return buf + RR_INT_TEXT - n;
}

size_t rr_int_str(long long v, char *num)
{
	return (size_t)snprintf(num, RR_INT_TEXT, "%lld", v);
}

/*
 * V with PLACES decimals as "%.*f" writes it, by integers: a run prints a
 * handful of times a result, and printf's exact decimal conversion was
 * a third of what writing a failure's record cost.  Only where the integers give
 * printf's answer: |V| * 10^PLACES below 1e9 (its rounding error then
 * under 1e-7) and not within 1e-6 of a half, where the binary value's own
 * last digits decide the rounding.  False: printf it is.
 */
static bool fixed_by_integers(double v, unsigned int places, char *num,
			      size_t *len, double *said)
{
	static const double scale[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6 };
	double a = fabs(v) * scale[places], whole = floor(a);
	char digits[32], *d = digits + sizeof(digits);
	unsigned long long total, q;
	unsigned int i;
	bool minus;
	size_t n;

	if (!(a < 1e9) || fabs(a - whole - 0.5) < 1e-6)
		return false;	/* NaN and infinities too */
	total = (unsigned long long)whole + (a - whole > 0.5);
	q = total;
	for (i = 0; i < places; i++, q /= 10)
		*--d = (char)('0' + q % 10);
	if (places)
		*--d = '.';
	do {
		*--d = (char)('0' + q % 10);
		q /= 10;
	} while (q);
	/* No sign on a value that rounds to 0 (a time of -0.000 is 0.000). */
	minus = v < 0 && total;
	n = (size_t)(digits + sizeof(digits) - d);
	num[0] = '-';
	memcpy(num + minus, d, n);
	n += minus;
	num[n] = '\0';
	*len = n;
	/* Both this and strtod() of the text are the double nearest it. */
	if (said)
		*said = (minus ? -1.0 : 1.0) * ((double)total / scale[places]);
	return true;
}

size_t rr_fixed_text(double v, unsigned int places, char *num, double *said)
{
	size_t n;

	if (places > 6)
		places = 6;
	if (fixed_by_integers(v, places, num, &n, said))
		return n;
	n = (size_t)snprintf(num, 40, "%.*f", (int)places, v);
	/* A time of -0.000 is 0.000: no sign on a value that rounds to 0. */
	if (num[0] == '-' && strspn(num + 1, "0.") == n - 1) {
		memmove(num, num + 1, n);
		n--;
	}
	if (said)
		*said = strtod(num, NULL);
	return n;
}

size_t rr_num_text(double v, char *num)
{
	return (size_t)snprintf(num, 40, "%.15g", v);
}

size_t rr_g_text(double v, char *num)
{
	return (size_t)snprintf(num, 40, "%g", v);
}
