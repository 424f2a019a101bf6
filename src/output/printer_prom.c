// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Prometheus text exposition (for node_exporter's textfile collector).
 * The renderer (render_prom.c) hands over samples: their family, labels
 * and value.  The format wants each family's samples together, and the
 * results come one destination at a time: each sample is written at once
 * to its family's spool (an unlinked temporary file, or memory where none
 * can be made), and at the end the families are written in name order,
 * each with one HELP and TYPE line.  Memory follows the families, not the
 * destinations.  The record calls of the printing layer write nothing
 * here.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "base/util.h"
#include "base/escape.h"
#include "output/printer_impl.h"

/* A family's samples so far, as their lines, in the order they came. */
struct family {
	char *name, *help, *type;
	FILE *spool;
	char *mem;		/* the spool's buffer when it is memory */
	size_t mem_len;
};

/* An identity asked for (pr_occurrence) and how often. */
struct seen {
	char *id;
	unsigned long count;
};

struct prom_state {
	struct seen *seen;
	size_t seen_n, seen_cap;
	struct family *families;
	size_t n, cap;
	size_t last;		/* the family of the last sample: mostly again */
	bool spool_failed;	/* a spool's write failed: the output is cut */
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


/* An unlinked temporary file in $TMPDIR, else /tmp; NULL when none. */
static FILE *temp_file(void)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	FILE *f;
	int fd;

	if (!dir || !*dir)
		dir = "/tmp";
	if (asprintf(&path, "%s/.rdma-route-prom.XXXXXX", dir) < 0)
		return NULL;
	fd = mkostemp(path, O_CLOEXEC);
	if (fd >= 0)
		unlink(path);
	free(path);
	if (fd < 0)
		return NULL;
	f = fdopen(fd, "w+");
	if (!f)
		close(fd);
	return f;
}

/* A family's spool: a temporary file, else (none can be made) memory. */
static FILE *open_spool(struct family *f)
{
	FILE *spool = temp_file();

	return spool ? spool : open_memstream(&f->mem, &f->mem_len);
}

/* M's family, added when new. */
static struct family *family_of(struct prom_state *st,
				const struct pr_metric *m)
{
	struct family *f;
	size_t i;

	if (st->n && !strcmp(st->families[st->last].name, m->name))
		return &st->families[st->last];
	for (i = 0; i < st->n; i++)
		if (!strcmp(st->families[i].name, m->name))
			return &st->families[st->last = i];
	if (st->n == st->cap) {
		st->cap = st->cap ? 2 * st->cap : 64;
		st->families = realloc(st->families,
				       st->cap * sizeof(*st->families));
		if (!st->families)
			abort();
	}
	f = &st->families[st->n];
	*f = (struct family){
		.name = strdup(m->name), .help = strdup(m->help),
		.type = strdup(m->type),
	};
	f->spool = open_spool(f);
	if (!f->name || !f->help || !f->type || !f->spool)
		abort();	/* out of memory: nothing sensible to print */
	st->last = st->n++;
	return f;
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

static void add_sample(struct printer *p, const struct pr_metric *m,
		       const char *name, char *labels, double value)
{
	struct prom_state *st = state(p);
	struct family *f = family_of(st, m);

	if (*labels)
		fprintf(f->spool, "%s{%s} ", name ? name : m->name, labels);
	else
		fprintf(f->spool, "%s ", name ? name : m->name);
	put_value(f->spool, value);
	if (fputc('\n', f->spool) == EOF)
		st->spool_failed = true;
	free(labels);
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

static int by_name(const void *a, const void *b)
{
	const struct family *x = a, *y = b;

	return strcmp(x->name, y->name);
}

/* F's spool onto OUT, after its HELP and TYPE; false when it failed. */
static bool copy_family(struct family *f, FILE *out)
{
	char buf[8192];
	size_t n;
	bool ok;

	fprintf(out, "# HELP %s %s\n", f->name, f->help);
	fprintf(out, "# TYPE %s %s\n", f->name, f->type);
	ok = fflush(f->spool) == 0 && !ferror(f->spool);
	if (f->mem)
		return ok && fwrite(f->mem, 1, f->mem_len, out) == f->mem_len;
	rewind(f->spool);
	while (ok && (n = fread(buf, 1, sizeof(buf), f->spool)) > 0)
		ok = fwrite(buf, 1, n, out) == n;
	return ok && !ferror(f->spool);
}

static int prom_finish(struct printer *p)
{
	struct prom_state *st = state(p);
	bool ok = !st->spool_failed;
	size_t i;

	if (st->n)
		qsort(st->families, st->n, sizeof(*st->families), by_name);
	for (i = 0; i < st->n; i++) {
		ok = copy_family(&st->families[i], p->out) && ok;
		fclose(st->families[i].spool);
		free(st->families[i].mem);
		free(st->families[i].name);
		free(st->families[i].help);
		free(st->families[i].type);
	}
	free(st->families);
	for (i = 0; i < st->seen_cap; i++)
		free(st->seen[i].id);
	free(st->seen);
	free(st);
	return ferror(p->out) || !ok ? -1 : 0;
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
	/* Spooled: a result is let go once rendered, as in other formats. */
	.streams = true,
};

/* The calls of prom_samples.h: other formats take no sample. */

void pr_sample(struct printer *p, const struct pr_metric *m, const char *name,
	       const struct pr_label *labels, size_t n, double value)
{
	if (p->format == RR_FORMAT_PROM)
		pr_prom_sample(p, m, name, labels, n, value);
}

bool pr_run_label_set(const struct printer *p, const char *name)
{
	size_t i;

	for (i = 0; i < p->num_run_labels; i++)
		if (p->run_labels[i].value && !strcmp(p->run_labels[i].name, name))
			return true;
	return false;
}

unsigned long pr_occurrence(struct printer *p, const char *id)
{
	if (p->format != RR_FORMAT_PROM)
		return 1;
	return pr_prom_occurrence(p, id);
}
