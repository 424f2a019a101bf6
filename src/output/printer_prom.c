// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Prometheus text exposition (for node_exporter's textfile collector).
 * The renderer (render_prom.c) hands over samples: their family, labels
 * and value.  They are kept, grouped by family at the end (the format
 * wants each family's samples together), and written with one HELP and
 * TYPE line per family.  The record calls of the printing layer write
 * nothing here.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "base/escape.h"
#include "output/printer_impl.h"

struct sample {
	char *family_name;
	char *help, *type;
	char *name;		/* the sample's own: NAME_sum ... */
	char *labels;		/* "a=\"x\",b=\"y\"" */
	double value;
	size_t seq;
};

/* An identity asked for (pr_occurrence) and how often. */
struct seen {
	char *id;
	unsigned long count;
};

struct prom_state {
	struct seen *seen;
	size_t seen_n, seen_cap;
	struct sample *samples;
	size_t n, cap;
};

static char *xasprintf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		abort();	/* out of memory: nothing sensible to print */
	va_end(ap);
	return s;
}

static struct prom_state *state(struct printer *p)
{
	if (!p->priv)
		p->priv = calloc(1, sizeof(struct prom_state));
	if (!p->priv)
		abort();
	return p->priv;
}

/*
 * LABELS + ,NAME="VALUE" with the exposition format's escapes; control
 * characters and invalid UTF-8 as the text \xNN, so that the value is
 * always valid UTF-8 and one line.
 */
static char *add_label(const char *labels, const char *name, const char *value)
{
	size_t len = strlen(value), i = 0, j = 0, n, k;
	char *esc = malloc(5 * len + 1), *out;
	bool bad, control;

	if (!esc)
		abort();
	while (i < len) {
		n = rr_utf8_unit(value + i, len - i, &bad, &control);
		if (value[i] == '\n') {
			esc[j++] = '\\';
			esc[j++] = 'n';
		} else if (bad || control) {
			for (k = 0; k < n; k++)
				j += (size_t)sprintf(esc + j, "\\\\x%02x",
						     (unsigned char)value[i + k]);
		} else if (value[i] == '\\' || value[i] == '"') {
			esc[j++] = '\\';
			esc[j++] = value[i];
		} else {
			memcpy(esc + j, value + i, n);
			j += n;
		}
		i += n;
	}
	esc[j] = '\0';
	out = xasprintf("%s%s%s=\"%s\"", labels, *labels ? "," : "", name, esc);
	free(esc);
	return out;
}

/* FNV-1a: identities of series, to tell a repeated one. */
static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static void seen_grow(struct prom_state *st)
{
	size_t cap = st->seen_cap ? 2 * st->seen_cap : 256, i, j;
	struct seen *t = calloc(cap, sizeof(*t));

	if (!t)
		abort();
	for (i = 0; i < st->seen_cap; i++) {
		if (!st->seen[i].id)
			continue;
		for (j = hash(st->seen[i].id) & (cap - 1); t[j].id; j = (j + 1) & (cap - 1))
			;
		t[j] = st->seen[i];
	}
	free(st->seen);
	st->seen = t;
	st->seen_cap = cap;
}

/* ID's entry; a new one (count 0) with ADD, else NULL when not there. */
static struct seen *seen_find(struct prom_state *st, const char *id, bool add)
{
	size_t j;

	/* Only an addition grows the table: a look-up moves no entry. */
	if (!st->seen_cap || (add && 2 * (st->seen_n + 1) > st->seen_cap))
		seen_grow(st);
	for (j = hash(id) & (st->seen_cap - 1); st->seen[j].id;
	     j = (j + 1) & (st->seen_cap - 1))
		if (!strcmp(st->seen[j].id, id))
			return &st->seen[j];
	if (!add)
		return NULL;
	st->seen[j].id = strdup(id);
	if (!st->seen[j].id)
		abort();
	st->seen_n++;
	return &st->seen[j];
}


