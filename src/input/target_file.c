// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/target_file.h"

/*
 * Where a comment starts: a '#' outside double quotes, so that a quoted
 * node name may hold one ("rack#2 n7").  NULL for none.
 */
static char *comment_of(char *s)
{
	bool quoted = false;

	for (; *s; s++) {
		if (*s == '"')
			quoted = !quoted;
		else if (*s == '#' && !quoted)
			return s;
	}
	return NULL;
}

/* Comment and white space off; the destination left, maybe empty. */
static char *trim(char *s, size_t *len)
{
	char *hash = comment_of(s);

	if (hash)
		*hash = '\0';
	while (isspace((unsigned char)*s))
		s++;
	*len = strlen(s);
	while (*len && isspace((unsigned char)s[*len - 1]))
		s[--*len] = '\0';
	return s;
}

static int take_line(struct rr_target_line *l, unsigned long num,
		     rr_line_fn fn, void *ctx)
{
	char *dest;
	size_t len;

	if (l->total > RR_LINE_GIVE_UP)
		return fn(ctx, l->buf, l->len, num,
			  "no end of line within 1 MiB: not a text file, reading stopped");
	if (l->total > RR_LINE_MAX)
		return fn(ctx, l->buf, l->len, num,
			  "line longer than 4096 bytes");
	if (l->nul)
		return fn(ctx, l->buf, l->len, num, "NUL byte in the line");
	dest = trim(l->buf, &len);
	return len ? fn(ctx, dest, len, num, NULL) : 0;
}

bool rr_target_reader_init(struct rr_target_reader *rd, FILE *f,
			   bool may_wait)
{
	memset(rd, 0, sizeof(*rd));
	rd->buf = malloc(RR_READ_BUF);
	if (!rd->buf)
		return false;
	rd->f = f;
	rd->fd = may_wait ? fileno(f) : -1;
	return true;
}

void rr_target_reader_release(struct rr_target_reader *rd)
{
	free(rd->buf);
	rd->buf = NULL;
}

/*
 * More bytes into the buffer: 1, 0 at the end of the file, -1 on an error
 * (errno), or RR_READ_WAIT's 2 when nothing can be read without blocking.
 */
static int refill(struct rr_target_reader *rd)
{
	struct pollfd pfd = { .fd = rd->fd, .events = POLLIN };
	ssize_t n;

	rd->pos = rd->end = 0;
	if (rd->fd < 0) {
		n = (ssize_t)fread(rd->buf, 1, RR_READ_BUF, rd->f);
		if (n == 0)
			return ferror(rd->f) ? -1 : 0;
		rd->end = (size_t)n;
		return 1;
	}
	/* A pipe or a terminal is read only when it has something. */
	if (poll(&pfd, 1, 0) == 0)
		return 2;
	n = read(rd->fd, rd->buf, RR_READ_BUF);
	if (n < 0)
		return errno == EAGAIN ? 2 : -1;
	rd->end = (size_t)n;
	return n > 0;
}

/* Bytes of the buffer into the line being read: true once it is whole. */
static bool assemble(struct rr_target_reader *rd)
{
	struct rr_target_line *l = &rd->cur;
	char c;

	while (rd->pos < rd->end) {
		c = rd->buf[rd->pos++];
		if (c == '\n') {
			l->newline = true;
			return true;
		}
		if (l->len < RR_LINE_MAX)
			l->buf[l->len++] = c;
		l->nul |= c == '\0';
		if (++l->total > RR_LINE_GIVE_UP)
			return true;
	}
	return false;
}

enum rr_read_status rr_read_target_lines(struct rr_target_reader *rd,
					 rr_line_fn fn, void *ctx)
{
	struct rr_target_line *l = &rd->cur;
	int rc, got;

	for (;;) {
		if (!assemble(rd)) {
			if (rd->eof && !l->total)
				return RR_READ_OK;
			if (!rd->eof) {
				errno = 0;
				got = refill(rd);
				if (got == 2)
					return RR_READ_WAIT;
				if (got < 0) {
					if (!errno)
						errno = EIO;
					return RR_READ_ERROR;
				}
				rd->eof = !got;
				continue;
			}
		}
		/* A whole line, or the last one without its newline. */
		l->buf[l->len] = '\0';
		rd->line++;
		rc = take_line(l, rd->line, fn, ctx);
		if (l->total > RR_LINE_GIVE_UP)
			return rc < 0 ? RR_READ_STOPPED : RR_READ_NOT_TEXT;
		memset(l, 0, sizeof(*l));
		if (rc < 0)
			return RR_READ_STOPPED;
		if (rc > 0)
			return RR_READ_PAUSED;
	}
}

enum rr_read_status rr_read_target_file(FILE *f, rr_line_fn fn, void *ctx)
{
	struct rr_target_reader rd;
	enum rr_read_status st;

	if (!rr_target_reader_init(&rd, f, false)) {
		errno = ENOMEM;
		return RR_READ_ERROR;
	}
	do
		st = rr_read_target_lines(&rd, fn, ctx);
	while (st == RR_READ_PAUSED);
	rr_target_reader_release(&rd);
	return st;
}
