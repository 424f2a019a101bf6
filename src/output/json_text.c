// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
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

void rr_json_put_int(FILE *out, long long v)
{
	char buf[24], *p = buf + sizeof(buf);
	unsigned long long u = v < 0 ? 0 - (unsigned long long)v :
				       (unsigned long long)v;

	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	fwrite(p, 1, (size_t)(buf + sizeof(buf) - p), out);
}

void rr_json_put_value(FILE *out, const struct pr_value *v)
{
	switch (v->type) {
	case PV_STR:
		rr_json_put_str(out, v->s);
		break;
	case PV_INT:
		rr_json_put_int(out, v->i);
		break;
	case PV_BOOL:
		fputs(v->i ? "true" : "false", out);
		break;
	case PV_NUM:
		fputs(v->num_text, out);
		break;
	default:
		fputs("null", out);
		break;
	}
}
