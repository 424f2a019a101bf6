// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/output/svg.c: whatever a host name holds, the text
 * and attributes written are well-formed XML, and readable names pass.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "output/svg.h"
#include "../tap.h"

/* S (LEN bytes) through svg_escape(), into BUF. */
static const char *escaped(const char *s, size_t len, char *buf, size_t size)
{
	FILE *f = fmemopen(buf, size, "w");

	svg_escape(f, s, len);
	fclose(f);
	return buf;
}

static const char *esc(const char *s, char *buf, size_t size)
{
	return escaped(s, strlen(s), buf, size);
}

/* A little document written with the writer, into BUF. */
static const char *document(char *buf, size_t size)
{
	FILE *f = fmemopen(buf, size, "w");
	struct svg s;

	svg_begin(&s, f, 20, 10);
	svg_open(&s, "g");
	svg_attr(&s, "id", "a\"b");
	svg_leaf(&s, "rect", NULL, "x", "1", "fill", "#fff", NULL);
	svg_leaf(&s, "title", "h&1 → <h2>", NULL);
	svg_open(&s, "text");
	svg_attr_num(&s, "y", -3);
	svg_end(&s);
	fclose(f);
	return buf;
}

int main(void)
{
	char buf[1024];

	is_str(esc("mx1.example", buf, sizeof(buf)), "mx1.example",
	       "a plain name as it is");
	is_str(esc("a&b<c>d\"e'f", buf, sizeof(buf)),
	       "a&amp;b&lt;c&gt;d&quot;e'f", "the markup characters as entities");
	is_str(esc("tab\there\nbell\a", buf, sizeof(buf)),
	       "tab\\x09here\\x0abell\\x07", "C0 controls as \\xNN");
	is_str(esc("del\x7f", buf, sizeof(buf)), "del\\x7f", "DEL as \\xNN");
	is_str(esc("c1\xc2\x85", buf, sizeof(buf)), "c1\\xc2\\x85",
	       "a C1 control (NEL) as \\xNN");
	is_str(esc("bad\xff\xc3", buf, sizeof(buf)), "bad\\xff\\xc3",
	       "bytes that are no UTF-8 as \\xNN");
	is_str(esc("nc\xef\xbf\xbe\xef\xbf\xbf", buf, sizeof(buf)),
	       "nc\\xef\\xbf\\xbe\\xef\\xbf\\xbf", "U+FFFE, U+FFFF as \\xNN");
	is_str(esc("höst → ✓ \xf0\x9f\x98\x80", buf, sizeof(buf)),
	       "höst → ✓ \xf0\x9f\x98\x80", "UTF-8 text as it is");
	is_str(escaped("a\0b", 3, buf, sizeof(buf)), "a\\x00b",
	       "a NUL byte as \\x00");
	is_str(document(buf, sizeof(buf)),
	       "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	       "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\" viewBox=\"0 0 20 10\">"
	       "<g id=\"a&quot;b\"><rect x=\"1\" fill=\"#fff\"/>\n"
	       "<title>h&amp;1 → &lt;h2&gt;</title>\n"
	       "<text y=\"-3\"/>\n</g>\n</svg>\n",
	       "elements closed in order, empty ones as />");
	return tap_done();
}