static void add_sample(struct printer *p, const struct pr_metric *m,
		       const char *name, char *labels, double value)
{
	struct prom_state *st = state(p);
	struct sample *s;

	if (st->n == st->cap) {
		st->cap = st->cap ? 2 * st->cap : 256;
		st->samples = realloc(st->samples, st->cap * sizeof(*st->samples));
		if (!st->samples)
			abort();
	}
	s = &st->samples[st->n];
	*s = (struct sample){
		.family_name = strdup(m->name), .help = strdup(m->help),
		.type = strdup(m->type), .name = strdup(name ? name : m->name),
		.labels = labels, .value = value, .seq = st->n,
	};
	if (!s->family_name || !s->help || !s->type || !s->name)
		abort();
	st->n++;
}

void pr_prom_sample(struct printer *p, const struct pr_metric *m,
		    const char *name, const struct pr_label *labels, size_t n,
		    double value)
{
	char *l = strdup(""), *next;
	size_t i;

	if (!l)
		abort();
	for (i = 0; i < p->num_run_labels + n; i++) {
		const struct pr_label *x = i < p->num_run_labels ?
			&p->run_labels[i] : &labels[i - p->num_run_labels];

		if (!x->value)
			continue;
		next = add_label(l, x->name, x->value);
		free(l);
		l = next;
	}
	add_sample(p, m, name, l, value);
}

unsigned long pr_prom_occurrence(struct printer *p, const char *id)
{
	return ++seen_find(state(p), id, true)->count;
}

static int by_family(const void *a, const void *b)
{
	const struct sample *x = a, *y = b;
	int c = strcmp(x->family_name, y->family_name);

	if (c)
		return c;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* VALUE as the exposition format writes it: NaN and infinities by name. */
static void put_value(FILE *out, double value)
{
	if (isnan(value))
		fputs("NaN", out);
	else if (isinf(value))
		fputs(value > 0 ? "+Inf" : "-Inf", out);
	else
		fprintf(out, "%.15g", value);
}

static int prom_finish(struct printer *p)
{
	struct prom_state *st = state(p);
	const char *last = "";
	struct sample *s;
	size_t i;

	if (st->n)
		qsort(st->samples, st->n, sizeof(*st->samples), by_family);
	for (i = 0; i < st->n; i++) {
		s = &st->samples[i];
		if (strcmp(s->family_name, last)) {
			fprintf(p->out, "# HELP %s %s\n", s->family_name, s->help);
			fprintf(p->out, "# TYPE %s %s\n", s->family_name, s->type);
			last = s->family_name;
		}
		if (*s->labels)
			fprintf(p->out, "%s{%s} ", s->name, s->labels);
		else
			fprintf(p->out, "%s ", s->name);
		put_value(p->out, s->value);
		fputc('\n', p->out);
	}
	for (i = 0; i < st->n; i++) {
		free(st->samples[i].family_name);
		free(st->samples[i].help);
		free(st->samples[i].type);
		free(st->samples[i].name);
		free(st->samples[i].labels);
	}
	free(st->samples);
	for (i = 0; i < st->seen_cap; i++)
		free(st->seen[i].id);
	free(st->seen);
	free(st);
	return ferror(p->out) ? -1 : 0;
}

/* The printing layer's record calls: nothing to write. */
static void prom_begin(struct printer *p, struct pr_frame *f,
		       const char *title, bool brief)
{
}

static void prom_end(struct printer *p, struct pr_frame *f)
{
}

static void prom_field(struct printer *p, const char *key,
		       const struct pr_value *v)
{
}

static void prom_stats(struct printer *p, const char *key,
		       const struct rr_stats *s)
{
}

const struct pr_writer pr_prom_writer = {
	.begin = prom_begin,
	.end = prom_end,
	.field = prom_field,
	.stats = prom_stats,
	.finish = prom_finish,
};
