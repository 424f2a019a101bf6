// SPDX-License-Identifier: GPL-2.0-or-later
#include <limits.h>
#include <stdint.h>

#include "base/numbers.h"

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

int rr_hex_digit(char c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Digits in BASE up to the end of S; false on anything else or overflow. */
static bool parse_digits(const char *s, unsigned int base,
			 unsigned long long *out)
{
	unsigned long long v = 0;
	int d;

	if (!*s)
		return false;
	for (; *s; s++) {
		d = base == 16 ? rr_hex_digit(*s) : (is_digit(*s) ? *s - '0' : -1);
		if (d < 0)
			return false;
		if (v > (ULLONG_MAX - (unsigned int)d) / base)
			return false;
		v = v * base + (unsigned int)d;
	}
	*out = v;
	return true;
}

static bool in_range(unsigned long long v, unsigned long long min,
		     unsigned long long max, unsigned long long *out)
{
	if (v < min || v > max)
		return false;
	*out = v;
	return true;
}

bool rr_parse_decimal(const char *s, unsigned long long min,
		      unsigned long long max, unsigned long long *out)
{
	unsigned long long v;

	return parse_digits(s, 10, &v) && in_range(v, min, max, out);
}

bool rr_parse_uint(const char *s, unsigned long long min,
		   unsigned long long max, unsigned long long *out)
{
	unsigned long long v;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return parse_digits(s + 2, 16, &v) && in_range(v, min, max, out);
	return rr_parse_decimal(s, min, max, out);
}

bool rr_parse_number(const char *s, double *out)
{
	const unsigned long long exact_max = 1ULL << 53;
	unsigned long long whole = 0, digits = 0, pow10 = 1;
	double frac = 0, scale = 1;
	const char *c = s;
	bool exact = true;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		if (!parse_digits(s + 2, 16, &whole))
			return false;
		*out = (double)whole;
		return true;
	}
	/* At most 19 digits before the point: plenty for any field. */
	for (; is_digit(*c); c++) {
		if (c - s == 19)
			return false;
		whole = whole * 10 + (unsigned int)(*c - '0');
	}
	if (c == s)
		return false;
	if (*c == '.') {
		if (!is_digit(c[1]))
			return false;	/* "12." */
		for (c++; is_digit(*c); c++) {
			scale /= 10;
			frac += (*c - '0') * scale;
			exact = exact && digits < exact_max / 10 &&
				pow10 < 1000000000000000ULL;
			if (exact) {
				digits = digits * 10 + (unsigned int)(*c - '0');
				pow10 *= 10;
			}
		}
	}
	if (*c)
		return false;
	/*
	 * The number as one integer over a power of ten, both exact: one
	 * division rounds once, as strtod does, so "0.086" is the double
	 * printf shows as 0.086 (a sum of digit fractions is not).
	 */
	if (exact && whole <= (exact_max - digits) / pow10)
		*out = (double)(whole * pow10 + digits) / (double)pow10;
	else
		*out = (double)whole + frac;
	return true;
}

bool rr_mul_size(size_t a, size_t b, size_t *out)
{
	if (a && b > SIZE_MAX / a)
		return false;
	*out = a * b;
	return true;
}
