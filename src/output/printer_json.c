// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON, one document, pretty-printed as json-c prints with
 * JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
 * JSON_C_TO_STRING_NOSLASHESCAPE (the golden tests hold that), written as
 * it is rendered with no tree in between (JSON Lines: printer_jsonl.c).
 *
 * The document's top-level members keep the order they first appear in.
 * Its "results" are written out as each ends and let go, once only plain
 * values come before them (the head); every other member is kept as its
 * text until the end: input errors, statistics, the summary.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "output/json_text.h"
#include "output/printer_impl.h"

#define STREAMED_LIST "results"

struct json_member {
	char *key;
	bool list;		/* records of a top-level list */
	bool plain;		/* a plain value, no container */
	size_t count;		/* list: records so far */
	char *text;		/* what follows `"key": `, as written so far */
	size_t len;
	FILE *f;		/* open_memstream() onto text */
};

struct json_doc {
	/*
	 * Each member on its own: its memstream writes to its text and len
	 * by their addresses, which must not move as the array grows.
	 */
	struct json_member **m;
	size_t n, cap;
	bool head_written;	/* the results stream to the output */
	FILE *cur;		/* where the open top-level frame goes */
	bool more[PR_MAX_DEPTH];	/* frame D has a member: a comma next */
};

static void *must(void *ptr)
{
	if (!ptr)
		abort();	/* out of memory while printing */
	return ptr;
}

static struct json_doc *doc(struct printer *p)
{
	if (!p->priv)
		p->priv = must(calloc(1, sizeof(struct json_doc)));
	return p->priv;
}

static void indent(FILE *f, int level)
{
	static const char spaces[] = "                                ";
	size_t n = 2 * (size_t)(level > 0 ? level : 0);

	for (; n > sizeof(spaces) - 1; n -= sizeof(spaces) - 1)
		fwrite(spaces, 1, sizeof(spaces) - 1, f);
	fwrite(spaces, 1, n, f);
}

/*
 * The JSON level of the top-level frame: 2 for a list's record (in the
 * list, in the document), 1 for a member of the document itself.
 */
static int base_level(const struct printer *p)
{
	return p->stack[0].kind == PR_RECORD ? 2 : 1;
}

/* The member KEY, made (at the end, as json-c adds keys) if new. */
static struct json_member *member(struct json_doc *d, const char *key)
{
	struct json_member *m;
	size_t i;

	for (i = 0; i < d->n; i++)
		if (!strcmp(d->m[i]->key, key))
			return d->m[i];
	if (d->n == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 8;
		d->m = must(realloc(d->m, d->cap * sizeof(*d->m)));
	}
	m = must(calloc(1, sizeof(*m)));
	d->m[d->n++] = m;
	m->key = must(strdup(key));
	m->f = must(open_memstream(&m->text, &m->len));
	return m;
}

/* M's value replaced, as json-c replaces a key's value in place. */
static FILE *restart(struct json_member *m)
{
	fclose(m->f);
	free(m->text);
	m->text = NULL;
	m->f = must(open_memstream(&m->text, &m->len));
	m->count = 0;
	return m->f;
}

static void json_doc(struct printer *p, const char *key,
		     const struct pr_value *v)
{
	struct json_member *m = member(doc(p), key);
	FILE *f = restart(m);

	m->list = false;
	m->plain = true;
	rr_json_put_value(f, v);
}

/*
 * Starts a member of frame DEPTH - 1: comma, new line, indent, and the
 * key unless the container is an array.  False outside any frame.
 */
static bool open_member(struct printer *p, int depth, const char *key)
{
	struct json_doc *d = doc(p);

	if (depth <= 0 || !d->cur)
		return false;
	if (d->more[depth - 1])
		fputc(',', d->cur);
	d->more[depth - 1] = true;
	fputc('\n', d->cur);
	indent(d->cur, base_level(p) + depth);
	if (p->stack[depth - 1].kind != PR_ARR) {
		rr_json_put_str(d->cur, key);
		fputs(": ", d->cur);
	}
	return true;
}

/* Only plain values come before the results: the head may go out. */
static bool may_stream(const struct json_doc *d)
{
	size_t i;

	for (i = 0; i < d->n; i++) {
		if (!strcmp(d->m[i]->key, STREAMED_LIST))
			return true;
		if (!d->m[i]->plain)
			return false;
	}
	return false;
}

static void put_member(FILE *out, const char *sep, struct json_member *m)
{
	fflush(m->f);
	fprintf(out, "%s\n  ", sep);
	rr_json_put_str(out, m->key);
	fputs(": ", out);
	fwrite(m->text, 1, m->len, out);
}

/* The document up to its results' opening bracket. */
static void write_head(struct printer *p, struct json_doc *d)
{
	const char *sep = "{";
	size_t i;

	for (i = 0; strcmp(d->m[i]->key, STREAMED_LIST); i++) {
		put_member(p->out, sep, d->m[i]);
		sep = ",";
	}
	fprintf(p->out, "%s\n  ", sep);
	rr_json_put_str(p->out, STREAMED_LIST);
	fputs(": [", p->out);
	d->head_written = true;
}

/* A record of list M begins: where its text goes, after its separator. */
static FILE *record_stream(struct printer *p, struct json_doc *d,
			   struct json_member *m)
{
	FILE *f = m->f;

