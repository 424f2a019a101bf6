/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Inside the printing layer: what every format's writer implements. */
#ifndef RR_PRINTER_IMPL_H
#define RR_PRINTER_IMPL_H

#include <stdbool.h>
#include <stdio.h>

#include "output/printer.h"
#include "output/prom_samples.h"
#include "base/stats.h"

#define PR_MAX_DEPTH 16
#define PR_MAX_RUN_LABELS 8

enum pr_frame_kind {
	PR_RECORD,	/* element of a top-level list */
	PR_SINGLE,	/* a single top-level object */
	PR_OBJ,
	PR_MAP,
	PR_ARR,
};

enum pr_type { PV_STR, PV_INT, PV_BOOL, PV_NUM, PV_NULL };

/* One field's value, with everything any format needs to show it. */
struct pr_value {
	enum pr_type type;
	const char *s;
	long long i;
	double d;
	const char *num_text;	/* PV_NUM: exact digits for JSON, or NULL */
	const char *text;	/* text format's rendering, or NULL */
	bool ms;		/* milliseconds (Prometheus wants seconds) */
	bool has_raw;		/* also a KEY_raw member */
	long long raw;
};

struct pr_frame {
	enum pr_frame_kind kind;
	const char *key;
	const char *label;	/* PR_MAP: what its member keys name */
	bool indents;		/* text: printed a heading */
	int count;		/* members so far (array index) */
	void *priv;		/* the writer's own */
};

struct printer;

struct pr_writer {
	bool streams;		/* writes each record as it ends */
	void (*doc)(struct printer *p, const char *key, const struct pr_value *v);
	void (*begin)(struct printer *p, struct pr_frame *f, const char *title,
		      bool brief);
	void (*end)(struct printer *p, struct pr_frame *f);
	void (*field)(struct printer *p, const char *key,
		      const struct pr_value *v);
	void (*stats)(struct printer *p, const char *key,
		      const struct rr_stats *s);
	int (*finish)(struct printer *p);
};

struct printer {
	const struct pr_writer *w;
	enum rr_format format;
	FILE *out;		/* where records go now: main or err */
	FILE *main, *err;
	struct pr_frame stack[PR_MAX_DEPTH];
	int depth;
	struct pr_label run_labels[PR_MAX_RUN_LABELS];
	size_t num_run_labels;
	void *priv;		/* the writer's state */
	bool brief;		/* -q: a line per result (text) */
	bool verbose;		/* -v: every field of a hop (text) */
	bool hold;		/* records end unflushed until pr_release() */
};

/*
 * Called when a record ends: flushes it now, unless the caller holds a
 * batch (pr_hold()).
 */
static inline void pr_record_left(struct printer *p)
{
	if (!p->hold)
		fflush(p->out);
}

extern const struct pr_writer pr_text_writer;
extern const struct pr_writer pr_json_writer;
extern const struct pr_writer pr_jsonl_writer;
extern const struct pr_writer pr_prom_writer;

/* Prometheus: the writer's own entry points (printer_prom.c). */
void pr_prom_sample(struct printer *p, const struct pr_metric *m,
		    const char *name, const struct pr_label *labels, size_t n,
		    double value);
unsigned long pr_prom_occurrence(struct printer *p, const char *id);

static inline struct pr_frame *pr_top(struct printer *p)
{
	return p->depth ? &p->stack[p->depth - 1] : NULL;
}

#endif
