/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Destinations from a file (-f), one per line. */
#ifndef RR_TARGET_FILE_H
#define RR_TARGET_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The longest line taken, without its newline. */
#define RR_LINE_MAX 4096
/* A "line" with no newline within this many bytes means not a text file. */
#define RR_LINE_GIVE_UP (1024 * 1024)

/*
 * Called for each destination found (PROBLEM NULL) and for each line that
 * cannot hold one (PROBLEM says why; TEXT is what the line starts with,
 * LEN bytes, NULs included).  LINE counts from 1.  Returns 0 to go on,
 * 1 to pause after this line (rr_read_target_lines), or -1 with errno
 * set to stop reading.
 */
typedef int (*rr_line_fn)(void *ctx, const char *text, size_t len,
			  unsigned long line, const char *problem);

enum rr_read_status {
	RR_READ_OK,		/* to the end of the file */
	RR_READ_ERROR,		/* the read failed: errno */
	RR_READ_STOPPED,	/* FN asked to stop: its errno */
	RR_READ_NOT_TEXT,	/* a line ran past RR_LINE_GIVE_UP */
	RR_READ_PAUSED,		/* FN asked for a pause: call again for more */
	RR_READ_WAIT,		/* nothing to read yet (a reader that may wait) */
};

/*
 * Reads F, calling FN for each destination and each line that is a
 * problem.  Blank lines and '#' comments (a '#' outside double quotes,
 * which protect it) are skipped, and leading and trailing white space is
 * dropped.  A line with more than one word is passed whole, for the
 * caller's parser to report.  A line longer than RR_LINE_MAX or holding
 * a NUL byte is a problem, and reading goes on after it.  Returns how the
 * reading ended.
 */
enum rr_read_status rr_read_target_file(FILE *f, rr_line_fn fn, void *ctx);

/* The same, a part at a time, so a file is read as the run needs its lines. */
#define RR_READ_BUF (64 * 1024)

/* The line being read: its first RR_LINE_MAX bytes, and what was wrong. */
struct rr_target_line {
	char buf[RR_LINE_MAX + 1];
	size_t len;		/* bytes kept in buf */
	size_t total;		/* bytes in the line so far */
	bool nul;
	bool newline;		/* ended by '\n', not by the end of file */
};

struct rr_target_reader {
	FILE *f;
	int fd;			/* read directly, never blocking; -1: by f */
	char *buf;		/* RR_READ_BUF bytes read ahead */
	size_t pos, end;
	bool eof;
	struct rr_target_line cur;
	unsigned long line;	/* lines read so far */
};

/*
 * Sets up RD to read F.  With MAY_WAIT, F's descriptor is read only when
 * poll() says it has something, and RR_READ_WAIT is returned instead of
 * waiting, so a slow pipe holds back only the lines not written yet.
 * Returns false on ENOMEM.
 */
bool rr_target_reader_init(struct rr_target_reader *rd, FILE *f,
			   bool may_wait);
void rr_target_reader_release(struct rr_target_reader *rd);
/*
 * Reads on from where RD stopped, as rr_read_target_file() does.  Returns
 * RR_READ_PAUSED when FN returned 1, and RR_READ_WAIT when RD may wait
 * and nothing is there to read yet.
 */
enum rr_read_status rr_read_target_lines(struct rr_target_reader *rd,
					 rr_line_fn fn, void *ctx);

#endif
