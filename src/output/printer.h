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
 * Creates a printer of FORMAT that writes to OUT, or writes nothing when
 * OUT is NULL (a JSON printer then only builds its document).  ERR is
 * where text puts the records marked as failures (pr_use_err).  Returns
 * NULL when memory runs out.
 */
struct printer *pr_new(enum rr_format format, FILE *out, FILE *err);
/*
 * Returns true when each record is written as it ends (text, JSON
 * Lines); JSON and Prometheus write everything at pr_finish().
 */
bool pr_streams(const struct printer *p);
/*
 * Sets -q or --brief: in text, results, statistics and the summary take a
 * line each.
 */
void pr_set_brief(struct printer *p, bool brief);
bool pr_brief(const struct printer *p);
/* Sets -v: text shows every field of a traced hop, not just its line. */
void pr_set_verbose(struct printer *p, bool verbose);
bool pr_verbose(const struct printer *p);
/* Returns true when the format is JSON or JSON Lines. */
bool pr_is_json(const struct printer *p);
/*
 * Returns true when the format shows the titles given to pr_*_begin
 * (text).  The other formats ignore them, so a renderer need not build
 * them.
 */
bool pr_titled(const struct printer *p);
/*
 * Writes what is pending and frees the printer.  Returns -1 on a write
 * error.
 */
int pr_finish(struct printer *p);

/* Returns the format the printer writes. */
enum rr_format pr_format(const struct printer *p);

/* Add a member to the JSON document's root; no other format shows them. */
void pr_doc_str(struct printer *p, const char *key, const char *val);
void pr_doc_int(struct printer *p, const char *key, long long val);

/*
 * Begins a record in the top-level list KEY; TITLE is its heading in
 * text.  With BRIEF, text shows the heading only (one line per probe);
 * the other formats show everything.
 */
void pr_record_begin(struct printer *p, const char *key, const char *title,
		     bool brief);
/* Begins the single top-level object KEY (the summary), as above. */
void pr_single_begin(struct printer *p, const char *key, const char *title,
		     bool brief);
void pr_record_end(struct printer *p);
/*
 * In text, sends the next records to ERR (failures) when ERR is true, and
 * to OUT otherwise.  Other formats ignore it.
 */
void pr_use_err(struct printer *p, bool err);
/*
 * From now on, records that end stay in the stream's buffer until
 * pr_release() flushes them together, so the results ready at one time
 * leave in one write rather than one write each.
 */
void pr_hold(struct printer *p);
void pr_release(struct printer *p);

/*
 * Begins an object KEY; TITLE is its heading line in text (NULL for no
 * heading and no indent).
 */
void pr_obj_begin(struct printer *p, const char *key, const char *title);
/* Begins an object whose members are instances of one thing, named LABEL. */
void pr_map_begin(struct printer *p, const char *key, const char *title,
		  const char *label);
void pr_obj_end(struct printer *p);
void pr_arr_begin(struct printer *p, const char *key);
void pr_arr_end(struct printer *p);

void pr_str(struct printer *p, const char *key, const char *val);
void pr_int(struct printer *p, const char *key, long long val);
/*
 * Writes a count that is unsigned and may take all 64 bits (a counter a
 * peer or a port reports): 18446744073709551615, never -1, in every format.
 */
void pr_uint(struct printer *p, const char *key, unsigned long long val);
void pr_bool(struct printer *p, const char *key, bool val);
/*
 * Writes VAL as "0x%0*llx" with WIDTH digits, a string in every format
 * (an identifier, not a quantity).
 */
void pr_hex(struct printer *p, const char *key, unsigned long long val,
	    int width);
/*
 * Writes MS milliseconds to microsecond precision: a number in JSON,
 * "7.712 ms" in text.
 */
void pr_ms(struct printer *p, const char *key, double ms);
/* Writes statistics of milliseconds: one line in text, an object in JSON. */
void pr_stats(struct printer *p, const char *key, const struct rr_stats *s);

/*
 * Write a raw value and its decoding: in JSON "KEY": decoded and
 * "KEY_raw": raw; in text "KEY  TEXT (raw N)".  With KNOWN false the
 * decoded value is null.
 */
void pr_decoded_num(struct printer *p, const char *key, long long raw,
		    double val, bool known, const char *text);
void pr_decoded_str(struct printer *p, const char *key, long long raw,
		    const char *val);
/* Writes a quantity: "KEY": VAL in JSON, "KEY  TEXT" ("10 Gb/s") in text. */
void pr_num(struct printer *p, const char *key, double val, const char *text);

/*
 * Adds a label that every Prometheus sample carries, in the order given:
 * the host, and what the run was told (--src, --ps, --tos ...), never
 * what the kernel chose.  A NULL VALUE leaves the label out.  Other
 * formats keep the label but do not use it.
 */
void pr_run_label(struct printer *p, const char *name, const char *value);

#endif
