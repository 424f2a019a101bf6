// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "output/render_matrix_svg.h"
#include "output/svg.h"

#define CELL 12		/* a pair's square, pixels */
#define FONT 10		/* labels, the legend */
#define TITLE_FONT 14
/* A monospace character's advance, tenths of a pixel (0.6 em). */
#define CHAR_W10 (6 * FONT + 1)
#define TITLE_CHAR_W10 (6 * TITLE_FONT + 1)
#define SUB_FONT 11	/* the title's second line */
#define SUB_CHAR_W10 (6 * SUB_FONT + 1)
#define MARGIN 10
#define TITLE_H 56	/* the title's two lines */
#define LINE_H 16	/* a line of the legend */
/* A label's characters shown: its <title> has the whole name. */
#define LABEL_MAX 40
/* Values the legend lists, at most: a time field has thousands. */
#define LEGEND_VALUES 16

#define EMPTY_FILL "url(#none)"
#define DEAD_FILL "#b2182b"	/* a row or column that is a finding */

/* What the picture knows of a pair beyond its cell: the findings it is. */
struct mark {
	uint8_t kinds;		/* a bit per rr_finding_kind */
	uint8_t differs;	/* ASYMMETRIC: the fields, as rr_finding's */
};

/* A distinct value of the field, ranked: the lowest the worst colour. */
struct value {
	const char *text;
	double num;
	bool is_num;
};

struct heat {
	const struct rr_matrix_view *v;
	const struct rr_matrix *m;
	struct mark *marks;		/* rows x cols, by the matrix's column */
	bool *dead_row, *dead_col;
	struct value *values;		/* distinct, lowest first */
	size_t num_values;
	struct rr_cause_legend causes;	/* in the order first met */
	size_t pairs, resolved;
	unsigned long gx, gy;		/* the grid's top left corner */
	unsigned long lx;		/* the legend's left */
	unsigned long width, height;
	struct svg s;
};

/* Worst to best: pale amber to green (ColorBrewer's RdYlGn, upper half). */
static const unsigned char ramp[][3] = {
	{ 0xfe, 0xe0, 0x8b }, { 0xd9, 0xef, 0x8b },
	{ 0x91, 0xcf, 0x60 }, { 0x1a, 0x98, 0x50 },
};
#define RAMP_STEPS (sizeof(ramp) / sizeof(ramp[0]) - 1)

/* Causes: dark and saturated, none on the values' amber-green ramp. */
static const char *const cause_palette[] = {
	"#d73027", "#762a83", "#2166ac", "#8c510a", "#c51b7d", "#f46d43",
	"#67001f", "#4393c3", "#bf812d", "#de77ae", "#4d4d80", "#252525",
};
#define PALETTE_SIZE (sizeof(cause_palette) / sizeof(cause_palette[0]))

static void value_colour(size_t rank, size_t n, char *buf, size_t len)
{
	/* Where on the ramp, in thousandths of a step. */
	unsigned long t = n > 1 ? rank * RAMP_STEPS * 1000 / (n - 1) :
				  RAMP_STEPS * 1000;
	unsigned long step = t / 1000 < RAMP_STEPS ? t / 1000 : RAMP_STEPS - 1;
	long f = (long)(t - step * 1000), c[3];
	int i;

	for (i = 0; i < 3; i++)
		c[i] = ramp[step][i] + (ramp[step + 1][i] - ramp[step][i]) * f / 1000;
	snprintf(buf, len, "#%02lx%02lx%02lx", c[0], c[1], c[2]);
}

/*
 * The Ith cause met: the palette, then hues a golden angle apart, dark
 * enough (HSL 55 %, 40 %) to stay off the values' ramp.
 */
