// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "input/target_file.h"

/* One line read: its first RR_LINE_MAX bytes, and what was wrong. */
struct line {
	char buf[RR_LINE_MAX + 1];
	size_t len;		/* bytes kept in buf */
	size_t total;		/* bytes in the line */
	bool nul;
	bool newline;		/* ended by '\n', not by the end of file */
};

/* Reads up to the next newline; false at the end of the file or on error. */
static bool read_line(FILE *f, struct line *l)
{
	int c;

	l->len = l->total = 0;
	l->nul = l->newline = false;
	while ((c = getc_unlocked(f)) != EOF) {
		if (c == '\n') {
			l->newline = true;
			break;
		}
		if (l->len < RR_LINE_MAX)
			l->buf[l->len++] = (char)c;
		l->nul |= c == '\0';
		if (++l->total > RR_LINE_GIVE_UP)
			break;
	}
	l->buf[l->len] = '\0';
	return l->total || l->newline;
}

/* Comment and white space off; the destination left, maybe empty. */
static char *trim(char *s, size_t *len)
{
	char *hash = strchr(s, '#');

	if (hash)
		*hash = '\0';
	while (isspace((unsigned char)*s))
		s++;
	*len = strlen(s);
	while (*len && isspace((unsigned char)s[*len - 1]))
		s[--*len] = '\0';
	return s;
}

static int take_line(struct line *l, unsigned long num, rr_line_fn fn,
		     void *ctx)
{
	char *dest;
	size_t len;

	if (l->total > RR_LINE_GIVE_UP)
		return fn(ctx, l->buf, l->len, num,
			  "no end of line within 1 MiB: not a file of destinations, reading stopped");
	if (l->total > RR_LINE_MAX)
		return fn(ctx, l->buf, l->len, num,
			  "line longer than 4096 bytes");
	if (l->nul)
		return fn(ctx, l->buf, l->len, num, "NUL byte in the line");
	dest = trim(l->buf, &len);
	return len ? fn(ctx, dest, len, num, NULL) : 0;
}

void rr_target_reader_init(struct rr_target_reader *rd, FILE *f)
{
	rd->f = f;
	rd->line = 0;
}

enum rr_read_status rr_read_target_lines(struct rr_target_reader *rd,
					 rr_line_fn fn, void *ctx)
{
	enum rr_read_status st = RR_READ_OK;
	struct line l;
	int err, rc;

	flockfile(rd->f);
	for (;;) {
		errno = 0;
		if (!read_line(rd->f, &l))
			break;
		rd->line++;
		rc = take_line(&l, rd->line, fn, ctx);
		if (rc < 0) {
			st = RR_READ_STOPPED;
			goto out;
		}
		if (l.total > RR_LINE_GIVE_UP) {
			st = RR_READ_NOT_TEXT;
			goto out;
		}
		if (rc > 0) {
			st = RR_READ_PAUSED;
			goto out;
		}
	}
	err = errno;
	if (ferror(rd->f)) {
		errno = err ? err : EIO;
		st = RR_READ_ERROR;
	}
out:
	funlockfile(rd->f);
	return st;
}

enum rr_read_status rr_read_target_file(FILE *f, rr_line_fn fn, void *ctx)
{
	struct rr_target_reader rd;
	enum rr_read_status st;

	rr_target_reader_init(&rd, f);
	do
		st = rr_read_target_lines(&rd, fn, ctx);
	while (st == RR_READ_PAUSED);
	return st;
}
