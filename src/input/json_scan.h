/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A JSON text read in order, in bounded memory, from a file (a chunk at
 * a time) or from memory: for a reader that wants a few members of a
 * large document and must refuse a wrong one by its shape before holding
 * it (json-c builds the whole tree first: some forty bytes of heap for
 * each byte of "[0,0,...").  Values are skipped (checked as RFC 8259
 * JSON, nothing kept) or their bytes captured up to a bound for json-c
 * to parse one at a time; an object's keys are read as short words.
 * Nesting is bounded.  Strict JSON only: no comments, no single quotes,
 * no raw control characters in strings.
 */
#ifndef RR_JSON_SCAN_H
#define RR_JSON_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The deepest a value skipped or captured nests (json-c parses 32). */
#define RR_JS_MAX_DEPTH 30

enum rr_js_error {
	RR_JS_FINE,
	RR_JS_TRUNCATED,	/* the text ended inside a value */
	RR_JS_SYNTAX,		/* not JSON: why says where and what */
	RR_JS_DEEP,		/* nested deeper than RR_JS_MAX_DEPTH */
	RR_JS_LARGE,		/* a value captured past its bound */
	RR_JS_IO,		/* the read failed: errno in io_errno */
	RR_JS_NOMEM,
};

struct rr_json_scan {
	FILE *f;			/* NULL: the text is all in memory */
	const unsigned char *p, *end;	/* read, not yet taken */
	unsigned long long before;	/* bytes taken before the window */
	const unsigned char *window;	/* where the window starts */
	unsigned char *buf;		/* a file's chunk */
	/* The value being captured: its bytes so far, and its bound. */
	bool capturing;
	char *cap;
	size_t cap_len, cap_size, cap_max;
	enum rr_js_error err;
	int io_errno;
	char why[96];			/* RR_JS_SYNTAX's words */
};

/* Sets up S to read the LEN bytes at TEXT, which must outlive S. */
void rr_js_init_mem(struct rr_json_scan *s, const char *text, size_t len);
/* Sets up S to read F from where it is.  Returns false on ENOMEM. */
bool rr_js_init_file(struct rr_json_scan *s, FILE *f);
void rr_js_free(struct rr_json_scan *s);

/* Bytes taken so far. */
unsigned long long rr_js_offset(const struct rr_json_scan *s);
/*
 * Skips blanks; returns the next byte, not taken, or -1 at the end of
 * the text or on an error (S's err says which).
 */
int rr_js_peek(struct rr_json_scan *s);
/* Takes the next byte, which rr_js_peek() has just returned. */
void rr_js_take(struct rr_json_scan *s);
/*
 * Inside an object or an array whose opening byte was taken, *FIRST true
 * at first: true when a member or an element follows (its comma taken),
 * false at CLOSE (taken) or on an error.
 */
bool rr_js_more(struct rr_json_scan *s, char close, bool *first);
/*
 * Reads an object's key and its colon.  KEY (LEN bytes) gets its text
 * when it is printable ASCII that fits, else "" (no key of a reader's).
 */
bool rr_js_key(struct rr_json_scan *s, char *key, size_t len);
/* Skips the next value, checking it. */
bool rr_js_skip(struct rr_json_scan *s);
/*
 * Reads the next value into *TEXT (LEN bytes, NUL-terminated, S's own
 * until the next capture): RR_JS_LARGE past MAX bytes.
 */
bool rr_js_capture(struct rr_json_scan *s, size_t max, const char **text,
		   size_t *len);

#endif
