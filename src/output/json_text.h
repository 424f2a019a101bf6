/* SPDX-License-Identifier: GPL-2.0-or-later */
/* JSON text written straight to a stream, as json-c would print it. */
#ifndef RR_JSON_TEXT_H
#define RR_JSON_TEXT_H

#include <stddef.h>
#include <stdio.h>

#include "output/printer_impl.h"

/*
 * Writes S to OUT as a quoted JSON string, escaped as json-c escapes it
 * with JSON_C_TO_STRING_NOSLASHESCAPE.  Bytes that are not UTF-8 are
 * first turned into the text \xNN (rr_utf8_fix), as the json-c writers
 * do.  Aborts on ENOMEM, as they do.
 */
void rr_json_put_str(FILE *out, const char *s);
/*
 * Writes V to OUT as a JSON value: a string as above, a number, true or
 * false, or null.
 */
void rr_json_put_value(FILE *out, const struct pr_value *v);
/*
 * Writes the name of KEY's raw twin, "KEY_raw", into BUF of LEN (> 5)
 * bytes, cutting KEY short to fit.
 */
void rr_json_raw_key(char *buf, size_t len, const char *key);
/*
 * Writes a whole member into BUF (of LEN bytes), to go out in one write:
 * SEP, then KEY quoted and COLON (unless KEY is NULL, for an array's
 * member), then V.  Returns its length, or 0 when a string needs escaping
 * or the member does not fit; the caller then writes it piece by piece.
 * Most members are plain ASCII.
 */
size_t rr_json_member_text(char *buf, size_t len, const char *sep,
			   const char *key, const char *colon,
			   const struct pr_value *v);

#endif
