// SPDX-License-Identifier: GPL-2.0-or-later
/* Text: a heading per record, then "label  value" lines, indented. */
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "output/printer_impl.h"

#define LABEL_WIDTH 30

struct text_state {
	int indent;		/* levels */
	int mute;		/* > 0: inside a brief record */
	bool printed;		/* a top-level block was printed */
};

static struct text_state *state(struct printer *p)
{
	if (!p->priv)
		p->priv = calloc(1, sizeof(struct text_state));
	if (!p->priv)
		abort();
	return p->priv;
}

/*
 * S as a terminal may show it: control characters (escape sequences
 * among them) and invalid UTF-8 as \xNN.  Returns the columns written,
 * counting a UTF-8 character as one.
 */
static int put_shown(struct printer *p, const char *s)
{
	size_t len = strlen(s), i = 0, run = 0, n, k;
	unsigned char c;
	bool bad, control;
	int cols = 0;

	/* Printable runs go out in one write: this is most of a record. */
	while (i < len) {
		c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f) {
			i++;
			cols++;
			continue;
		}
		n = rr_utf8_unit(s + i, len - i, &bad, &control);
		if (bad || control) {
			fwrite(s + run, 1, i - run, p->out);
			for (k = 0; k < n; k++)
				cols += fprintf(p->out, "\\x%02x", (unsigned char)s[i + k]);
			run = i + n;
		} else {
			cols++;
		}
		i += n;
	}
	fwrite(s + run, 1, len - run, p->out);
	return cols;
}

static void pad(struct printer *p, int n)
{
	static const char spaces[] = "                                ";
	int k;

	for (; n > 0; n -= k) {
		k = n < (int)sizeof(spaces) - 1 ? n : (int)sizeof(spaces) - 1;
		fwrite(spaces, 1, (size_t)k, p->out);
	}
}

/*
 * A member of a map of causes: its key is a documented token
 * (no_rdma_cm), which a grep for it must find, not a label to read.
 */
static bool token_key(const struct printer *p)
{
	const struct pr_frame *f = p->depth ? &p->stack[p->depth - 1] : NULL;

	return f && f->kind == PR_MAP && f->label && !strcmp(f->label, "cause");
}

/*
 * KEY as a label: "start_ms" shown with its value "0.116 ms" reads
 * "start 0.116 ms", one unit per value; the unit stays in the key of
 * JSON, where the value is a bare number.
 */
static void label(struct printer *p, const char *key, const char *shown)
{
	struct text_state *t = state(p);
	char buf[64];
	int width = LABEL_WIDTH - t->indent * 2, cols;
	bool token = token_key(p);
	size_t i, len = strlen(key);

	if (shown && len > 3 && !strcmp(key + len - 3, "_ms") &&
	    strlen(shown) > 3 && !strcmp(shown + strlen(shown) - 3, " ms"))
		len -= 3;
	for (i = 0; i < len && i < sizeof(buf) - 1; i++)
		buf[i] = key[i] == '_' && !token ? ' ' : key[i];
	buf[i] = '\0';
	pad(p, t->indent * 2);
	cols = put_shown(p, buf);
	pad(p, width - cols);
	fputc(' ', p->out);
}

static void text_begin(struct printer *p, struct pr_frame *f,
		       const char *title, bool brief)
{
	struct text_state *t = state(p);
	bool top = f->kind == PR_RECORD || f->kind == PR_SINGLE;

	if (t->mute) {
		t->mute++;
		return;
	}
	if (title) {
		/* Full blocks are separated by a blank line; brief lines not. */
		if (top && !brief && t->printed)
			fputc('\n', p->out);
		pad(p, t->indent * 2);
		put_shown(p, title);
		fputc('\n', p->out);
		if (top)
			t->printed = !brief;
	}
	f->indents = title != NULL;
	t->indent += f->indents;
	if (brief)
		t->mute = 1;
}

static void text_end(struct printer *p, struct pr_frame *f)
{
	struct text_state *t = state(p);

	if (t->mute > 1) {
		t->mute--;
		return;
	}
	t->mute = 0;
	t->indent -= f->indents;
	/* Records show up as they end: scripts may be watching. */
	if (f->kind == PR_RECORD || f->kind == PR_SINGLE)
		pr_record_left(p);
}

static void text_field(struct printer *p, const char *key,
		       const struct pr_value *v)
{
	if (state(p)->mute)
		return;
	/* An empty string (no link-layer address yet) is no line at all. */
	if (!v->text && v->type == PV_STR && !v->has_raw && v->s && !v->s[0])
		return;
	label(p, key, v->text);
	if (v->text)
		put_shown(p, v->text);
	else if (v->type == PV_STR)
		put_shown(p, v->s);
	else if (v->type == PV_INT)
		fprintf(p->out, "%lld", v->i);
	else if (v->type == PV_BOOL)
		fputs(v->i ? "yes" : "no", p->out);
	else if (v->type == PV_NUM)
		fputs(v->num_text, p->out);
	else
		fputs("-", p->out);
	if (v->has_raw)
		fprintf(p->out, " (raw %lld)", v->raw);
	fputc('\n', p->out);
}

static void text_stats(struct printer *p, const char *key,
		       const struct rr_stats *s)
{
	if (state(p)->mute)
		return;
	label(p, key, NULL);
	fprintf(p->out,
		"min/avg/max/mdev %.3f/%.3f/%.3f/%.3f ms  p50/p90/p99 %.3f/%.3f/%.3f ms  span %.3f ms (%zu)\n",
		s->min, s->avg, s->max, s->mdev, s->p50, s->p90, s->p99,
		s->span, s->n);
}

static int text_finish(struct printer *p)
{
	free(p->priv);
	return ferror(p->out) ? -1 : 0;
}

const struct pr_writer pr_text_writer = {
	.streams = true,
	.begin = text_begin,
	.end = text_end,
	.field = text_field,
	.stats = text_stats,
	.finish = text_finish,
};
