// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "input/json_scan.h"

/* A file is read this much at a time. */
#define CHUNK (64U << 10)

void rr_js_init_mem(struct rr_json_scan *s, const char *text, size_t len)
{
	memset(s, 0, sizeof(*s));
	s->p = (const unsigned char *)text;
	s->end = len ? s->p + len : s->p;	/* NULL + 0 is no pointer */
	s->window = s->p;
}

bool rr_js_init_file(struct rr_json_scan *s, FILE *f)
{
	memset(s, 0, sizeof(*s));
	s->f = f;
	s->buf = malloc(CHUNK);
	s->p = s->end = s->window = s->buf;
	return s->buf != NULL;
}

void rr_js_free(struct rr_json_scan *s)
{
	free(s->buf);
	free(s->cap);
	s->buf = NULL;
	s->cap = NULL;
}

unsigned long long rr_js_offset(const struct rr_json_scan *s)
{
	return s->before + (unsigned long long)(s->p - s->window);
}

/* The next chunk of a file into the window; false at its end or on error. */
static bool refill(struct rr_json_scan *s)
{
	size_t n;

	if (!s->f || s->err)
		return false;
	n = fread(s->buf, 1, CHUNK, s->f);
	if (!n) {
		if (ferror(s->f)) {
			s->err = RR_JS_IO;
			s->io_errno = errno ? errno : EIO;
		}
		return false;
	}
	s->before += (unsigned long long)(s->end - s->window);
	s->window = s->p = s->buf;
	s->end = s->buf + n;
	return true;
}

/* Byte C of the value being captured, within its bound. */
static bool keep(struct rr_json_scan *s, int c)
{
	size_t size;
	char *grown;

	if (s->cap_len == s->cap_max) {
		s->err = RR_JS_LARGE;
		return false;
	}
	if (s->cap_len + 1 >= s->cap_size) {	/* room for the NUL too */
		size = s->cap_size ? 2 * s->cap_size : 4096;
		if (size > s->cap_max + 1)
			size = s->cap_max + 1;
		grown = realloc(s->cap, size);
		if (!grown) {
			s->err = RR_JS_NOMEM;
			return false;
		}
		s->cap = grown;
		s->cap_size = size;
	}
	s->cap[s->cap_len++] = (char)c;
	return true;
}

/* The next byte without taking it, or -1. */
static int look(struct rr_json_scan *s)
{
	if (s->p == s->end && !refill(s))
		return -1;
	return *s->p;
}

/* The next byte, taken (and kept when capturing), or -1. */
static int next(struct rr_json_scan *s)
{
	int c = look(s);

	if (c < 0)
		return -1;
	s->p++;
	if (s->capturing && !keep(s, c))
		return -1;
	return c;
}

/* C, just taken, where WANTED was: the text's end, or not JSON. */
static bool unexpected(struct rr_json_scan *s, int c, const char *wanted)
{
	if (s->err)
		return false;
	if (c < 0) {
		s->err = RR_JS_TRUNCATED;
		return false;
	}
	s->err = RR_JS_SYNTAX;
	if (c > ' ' && c < 0x7f)
		snprintf(s->why, sizeof(s->why), "'%c' at byte %llu, where %s",
			 c, rr_js_offset(s), wanted);
	else
		snprintf(s->why, sizeof(s->why), "byte 0x%02x at byte %llu, where %s",
			 (unsigned int)c, rr_js_offset(s), wanted);
	return false;
}

