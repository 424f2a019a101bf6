// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON Lines: each record one object on one line, with its kind.  Written
 * as it is rendered, with no tree in between: the text json-c prints with
 * JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE (the unit and
 * golden tests hold that), at a fraction of its cost per record.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "output/json_text.h"
#include "output/printer_impl.h"

struct jsonl_state {
	bool live;			/* inside a record that is written */
	bool more[PR_MAX_DEPTH];	/* frame D has a member: a comma next */
};

static struct jsonl_state *state(struct printer *p)
{
	if (!p->priv)
		p->priv = calloc(1, sizeof(struct jsonl_state));
	if (!p->priv)
		abort();	/* out of memory while printing */
	return p->priv;
}

/*
 * Starts a member of frame DEPTH - 1, the innermost open container: its
 * comma, and its key unless the container is an array.  False when there
 * is nothing to write it into: no record, or a top-level declared list.
 */
static bool open_member(struct printer *p, int depth, const char *key)
{
	struct jsonl_state *st = state(p);
	const struct pr_frame *parent;

	if (!st->live || depth <= 0)
		return false;
	parent = &p->stack[depth - 1];
	if (st->more[depth - 1])
		fputc(',', p->out);
	st->more[depth - 1] = true;
	if (parent->kind != PR_ARR) {
		rr_json_put_str(p->out, key);
		fputc(':', p->out);
	}
	return true;
}

static void jsonl_begin(struct printer *p, struct pr_frame *f,
			const char *title, bool brief)
{
	struct jsonl_state *st = state(p);
	int depth = (int)(f - p->stack);

	if (depth == 0) {
		/* A declared list is not a record: nothing to write. */
		st->live = f->kind == PR_RECORD || f->kind == PR_SINGLE;
		if (!st->live)
			return;
		fputs("{\"record\":", p->out);
		rr_json_put_str(p->out, f->key);
		st->more[0] = true;
		return;
	}
	if (!open_member(p, depth, f->key))
		return;
	fputc(f->kind == PR_ARR ? '[' : '{', p->out);
	st->more[depth] = false;
}

static void jsonl_end(struct printer *p, struct pr_frame *f)
{
	struct jsonl_state *st = state(p);

	if (!st->live)
		return;
	fputc(f->kind == PR_ARR ? ']' : '}', p->out);
	if (f != p->stack)
		return;
	fputc('\n', p->out);
	/* Streamable: each line leaves as soon as it is whole. */
	pr_record_left(p);
	st->live = false;
}

/*
 * KEY: V as one write when it can be (see rr_json_member_text), piece by
 * piece otherwise.
 */
static void put_member(struct printer *p, const char *key,
		       const struct pr_value *v)
{
	struct jsonl_state *st = state(p);
	int d = p->depth;
	char line[256];
	size_t n;

	if (!st->live || d <= 0)
		return;
	n = rr_json_member_text(line, sizeof(line), st->more[d - 1] ? "," : "",
				p->stack[d - 1].kind != PR_ARR ? key : NULL,
				":", v);
	if (n) {
		st->more[d - 1] = true;
		fwrite(line, 1, n, p->out);
	} else if (open_member(p, d, key)) {
		rr_json_put_value(p->out, v);
	}
}

static void jsonl_field(struct printer *p, const char *key,
			const struct pr_value *v)
{
	struct pr_value raw = { .type = PV_INT };
	char raw_key[64];

	put_member(p, key, v);
	if (!v->has_raw)
		return;
	rr_json_raw_key(raw_key, sizeof(raw_key), key);
	raw.i = v->raw;
	put_member(p, raw_key, &raw);
}

static void jsonl_stats(struct printer *p, const char *key,
			const struct rr_stats *s)
{
	if (!open_member(p, p->depth, key))
		return;
	fprintf(p->out, "{\"n\":%zu,\"min\":%.3f,\"avg\":%.3f,\"max\":%.3f,"
		"\"mdev\":%.3f,\"p50\":%.3f,\"p90\":%.3f,\"p99\":%.3f,"
		"\"span\":%.3f}", s->n, s->min, s->avg, s->max, s->mdev,
		s->p50, s->p90, s->p99, s->span);
}

static int jsonl_finish(struct printer *p)
{
	free(p->priv);
	p->priv = NULL;
	return ferror(p->out) ? -1 : 0;
}

const struct pr_writer pr_jsonl_writer = {
	.streams = true,
	.begin = jsonl_begin,
	.end = jsonl_end,
	.field = jsonl_field,
	.stats = jsonl_stats,
	.finish = jsonl_finish,
};
