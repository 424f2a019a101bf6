/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Numbers as the user writes them: options, --expect values, file lines.
 * Strict on purpose: no sign, no spaces, no octal, no "010" read as 8.
 * Pure functions: no I/O.
 */
#ifndef RR_NUMBERS_H
#define RR_NUMBERS_H

#include <stdbool.h>
#include <stddef.h>

/* Decimal digits only, in [MIN, MAX]; false for anything else. */
bool rr_parse_decimal(const char *s, unsigned long long min,
		      unsigned long long max, unsigned long long *out);

/* Decimal digits, or 0x and hex digits (a P_Key, a LID), in [MIN, MAX]. */
bool rr_parse_uint(const char *s, unsigned long long min,
		   unsigned long long max, unsigned long long *out);

/*
 * A finite, non-negative number: DIGITS[.DIGITS] or 0xHEX.  No sign, no
 * exponent, no nan or inf.
 */
bool rr_parse_number(const char *s, double *out);

/* C's value as a hex digit (0-9, a-f, A-F), or -1. */
int rr_hex_digit(char c);

/* A * B into OUT; false when it does not fit in a size_t. */
bool rr_mul_size(size_t a, size_t b, size_t *out);

#endif