static bool blank(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int rr_js_peek(struct rr_json_scan *s)
{
	while (blank(look(s)))
		if (next(s) < 0)
			return -1;
	return s->err ? -1 : look(s);
}

void rr_js_take(struct rr_json_scan *s)
{
	next(s);
}

/* Blanks skipped, the next byte taken. */
static int next_solid(struct rr_json_scan *s)
{
	return rr_js_peek(s) < 0 ? -1 : next(s);
}

static bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static bool hex4(struct rr_json_scan *s, unsigned int *v)
{
	int c, i, d;

	*v = 0;
	for (i = 0; i < 4; i++) {
		c = next(s);
		d = is_digit(c) ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ?
			(c | 0x20) - 'a' + 10 : -1;
		if (c < 0 || d < 0)
			return unexpected(s, c, "four hex digits after \\u were wanted");
		*v = *v << 4 | (unsigned int)d;
	}
	return true;
}

/*
 * The rest of a string, its opening quote taken; into KEY (LEN bytes)
 * when KEY is not NULL, "" when it is not printable ASCII that fits.
 */
static bool string(struct rr_json_scan *s, char *key, size_t len)
{
	static const char escapes[] = "\"\\/bfnrt";
	bool ours = key != NULL;
	unsigned int u;
	size_t n = 0;
	int c;

	for (;;) {
		c = next(s);
		if (c == '"')
			break;
		if (c == '\\') {
			c = next(s);
			if (c == 'u') {
				if (!hex4(s, &u))
					return false;
				c = (int)u;
			} else if (c <= 0 || !strchr(escapes, c)) {
				return unexpected(s, c, "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX) was wanted");
			} else if (strchr("bfnrt", c)) {
				c = 0;	/* a control character: no key of ours */
			}
		} else if (c < 0x20) {
			return unexpected(s, c, "a string's character was wanted (control characters escaped)");
		}
		if (ours && (c < ' ' || c >= 0x7f || n + 1 >= len))
			ours = false;
		if (ours)
			key[n++] = (char)c;
	}
	if (key)
		key[ours ? n : 0] = '\0';
	return true;
}

/* The rest of a word (true, false, null) whose first byte was taken. */
static bool word(struct rr_json_scan *s, const char *rest)
{
	int c;

	for (; *rest; rest++) {
		c = next(s);
		if (c != *rest)
			return unexpected(s, c, "true, false or null was wanted");
	}
	return true;
}

/* Digits, at least one: the first is C, taken. */
static bool digits(struct rr_json_scan *s, int c)
{
	if (!is_digit(c))
		return unexpected(s, c, "a digit was wanted");
	while (is_digit(look(s)))
		next(s);
	return true;
}

/* The rest of a number whose first byte, C, was taken. */
static bool number(struct rr_json_scan *s, int c)
{
	if (c == '-')
		c = next(s);
	if (c == '0') {
		if (is_digit(look(s)))
			return unexpected(s, next(s), "no digit after a leading 0 was wanted");
	} else if (!digits(s, c)) {
		return false;
	}
	if (look(s) == '.') {
		next(s);
		if (!digits(s, next(s)))
			return false;
	}
	if ((look(s) | 0x20) == 'e') {
		next(s);
		if (look(s) == '+' || look(s) == '-')
			next(s);
		if (!digits(s, next(s)))
			return false;
	}
	return true;
}

/* A scalar whose first byte, C, was taken. */
static bool scalar(struct rr_json_scan *s, int c)
{
	switch (c) {
	case '"':
		return string(s, NULL, 0);
	case 't':
		return word(s, "rue");
	case 'f':
		return word(s, "alse");
	case 'n':
		return word(s, "ull");
	default:
		if (c == '-' || is_digit(c))
			return number(s, c);
		return unexpected(s, c, "a value was wanted");
	}
}

bool rr_js_more(struct rr_json_scan *s, char close, bool *first)
{
	int c = rr_js_peek(s);

	if (c == close) {
		next(s);
		return false;
	}
	if (c < 0)
		return unexpected(s, c, "");
	if (*first) {
		*first = false;
		return true;
	}
	next(s);
	if (c != ',')
		return unexpected(s, c, close == '}' ? "',' or '}' was wanted" :
				  "',' or ']' was wanted");
	return true;
}

bool rr_js_key(struct rr_json_scan *s, char *key, size_t len)
{
	int c = next_solid(s);

	if (c != '"')
		return unexpected(s, c, "a key (a string) was wanted");
	if (!string(s, key, len))
		return false;
	c = next_solid(s);
	if (c != ':')
		return unexpected(s, c, "':' after a key was wanted");
	return true;
}

bool rr_js_skip(struct rr_json_scan *s)
{
	enum { VALUE, KEY, AFTER } want = VALUE;
	char open[RR_JS_MAX_DEPTH];	/* each level's closing byte */
	size_t depth = 0;
	int c;

	for (;;) {
		c = next_solid(s);
		if (want == KEY) {
			if (c != '"' || !string(s, NULL, 0))
				return unexpected(s, c, "a key (a string) was wanted");
			c = next_solid(s);
			if (c != ':')
				return unexpected(s, c, "':' after a key was wanted");
			want = VALUE;
			continue;
		}
		if (want == AFTER) {
			if (c == open[depth - 1]) {
				depth--;
			} else if (c == ',') {
				want = open[depth - 1] == '}' ? KEY : VALUE;
				continue;
			} else {
				return unexpected(s, c, open[depth - 1] == '}' ?
						  "',' or '}' was wanted" :
						  "',' or ']' was wanted");
			}
		} else if (c == '{' || c == '[') {
			if (depth == RR_JS_MAX_DEPTH) {
				s->err = RR_JS_DEEP;
				return false;
			}
			open[depth++] = c == '{' ? '}' : ']';
			if (rr_js_peek(s) == open[depth - 1]) {
				next(s);
				depth--;
			} else {
				want = c == '{' ? KEY : VALUE;
				continue;
			}
		} else if (!scalar(s, c)) {
			return false;
		}
		/* A value ended. */
		if (!depth)
			return !s->err;
		want = AFTER;
	}
}

bool rr_js_capture(struct rr_json_scan *s, size_t max, const char **text,
		   size_t *len)
{
	bool ok;

	if (rr_js_peek(s) < 0)
		return unexpected(s, -1, "");
	s->cap_len = 0;
	s->cap_max = max;
	s->capturing = true;
	ok = rr_js_skip(s);
	s->capturing = false;
	if (!ok)
		return false;
	s->cap[s->cap_len] = '\0';	/* keep() left room */
	*text = s->cap;
	*len = s->cap_len;
	return true;
}