	if (!m->list) {
		f = restart(m);
		m->list = true;
		m->plain = false;
		fputc('[', f);
	}
	if (!strcmp(m->key, STREAMED_LIST) && p->out &&
	    (d->head_written || may_stream(d))) {
		if (!d->head_written)
			write_head(p, d);
		f = p->out;
	}
	fprintf(f, "%s\n    ", m->count++ ? "," : "");
	return f;
}

static void json_begin(struct printer *p, struct pr_frame *f,
		       const char *title, bool brief)
{
	struct json_doc *d = doc(p);
	int depth = (int)(f - p->stack);
	struct json_member *m;

	if (depth == 0) {
		m = member(d, f->key);
		if (f->kind == PR_RECORD) {
			d->cur = record_stream(p, d, m);
		} else {
			d->cur = restart(m);
			m->list = false;
			m->plain = false;
		}
	} else if (!open_member(p, depth, f->key)) {
		return;
	}
	fputc(f->kind == PR_ARR ? '[' : '{', d->cur);
	d->more[depth] = false;
}

static void json_end(struct printer *p, struct pr_frame *f)
{
	struct json_doc *d = doc(p);
	int depth = (int)(f - p->stack);
	int level = base_level(p) + depth;

	if (!d->cur)
		return;
	/* json-c ends every container on a line of its own, even empty. */
	fputc('\n', d->cur);
	indent(d->cur, level);
	fputc(f->kind == PR_ARR ? ']' : '}', d->cur);
	if (depth)
		return;
	if (d->cur == p->out)
		pr_record_left(p);	/* a streamed result leaves whole */
	d->cur = NULL;
}

/*
 * KEY: V as one write when it can be (see rr_json_member_text): its
 * comma, new line and indent first; piece by piece otherwise.
 */
static void field_member(struct printer *p, const char *key,
			 const struct pr_value *v)
{
	struct json_doc *d = doc(p);
	int depth = p->depth;
	size_t spaces = 2 * (size_t)(base_level(p) + depth), n = 0;
	char sep[2 * (PR_MAX_DEPTH + 2) + 3], line[320];

	if (!d->cur)
		return;
	if (d->more[depth - 1])
		sep[n++] = ',';
	sep[n++] = '\n';
	memset(sep + n, ' ', spaces);
	sep[n + spaces] = '\0';
	n = rr_json_member_text(line, sizeof(line), sep,
				p->stack[depth - 1].kind != PR_ARR ? key : NULL,
				": ", v);
	if (n) {
		d->more[depth - 1] = true;
		fwrite(line, 1, n, d->cur);
	} else if (open_member(p, depth, key)) {
		rr_json_put_value(d->cur, v);
	}
}

static void json_field(struct printer *p, const char *key,
		       const struct pr_value *v)
{
	struct pr_value raw = { .type = PV_INT };
	char raw_key[64];

	if (!p->depth) {
		json_doc(p, key, v);
		return;
	}
	field_member(p, key, v);
	if (!v->has_raw)
		return;
	rr_json_raw_key(raw_key, sizeof(raw_key), key);
	raw.i = v->raw;
	field_member(p, raw_key, &raw);
}

static void json_stats(struct printer *p, const char *key,
		       const struct rr_stats *s)
{
	const char *names[] = { "min", "avg", "max", "mdev", "p50", "p90",
				"p99", "span" };
	const double vals[] = { s->min, s->avg, s->max, s->mdev, s->p50,
				s->p90, s->p99, s->span };
	int level = base_level(p) + p->depth;
	FILE *f;
	size_t i;

	if (!open_member(p, p->depth, key))
		return;
	f = doc(p)->cur;
	fprintf(f, "{\n");
	indent(f, level + 1);
	fprintf(f, "\"n\": %zu", s->n);
	for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		fputs(",\n", f);
		indent(f, level + 1);
		fprintf(f, "\"%s\": %.3f", names[i], vals[i]);
	}
	fputc('\n', f);
	indent(f, level);
	fputc('}', f);
}

/* A list's closing bracket, as json-c ends an array. */
static void close_list(FILE *f, const struct json_member *m)
{
	if (m->list)
		fputs("\n  ]", f);
}

static void free_doc(struct printer *p)
{
	struct json_doc *d = p->priv;
	size_t i;

	if (!d)
		return;
	for (i = 0; i < d->n; i++) {
		fclose(d->m[i]->f);
		free(d->m[i]->text);
		free(d->m[i]->key);
		free(d->m[i]);
	}
	free(d->m);
	free(d);
	p->priv = NULL;
}

static int json_finish(struct printer *p)
{
	struct json_doc *d = doc(p);
	const char *sep = "{";
	bool after = !d->head_written;
	size_t i;

	if (!p->out) {
		free_doc(p);
		return 0;
	}
	if (d->head_written) {
		fputs("\n  ]", p->out);
		sep = ",";
	}
	for (i = 0; i < d->n; i++) {
		if (!after) {
			after = !strcmp(d->m[i]->key, STREAMED_LIST);
			continue;
		}
		put_member(p->out, sep, d->m[i]);
		close_list(p->out, d->m[i]);
		sep = ",";
	}
	if (*sep == '{')
		fputc('{', p->out);	/* an empty document */
	fputs("\n}\n", p->out);
	free_doc(p);
	return ferror(p->out) ? -1 : 0;
}

const struct pr_writer pr_json_writer = {
	.streams = true,
	.doc = json_doc,
	.begin = json_begin,
	.end = json_end,
	.field = json_field,
	.stats = json_stats,
	.finish = json_finish,
};
