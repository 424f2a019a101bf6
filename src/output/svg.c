// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>
#include <string.h>

#include "base/escape.h"
#include "output/svg.h"

/* U+FFFE and U+FFFF: valid UTF-8, but no character XML takes. */
static bool non_character(const unsigned char *u, size_t n)
{
	return n == 3 && u[0] == 0xef && u[1] == 0xbf &&
	       (u[2] == 0xbe || u[2] == 0xbf);
}

static void put_bytes_hex(FILE *f, const unsigned char *u, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(f, "\\x%02x", u[i]);
}

void svg_escape(FILE *f, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	bool bad, control;
	size_t i = 0, n;

	while (i < len) {
		switch (u[i]) {
		case '&':
			fputs("&amp;", f);
			i++;
			continue;
		case '<':
			fputs("&lt;", f);
			i++;
			continue;
		case '>':
			fputs("&gt;", f);
			i++;
			continue;
		case '"':
			fputs("&quot;", f);
			i++;
			continue;
		}
		n = rr_utf8_unit(s + i, len - i, &bad, &control);
		if (bad || control || non_character(u + i, n))
			put_bytes_hex(f, u + i, n);
		else
			fwrite(u + i, 1, n, f);
		i += n;
	}
}

/* The start tag open still: ended, so that content may follow. */
static void end_start_tag(struct svg *s)
{
	if (!s->in_tag)
		return;
	fputc('>', s->f);
	s->in_tag = false;
}

void svg_begin(struct svg *s, FILE *f, unsigned long width,
	       unsigned long height)
{
	memset(s, 0, sizeof(*s));
	s->f = f;
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	svg_open(s, "svg");
	svg_attr(s, "xmlns", "http://www.w3.org/2000/svg");
	svg_attr_num(s, "width", (long)width);
	svg_attr_num(s, "height", (long)height);
	fprintf(f, " viewBox=\"0 0 %lu %lu\"", width, height);
}

void svg_end(struct svg *s)
{
	while (s->depth)
		svg_close(s);
}

void svg_open(struct svg *s, const char *name)
{
	end_start_tag(s);
	/* Deeper than any picture here goes is a bug: never past OPEN. */
	if (s->depth == SVG_MAX_DEPTH)
		return;
	s->open[s->depth++] = name;
	fprintf(s->f, "<%s", name);
	s->in_tag = true;
}

void svg_attr(struct svg *s, const char *name, const char *value)
{
	if (!s->in_tag)
		return;
	fprintf(s->f, " %s=\"", name);
	svg_escape(s->f, value, strlen(value));
	fputc('"', s->f);
}

void svg_attr_num(struct svg *s, const char *name, long value)
{
	if (s->in_tag)
		fprintf(s->f, " %s=\"%ld\"", name, value);
}

void svg_text(struct svg *s, const char *text)
{
	end_start_tag(s);
	svg_escape(s->f, text, strlen(text));
}

void svg_close(struct svg *s)
{
	const char *name;

	if (!s->depth)
		return;
	name = s->open[--s->depth];
	if (s->in_tag)
		fputs("/>", s->f);
	else
		fprintf(s->f, "</%s>", name);
	s->in_tag = false;
	/* A line per element at the top levels: diff and grep read it. */
	if (s->depth <= 2)
		fputc('\n', s->f);
}

void svg_leaf(struct svg *s, const char *name, const char *text, ...)
{
	const char *attr, *value;
	va_list ap;

	svg_open(s, name);
	va_start(ap, text);
	while ((attr = va_arg(ap, const char *))) {
		value = va_arg(ap, const char *);
		svg_attr(s, attr, value);
	}
	va_end(ap);
	if (text)
		svg_text(s, text);
	svg_close(s);
}