static void cause_colour(int i, char *buf, size_t len)
{
	/* Per sector of 60 degrees: which of chroma, x, 0 is R, G, B. */
	static const int order[6][3] = {
		{ 0, 1, 2 }, { 1, 0, 2 }, { 2, 0, 1 },
		{ 2, 1, 0 }, { 1, 2, 0 }, { 0, 2, 1 },
	};
	/* Chroma: (1 - |2 L - 1|) S; M lifts each channel to L. */
	const double chroma = (1 - 0.2) * 0.55, m = 0.4 - chroma / 2;
	double val[3];
	int hue = (i * 137) % 360, sector = hue / 60, k, rgb[3];
	double frac = (hue % 60) / 60.0;

	if ((size_t)i < PALETTE_SIZE) {
		snprintf(buf, len, "%s", cause_palette[i]);
		return;
	}
	val[0] = chroma;
	val[1] = chroma * (sector % 2 ? 1 - frac : frac);
	val[2] = 0;
	for (k = 0; k < 3; k++)
		rgb[k] = (int)((val[order[sector][k]] + m) * 255 + 0.5);
	snprintf(buf, len, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

/* The Ith cause met in the grid's order, as the text grid's letters. */
static struct value value_of(const struct rr_matrix_cell *c)
{
	bool is_num = c->value_kind == RR_CELL_NUMBER;

	return (struct value){ .text = c->value, .is_num = is_num,
			       .num = is_num ? strtod(c->value, NULL) : 0 };
}

/* Numbers by value, above words ("-": a field the record lacks). */
static int value_cmp(const void *a, const void *b)
{
	const struct value *x = a, *y = b;

	if (x->is_num != y->is_num)
		return x->is_num ? 1 : -1;
	if (x->is_num && x->num != y->num)
		return x->num < y->num ? -1 : 1;
	return strcmp(x->text, y->text);
}

static size_t value_rank(const struct heat *h, const struct rr_matrix_cell *c)
{
	struct value key = value_of(c);
	const struct value *at = bsearch(&key, h->values, h->num_values,
					 sizeof(key), value_cmp);

	return at ? (size_t)(at - h->values) : 0;
}

/* The pairs counted, the causes met, the distinct values ranked. */
static bool scan(struct heat *h)
{
	const struct rr_matrix *m = h->m;
	const struct rr_matrix_cell *c;
	const uint32_t *idx;
	size_t i, k, cells, n = 0;

	h->values = malloc((m->num_cells + 1) * sizeof(*h->values));
	if (!h->values)
		return false;
	for (i = 0; i < m->rows.num; i++) {
		idx = rr_matrix_row(m, i, &cells);
		for (k = 0; k < cells; k++) {
			c = &m->cells[idx[k]];
			h->pairs++;
			if (!c->ok) {
				rr_cause_legend_code(&h->causes, c->cause);
				continue;
			}
			h->resolved++;
			h->values[n++] = value_of(c);
		}
	}
	qsort(h->values, n, sizeof(*h->values), value_cmp);
	for (i = 0; i < n; i++)
		if (!h->num_values ||
		    value_cmp(&h->values[h->num_values - 1], &h->values[i]))
			h->values[h->num_values++] = h->values[i];
	return true;
}

/* A finding's mark on its pair's cell: a pair with no record has none. */
static void mark(struct heat *h, size_t row, size_t col,
		 const struct rr_finding *f)
{
	const struct rr_matrix_cell *c = rr_matrix_at(h->m, row, col);
	struct mark *mk;

	if (!c)
		return;
	mk = &h->marks[c - h->m->cells];
	mk->kinds |= 1U << f->kind;
	mk->differs |= f->differs;
}

/* The model's findings, each on its pair, row or column: not re-judged. */
static bool note_findings(struct heat *h)
{
	const struct rr_matrix *m = h->m;
	const struct rr_finding *f;
	size_t i;

	h->marks = calloc(m->num_cells + 1, sizeof(*h->marks));
	h->dead_row = calloc(m->rows.num + 1, sizeof(bool));
	h->dead_col = calloc(m->cols.num + 1, sizeof(bool));
	if (!h->marks || !h->dead_row || !h->dead_col)
		return false;
	for (i = 0; i < h->v->num_findings; i++) {
		f = &h->v->findings[i];
		if (f->kind == RR_FIND_FAILS_TO_ALL)
			h->dead_row[f->row] = true;
		else if (f->kind == RR_FIND_REACHED_BY_NONE)
			h->dead_col[f->col] = true;
		else
			mark(h, f->row, f->col, f);
		if (f->kind == RR_FIND_ASYMMETRIC)
			mark(h, f->row2, f->col2, f);
	}
	return true;
}

/*
 * TEXT as a label shows it: its first LABEL_MAX characters, "…" after,
 * in BUF when cut.  *CHARS: its width in characters, once escaped.
 */
static const char *label(const char *text, char *buf, size_t len,
			 size_t *chars)
{
	size_t i = 0, n = strlen(text), u;
	bool bad, control;

	*chars = 0;
	while (i < n && *chars < LABEL_MAX) {
		u = rr_utf8_unit(text + i, n - i, &bad, &control);
		*chars += bad || control ? 4 * u : 1;
		i += u;
	}
	if (i == n)
		return text;
	snprintf(buf, len, "%.*s…", (int)i, text);
	(*chars)++;
	return buf;
}

/* Appends to BUF (*USED of LEN taken), never past its end. */
static void append(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*used >= len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	if (n > 0)
		*used += (size_t)n;
}

/* "mtu, sl": the fields a pair not the same both ways differs in. */
static void differing(unsigned int bits, char *buf, size_t len)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < RR_MATRIX_SYM_FIELDS; i++)
		if (bits & (1U << i))
			append(buf, len, &used, "%s%s", used ? ", " : "",
			       rr_matrix_sym_key(i));
}

