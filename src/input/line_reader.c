// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "input/line_reader.h"

bool rr_line_reader_init(struct rr_line_reader *rd, FILE *f, size_t cap,
			 size_t give_up)
{
	memset(rd, 0, sizeof(*rd));
	rd->line = malloc(cap + 1);
	if (!rd->line)
		return false;
	rd->f = f;
	rd->cap = cap;
	rd->give_up = give_up;
	return true;
}

void rr_line_reader_free(struct rr_line_reader *rd)
{
	free(rd->line);
	memset(rd, 0, sizeof(*rd));
}

enum rr_line_status rr_line_next(struct rr_line_reader *rd, size_t *len)
{
	size_t n = 0, seen = 0;
	int c;

	errno = 0;
	/* A byte at a time: NULs are counted, and nothing grows. */
	while ((c = getc_unlocked(rd->f)) != EOF && c != '\n') {
		if (n < rd->cap)
			rd->line[n++] = (char)c;
		if (++seen > rd->give_up)
			return RR_LINE_NOT_TEXT;
	}
	if (c == EOF && ferror(rd->f))
		return RR_LINE_ERROR;
	if (c == EOF && !seen)
		return RR_LINE_EOF;
	rd->num++;
	if (n && n == seen && rd->line[n - 1] == '\r')
		n--;
	rd->line[n] = '\0';
	*len = n;
	return seen > rd->cap ? RR_LINE_LONG : RR_LINE_OK;
}
