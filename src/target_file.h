/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Destinations from a file (-f), one per line. */
#ifndef RR_TARGET_FILE_H
#define RR_TARGET_FILE_H

#include <stdio.h>

/* Called for each destination found; LINE counts from 1. */
typedef void (*rr_line_fn)(void *ctx, const char *dest, unsigned int line);

/*
 * Reads F: blank lines and '#' comments are skipped, leading and trailing
 * white space dropped.  A line with more than one word is passed whole: the
 * caller's parser reports it.  Returns -1 (errno set) on a read error.
 */
int rr_read_target_file(FILE *f, rr_line_fn fn, void *ctx);

#endif