/* The tooltip of ROW x COL: "SRC → DST: value", then its findings. */
static void cell_title(const struct heat *h, size_t row, size_t col,
		       const struct rr_matrix_cell *c, char *buf, size_t len)
{
	const struct rr_matrix *m = h->m;
	static const struct mark none;
	const struct mark *mk = c ? &h->marks[c - m->cells] : &none;
	char dest[520], diff[128];
	size_t used = 0;

	rr_matrix_col_name(m, col, dest, sizeof(dest));
	append(buf, len, &used, "%s → %s: ", m->rows.names[row], dest);
	if (!c)
		append(buf, len, &used, "no record");
	else if (!c->ok)
		append(buf, len, &used, "failed (%s)", rr_cause_key(c->cause));
	else
		append(buf, len, &used, "%s", c->value);
	if (h->dead_row[row])
		append(buf, len, &used, "; finding: %s fails to every destination",
		       m->rows.names[row]);
	if (h->dead_col[col])
		append(buf, len, &used, "; finding: no source reaches %s", dest);
	if (mk->kinds & (1U << RR_FIND_UNREACHABLE))
		append(buf, len, &used, "; finding: unreachable");
	if (mk->kinds & (1U << RR_FIND_ASYMMETRIC)) {
		differing(mk->differs, diff, sizeof(diff));
		append(buf, len, &used, "; finding: not the same both ways (%s)",
		       diff);
	}
	if ((mk->kinds & (1U << RR_FIND_EXPECT)) && c && c->expect)
		append(buf, len, &used, "; finding: %s", c->expect);
}

/* The legend's width, in characters of its longest line. */
#define LEGEND_CHARS 44
#define LEGEND_W (CELL + 6 + LEGEND_CHARS * CHAR_W10 / 10)

static size_t values_shown(const struct heat *h)
{
	return h->num_values < LEGEND_VALUES ? h->num_values : LEGEND_VALUES;
}

/* The legend's lines: values, causes, then the keys of the marks. */
/* A row or a column that is a finding as a whole: its label is red. */
static bool any_dead(const struct heat *h)
{
	size_t i;

	for (i = 0; i < h->m->rows.num; i++)
		if (h->dead_row[i])
			return true;
	for (i = 0; i < h->m->cols.num; i++)
		if (h->dead_col[i])
			return true;
	return false;
}

static size_t legend_lines(const struct heat *h)
{
	size_t n = 1 + values_shown(h) + (h->num_values > LEGEND_VALUES);

	if (h->causes.n)
		n += 1 + (size_t)h->causes.n;
	return n + 3 + any_dead(h);
}

/* The title's two lines: what the cells show, and how many of what. */
static void titles(const struct heat *h, char *t1, char *t2, size_t len)
{
	const struct rr_matrix *m = h->m;

	snprintf(t1, len, "rdma-route --matrix: %s", h->v->field);
	snprintf(t2, len, "%zu source%s × %zu destination%s: %zu pair%s, %zu resolved, %zu failed, %zu finding%s",
		 m->rows.num, m->rows.num == 1 ? "" : "s", m->cols.num,
		 m->cols.num == 1 ? "" : "s", h->pairs,
		 h->pairs == 1 ? "" : "s", h->resolved,
		 h->pairs - h->resolved, h->v->num_findings,
		 h->v->num_findings == 1 ? "" : "s");
}

