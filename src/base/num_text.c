// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/num_text.h"

char *rr_int_text(long long v, char buf[RR_INT_TEXT])
{
	char *p = buf + RR_INT_TEXT;
	unsigned long long u = v < 0 ? 0 - (unsigned long long)v :
				       (unsigned long long)v;

	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	return p;
}

size_t rr_int_str(long long v, char *num)
{
	char buf[RR_INT_TEXT], *t = rr_int_text(v, buf);
	size_t n = (size_t)(buf + sizeof(buf) - t);

	memcpy(num, t, n);
	num[n] = '\0';
	return n;
}

size_t rr_fixed_text(double v, unsigned int places, char *num, double *said)
{
	static const double scale[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6 };
	char digits[32], *d = digits + sizeof(digits);
	unsigned long long u;
	double x, back;
	size_t n = 0;

	if (places > 6)
		places = 6;
	/* Far below 2^53, x is V * 10^PLACES to well within a thousandth. */
	x = v * scale[places];
	if (!(x > -1e12 && x < 1e12)) {		/* NaN, or too large for that */
		n = (size_t)snprintf(num, 40, "%.*f", (int)places, v);
		if (said)
			*said = strtod(num, NULL);
		return n;
	}
	u = (unsigned long long)(x < 0 ? 0.5 - x : x + 0.5);
	/* u / 10^places correctly rounded: the double nearest the decimal. */
	back = (x < 0 ? -(double)u : (double)u) / scale[places];
	if (said)
		*said = back;
	do
		*--d = (char)('0' + u % 10);
	while ((u /= 10) || digits + sizeof(digits) - d < (long)places + 1);
	if (x < 0 && back)
		num[n++] = '-';
	while (digits + sizeof(digits) - d > (long)places)
		num[n++] = *d++;
	if (places) {
		num[n++] = '.';
		memcpy(num + n, d, places);
		n += places;
	}
	num[n] = '\0';
	return n;
}

/*
 * Decoded values (a rate, a packet lifetime) are the double nearest a
 * decimal of a few places.  Such a decimal of at most 15 digits comes back
 * unchanged from "%.15g" (DBL_DIG), and in plain notation from 1e-4 up:
 * it is written here, its trailing zeros cut as %g cuts them.
 */
size_t rr_num_text(double v, char *num)
{
	double a = fabs(v);
	unsigned long long u;
	size_t n = 0;
	int places = 6, i;

	if (a == 0) {
		if (signbit(v))
			num[n++] = '-';
		num[n++] = '0';
		num[n] = '\0';
		return n;
	}
	if (!(a >= 1e-4 && a < 1e9))
		return (size_t)snprintf(num, 40, "%.15g", v);
	u = (unsigned long long)(a * 1e6 + 0.5);
	if ((double)u / 1e6 != a)
		return (size_t)snprintf(num, 40, "%.15g", v);
	if (v < 0)
		num[n++] = '-';
	n += rr_int_str((long long)(u / 1000000), num + n);
	u %= 1000000;
	if (!u)
		return n;
	while (u % 10 == 0) {
		u /= 10;
		places--;
	}
	num[n++] = '.';
	for (i = places - 1; i >= 0; i--) {
		num[n + (size_t)i] = (char)('0' + u % 10);
		u /= 10;
	}
	n += (size_t)places;
	num[n] = '\0';
	return n;
}

/*
 * "%g" is "%.6g": below 1e6, a decimal of at most six significant digits
 * reads as "%.15g" writes it.  Anything else goes to printf.
 */
size_t rr_g_text(double v, char *num)
{
	double a = fabs(v);
	size_t n, i, sig = 0;
	bool lead = true;

	if (!(a < 1e6))
		return (size_t)snprintf(num, 40, "%g", v);
	n = rr_num_text(v, num);
	for (i = 0; i < n; i++) {
		if (num[i] < '0' || num[i] > '9')
			continue;
		if (num[i] != '0')
			lead = false;
		if (!lead)
			sig++;
	}
	if (sig <= 6 && !memchr(num, 'e', n))
		return n;
	return (size_t)snprintf(num, 40, "%g", v);
}
