/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every field of a result, described once: its key (the JSON name; the
 * text label and the metric name follow from it), its type, and how to
 * read it from a result.  The renderers walk these tables; --expect and
 * --max-ms compare through them; tests check the man page and the bash
 * completion against them.  Adding a field is one row.
 */
#ifndef RR_FIELDS_H
#define RR_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/probe/result.h"

enum rr_ftype {
	RR_FT_STR,	/* text */
	RR_FT_INT,	/* a whole number */
	RR_FT_BOOL,
	RR_FT_HEX,	/* an identifier: 0x and WIDTH hex digits, a number */
	RR_FT_MS,	/* milliseconds, microsecond precision */
	RR_FT_DECODED,	/* a raw enum decoded to a quantity (null: undefined) */
	RR_FT_ENUM,	/* a raw enum and its name (the selectors) */
	RR_FT_NUM,	/* a quantity (d) and how people read it (text) */
};

/* How Prometheus output shows a field (src/output/render_prom.c). */
enum rr_prom {
	RR_PROM_NONE,	/* not at all: free text, it changes every probe,
			 * or a detail JSON carries (raw, selectors) */
	RR_PROM_GAUGE,	/* a gauge of its own, named by metric */
	RR_PROM_INFO,	/* a label of its scope's _info series */
};

/*
 * Where a result read back from a record keeps its strings: a buffer of
 * LEN bytes, of which USED are taken.
 */
struct rr_fstore {
	char *buf;
	size_t len, used;
};

/* Copies S into STORE.  Returns the copy, or NULL when STORE is full. */
const char *rr_fstore_put(struct rr_fstore *store, const char *s);

/* A field's value in one result (and path). */
struct rr_fval {
	bool present;		/* false: the result has no such field */
	bool null;		/* RR_FT_DECODED: the raw value means nothing */
	long long i;		/* INT, BOOL, HEX; the raw enum of DECODED/ENUM */
	double d;		/* MS, DECODED, NUM */
	const char *s;		/* STR, ENUM name; may point into buf */
	char text[64];		/* DECODED, NUM: for people ("1024 bytes") */
	char buf[320];
};

/*
 * A field that is a plain member of a result, of a path or of a hop: the
 * generic accessors of field_member.c read and write it through these
 * columns, so that the field is only its row.
 */
enum rr_mkind {
	RR_MEM_NONE,		/* not a member: the field has its own code */
	RR_MEM_UINT,		/* an unsigned (or non-negative) number */
	RR_MEM_MS,		/* a double, milliseconds or such */
	RR_MEM_TEXT,		/* a const char *; read back into the store */
	RR_MEM_CHARS,		/* a char array, a C string */
	RR_MEM_NAMED,		/* a code shown by its name (an enum) */
};
enum rr_mbase { RR_IN_RESULT, RR_IN_PATH, RR_IN_HOP };
enum rr_mhas {
	RR_HAS_ALWAYS,		/* always there */
	RR_HAS_NONZERO,		/* there when not 0, NULL or "" */
	RR_HAS_FLAG,		/* there when the bool at FLAG says so */
	RR_HAS_TEXT,		/* there when the chars at FLAG are not "" */
};
struct rr_member {
	enum rr_mkind kind;
	enum rr_mbase base;
	unsigned short off, size;	/* offsetof and sizeof the member */
	enum rr_mhas has;
	unsigned short flag;		/* FLAG, TEXT: the other member's offsetof */
	double max;			/* read back: the largest number or code */
	/* RR_MEM_NAMED: the code's name, and the smallest code read back. */
	const char *(*name)(int code);
	int min;
};

