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

void rr_json_put_str(FILE *out, const char *s)
{
	bool failed;
	char *fixed = rr_utf8_fix(s, &failed);

	if (failed)
		abort();	/* out of memory while printing */
	fputc('"', out);
	put_escaped(out, fixed ? fixed : s);
	fputc('"', out);
	free(fixed);
}

void rr_json_put_value(FILE *out, const struct pr_value *v)
{
	switch (v->type) {
	case PV_STR:
		rr_json_put_str(out, v->s);
		break;
	case PV_INT:
		fprintf(out, "%lld", v->i);
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
