/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the harnesses share: a check that stops the fuzzer with the broken
 * property, fuzz input as a C string, and a UTF-8 decoder written from the
 * Unicode table rather than from src/escape.c, to judge that code by.
 */
#ifndef RR_FUZZ_H
#define RR_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What libFuzzer calls with each input; 0 keeps going. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* abort(): libFuzzer keeps the input as a crash file and shows the stack. */
#define fuzz_check(cond)						\
	do {								\
		if (!(cond))						\
			fuzz_fail(__FILE__, __LINE__, #cond);		\
	} while (0)

static inline void fuzz_fail(const char *file, int line, const char *what)
{
	fprintf(stderr, "%s:%d: property broken: %s\n", file, line, what);
	abort();
}

static inline void *fuzz_alloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		abort();
	return p;
}

/* A harness's input read a byte at a time: zeros past its end. */
struct fuzz_in {
	const uint8_t *d;
	size_t n, at;
};

static inline uint8_t fuzz_byte(struct fuzz_in *in)
{
	return in->at < in->n ? in->d[in->at++] : 0;
}

/* The next two bytes, high first. */
static inline uint16_t fuzz_u16(struct fuzz_in *in)
{
	uint16_t hi = fuzz_byte(in);

	return (uint16_t)(hi << 8 | fuzz_byte(in));
}

/*
 * A LID: one byte below 0xf0, mostly small so that tables and ports
 * meet; else any 16 bits, the next two.
 */
static inline uint16_t fuzz_lid(struct fuzz_in *in)
{
	uint8_t b = fuzz_byte(in);

	return b < 0xf0 ? b : fuzz_u16(in);
}

/*
 * DATA up to its first NUL, alone in a buffer of exactly its size: ASan
 * then catches a parser reading past the terminating NUL.
 */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
	size_t len = strnlen((const char *)data, size);
	char *s = fuzz_alloc(len + 1);

	memcpy(s, data, len);
	s[len] = '\0';
	return s;
}

/*
 * The well-formed sequence at S (LEN > 0 bytes), by Table 3-7 of the
 * Unicode standard: its length and code point, or 0 when S does not start
 * one.
 */
static inline size_t ref_utf8_seq(const unsigned char *s, size_t len,
				  unsigned int *cp)
{
	static const struct {
		unsigned char lo, hi;	/* the lead byte */
		unsigned char lo2, hi2;	/* the byte after it */
		size_t n;
	} rows[] = {
		{ 0xc2, 0xdf, 0x80, 0xbf, 2 },
		{ 0xe0, 0xe0, 0xa0, 0xbf, 3 },
		{ 0xe1, 0xec, 0x80, 0xbf, 3 },
		{ 0xed, 0xed, 0x80, 0x9f, 3 },
		{ 0xee, 0xef, 0x80, 0xbf, 3 },
		{ 0xf0, 0xf0, 0x90, 0xbf, 4 },
		{ 0xf1, 0xf3, 0x80, 0xbf, 4 },
		{ 0xf4, 0xf4, 0x80, 0x8f, 4 },
	};
	static const unsigned int lead_bits[] = { 0, 0, 0x1f, 0x0f, 0x07 };
	size_t r, i, n;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	for (r = 0; r < sizeof(rows) / sizeof(rows[0]); r++)
		if (s[0] >= rows[r].lo && s[0] <= rows[r].hi)
			break;
	if (r == sizeof(rows) / sizeof(rows[0]))
		return 0;
	n = rows[r].n;
	if (len < n || s[1] < rows[r].lo2 || s[1] > rows[r].hi2)
		return 0;
	for (i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	*cp = s[0] & lead_bits[n];
	for (i = 1; i < n; i++)
		*cp = *cp << 6 | (s[i] & 0x3f);
	return n;
}

/* C0 and C1 control characters and DEL: what a terminal may act on. */
static inline bool ref_control(unsigned int cp)
{
	return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f);
}

/*
 * S (LEN bytes) is well-formed UTF-8 with no control character but for
 * the bytes in ALLOWED (e.g. "\n").
 */
static inline bool ref_clean_text(const char *s, size_t len,
				  const char *allowed)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned int cp;
	size_t i = 0, n;

	while (i < len) {
		n = ref_utf8_seq(u + i, len - i, &cp);
		if (!n)
			return false;
		if (ref_control(cp) && !(cp && strchr(allowed, (int)cp)))
			return false;
		i += n;
	}
	return true;
}

#endif
