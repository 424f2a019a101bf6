// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/num_text.h"
#include "output/json_text.h"

/* The short escapes json-c writes; any other byte below 0x20 is \u00xx. */
static char short_escape(unsigned char c)
{
	switch (c) {
	case '"': return '"';
	case '\\': return '\\';
	case '\b': return 'b';
	case '\f': return 'f';
	case '\n': return 'n';
	case '\r': return 'r';
	case '\t': return 't';
	default: return 0;
	}
}

static void put_escaped(FILE *out, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, run = 0;
	unsigned char c;
	char e;

	for (i = 0; s[i]; i++) {
		c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		fwrite(s + run, 1, i - run, out);
		run = i + 1;
		e = short_escape(c);
		if (e) {
			fputc('\\', out);
			fputc(e, out);
		} else {
			fputs("\\u00", out);
			fputc(hex[c >> 4], out);
			fputc(hex[c & 0xf], out);
		}
	}
	fwrite(s + run, 1, i - run, out);
}

/*
 * Bytes a JSON string does not take as they are: control bytes (the
 * terminating NUL among them), '"' and '\\', and those above ASCII, which
 * must be checked as UTF-8 first.
 */
static const bool not_plain[256] = {
	[0x00 ... 0x1f] = true, ['"'] = true, ['\\'] = true,
	[0x80 ... 0xff] = true,
};

void rr_json_put_str(FILE *out, const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = 0;
	bool failed;
	char *fixed;

	/* Most strings are plain ASCII: one scan, one write. */
	while (!not_plain[u[n]])
		n++;
	fputc('"', out);
	if (!u[n]) {
		fwrite(s, 1, n, out);
		fputc('"', out);
		return;
	}
	fixed = rr_utf8_fix(s, &failed);
	if (failed)
		abort();	/* out of memory while printing */
	put_escaped(out, fixed ? fixed : s);
	fputc('"', out);
	free(fixed);
}

/* N bytes of S onto BUF (of LEN, *AT used): false when they do not fit. */
static bool append(char *buf, size_t len, size_t *at, const char *s, size_t n)
{
	if (n > len - *at)
		return false;
	memcpy(buf + *at, s, n);
	*at += n;
	return true;
}

/* S quoted: false when it needs escaping, or does not fit. */
static bool append_plain_str(char *buf, size_t len, size_t *at, const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = 0;

	while (!not_plain[u[n]])
		n++;
	if (u[n] || n + 2 > len - *at)
		return false;
	buf[(*at)++] = '"';
	memcpy(buf + *at, s, n);
	*at += n;
	buf[(*at)++] = '"';
	return true;
}

static bool append_value(char *buf, size_t len, size_t *at,
			 const struct pr_value *v)
{
	char num[RR_INT_TEXT], *t;

	switch (v->type) {
	case PV_STR:
		return append_plain_str(buf, len, at, v->s);
	case PV_INT:
		t = rr_int_text(v->i, num);
		return append(buf, len, at, t, (size_t)(num + sizeof(num) - t));
	case PV_BOOL:
		return v->i ? append(buf, len, at, "true", 4) :
			      append(buf, len, at, "false", 5);
	case PV_NUM:
		return append(buf, len, at, v->num_text, strlen(v->num_text));
	default:
		return append(buf, len, at, "null", 4);
	}
}

size_t rr_json_member_text(char *buf, size_t len, const char *sep,
			   const char *key, const char *colon,
			   const struct pr_value *v)
{
	size_t at = 0;

	if (!append(buf, len, &at, sep, strlen(sep)))
		return 0;
	if (key && (!append_plain_str(buf, len, &at, key) ||
		    !append(buf, len, &at, colon, strlen(colon))))
		return 0;
	return append_value(buf, len, &at, v) ? at : 0;
}

void rr_json_raw_key(char *buf, size_t len, const char *key)
{
	size_t n = strnlen(key, len - sizeof("_raw"));

	memcpy(buf, key, n);
	memcpy(buf + n, "_raw", sizeof("_raw"));
}

void rr_json_put_value(FILE *out, const struct pr_value *v)
{
	char buf[256];
	size_t n = 0;

	if (append_value(buf, sizeof(buf), &n, v))
		fwrite(buf, 1, n, out);
	else
		rr_json_put_str(out, v->s);	/* only a string can fail */
}
