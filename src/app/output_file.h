/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * -o FILE: the output is written beside FILE, under a hidden temporary
 * name, and renamed over FILE once whole: a reader (node_exporter's
 * textfile collector, a script) sees the old file or the new one, never
 * half of one.
 */
#ifndef RR_APP_OUTPUT_FILE_H
#define RR_APP_OUTPUT_FILE_H

#include <stdbool.h>
#include <stdio.h>

struct rr_output_file {
	char *path;		/* the final regular file, links followed */
	char *tmp;		/* DIR/.BASE.XXXXXX, while it is written */
	FILE *f;		/* writes to fd, keeping the first error */
	int fd;
	int err;		/* the first write error's errno; 0: none */
};

/*
 * Checks PATH and creates the temporary file beside its target, before
 * anything is probed.  A symbolic link is followed to the file it names
 * (the link stays and its target is replaced); a target that is a folder,
 * a FIFO, a device or a socket is refused, as is a folder that does not
 * take the file.  Returns the stream to write to, or NULL with a message
 * in WHY when refused.
 */
FILE *rr_output_open(struct rr_output_file *o, const char *path, char *why,
		     size_t why_len);
/*
 * Flushes, syncs and renames the file into place, with mode 0666 less the
 * umask, as a shell redirection would make it.  Returns false, with errno
 * set, when any step failed; the temporary file is then removed and FILE
 * is left as it was.  Either way O is released.
 */
bool rr_output_commit(struct rr_output_file *o);
/* Removes the temporary file and releases O; nothing replaces FILE. */
void rr_output_abandon(struct rr_output_file *o);

#endif
