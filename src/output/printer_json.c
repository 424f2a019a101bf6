// SPDX-License-Identifier: GPL-2.0-or-later
/* JSON, one document, via json-c (JSON Lines: printer_jsonl.c). */
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/escape.h"
#include "output/printer_impl.h"

/*
 * The document.  Its "results" are written as each ends and let go: the
 * members before them as the head, the rest (small: input errors,
 * statistics, the summary) kept until the end.  The text is the same as
 * json-c would print the whole document.
 */
struct json_doc {
	struct json_object *root;
	bool head_written;
	size_t results_written;
};

#define JSON_FLAGS (JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | \
		    JSON_C_TO_STRING_NOSLASHESCAPE)
#define STREAMED_LIST "results"

static struct json_doc *doc(struct printer *p)
{
	struct json_doc *d = p->priv;

	if (!d) {
		d = calloc(1, sizeof(*d));
		if (!d)
			abort();	/* out of memory while printing */
		d->root = json_object_new_object();
		p->priv = d;
	}
	return d;
}

static struct json_object *root(struct printer *p)
{
	return doc(p)->root;
}

static void free_doc(struct printer *p)
{
	struct json_doc *d = p->priv;

	if (!d)
		return;
	json_object_put(d->root);
	free(d);
	p->priv = NULL;
}

/*
 * JSON text must be UTF-8: bytes that are not (from a file, a name) go in
 * as the text \xNN.  json-c escapes control characters itself.
 */
static struct json_object *new_string(const char *s)
{
	struct json_object *o;
	bool failed;
	char *fixed = rr_utf8_fix(s, &failed);

	if (failed)
		abort();	/* out of memory while printing */
	o = json_object_new_string(fixed ? fixed : s);
	free(fixed);
	return o;
}

/* Adds VAL to OBJ under KEY, the key made valid UTF-8 too. */
static void add_member(struct json_object *obj, const char *key,
		       struct json_object *val)
{
	bool failed;
	char *fixed = rr_utf8_fix(key, &failed);

	if (failed)
		abort();
	json_object_object_add(obj, fixed ? fixed : key, val);
	free(fixed);
}

static struct json_object *new_value(const struct pr_value *v)
{
	switch (v->type) {
	case PV_STR:
		return new_string(v->s);
	case PV_INT:
		return json_object_new_int64(v->i);
	case PV_BOOL:
		return json_object_new_boolean(v->i);
	case PV_NUM:
		return json_object_new_double_s(v->d, v->num_text);
	default:
		return NULL;
	}
}

/* Attaches VAL to the innermost container (the root at depth 0). */
static void attach(struct printer *p, int depth, const char *key,
		   struct json_object *val)
{
	struct json_object *parent;

	parent = depth ? p->stack[depth - 1].priv : root(p);
	if (!parent) {
		json_object_put(val);	/* JSON Lines: nothing above a record */
		return;
	}
	if (json_object_is_type(parent, json_type_array))
		json_object_array_add(parent, val);
	else
		add_member(parent, key, val);
}

/* The document's top-level list KEY, created on first use. */
static struct json_object *top_list(struct printer *p, const char *key)
{
	struct json_object *list;

	if (json_object_object_get_ex(root(p), key, &list))
		return list;
	list = json_object_new_array();
	json_object_object_add(root(p), key, list);
	return list;
}

static void json_doc(struct printer *p, const char *key,
		     const struct pr_value *v)
{
	add_member(root(p), key, new_value(v));
}

static void json_begin(struct printer *p, struct pr_frame *f,
		       const char *title, bool brief)
{
	int depth = (int)(f - p->stack);
	struct json_object *c;

	c = f->kind == PR_ARR ? json_object_new_array() :
				json_object_new_object();
	f->priv = c;
	if (f->kind == PR_RECORD)
		json_object_array_add(top_list(p, f->key), c);
	else
		attach(p, depth, f->key, c);
}

/* VAL as json-c prints it INDENT spaces deep: every line after the first. */
static int put_value(FILE *out, struct json_object *val, int indent)
{
	const char *text = json_object_to_json_string_ext(val, JSON_FLAGS);
	const char *nl;

	while ((nl = strchr(text, '\n'))) {
		if (fprintf(out, "%.*s\n%*s", (int)(nl - text), text, indent, "") < 0)
			return -1;
		text = nl + 1;
	}
	return fputs(text, out) < 0 ? -1 : 0;
}