/* Where everything goes: the labels' widths decide the grid's corner. */
static void layout(struct heat *h)
{
	const struct rr_matrix *m = h->m;
	size_t i, chars, rw = 1, cw = 1;
	unsigned long tw, legend_h;
	char name[520], buf[256], t1[256], t2[256];

	for (i = 0; i < m->rows.num; i++) {
		label(m->rows.names[i], buf, sizeof(buf), &chars);
		rw = chars > rw ? chars : rw;
	}
	for (i = 0; i < m->cols.num; i++) {
		rr_matrix_col_name(m, i, name, sizeof(name));
		label(name, buf, sizeof(buf), &chars);
		cw = chars > cw ? chars : cw;
	}
	h->gx = MARGIN + rw * CHAR_W10 / 10 + 8;
	h->gy = TITLE_H + cw * CHAR_W10 / 10 + 8;
	h->lx = h->gx + m->cols.num * CELL + 2 * MARGIN;
	legend_h = legend_lines(h) * LINE_H;
	titles(h, t1, t2, sizeof(t1));
	/* "×" is one character of two bytes: a little more room is fine. */
	tw = 2 * MARGIN + strlen(t2) * SUB_CHAR_W10 / 10;
	i = strlen(t1) * TITLE_CHAR_W10 / 10 + 2 * MARGIN;
	tw = tw > i ? tw : i;
	h->width = h->lx + LEGEND_W + MARGIN;
	h->width = h->width > tw ? h->width : tw;
	h->height = h->gy + (m->rows.num * CELL > legend_h ?
			     m->rows.num * CELL : legend_h) + MARGIN;
}

static void text_at(struct svg *s, unsigned long x, unsigned long y)
{
	svg_open(s, "text");
	svg_attr_num(s, "x", (long)x);
	svg_attr_num(s, "y", (long)y);
}

static void rect_at(struct svg *s, unsigned long x, unsigned long y,
		    unsigned long size, const char *fill)
{
	svg_open(s, "rect");
	svg_attr_num(s, "x", (long)x);
	svg_attr_num(s, "y", (long)y);
	svg_attr_num(s, "width", (long)size);
	svg_attr_num(s, "height", (long)size);
	svg_attr(s, "fill", fill);
}

/* A group of text: the labels', the legend's font. */
static void text_group(struct svg *s, const char *id, int size)
{
	svg_open(s, "g");
	svg_attr(s, "id", id);
	svg_attr(s, "font-family", "monospace");
	svg_attr_num(s, "font-size", size);
}

/* The header: the picture's title, its hatch for pairs never measured. */
static void head(struct heat *h)
{
	struct svg *s = &h->s;
	char t1[256], t2[256];

	titles(h, t1, t2, sizeof(t1));
	svg_leaf(s, "title", t1, NULL);
	svg_open(s, "defs");
	svg_open(s, "pattern");
	svg_attr(s, "id", "none");
	svg_attr(s, "width", "4");
	svg_attr(s, "height", "4");
	svg_attr(s, "patternUnits", "userSpaceOnUse");
	svg_attr(s, "patternTransform", "rotate(45)");
	svg_leaf(s, "rect", NULL, "width", "4", "height", "4", "fill", "#eeeeee", NULL);
	svg_leaf(s, "rect", NULL, "width", "1", "height", "4", "fill", "#b0b0b0", NULL);
	svg_close(s);
	svg_close(s);
	/* White under it all: a PNG of it is not transparent. */
	svg_leaf(s, "rect", NULL, "width", "100%", "height", "100%", "fill", "#ffffff", NULL);
	text_group(s, "title", TITLE_FONT);
	text_at(s, MARGIN, 22);
	svg_attr(s, "font-weight", "bold");
	svg_text(s, t1);
	svg_close(s);
	text_at(s, MARGIN, 42);
	svg_attr_num(s, "font-size", SUB_FONT);
	svg_text(s, t2);
	svg_close(s);
	svg_close(s);
}

/* A host's label, red and bold when its whole line is a finding. */
static void one_label(struct svg *s, const char *name, bool dead,
		      const char *why)
{
	char buf[256], tip[640];
	size_t chars;

	if (dead) {
		svg_attr(s, "fill", DEAD_FILL);
		svg_attr(s, "font-weight", "bold");
	}
	svg_text(s, label(name, buf, sizeof(buf), &chars));
	snprintf(tip, sizeof(tip), "%s%s", name, dead ? why : "");
	svg_leaf(s, "title", tip, NULL);
	svg_close(s);
}

