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

/* The most elements open at once: a picture is shallow. */
#define SVG_MAX_DEPTH 16

struct svg {
	FILE *f;
	const char *open[SVG_MAX_DEPTH];	/* names, outermost first */
	int depth;
	bool in_tag;		/* the last start tag still takes attributes */
};

/*
 * Writes S (LEN bytes) into F as XML character data or a double-quoted
 * attribute's value: & < > " as entities; control characters (C0, DEL,
 * C1), bytes that are not UTF-8 and the non-characters U+FFFE, U+FFFF as
 * \xNN, as the tool shows them everywhere (XML takes none of them).
 */
void svg_escape(FILE *f, const char *s, size_t len);

/*
 * Starts S on F: writes the XML declaration and opens the <svg> element,
 * WIDTH x HEIGHT pixels.
 */
void svg_begin(struct svg *s, FILE *f, unsigned long width,
	       unsigned long height);
/* Closes every element still open, </svg> last. */
void svg_end(struct svg *s);

/*
 * Opens element NAME ("<NAME"); attributes may follow until its text, a
 * child or its close.
 */
void svg_open(struct svg *s, const char *name);
void svg_attr(struct svg *s, const char *name, const char *value);
void svg_attr_num(struct svg *s, const char *name, long value);
/* Writes TEXT as character data of the element open. */
void svg_text(struct svg *s, const char *text);
/* Closes the innermost element, with "/>" when it holds nothing. */
void svg_close(struct svg *s);

/*
 * Writes a whole element, <NAME ...>TEXT</NAME>, its attributes given as
 * name and value pairs ended by NULL.
 */
void svg_leaf(struct svg *s, const char *name, const char *text, ...);

#endif
