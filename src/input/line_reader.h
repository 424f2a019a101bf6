/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Lines of a file read in bounded memory: a line past the buffer is
 * skipped, not grown into (a file of records may be anything, /dev/zero
 * included), and a "line" with no line break within a limit ends the
 * file as not text.  For --matrix's records.
 */
#ifndef RR_LINE_READER_H
#define RR_LINE_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct rr_line_reader {
	FILE *f;
	char *line;		/* cap + 1 bytes: the line, NUL-terminated */
	size_t cap;		/* the longest line kept */
	size_t give_up;		/* bytes of one line past which F is no text */
	unsigned long num;	/* lines read so far */
};

enum rr_line_status {
	RR_LINE_OK,		/* a line: LEN bytes in line (NULs maybe) */
	RR_LINE_LONG,		/* a line past cap: its first cap bytes kept */
	RR_LINE_EOF,
	RR_LINE_ERROR,		/* the read failed: errno */
	RR_LINE_NOT_TEXT,	/* no line break within give_up bytes */
};

/* False on ENOMEM. */
bool rr_line_reader_init(struct rr_line_reader *rd, FILE *f, size_t cap,
			 size_t give_up);
void rr_line_reader_free(struct rr_line_reader *rd);
/* The next line, without its line break (and a '\r' before it). */
enum rr_line_status rr_line_next(struct rr_line_reader *rd, size_t *len);

#endif
