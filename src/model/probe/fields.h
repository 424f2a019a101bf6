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
 * Where a result read back from a record keeps its strings: a room of
 * LEN bytes, USED of them taken.
 */
struct rr_fstore {
	char *buf;
	size_t len, used;
};

/* S copied into STORE; NULL when the room is full. */
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
 * A field that is a plain member of a result, of a path or of a hop:
 * the generic accessors (rr_member_get, rr_member_set, rr_member_hop)
 * read and write it through these columns, so that the field is its row.
 */
enum rr_mkind {
	RR_MEM_NONE,		/* no member: the field's own code */
	RR_MEM_UINT,		/* an unsigned (or non-negative) number */
	RR_MEM_MS,		/* a double, milliseconds or such */
	RR_MEM_TEXT,		/* a const char *; read back into the store */
	RR_MEM_CHARS,		/* a char array, a C string */
};
enum rr_mbase { RR_IN_RESULT, RR_IN_PATH, RR_IN_HOP };
enum rr_mhas {
	RR_HAS_ALWAYS,		/* always there */
	RR_HAS_NONZERO,		/* there when not 0, NULL or "" */
	RR_HAS_FLAG,		/* there when the bool at FLAG says so */
};
struct rr_member {
	enum rr_mkind kind;
	enum rr_mbase base;
	unsigned short off, size;	/* offsetof and sizeof the member */
	enum rr_mhas has;
	unsigned short flag;		/* RR_HAS_FLAG: the bool's offsetof */
	double max;			/* read back: a number at most this */
};

struct rr_field {
	const char *key;
	enum rr_ftype type;
	int width;		/* RR_FT_HEX: digits */
	enum rr_step step;	/* the time_ms fields: which step */
	int counter;		/* a hop's counters: which (rr_hop_counter) */
	bool tail;		/* shown after time_ms, beside the paths */
	/*
	 * JSON and JSON Lines only: what merges records of many hosts and
	 * runs.  Text has them once (its summary), and a label that changes
	 * with every probe would make new Prometheus series each time.
	 */
	bool json_only;
	/* Text shows it only when not 0: a hop's counters (JSON, always). */
	bool text_unless_zero;
	/* --matrix: a pair's paths agree on it both ways, or they differ. */
	bool both_ways;
	/*
	 * Prometheus: a gauge's name after its scope's prefix, with the unit
	 * the value is scaled into ("mtu_bytes"); a decoded field's raw value
	 * is a second gauge, KEY_raw.
	 */
	enum rr_prom prom;
	const char *metric;
	double scale;		/* into the metric's unit; 0 means 1 */
	/*
	 * A field with no setter that follows from another (pkey_membership
	 * from pkey): that one's key; it is there when that one is.
	 */
	const char *follows;
	void (*get)(const struct rr_field *f, const struct rr_result *r,
		    const struct rr_path *path, struct rr_fval *v);
	/*
	 * The other way, for a result read back from JSON (the record
	 * reader): V as JSON holds it (STR: s; INT, BOOL, HEX: i; MS, NUM:
	 * d; DECODED, ENUM: i, the raw value, from KEY_raw) into R and PATH,
	 * strings copied into STORE.  NULL: not read back, as the field
	 * follows from others (status from its error, pkey_membership from
	 * pkey) or says what only a live run knows (the kernel's words).
	 * False: V is out of the field's range, or names nothing it knows;
	 * R is left as it was.
	 */
	bool (*set)(const struct rr_field *f, struct rr_result *r,
		    struct rr_path *path, const struct rr_fval *v,
		    struct rr_fstore *store);
	/* RR_FS_HOP's fields: the value in one hop (get is NULL). */
	void (*get_hop)(const struct rr_field *f, const struct rr_hop *hop,
			struct rr_fval *v);
	/* A plain member's columns; its get, set or get_hop the generic ones. */
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

/* V made empty before a getter fills it (buffers left as they are). */
static inline void rr_fval_reset(struct rr_fval *v)
{
	v->present = v->null = false;
	v->i = 0;
	v->d = 0;
	v->s = NULL;
}

/*
 * F's value in R (and PATH) into V: the one way every reader of a field
 * asks for it.  Absent when R does not have it: a path's field with no
 * path, or one the record it was read from did not hold.
 */
void rr_field_get(const struct rr_field *f, const struct rr_result *r,
		  const struct rr_path *path, struct rr_fval *v);

/*
 * V into R (and PATH) by F's setter, F then present in PATH; false as the
 * setter says (out of range, no such name).  Before the first, a path
 * read back is made empty by rr_field_path_empty().
 */
bool rr_field_set(const struct rr_field *f, struct rr_result *r,
		  struct rr_path *path, const struct rr_fval *v,
		  struct rr_fstore *store);
void rr_field_path_empty(struct rr_path *path);

/*
 * A decoded path field's (or a named enum's) raw code from its value as
 * JSON writes it (V: d, or null, or the name s): whether code RAW gives
 * it, and the first code that does (false: none does).  R: the result,
 * for what a code means there (a rate of 0 is the port's own).
 */
bool rr_field_code_gives(const struct rr_field *f, const struct rr_result *r,
			 long long raw, const struct rr_fval *v);
bool rr_field_encode(const struct rr_field *f, const struct rr_result *r,
		     const struct rr_fval *v, long long *raw);

/* The fields of each scope, in the order they are shown. */
struct rr_field_table rr_fields(enum rr_fscope scope);

/*
 * The field NAME of a result, of its time_ms, of its paths or of its hops
 * (where --expect may look, in that order), with *RAW set for KEY_raw of
 * a decoded field.
 */
const struct rr_field *rr_field_find(const char *name, enum rr_fscope *scope,
				     bool *raw);

/*
 * The path fields a pair's two ways are compared on (both_ways), in
 * table order; the Ith, or NULL past the last.
 */
const struct rr_field *rr_field_both_ways(int i);

/* V as JSON writes it ("1024", "0xffff", "11.500", "null", "RoCE v2"). */
const char *rr_fval_str(const struct rr_field *f, const struct rr_fval *v,
			bool raw, char *buf, size_t len);

#endif
