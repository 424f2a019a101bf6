// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"

/* Bytes after a lead byte, 0 when B cannot start a sequence. */
static size_t continuation_bytes(unsigned char b)
{
	if (b >= 0xc2 && b <= 0xdf)
		return 1;
	if (b >= 0xe0 && b <= 0xef)
		return 2;
	if (b >= 0xf0 && b <= 0xf4)
		return 3;
	return 0;
}

size_t rr_utf8_unit(const char *s, size_t len, bool *bad, bool *control)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned int cp;
	size_t n, i;

	*bad = false;
	*control = false;
	if (u[0] < 0x80) {
		*control = u[0] < 0x20 || u[0] == 0x7f;
		return 1;
	}
	n = continuation_bytes(u[0]);
	if (!n || n >= len)
		goto invalid;
	cp = u[0] & (0x3f >> n);
	for (i = 1; i <= n; i++) {
		if ((u[i] & 0xc0) != 0x80)
			goto invalid;
		cp = cp << 6 | (u[i] & 0x3f);
	}
	/* Overlong forms, UTF-16 surrogates, beyond U+10FFFF. */
	if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		goto invalid;
	*control = cp >= 0x80 && cp <= 0x9f;
	return n + 1;
invalid:
	*bad = true;
	return 1;
}

bool rr_utf8_valid(const char *s, size_t len)
{
	bool bad, control;
	size_t i = 0;

	while (i < len) {
		/* ASCII, nearly all the tool prints, needs no decoding. */
		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		i += rr_utf8_unit(s + i, len - i, &bad, &control);
		if (bad)
			return false;
	}
	return true;
}

/* Bytes the unit at S takes once shown: \xNN for each byte, or itself. */
static size_t shown_size(const char *s, size_t len, size_t *unit)
{
	bool bad, control;

	*unit = rr_utf8_unit(s, len, &bad, &control);
	return bad || control ? 4 * *unit : *unit;
}

const char *rr_escape(const char *s, size_t len, char *out, size_t out_len)
{
	static const char cut[] = "...";
	size_t i, o = 0, n, k, need, total = 0, room;

	if (!out_len)
		return out;
	for (i = 0; i < len; i += n)
		total += shown_size(s + i, len - i, &n);
	/* All of it when it fits; else as much as fits before "...". */
	room = total < out_len ? out_len - 1 :
	       out_len >= sizeof(cut) ? out_len - sizeof(cut) : 0;
	for (i = 0; i < len; i += n) {
		need = shown_size(s + i, len - i, &n);
		if (o + need > room)
			break;
		if (need == n) {
			memcpy(out + o, s + i, n);
			o += n;
			continue;
		}
		for (k = 0; k < n; k++)
			o += (size_t)snprintf(out + o, out_len - o, "\\x%02x",
					      (unsigned char)s[i + k]);
	}
	if (i < len && out_len >= sizeof(cut)) {
		memcpy(out + o, cut, sizeof(cut));
		return out;
	}
	out[o] = '\0';
	return out;
}

char *rr_utf8_fix(const char *s, bool *failed)
{
	size_t len = strlen(s), i = 0, o = 0, n;
	bool bad, control;
	char *out;

	*failed = false;
	if (rr_utf8_valid(s, len))
		return NULL;
	out = malloc(4 * len + 1);
	if (!out) {
		*failed = true;
		return NULL;
	}
	while (i < len) {
		n = rr_utf8_unit(s + i, len - i, &bad, &control);
		if (bad) {
			o += (size_t)sprintf(out + o, "\\x%02x", (unsigned char)s[i]);
		} else {
			memcpy(out + o, s + i, n);
			o += n;
		}
		i += n;
	}
	out[o] = '\0';
	return out;
}

const char *rr_shown(const char *text, char *out, size_t out_len)
{
	return rr_escape(text, strlen(text), out, out_len);
}
