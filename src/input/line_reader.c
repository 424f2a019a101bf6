// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/line_reader.h"

/* Read at most this much at a time: a line of records is seldom longer. */
#define READ_BUF (64 * 1024)

bool rr_line_reader_init(struct rr_line_reader *rd, FILE *f, size_t cap,
			 size_t give_up)
{
	memset(rd, 0, sizeof(*rd));
	rd->line = malloc(cap + 1);
	rd->buf = malloc(READ_BUF);
	if (!rd->line || !rd->buf) {
		rr_line_reader_free(rd);
		return false;
	}
	rd->f = f;
	rd->fd = fileno(f);	/* -1 for a stream in memory */
	rd->stop_fd = -1;
	rd->cap = cap;
	rd->give_up = give_up;
	return true;
}

void rr_line_reader_free(struct rr_line_reader *rd)
{
	free(rd->line);
	free(rd->buf);
	memset(rd, 0, sizeof(*rd));
}

/*
 * RR_LINE_OK when the descriptor can be read, RR_LINE_STOPPED once the
 * stop is asked (RR_LINE_ERROR if poll fails); the stop is
 * looked at first, so a stream that never pauses (/dev/zero) is left too.
 */
static enum rr_line_status wait_input(struct rr_line_reader *rd)
{
	struct pollfd pfd[2] = {
		{ .fd = rd->stop_fd, .events = POLLIN },
		{ .fd = rd->fd, .events = POLLIN },
	};

	for (;;) {
		if (poll(pfd, 2, -1) < 0) {
			if (errno == EINTR)
				continue;	/* the stop, if it was, is seen next */
			return RR_LINE_ERROR;
		}
		if (pfd[0].revents)
			return RR_LINE_STOPPED;
		return RR_LINE_OK;
	}
}

/* More bytes into buf: RR_LINE_OK, RR_LINE_EOF, or why not. */
static enum rr_line_status refill(struct rr_line_reader *rd)
{
	enum rr_line_status st;
	ssize_t n;

	rd->pos = rd->end = 0;
	if (rd->eof)
		return RR_LINE_EOF;
	if (rd->fd < 0) {
		n = (ssize_t)fread(rd->buf, 1, READ_BUF, rd->f);
		if (n == 0 && ferror(rd->f))
			return RR_LINE_ERROR;
		rd->eof = n == 0;
		if (n == 0)
			return RR_LINE_EOF;
		rd->end = (size_t)n;
		return RR_LINE_OK;
	}
	for (;;) {
		if (rd->stop_fd >= 0 && (st = wait_input(rd)) != RR_LINE_OK)
			return st;
		n = read(rd->fd, rd->buf, READ_BUF);
		if (n > 0) {
			rd->end = (size_t)n;
			return RR_LINE_OK;
		}
		if (n == 0) {
			rd->eof = true;
			return RR_LINE_EOF;
		}
		/* Interrupted: with a stop_fd, the poll says whether to stop. */
		if (errno != EINTR || rd->stop_fd < 0)
			return RR_LINE_ERROR;
	}
}

enum rr_line_status rr_line_next(struct rr_line_reader *rd, size_t *len)
{
	enum rr_line_status st = RR_LINE_OK;
	size_t n = 0, seen = 0;
	char c;

	errno = 0;
	/* NULs are counted, and nothing grows. */
	for (;;) {
		if (rd->pos == rd->end && (st = refill(rd)) != RR_LINE_OK)
			break;
		c = rd->buf[rd->pos++];
		if (c == '\n')
			break;
		if (n < rd->cap)
			rd->line[n++] = c;
		if (++seen > rd->give_up)
			return RR_LINE_NOT_TEXT;
	}
	if (st == RR_LINE_ERROR || st == RR_LINE_STOPPED)
		return st;
	if (st == RR_LINE_EOF && !seen)
		return RR_LINE_EOF;
	rd->num++;
	if (n && n == seen && rd->line[n - 1] == '\r')
		n--;
	rd->line[n] = '\0';
	*len = n;
	return seen > rd->cap ? RR_LINE_LONG : RR_LINE_OK;
}