/* Sources down the left, destinations rotated along the top. */
static void labels(struct heat *h)
{
	const struct rr_matrix *m = h->m;
	struct svg *s = &h->s;
	char name[520], rot[64];
	unsigned long x;
	size_t i, j;

	text_group(s, "sources", FONT);
	svg_attr(s, "text-anchor", "end");
	for (i = 0; i < m->rows.num; i++) {
		text_at(s, h->gx - 4, h->gy + i * CELL + 9);
		one_label(s, m->rows.names[i], h->dead_row[i],
			  ": fails to every destination");
	}
	svg_close(s);
	text_group(s, "destinations", FONT);
	for (i = 0; i < m->cols.num; i++) {
		j = m->col_order[i];
		x = h->gx + i * CELL + 9;
		text_at(s, x, h->gy - 4);
		snprintf(rot, sizeof(rot), "rotate(-90 %lu %lu)", x, h->gy - 4);
		svg_attr(s, "transform", rot);
		rr_matrix_col_name(m, j, name, sizeof(name));
		one_label(s, name, h->dead_col[j], ": no source reaches it");
	}
	svg_close(s);
}

/* A cell's colour: its value's rank, its cause's, or the hatch. */
static void cell_fill(const struct heat *h, const struct rr_matrix_cell *c,
		      char *buf, size_t len)
{
	if (!c) {
		snprintf(buf, len, "%s", EMPTY_FILL);
		return;
	}
	if (c->ok) {
		value_colour(value_rank(h, c), h->num_values, buf, len);
		return;
	}
	/* Every cause was met when the cells were counted. */
	cause_colour(rr_cause_legend_find(&h->causes, c->cause), buf, len);
}

/*
 * Past so many places in the grid, the pairs with no record are one
 * hatched background, not a cell each: a fleet of sparse probes draws
 * its records, not sources times destinations.
 */
#define DENSE_MAX 1000000UL

/* ROW x COL's cell (C, NULL: no record), at its place K in the row. */
static void one_cell(struct heat *h, size_t row, size_t col, size_t k,
		     const struct rr_matrix_cell *c)
{
	struct svg *s = &h->s;
	char fill[32], tip[2048];

	cell_fill(h, c, fill, sizeof(fill));
	cell_title(h, row, col, c, tip, sizeof(tip));
	rect_at(s, h->gx + k * CELL, h->gy + row * CELL, CELL - 1, fill);
	svg_leaf(s, "title", tip, NULL);
	svg_close(s);
}

static void cells(struct heat *h)
{
	const struct rr_matrix *m = h->m;
	const struct rr_matrix_cell *c;
	const uint32_t *idx;
	struct svg *s = &h->s;
	size_t i, k, n;

	svg_open(s, "g");
	svg_attr(s, "id", "cells");
	if (m->rows.num * m->cols.num <= DENSE_MAX) {
		for (i = 0; i < m->rows.num; i++)
			for (k = 0; k < m->cols.num; k++)
				one_cell(h, i, m->col_order[k], k,
					 rr_matrix_at(m, i, m->col_order[k]));
		svg_close(s);
		return;
	}
	svg_open(s, "rect");
	svg_attr_num(s, "x", (long)h->gx);
	svg_attr_num(s, "y", (long)h->gy);
	svg_attr_num(s, "width", (long)(m->cols.num * CELL));
	svg_attr_num(s, "height", (long)(m->rows.num * CELL));
	svg_attr(s, "fill", EMPTY_FILL);
	svg_leaf(s, "title", "no record of the pair", NULL);
	svg_close(s);
	for (i = 0; i < m->rows.num; i++) {
		idx = rr_matrix_row(m, i, &n);
		for (k = 0; k < n; k++) {
			c = &m->cells[idx[k]];
			one_cell(h, i, c->col, m->col_rank[c->col], c);
		}
	}
	svg_close(s);
}

/* The mark of a finding: a black corner, the cell's colour kept. */
static void marker(struct svg *s, unsigned long x, unsigned long y)
{
	char d[64];

	snprintf(d, sizeof(d), "M%lu %lu h5 v5 z", x + CELL - 6, y);
	svg_leaf(s, "path", NULL, "d", d, NULL);
}

