/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One printing layer for every format.  A renderer describes each field
 * once: its key is the JSON member name and, with '_' shown as ' ', the
 * text label, so text and JSON cannot drift apart.
 */
#ifndef RR_PRINTER_H
#define RR_PRINTER_H

#include <stdbool.h>
#include <stdio.h>

#include "options.h"

struct printer;

struct printer *pr_new(enum rr_format format, FILE *out);
/* Writes what is pending (the JSON document) and frees the printer. */
int pr_finish(struct printer *p);

/* Text: where the following lines go (results stdout, failures stderr). */
void pr_set_stream(struct printer *p, FILE *out);

/* An object; TITLE is its heading line in text (NULL: none, no indent). */
void pr_obj_begin(struct printer *p, const char *key, const char *title);
void pr_obj_end(struct printer *p);
void pr_arr_begin(struct printer *p, const char *key);
void pr_arr_end(struct printer *p);

void pr_str(struct printer *p, const char *key, const char *val);
void pr_int(struct printer *p, const char *key, long long val);
void pr_bool(struct printer *p, const char *key, bool val);
/* JSON: "0x%0*llx" string; text the same. */
void pr_hex(struct printer *p, const char *key, unsigned long long val,
	    int width);
/* Milliseconds, µs precision: JSON number, text "7.712 ms". */
void pr_ms(struct printer *p, const char *key, double ms);

/*
 * A raw value and its decoding: JSON "KEY": decoded and "KEY_raw": raw;
 * text "KEY  TEXT (raw N)".  KNOWN false makes the JSON value null.
 */
void pr_decoded_num(struct printer *p, const char *key, long long raw,
		    double val, bool known, const char *text);
void pr_decoded_str(struct printer *p, const char *key, long long raw,
		    const char *val);

#endif
