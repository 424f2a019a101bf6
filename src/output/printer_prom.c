// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Prometheus text exposition (for node_exporter's textfile collector).
 * Every numeric field becomes a gauge named after its place in the
 * document: the record's metric name (pr_metric_prefix, pr_metric_alias)
 * and the keys below it, a key ending in _ms becoming _seconds with its
 * values; string fields become labels of one _info gauge per object;
 * members of a map and of a list become a label.  A record's label fields
 * (pr_label_*) label all of its samples.  Samples are grouped by metric at
 * the end.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "base/escape.h"
#include "output/printer_impl.h"

struct sample {
	char *family;
	char *labels;		/* inner labels, "a=\"x\",b=\"y\"" */
	char *help;		/* where the field is in the JSON document */
	double value;
	size_t seq;
};

struct prom_frame {
	char *name;		/* metric name prefix */
	char *labels;		/* labels inherited by members */
	char *info;		/* string members, as labels */
	char *path;		/* JSON path, for HELP */
};

/*
 * A series printed (its family and labels as a set, series_id), or a
 * record's labels (as a set, after a newline) and how often they came.
 */
struct seen {
	char *id;
	unsigned long count;
};

struct prom_state {
	struct seen *seen;
	size_t seen_n, seen_cap;
	struct sample *samples;
	size_t n, cap;
	size_t record_first;	/* first sample of the open record */
	char *record_labels;
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

static void append(char **labels, const char *name, const char *value)
{
	char *next = add_label(*labels, name, value);

	free(*labels);
	*labels = next;
}


static void add_sample(struct printer *p, const char *family,
		       const char *labels, const char *help, double value)
{
	struct prom_state *st = state(p);

	if (st->n == st->cap) {
		st->cap = st->cap ? 2 * st->cap : 256;
		st->samples = realloc(st->samples, st->cap * sizeof(*st->samples));
		if (!st->samples)
			abort();
	}
	st->samples[st->n] = (struct sample){
		.family = strdup(family), .labels = strdup(labels),
		.help = strdup(help), .value = value, .seq = st->n,
	};
	st->n++;
}

/* "paths" -> "path_index": the label naming a list member. */
static char *index_label(const char *list)
{
	size_t len = strlen(list);

	if (len > 1 && list[len - 1] == 's')
		len--;
	return xasprintf("%.*s_index", (int)len, list);
}

/* KEY as a part of a metric name: Prometheus counts time in seconds. */
static char *name_part(const char *key)
{
	size_t len = strlen(key);

	if (len > 3 && !strcmp(key + len - 3, "_ms"))
		return xasprintf("%.*s_seconds", (int)(len - 3), key);
	return strdup(key);
}

/*
 * Name, labels and JSON path of member KEY of frame F (NULL at the top).
 */
static void member(const struct printer *p, const struct pr_frame *f,
		   const char *key, char **name, char **labels, char **path)
{
	const struct prom_frame *pf = f ? f->priv : NULL;
	char idx[16], metric[128], *lab, *part;

	if (!pf) {
		*name = strdup(pr_metric_of(p, key, metric, sizeof(metric)));
		*labels = strdup("");
		*path = strdup(key);
		return;
	}
	if (f->kind == PR_MAP) {
		*name = strdup(pf->name);
		*labels = add_label(pf->labels, f->label, key);
		*path = xasprintf("%s.<%s>", pf->path, f->label);
	} else if (f->kind == PR_ARR) {
		snprintf(idx, sizeof(idx), "%d", f->count);
		lab = index_label(f->key);
		*name = strdup(pf->name);
		*labels = add_label(pf->labels, lab, idx);
		*path = xasprintf("%s[]", pf->path);
		free(lab);
	} else {
		part = name_part(key);
		*name = xasprintf("%s_%s", pf->name, part);
		free(part);
		*labels = strdup(pf->labels);
		*path = xasprintf("%s.%s", pf->path, key);
	}
}

static void prom_begin(struct printer *p, struct pr_frame *f,
		       const char *title, bool brief)
{
	struct prom_frame *pf = calloc(1, sizeof(*pf));
	int depth = (int)(f - p->stack);

	if (!pf)
		abort();
	member(p, depth ? &p->stack[depth - 1] : NULL, f->key, &pf->name,
	       &pf->labels, &pf->path);
	pf->info = strdup("");
	f->priv = pf;
	if (depth == 0) {
		state(p)->record_first = state(p)->n;
		free(state(p)->record_labels);
		state(p)->record_labels = strdup("");
	}
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

static int by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * A series' identity: FAMILY and its labels as a set, whatever their
 * order.  LABELS is name="value" pairs joined by commas, values escaped
 * (a comma may hide in a value, a quote only behind a backslash).
 */
static char *series_id(const char *family, const char *labels)
{
	size_t n = 0, cap = 8, i, start = 0;
	char **pairs = malloc(cap * sizeof(*pairs)), *id, *next;
	bool quoted = false;

	if (!pairs)
		abort();
	for (i = 0; labels[i]; i++) {
		if (quoted && labels[i] == '\\' && labels[i + 1])
			i++;
		else if (labels[i] == '"')
			quoted = !quoted;
		if (labels[i + 1] && (labels[i + 1] != ',' || quoted))
			continue;
		if (n == cap) {
			cap *= 2;
			pairs = realloc(pairs, cap * sizeof(*pairs));
			if (!pairs)
				abort();
		}
		pairs[n++] = strndup(labels + start, i + 1 - start);
		start = i + 2;
		i += !!labels[i + 1];	/* past the comma */
	}
	if (n > 1)
		qsort(pairs, n, sizeof(*pairs), by_text);
	id = xasprintf("%s{", family);
	for (i = 0; i < n; i++) {
		/* Escaped values hold no newline: it separates. */
		next = xasprintf("%s%s\n", id, pairs[i]);
		free(id);
		free(pairs[i]);
		id = next;
	}
	free(pairs);
	next = xasprintf("%s}", id);
	free(id);
	return next;
}

/* The labels of sample I of the open record, with LEAD in front. */
static char *sample_labels(struct prom_state *st, size_t i, const char *lead)
{
	return xasprintf("%s%s%s", lead,
			 *lead && *st->samples[i].labels ? "," : "",
			 st->samples[i].labels);
}

/* Whether LEAD in front of the open record's samples repeats a series. */
static bool repeats(struct prom_state *st, const char *lead)
{
	bool found = false;
	char *labels, *id;
	size_t i;

	for (i = st->record_first; i < st->n && !found; i++) {
		labels = sample_labels(st, i, lead);
		id = series_id(st->samples[i].family, labels);
		found = seen_find(st, id, false) != NULL;
		free(id);
		free(labels);
	}
	return found;
}

/* The record's labels, with occurrence N after them unless N is 1. */
static char *lead_for(struct prom_state *st, unsigned long n)
{
	char *lead = strdup(st->record_labels), num[24];

	if (!lead)
		abort();
	if (n > 1) {
		snprintf(num, sizeof(num), "%lu", n);
		append(&lead, "occurrence", num);
	}
	return lead;
}

/*
 * Record labels go in front of every sample the record produced.  A record
 * that would repeat a series printed before (a destination given twice;
 * a label of one record that is another's string) gets an occurrence
 * label, the first number that makes every series new; the same input
 * gives the same labels every run.
 */
static void label_record(struct printer *p, const char *key)
{
	struct prom_state *st = state(p);
	struct seen *same;
	unsigned long n;
	char *lead, *id, *l;
	size_t i;

	/*
	 * Records with these labels came before: start past their
	 * occurrences, so that a destination given N times costs N tries,
	 * not N squared.  A newline is in no family: no series has this id.
	 */
	l = xasprintf("\n%s", key);
	id = series_id(l, st->record_labels);
	free(l);
	same = seen_find(st, id, true);
	free(id);
	n = same->count + 1;
	lead = lead_for(st, n);
	while (repeats(st, lead)) {	/* adds nothing: SAME stays valid */
		free(lead);
		lead = lead_for(st, ++n);
	}
	same->count = n;
	for (i = st->record_first; i < st->n; i++) {
		l = sample_labels(st, i, lead);
		id = series_id(st->samples[i].family, l);
		seen_find(st, id, true);
		free(id);
		free(st->samples[i].labels);
		st->samples[i].labels = l;
	}
	free(lead);
}

static void prom_end(struct printer *p, struct pr_frame *f)
{
	struct prom_frame *pf = f->priv;
	char *name, *path, *labels;

	if (*pf->info) {
		name = xasprintf("%s_info", pf->name);
		path = xasprintf("%s (its strings)", pf->path);
		labels = xasprintf("%s%s%s", pf->labels,
				   *pf->labels ? "," : "", pf->info);
		add_sample(p, name, labels, path, 1);
		free(name);
		free(path);
		free(labels);
	}
	if (f == p->stack)
		label_record(p, f->key);
	free(pf->name);
	free(pf->labels);
	free(pf->info);
	free(pf->path);
	free(pf);
}

static void prom_field(struct printer *p, const char *key,
		       const struct pr_value *v)
{
	struct pr_frame *f = pr_top(p);
	char *name, *labels, *path, *extra, *lab, num[32];

	if (!f || !f->priv)
		return;
	if (v->label && p->depth == 1) {
		snprintf(num, sizeof(num), "%lld", v->i);
		append(&state(p)->record_labels, key,
		       v->type == PV_STR ? v->s : num);
		return;
	}
	member(p, f, key, &name, &labels, &path);
	switch (v->type) {
	case PV_STR:
		if (f->kind == PR_MAP || f->kind == PR_ARR) {
			/* A string in a list or map: an info sample of its own. */
			extra = xasprintf("%s_info", name);
			lab = add_label(labels, key, v->s);
			add_sample(p, extra, lab, path, 1);
			free(extra);
			free(lab);
		} else {
			append(&((struct prom_frame *)f->priv)->info, key, v->s);
		}
		break;
	case PV_INT:
	case PV_BOOL:
		add_sample(p, name, labels, path, (double)v->i);
		break;
	case PV_NUM:
		add_sample(p, name, labels, path, v->ms ? v->d / 1e3 : v->d);
		break;
	default:
		break;
	}
	if (v->has_raw) {
		extra = xasprintf("%s_raw", name);
		lab = xasprintf("%s_raw", path);
		add_sample(p, extra, labels, lab, (double)v->raw);
		free(extra);
		free(lab);
	}
	free(name);
	free(labels);
	free(path);
}

static void prom_stats(struct printer *p, const char *key,
		       const struct rr_stats *s)
{
	const struct { const char *name; double v; } parts[] = {
		{ "n", (double)s->n }, { "min", s->min / 1e3 },
		{ "avg", s->avg / 1e3 }, { "max", s->max / 1e3 },
		{ "mdev", s->mdev / 1e3 }, { "p50", s->p50 / 1e3 },
		{ "p90", s->p90 / 1e3 }, { "p99", s->p99 / 1e3 },
		{ "span", s->span / 1e3 },
	};
	struct pr_frame *f = pr_top(p);
	char *name, *labels, *path, *family, *help;
	size_t i;

	if (!f || !f->priv)
		return;
	member(p, f, key, &name, &labels, &path);
	for (i = 0; i < ARRAY_SIZE(parts); i++) {
		family = xasprintf("%s_%s", name, parts[i].name);
		help = xasprintf("%s.%s", path, parts[i].name);
		add_sample(p, family, labels, help, parts[i].v);
		free(family);
		free(help);
	}
	free(name);
	free(labels);
	free(path);
}

static int by_family(const void *a, const void *b)
{
	const struct sample *x = a, *y = b;
	int c = strcmp(x->family, y->family);

	if (c)
		return c;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

static int prom_finish(struct printer *p)
{
	struct prom_state *st = state(p);
	const char *last = "";
	struct sample *s;
	size_t i;

	/* The exposition format wants each metric's samples together. */
	if (st->n)
		qsort(st->samples, st->n, sizeof(*st->samples), by_family);
	for (i = 0; i < st->n; i++) {
		s = &st->samples[i];
		if (strcmp(s->family, last)) {
			fprintf(p->out, "# HELP %s rdma-route field %s, see rdma-route(8)\n",
				s->family, s->help);
			fprintf(p->out, "# TYPE %s gauge\n", s->family);
			last = s->family;
		}
		if (*s->labels)
			fprintf(p->out, "%s{%s} %.10g\n", s->family, s->labels,
				s->value);
		else
			fprintf(p->out, "%s %.10g\n", s->family, s->value);
	}
	for (i = 0; i < st->n; i++) {
		free(st->samples[i].family);
		free(st->samples[i].labels);
		free(st->samples[i].help);
	}
	free(st->samples);
	for (i = 0; i < st->seen_cap; i++)
		free(st->seen[i].id);
	free(st->seen);
	free(st->record_labels);
	free(st);
	return ferror(p->out) ? -1 : 0;
}

const struct pr_writer pr_prom_writer = {
	.begin = prom_begin,
	.end = prom_end,
	.field = prom_field,
	.stats = prom_stats,
	.finish = prom_finish,
};
