// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * src/escape.c on any bytes, NULs included, against the UTF-8 decoder of
 * fuzz.h (written from the Unicode table, not from escape.c).  Checks:
 * - rr_utf8_unit() gives the well-formed sequence's length, or 1 and BAD;
 *   CONTROL exactly for C0, C1 and DEL;
 * - rr_utf8_valid() agrees with the reference everywhere;
 * - rr_escape() output fits OUT_LEN, is well-formed UTF-8 with no control
 *   character, and is the reference escaping (valid units as they are,
 *   others as \xNN per byte) or, when OUT is too small, a prefix of it
 *   that ends between units, followed by "..." when there is room;
 * - rr_utf8_fix() returns NULL for valid text, else the reference fix
 *   (only invalid bytes as \xNN), which is valid UTF-8.
 * The first byte picks rr_escape()'s OUT_LEN; all of the input is text.
 */
#include "base/escape.h"
#include "fuzz.h"

static const char cut[] = "...";

/*
 * The escaping as documented; AT[o] is true where a unit's output starts
 * (and at the end): where a cut may fall.
 */
static char *ref_escape(const char *s, size_t len, bool fix_only,
			bool **at, size_t *out_len)
{
	char *out = fuzz_alloc(4 * len + 1);
	bool *starts = calloc(4 * len + 1, sizeof(*starts));
	unsigned int cp;
	size_t i = 0, o = 0, n, k;

	if (!starts)
		abort();
	while (i < len) {
		starts[o] = true;
		n = ref_utf8_seq((const unsigned char *)s + i, len - i, &cp);
		if (n && (fix_only || !ref_control(cp))) {
			memcpy(out + o, s + i, n);
			o += n;
			i += n;
			continue;
		}
		/* An invalid byte alone, a control character byte by byte. */
		for (k = 0; k < (n ? n : 1); k++)
			o += (size_t)sprintf(out + o, "\\x%02x",
					     (unsigned char)s[i + k]);
		i += n ? n : 1;
	}
	starts[o] = true;
	out[o] = '\0';
	if (at)
		*at = starts;
	else
		free(starts);
	*out_len = o;
	return out;
}

static void check_units(const char *s, size_t len)
{
	unsigned int cp;
	bool bad, control;
	size_t i, n, ref;

	for (i = 0; i < len; i++) {
		n = rr_utf8_unit(s + i, len - i, &bad, &control);
		ref = ref_utf8_seq((const unsigned char *)s + i, len - i, &cp);
		fuzz_check(bad == !ref);
		fuzz_check(n == (ref ? ref : 1));
		fuzz_check(control == (ref && ref_control(cp)));
	}
	/* Units from the start, as rr_utf8_valid() walks them. */
	for (i = 0; i < len; i += ref ? ref : 1) {
		ref = ref_utf8_seq((const unsigned char *)s + i, len - i, &cp);
		if (!ref)
			break;
	}
	fuzz_check(rr_utf8_valid(s, len) == (i >= len));
	fuzz_check(rr_utf8_valid(s, 0));
}

static void check_escape(const char *s, size_t len, size_t out_len)
{
	char *out = fuzz_alloc(out_len), *full;
	size_t full_len, o, keep;
	bool *at;

	memset(out, 0x55, out_len);
	fuzz_check(rr_escape(s, len, out, out_len) == out);
	full = ref_escape(s, len, false, &at, &full_len);
	o = strnlen(out, out_len);
	fuzz_check(o < out_len);
	fuzz_check(ref_clean_text(out, o, ""));
	if (o == full_len && !memcmp(out, full, o)) {
		/* Whole: then it needed no more room than it was given. */
		fuzz_check(full_len < out_len);
	} else {
		/* Cut: a prefix ending between units, then "..." if it fits. */
		fuzz_check(full_len + 1 > out_len);
		keep = o >= strlen(cut) && !strcmp(out + o - strlen(cut), cut) ?
		       o - strlen(cut) : o;
		fuzz_check(keep <= full_len && at[keep]);
		fuzz_check(!memcmp(out, full, keep));
		fuzz_check(keep < o || out_len < sizeof(cut));
	}
	free(at);
	free(full);
	free(out);
}

static void check_fix(const char *s)
{
	size_t len = strlen(s), want_len;
	bool failed;
	char *fixed = rr_utf8_fix(s, &failed), *want;

	fuzz_check(!failed);
	want = ref_escape(s, len, true, NULL, &want_len);
	if (!fixed) {
		fuzz_check(want_len == len && !memcmp(want, s, len));
	} else {
		fuzz_check(!strcmp(fixed, want));
		fuzz_check(strcmp(fixed, s));
		fuzz_check(rr_utf8_valid(fixed, strlen(fixed)));
	}
	free(want);
	free(fixed);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	char *text;

	check_units(s, size);
	if (size) {
		/* Small outputs are where cutting goes wrong. */
		check_escape(s + 1, size - 1, 1 + data[0] % 48);
		check_escape(s + 1, size - 1, 4 * (size - 1) + 1);
	}
	text = fuzz_text(data, size);
	check_fix(text);
	free(text);
	return 0;
}
