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
 * Reads one unit at S, which has LEN (> 0) bytes left: a single byte or a
 * whole UTF-8 sequence.  Returns its length in bytes.  Sets *BAD when it
 * is not valid UTF-8 (the unit is then one byte), and *CONTROL when it is
 * a C0 or C1 control character or DEL.
 */
size_t rr_utf8_unit(const char *s, size_t len, bool *bad, bool *control);

/* Returns true if the LEN bytes at S are valid UTF-8. */
bool rr_utf8_valid(const char *s, size_t len);

/*
 * Copies the LEN bytes at S into OUT (OUT_LEN bytes) for display, writing
 * control characters and invalid UTF-8 as \xNN, and cutting the text
 * short with "..." when OUT is too small.  Returns OUT.
 */
const char *rr_escape(const char *s, size_t len, char *out, size_t out_len);
/*
 * Does the same as rr_escape() for the NUL-terminated TEXT, for use in a
 * message (an argument, a file name).  Returns OUT.
 */
const char *rr_shown(const char *text, char *out, size_t out_len);

/*
 * Returns S as valid UTF-8: a malloc'd copy, which the caller frees, with
 * invalid bytes written as \xNN.  Returns NULL when S is already valid as
 * it is, or when memory runs out, in which case *FAILED is set.
 */
char *rr_utf8_fix(const char *s, bool *failed);

#endif
