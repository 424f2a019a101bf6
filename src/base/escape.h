/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Text from outside (destinations, file lines, names the kernel gives) on
 * its way to a terminal or a parser: what may pass as it is and what is
 * shown as \xNN.  Pure functions: no I/O.
 */
#ifndef RR_ESCAPE_H
#define RR_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The unit at S (LEN > 0 bytes left): a byte or a whole UTF-8 sequence.
 * Returns its length; *BAD is set when it is not valid UTF-8 (one byte),
 * *CONTROL when it is a C0 or C1 control character or DEL.
 */
size_t rr_utf8_unit(const char *s, size_t len, bool *bad, bool *control);

/* S (LEN bytes) is valid UTF-8. */
bool rr_utf8_valid(const char *s, size_t len);

/*
 * S for display in OUT: control characters and invalid UTF-8 as \xNN,
 * cut with "..." when OUT is too small.  Returns OUT.
 */
const char *rr_escape(const char *s, size_t len, char *out, size_t out_len);
/* A NUL-terminated TEXT so, for a message (an argument, a file name). */
const char *rr_shown(const char *text, char *out, size_t out_len);

/*
 * S as valid UTF-8: a malloc'd copy with invalid bytes as \xNN, or NULL
 * when S is valid as it is (or on ENOMEM, with *FAILED set).
 */
char *rr_utf8_fix(const char *s, bool *failed);

#endif
