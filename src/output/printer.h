/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One printing layer for every format.  A renderer describes each field
 * once: its key is the JSON member name, with '_' shown as ' ' the text
 * label, and in Prometheus output part of the metric name, so no format
 * can drift from another.
 *
 * Output is a sequence of records: elements of a top-level list (results,
 * statistics) or a single top-level object (summary).  Text and JSON Lines
 * write each record as it ends; JSON and Prometheus write at pr_finish().
 */
#ifndef RR_PRINTER_H
#define RR_PRINTER_H

#include <stdbool.h>
#include <stdio.h>

#include "base/output_format.h"
#include "base/stats.h"

struct printer;

/*
 * OUT NULL: write nothing (a JSON printer then only builds its document).
 * ERR: where text puts the records marked as failures (pr_use_err).
 */
struct printer *pr_new(enum rr_format format, FILE *out, FILE *err);
/*
 * True when each record is written as it ends (text, JSON Lines); JSON and
 * Prometheus write everything at pr_finish().
 */
bool pr_streams(const struct printer *p);
/* -q, --brief: results, statistics and summary a line each (text). */
void pr_set_brief(struct printer *p, bool brief);
bool pr_brief(const struct printer *p);
/* -v: a traced hop's every field, not its line (text). */
void pr_set_verbose(struct printer *p, bool verbose);
bool pr_verbose(const struct printer *p);
/* JSON or JSON Lines. */
bool pr_is_json(const struct printer *p);
/*
 * The format shows the titles given to pr_*_begin (text): the others
 * ignore them, and a renderer need not build them.
 */
bool pr_titled(const struct printer *p);
/* Writes what is pending and frees the printer; -1 on a write error. */
int pr_finish(struct printer *p);

/* The format the printer writes. */
enum rr_format pr_format(const struct printer *p);

/* Members of the JSON document's root (no other format shows them). */
void pr_doc_str(struct printer *p, const char *key, const char *val);
void pr_doc_int(struct printer *p, const char *key, long long val);

/*
 * A record in the top-level list KEY; TITLE is its text heading.  BRIEF:
 * text shows the heading only (one line per probe), others everything.
 */
void pr_record_begin(struct printer *p, const char *key, const char *title,
		     bool brief);
/* The single top-level object KEY (the summary). */
void pr_single_begin(struct printer *p, const char *key, const char *title,
		     bool brief);
void pr_record_end(struct printer *p);
/* Text: the next records go to ERR (failures), else to OUT. */
void pr_use_err(struct printer *p, bool err);
/*
 * Records that end from now on stay in the stream's buffer until
 * pr_release() flushes them together: the results ready at one time leave
 * in one write, not one each.
 */
void pr_hold(struct printer *p);
void pr_release(struct printer *p);

/* An object; TITLE is its heading line in text (NULL: none, no indent). */
void pr_obj_begin(struct printer *p, const char *key, const char *title);
/* An object whose members are instances of one thing, named by LABEL. */
void pr_map_begin(struct printer *p, const char *key, const char *title,
		  const char *label);
void pr_obj_end(struct printer *p);
void pr_arr_begin(struct printer *p, const char *key);
void pr_arr_end(struct printer *p);

void pr_str(struct printer *p, const char *key, const char *val);
void pr_int(struct printer *p, const char *key, long long val);
void pr_bool(struct printer *p, const char *key, bool val);
/* "0x%0*llx", a string in every format (an identifier, not a quantity). */
void pr_hex(struct printer *p, const char *key, unsigned long long val,
	    int width);
/* Milliseconds, microsecond precision: JSON number, text "7.712 ms". */
void pr_ms(struct printer *p, const char *key, double ms);
/* Statistics of milliseconds: text one line, JSON an object. */
void pr_stats(struct printer *p, const char *key, const struct rr_stats *s);

/*
 * A raw value and its decoding: JSON "KEY": decoded and "KEY_raw": raw;
 * text "KEY  TEXT (raw N)".  KNOWN false makes the decoded value null.
 */
void pr_decoded_num(struct printer *p, const char *key, long long raw,
		    double val, bool known, const char *text);
void pr_decoded_str(struct printer *p, const char *key, long long raw,
		    const char *val);
/* A quantity: JSON "KEY": VAL; text "KEY  TEXT" ("10 Gb/s"). */
void pr_num(struct printer *p, const char *key, double val, const char *text);

/*
 * A label every Prometheus sample carries, in the order given: the host,
 * and what the run was told (--src, --ps, --tos ...), never what the
 * kernel chose.  VALUE NULL: the label is left out.  Other formats keep
 * it unused.
 */
void pr_run_label(struct printer *p, const char *name, const char *value);

#endif