/* On top of the cells, taking no pointer: the cell's tooltip says why. */
static void markers(struct heat *h)
{
	const struct rr_matrix *m = h->m;
	const struct rr_matrix_cell *c;
	struct svg *s = &h->s;
	const uint32_t *idx;
	size_t i, k, n;

	svg_open(s, "g");
	svg_attr(s, "id", "findings");
	svg_attr(s, "fill", "#000000");
	svg_attr(s, "stroke", "#ffffff");
	svg_attr(s, "stroke-width", "0.5");
	svg_attr(s, "pointer-events", "none");
	for (i = 0; i < m->rows.num; i++) {
		idx = rr_matrix_row(m, i, &n);
		for (k = 0; k < n; k++) {
			c = &m->cells[idx[k]];
			if (h->marks[idx[k]].kinds)
				marker(s, h->gx + m->col_rank[c->col] * CELL,
				       h->gy + i * CELL);
		}
	}
	svg_close(s);
}

/* A line of the legend: a swatch of FILL, TEXT beside it, TIP on it. */
static void legend_row(struct heat *h, unsigned long *y, const char *cls,
		       const char *fill, const char *text, const char *tip)
{
	struct svg *s = &h->s;

	svg_open(s, "g");
	svg_attr(s, "class", cls);
	rect_at(s, h->lx, *y - 9, CELL - 1, fill);
	svg_close(s);
	text_at(s, h->lx + CELL + 6, *y);
	svg_text(s, text);
	svg_close(s);
	if (tip)
		svg_leaf(s, "title", tip, NULL);
	svg_close(s);
	*y += LINE_H;
}

static void heading(struct heat *h, unsigned long *y, const char *text)
{
	text_at(&h->s, h->lx, *y);
	svg_attr(&h->s, "font-weight", "bold");
	svg_text(&h->s, text);
	svg_close(&h->s);
	*y += LINE_H;
}

/* The values, worst first; a field of thousands, sampled evenly. */
static void legend_values(struct heat *h, unsigned long *y)
{
	size_t i, n = values_shown(h), rank;
	char fill[32], text[64];

	snprintf(text, sizeof(text), "%s, worst (lowest) first:", h->v->field);
	heading(h, y, text);
	for (i = 0; i < n; i++) {
		rank = n > 1 ? i * (h->num_values - 1) / (n - 1) : 0;
		value_colour(rank, h->num_values, fill, sizeof(fill));
		legend_row(h, y, "value", fill, h->values[rank].text, NULL);
	}
	if (h->num_values <= n)
		return;
	snprintf(text, sizeof(text), "(%zu distinct values, %zu shown)",
		 h->num_values, n);
	text_at(&h->s, h->lx, *y);
	svg_text(&h->s, text);
	svg_close(&h->s);
	*y += LINE_H;
}

static void legend(struct heat *h)
{
	struct svg *s = &h->s;
	unsigned long y = h->gy + 9;
	char fill[32];
	int i;

	text_group(s, "legend", FONT);
	legend_values(h, &y);
	if (h->causes.n)
		heading(h, &y, "failed, by cause:");
	for (i = 0; i < h->causes.n; i++) {
		cause_colour(i, fill, sizeof(fill));
		legend_row(h, &y, "cause", fill, rr_cause_key(h->causes.causes[i]),
		      rr_cause_summary(h->causes.causes[i]));
	}
	heading(h, &y, "key:");
	legend_row(h, &y, "empty", EMPTY_FILL, "no record of the pair", NULL);
	legend_row(h, &y, "finding", "#d0d0d0",
	      "a finding (the cell's tooltip says which)", NULL);
	marker(s, h->lx, y - LINE_H - 9);
	if (any_dead(h)) {
		text_at(s, h->lx, y);
		svg_attr(s, "fill", DEAD_FILL);
		svg_attr(s, "font-weight", "bold");
		svg_text(s, "host: fails to all, or reached by none");
		svg_close(s);
	}
	svg_close(s);
}

bool rr_render_matrix_svg(FILE *f, const struct rr_matrix_view *v)
{
	struct heat h = { .v = v, .m = v->m };
	bool ok = false;

	if (!note_findings(&h) || !scan(&h))
		goto out;
	layout(&h);
	svg_begin(&h.s, f, h.width, h.height);
	head(&h);
	labels(&h);
	cells(&h);
	markers(&h);
	legend(&h);
	svg_end(&h.s);
	ok = true;
out:
	free(h.values);
	free(h.marks);
	free(h.dead_row);
	free(h.dead_col);
	return ok;
}
