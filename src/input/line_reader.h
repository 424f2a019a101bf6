/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Lines of a file read in bounded memory: a line past the buffer is
 * skipped, not grown into (a file of records may be anything, /dev/zero
 * included), and a "line" with no line break within a limit ends the
 * file as not text.  For --matrix's records.
 *
 * A descriptor is read directly (a pipe's bytes as they come, never a
 * wait for a full buffer); with stop_fd set, every wait for input is a
 * poll that also watches it, so a stop asked at any moment ends a read
 * that would wait for ever (a FIFO whose writer holds it open).
 */
#ifndef RR_LINE_READER_H
#define RR_LINE_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct rr_line_reader {
	FILE *f;
	int fd;			/* f's descriptor, read directly; -1: stdio */
	int stop_fd;		/* readable once reading must stop; -1: none */
	char *buf;		/* bytes read, not yet taken: pos to end */
	size_t pos, end;
	bool eof;		/* end of file seen: a tty is not read again */
	char *line;		/* cap + 1 bytes: the line, NUL-terminated */
	size_t cap;		/* the longest line kept */
	size_t give_up;		/* a line longer than this: F is not text */
	unsigned long num;	/* lines read so far */
};

enum rr_line_status {
	RR_LINE_OK,		/* a line of LEN bytes (maybe NULs) in line */
	RR_LINE_LONG,		/* a line past cap: its first cap bytes kept */
	RR_LINE_EOF,
	RR_LINE_ERROR,		/* the read failed: errno */
	RR_LINE_NOT_TEXT,	/* no line break within give_up bytes */
	RR_LINE_STOPPED,	/* stop_fd became readable */
};

/*
 * Sets up RD to read F, keeping lines of up to CAP bytes and giving up on
 * a line longer than GIVE_UP bytes.  stop_fd starts as -1; the caller
 * sets it.  Returns false on ENOMEM.
 */
bool rr_line_reader_init(struct rr_line_reader *rd, FILE *f, size_t cap,
			 size_t give_up);
void rr_line_reader_free(struct rr_line_reader *rd);
/*
 * Reads the next line into RD's line, without its line break or a '\r'
 * before it, and stores its length in *LEN.  Returns its status.
 */
enum rr_line_status rr_line_next(struct rr_line_reader *rd, size_t *len);

#endif
