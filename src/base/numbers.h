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

/*
 * Parses S, which must be decimal digits only, into *OUT.  Returns false
 * for anything else, or for a value outside [MIN, MAX].
 */
bool rr_parse_decimal(const char *s, unsigned long long min,
		      unsigned long long max, unsigned long long *out);

/*
 * Parses S, decimal digits or 0x followed by hex digits (as for a P_Key or
 * a LID), into *OUT.  Returns false for anything else, or for a value
 * outside [MIN, MAX].
 */
bool rr_parse_uint(const char *s, unsigned long long min,
		   unsigned long long max, unsigned long long *out);

/*
 * Parses S as a finite, non-negative number, DIGITS[.DIGITS] or 0xHEX,
 * into *OUT.  A sign, an exponent, nan and inf are all refused.  Returns
 * false when S is not such a number.
 */
bool rr_parse_number(const char *s, double *out);

/* Returns C's value as a hex digit (0-9, a-f, A-F), or -1 if it is not. */
int rr_hex_digit(char c);

/*
 * Stores A * B in *OUT.  Returns false, leaving *OUT unchanged, when the
 * product does not fit in a size_t.
 */
bool rr_mul_size(size_t a, size_t b, size_t *out);

#endif