struct rr_field {
	const char *key;
	enum rr_ftype type;
	int width;		/* RR_FT_HEX: digits */
	enum rr_step step;	/* the time_ms fields: which step */
	int counter;		/* a hop's counters: which (rr_hop_counter) */
	bool tail;		/* shown after time_ms, beside the paths */
	/*
	 * Shown in JSON and JSON Lines only: the fields that merge records of
	 * many hosts and runs.  Text shows them once (in its summary), and a
	 * label that changes with every probe would make new Prometheus
	 * series each time.
	 */
	bool json_only;
	/* Text shows it only when not 0 (a hop's counters); JSON always. */
	bool text_unless_zero;
	/* --matrix checks that a pair's paths both ways agree on it. */
	bool both_ways;
	/*
	 * Prometheus: the gauge's name after its scope's prefix, with the
	 * unit the value is scaled into ("mtu_bytes").  A decoded field's raw
	 * value is a second gauge, KEY_raw.
	 */
	enum rr_prom prom;
	const char *metric;
	double scale;		/* into the metric's unit; 0 means 1 */
	/*
	 * For a field with no setter that follows from another
	 * (pkey_membership from pkey): the other field's key.  This field is
	 * present when the other one is.
	 */
	const char *follows;
	void (*get)(const struct rr_field *f, const struct rr_result *r,
		    const struct rr_path *path, struct rr_fval *v);
	/*
	 * The other way, for a result read back from JSON by the record
	 * reader: stores V as JSON holds it (STR: s; INT, BOOL, HEX: i; MS,
	 * NUM: d; DECODED, ENUM: i, the raw value, from KEY_raw) into R and
	 * PATH, copying strings into STORE.  NULL when the field is not read
	 * back, because it follows from others (status from its error,
	 * pkey_membership from pkey) or says what only a live run knows (the
	 * kernel's words).  Returns false, leaving R as it was, when V is out
	 * of the field's range or names nothing it knows.
	 */
	bool (*set)(const struct rr_field *f, struct rr_result *r,
		    struct rr_path *path, const struct rr_fval *v,
		    struct rr_fstore *store);
	/* For RR_FS_HOP's fields: reads the value in one hop (get is NULL). */
	void (*get_hop)(const struct rr_field *f, const struct rr_hop *hop,
			struct rr_fval *v);
	/* A plain member's columns; get, set or get_hop are then generic. */
	struct rr_member mem;
};

/* Where a field lives in a result, as JSON shows it. */
enum rr_fscope {
	RR_FS_RESULT,	/* a member of the result */
	RR_FS_TIME,	/* of its time_ms */
	RR_FS_PATH,	/* of each of its paths */
	RR_FS_ERROR,	/* of its error (a failure) */
	RR_FS_HOP,	/* of each hop of its route (--sa --trace) */
};

struct rr_field_table {
	const struct rr_field *fields;
	size_t n;
};

/* Empties V before a getter fills it, leaving its buffers as they are. */
static inline void rr_fval_reset(struct rr_fval *v)
{
	v->present = v->null = false;
	v->i = 0;
	v->d = 0;
	v->s = NULL;
}

/*
 * Reads F's value in R (and PATH) into V: the one way every reader of a
 * field asks for it.  V is absent when R does not have the field: a
 * path's field with no PATH, or one the record it was read from did not
 * hold.
 */
void rr_field_get(const struct rr_field *f, const struct rr_result *r,
		  const struct rr_path *path, struct rr_fval *v);

/*
 * Stores V into R (and PATH) with F's setter, and marks F present in
 * PATH.  Returns false when the setter does (out of range, no such name)
 * or when F cannot be set.  Before the first field is set, a path read
 * back is emptied with rr_field_path_empty().
 */
bool rr_field_set(const struct rr_field *f, struct rr_result *r,
		  struct rr_path *path, const struct rr_fval *v,
		  struct rr_fstore *store);
void rr_field_path_empty(struct rr_path *path);

/*
 * Find a decoded path field's (or a named enum's) raw code from its value
 * as JSON writes it (V: d, or null, or the name s).  rr_field_code_gives()
 * returns true if code RAW gives V; rr_field_encode() stores in *RAW the
 * first code that does, and returns false when none does.  R is the
 * result, for what a code means there (a rate of 0 is the port's own).
 */
bool rr_field_code_gives(const struct rr_field *f, const struct rr_result *r,
			 long long raw, const struct rr_fval *v);
bool rr_field_encode(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_fval *v, long long *raw);

/* Returns the fields of SCOPE, in the order they are shown. */
struct rr_field_table rr_fields(enum rr_fscope scope);

/*
 * Returns the field NAME of a result, of its time_ms, of its paths or of
 * its hops (where --expect may look, in that order), and stores its scope
 * in *SCOPE.  *RAW is set for KEY_raw of a decoded field.  Returns NULL
 * when no field has that name.
 */
const struct rr_field *rr_field_find(const char *name, enum rr_fscope *scope,
				     bool *raw);

/*
 * Returns the Ith of the path fields that a pair's two ways are compared
 * on (both_ways), in table order, or NULL past the last.
 */
const struct rr_field *rr_field_both_ways(int i);

/*
 * Writes V into BUF (LEN bytes) as JSON writes it ("1024", "0xffff",
 * "11.500", "null", "RoCE v2"), or its raw value with RAW.  Returns BUF.
 */
const char *rr_fval_str(const struct rr_field *f, const struct rr_fval *v,
			bool raw, char *buf, size_t len);

#endif
