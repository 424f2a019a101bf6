/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A tiny SVG (XML) writer for --svg: elements, attributes, text, each
 * escaped so that the file is always well-formed, whatever a host name
 * holds (&, <, quotes, control characters, bytes that are no UTF-8).
 * No I/O but the stream given; the caller checks its errors.
 */
#ifndef RR_SVG_H
#define RR_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Elements open at once, at most: a picture is shallow. */
#define SVG_MAX_DEPTH 16

struct svg {
	FILE *f;
	const char *open[SVG_MAX_DEPTH];	/* names, outermost first */
	int depth;
	bool in_tag;		/* the last start tag takes attributes still */
};

/*
 * S (LEN bytes) into F as XML character data or a double-quoted
 * attribute's value: & < > " as entities; control characters (C0, DEL,
 * C1), bytes that are no UTF-8 and the non-characters U+FFFE, U+FFFF as
 * \xNN, as the tool shows them everywhere (XML takes none of them).
 */
void svg_escape(FILE *f, const char *s, size_t len);

/* The XML declaration and the <svg> element, WIDTH x HEIGHT pixels. */
void svg_begin(struct svg *s, FILE *f, unsigned long width,
	       unsigned long height);
/* Every element still open closed, </svg> last. */
void svg_end(struct svg *s);

/* <NAME: attributes may follow until text, a child or its close. */
void svg_open(struct svg *s, const char *name);
void svg_attr(struct svg *s, const char *name, const char *value);
void svg_attr_num(struct svg *s, const char *name, long value);
/* Character data of the element open. */
void svg_text(struct svg *s, const char *text);
/* The innermost element closed: "/>" when it holds nothing. */
void svg_close(struct svg *s);

/* <NAME ...>TEXT</NAME>, its attributes given as NULL-ended pairs. */
void svg_leaf(struct svg *s, const char *name, const char *text, ...);

#endif