/* `"KEY": VALUE` one level into the document, after SEP. */
static int put_member(FILE *out, const char *sep, const char *key,
		      struct json_object *val)
{
	struct json_object *k = json_object_new_string(key);
	int rc;

	rc = fprintf(out, "%s\n  %s: ", sep, json_object_to_json_string(k)) < 0 ?
		-1 : put_value(out, val, 2);
	json_object_put(k);
	return rc;
}

/*
 * The results may stream when only plain values come before them: a list
 * there could still grow once the head is written.
 */
static bool may_stream(struct json_doc *d)
{
	json_object_object_foreach(d->root, key, val) {
		if (!strcmp(key, STREAMED_LIST))
			return true;
		if (json_object_is_type(val, json_type_array) ||
		    json_object_is_type(val, json_type_object))
			return false;
	}
	return false;
}

/* The document up to its results' opening bracket. */
static void write_head(struct printer *p, struct json_doc *d)
{
	const char *sep = "{";

	json_object_object_foreach(d->root, key, val) {
		if (!strcmp(key, STREAMED_LIST))
			break;
		put_member(p->out, sep, key, val);
		sep = ",";
	}
	fprintf(p->out, "%s\n  \"%s\": [", sep, STREAMED_LIST);
	d->head_written = true;
}

/* A result ended: written now, then let go. */
static void json_end(struct printer *p, struct pr_frame *f)
{
	struct json_doc *d = doc(p);
	struct json_object *list;
	size_t n;

	if (f->kind != PR_RECORD || strcmp(f->key, STREAMED_LIST) || !p->out)
		return;
	if (!d->head_written) {
		if (!may_stream(d))
			return;
		write_head(p, d);
	}
	fprintf(p->out, "%s\n    ", d->results_written++ ? "," : "");
	put_value(p->out, f->priv, 4);
	list = top_list(p, STREAMED_LIST);
	n = json_object_array_length(list);
	if (n)
		json_object_array_del_idx(list, n - 1, 1);
	f->priv = NULL;
}

static void add_field(struct printer *p, const char *key,
		      const struct pr_value *v)
{
	int depth = p->depth;
	char raw_key[64];

	attach(p, depth, key, new_value(v));
	if (v->has_raw) {
		snprintf(raw_key, sizeof(raw_key), "%s_raw", key);
		attach(p, depth, raw_key, json_object_new_int64(v->raw));
	}
}

static struct json_object *ms(double val)
{
	char num[32];

	snprintf(num, sizeof(num), "%.3f", val);
	return json_object_new_double_s(strtod(num, NULL), num);
}

static void add_stats(struct printer *p, const char *key,
		      const struct rr_stats *s)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "n", json_object_new_int64((long long)s->n));
	json_object_object_add(o, "min", ms(s->min));
	json_object_object_add(o, "avg", ms(s->avg));
	json_object_object_add(o, "max", ms(s->max));
	json_object_object_add(o, "mdev", ms(s->mdev));
	json_object_object_add(o, "p50", ms(s->p50));
	json_object_object_add(o, "p90", ms(s->p90));
	json_object_object_add(o, "p99", ms(s->p99));
	json_object_object_add(o, "span", ms(s->span));
	attach(p, p->depth, key, o);
}

/* What is left: the results' end and the members after them. */
static int write_tail(struct printer *p, struct json_doc *d)
{
	bool after = false;
	int rc = fputs("\n  ]", p->out) < 0 ? -1 : 0;

	json_object_object_foreach(d->root, key, val) {
		if (after && put_member(p->out, ",", key, val))
			rc = -1;
		after |= !strcmp(key, STREAMED_LIST);
	}
	return fputs("\n}\n", p->out) < 0 ? -1 : rc;
}

static int json_finish(struct printer *p)
{
	struct json_doc *d = doc(p);
	int rc = 0;

	if (p->out && d->head_written)
		rc = write_tail(p, d);
	else if (p->out)
		rc = fprintf(p->out, "%s\n", json_object_to_json_string_ext(
			d->root, JSON_FLAGS)) < 0 ? -1 : 0;
	free_doc(p);
	return rc;
}

const struct pr_writer pr_json_writer = {
	.streams = true,
	.doc = json_doc,
	.begin = json_begin,
	.end = json_end,
	.field = add_field,
	.stats = add_stats,
	.finish = json_finish,
};
