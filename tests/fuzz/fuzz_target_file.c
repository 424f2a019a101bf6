// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rr_read_target_file() (-f) over the input as a file, via fmemopen().
 * Checks every call against a model of the rules target_file.h states:
 * lines split at '\n', '#' comments (a '#' inside double quotes is
 * text) and blank lines skipped, white space trimmed; a line longer
 * than RR_LINE_MAX or holding a NUL is a problem (its first RR_LINE_MAX
 * bytes shown) and reading goes on; a line with no
 * end within RR_LINE_GIVE_UP stops it.  So: line numbers increase, a
 * problem-free text is never longer than RR_LINE_MAX, holds no NUL and is
 * NUL-terminated, and a callback asking to stop is obeyed with its errno.
 *
 * Input: one mode byte, then the file.  Mode bit 0 expands the file, so
 * that long lines cost the fuzzer a few bytes: 0x01 N B is B repeated
 * (N + 1) * 64 times.  Bits 1-3: the callback stops at that call (0 never).
 */
#include <ctype.h>
#include <errno.h>

#include "input/target_file.h"
#include "fuzz.h"

#define EXPAND_MAX (2 * RR_LINE_GIVE_UP)

/* One call the reader should make. */
struct event {
	unsigned long line;
	const char *text;
	size_t len;
	bool problem;
};

struct model {
	struct event *ev;
	size_t n, cap;
	bool not_text;		/* ends with RR_READ_NOT_TEXT */
};

struct run {
	const struct model *m;
	size_t calls;
	size_t stop_at;		/* 1-based call to answer -1, 0 never */
	unsigned long last_line;
};

static void add_event(struct model *m, unsigned long line, const char *text,
		      size_t len, bool problem)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 64;
		m->ev = realloc(m->ev, m->cap * sizeof(*m->ev));
		if (!m->ev)
			abort();
	}
	m->ev[m->n++] = (struct event){ line, text, len, problem };
}

/* Where the line's comment starts: the first '#' outside double quotes. */
static size_t comment_at(const char *s, size_t total)
{
	bool quoted = false;
	size_t i;

	for (i = 0; i < total; i++) {
		if (s[i] == '"')
			quoted = !quoted;
		else if (s[i] == '#' && !quoted)
			return i;
	}
	return total;
}

/* The destination of a line the rules let through, or LEN 0. */
static const char *trimmed(const char *s, size_t total, size_t *len)
{
	size_t end = comment_at(s, total), start = 0;

	while (start < end && isspace((unsigned char)s[start]))
		start++;
	while (end > start && isspace((unsigned char)s[end - 1]))
		end--;
	*len = end - start;
	return s + start;
}

static void model_file(const char *f, size_t size, struct model *m)
{
	unsigned long line = 0;
	const char *p = f, *nl, *dest;
	size_t total, len;

	while (p < f + size) {
		nl = memchr(p, '\n', (size_t)(f + size - p));
		total = nl ? (size_t)(nl - p) : (size_t)(f + size - p);
		line++;
		if (total > RR_LINE_GIVE_UP) {
			add_event(m, line, p, RR_LINE_MAX, true);
			m->not_text = true;
			return;
		}
		if (total > RR_LINE_MAX) {
			add_event(m, line, p, RR_LINE_MAX, true);
		} else if (memchr(p, '\0', total)) {
			add_event(m, line, p, total, true);
		} else {
			dest = trimmed(p, total, &len);
			if (len)
				add_event(m, line, dest, len, false);
		}
		if (!nl)
			break;
		p = nl + 1;
	}
}

static int on_line(void *ctx, const char *text, size_t len,
		   unsigned long line, const char *problem)
{
	struct run *r = ctx;
	const struct event *want;

	/* What holds whatever the model says. */
	fuzz_check(line > r->last_line);
	fuzz_check(len <= RR_LINE_MAX);
	fuzz_check(text[len] == '\0');
	if (!problem) {
		fuzz_check(len > 0);
		fuzz_check(!memchr(text, '\0', len));
		fuzz_check(!memchr(text, '\n', len));
		/* A '#' only inside quotes: outside, one starts a comment. */
		fuzz_check(comment_at(text, len) == len);
		fuzz_check(!isspace((unsigned char)text[0]));
		fuzz_check(!isspace((unsigned char)text[len - 1]));
	} else {
		fuzz_check(*problem != '\0');
	}
	r->last_line = line;

	fuzz_check(r->calls < r->m->n);
	want = &r->m->ev[r->calls++];
	fuzz_check(line == want->line);
	fuzz_check(!!problem == want->problem);
	fuzz_check(len == want->len);
	fuzz_check(!memcmp(text, want->text, len));

	if (r->calls == r->stop_at) {
		errno = EDOM;
		return -1;
	}
	return 0;
}

/* The file the input describes, into F when not NULL; returns its length. */
static size_t make_file(const uint8_t *data, size_t n, bool expand, char *f)
{
	size_t o = 0, i = 0, rep;

	while (i < n && o < EXPAND_MAX) {
		if (expand && data[i] == 0x01 && i + 2 < n) {
			rep = ((size_t)data[i + 1] + 1) * 64;
			if (rep > EXPAND_MAX - o)
				rep = EXPAND_MAX - o;
			if (f)
				memset(f + o, data[i + 2], rep);
			o += rep;
			i += 3;
			continue;
		}
		if (f)
			f[o] = (char)data[i];
		o++;
		i++;
	}
	return o;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model m = { 0 };
	struct run r = { .m = &m };
	enum rr_read_status st;
	size_t len;
	char *file;
	FILE *f;

	if (!size)
		return 0;
	r.stop_at = (data[0] >> 1) & 7;
	/* Exactly its size: ASan sees the reader go past the end. */
	len = make_file(data + 1, size - 1, data[0] & 1, NULL);
	file = fuzz_alloc(len);
	make_file(data + 1, size - 1, data[0] & 1, file);
	model_file(file, len, &m);

	f = fmemopen(file, len, "r");
	if (!f)
		abort();
	errno = 0;
	st = rr_read_target_file(f, on_line, &r);
	if (r.stop_at && r.stop_at <= m.n) {
		fuzz_check(st == RR_READ_STOPPED);
		fuzz_check(errno == EDOM);
		fuzz_check(r.calls == r.stop_at);
	} else {
		fuzz_check(st == (m.not_text ? RR_READ_NOT_TEXT : RR_READ_OK));
		fuzz_check(r.calls == m.n);
	}
	fclose(f);
	free(m.ev);
	free(file);
	return 0;
}
