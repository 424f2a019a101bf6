// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * src/numbers.c against reference parsers written from numbers.h.  TEXT is
 * the input up to its first NUL; the 16 bytes after that NUL, when there,
 * are MIN and MAX.  Checks:
 * - rr_parse_decimal() is true exactly for digits only, no overflow, in
 *   [MIN, MAX]; its value printed with "%llu" is the text without its
 *   leading zeros;
 * - rr_parse_uint() likewise, or 0x/0X and hex digits ("%llx");
 * - rr_parse_number() is true exactly for DIGITS[.DIGITS] (at most 19
 *   before the point) or 0xHEX, gives a finite non-negative value, the one
 *   strtod() reads to within rounding;
 * - rr_mul_size() of the first 16 input bytes agrees with
 *   __builtin_mul_overflow().
 */
#include <ctype.h>
#include <limits.h>
#include <math.h>

#include "base/numbers.h"
#include "fuzz.h"

static bool is_hex(char c)
{
	return isxdigit((unsigned char)c);
}

/* Digits of BASE to the end of S (at least one) that fit an unsigned long long. */
static bool ref_digits(const char *s, unsigned int base,
		       unsigned long long *v)
{
	unsigned int d;

	*v = 0;
	if (!*s)
		return false;
	for (; *s; s++) {
		if (base == 10 && !isdigit((unsigned char)*s))
			return false;
		if (base == 16 && !is_hex(*s))
			return false;
		d = isdigit((unsigned char)*s) ? (unsigned int)(*s - '0') :
			(unsigned int)(tolower((unsigned char)*s) - 'a' + 10);
		if (__builtin_mul_overflow(*v, base, v) ||
		    __builtin_add_overflow(*v, d, v))
			return false;
	}
	return true;
}

static bool hex_prefix(const char *s)
{
	return s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
}

/* S printed back by "%llu" or "%llx": S without its leading zeros. */
static void check_round_trip(const char *digits, unsigned long long v,
			     bool hex)
{
	char shown[32], *want;
	size_t i;

	while (digits[0] == '0' && digits[1])
		digits++;
	want = strdup(digits);
	if (!want)
		abort();
	for (i = 0; want[i]; i++)
		want[i] = (char)tolower((unsigned char)want[i]);
	snprintf(shown, sizeof(shown), hex ? "%llx" : "%llu", v);
	fuzz_check(!strcmp(shown, want));
	free(want);
}

static void check_decimal(const char *s, unsigned long long min,
			  unsigned long long max)
{
	unsigned long long v, ref;
	bool ok = rr_parse_decimal(s, min, max, &v);
	bool want = ref_digits(s, 10, &ref) && ref >= min && ref <= max;

	fuzz_check(ok == want);
	if (!ok)
		return;
	fuzz_check(v == ref);
	check_round_trip(s, v, false);
}

static void check_uint(const char *s, unsigned long long min,
		       unsigned long long max)
{
	unsigned long long v, ref;
	bool hex = hex_prefix(s);
	bool ok = rr_parse_uint(s, min, max, &v);
	bool want = ref_digits(hex ? s + 2 : s, hex ? 16 : 10, &ref) &&
		    ref >= min && ref <= max;

	fuzz_check(ok == want);
	if (!ok)
		return;
	fuzz_check(v == ref);
	check_round_trip(hex ? s + 2 : s, v, hex);
}

/* DIGITS[.DIGITS], at most 19 digits before the point. */
static bool ref_decimal_number(const char *s)
{
	size_t whole = strspn(s, "0123456789"), frac;

	if (!whole || whole > 19)
		return false;
	if (!s[whole])
		return true;
	if (s[whole] != '.')
		return false;
	frac = strspn(s + whole + 1, "0123456789");
	return frac && !s[whole + 1 + frac];
}

static void check_number(const char *s)
{
	unsigned long long hex;
	double v, ref;
	bool want, ok = rr_parse_number(s, &v);

	if (hex_prefix(s))
		want = ref_digits(s + 2, 16, &hex);
	else
		want = ref_decimal_number(s);
	fuzz_check(ok == want);
	if (!ok)
		return;
	fuzz_check(isfinite(v) && v >= 0);
	ref = strtod(s, NULL);
	if (hex_prefix(s))
		fuzz_check(v == (double)hex && v == ref);
	else
		fuzz_check(fabs(v - ref) <= 1e-12 * fmax(1, ref));
}

static void check_mul(const uint8_t *data, size_t size)
{
	size_t a = 0, b = 0, out, ref;
	bool over;

	if (size >= 2 * sizeof(size_t)) {
		memcpy(&a, data, sizeof(a));
		memcpy(&b, data + sizeof(a), sizeof(b));
	}
	/* Small factors too, where the interesting edge is. */
	if (size && data[0] & 1)
		b >>= data[size - 1] % 64;
	over = __builtin_mul_overflow(a, b, &ref);
	fuzz_check(rr_mul_size(a, b, &out) == !over);
	fuzz_check(over || out == ref);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size);
	size_t len = strlen(s);
	unsigned long long min = 0, max = ULLONG_MAX;

	if (size - len > 2 * sizeof(min)) {
		memcpy(&min, data + len + 1, sizeof(min));
		memcpy(&max, data + len + 1 + sizeof(min), sizeof(max));
	}
	check_decimal(s, 0, ULLONG_MAX);
	check_decimal(s, min, max);
	check_uint(s, 0, ULLONG_MAX);
	check_uint(s, min, max);
	check_number(s);
	check_mul(data, size);
	free(s);
	return 0;
}
