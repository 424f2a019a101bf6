// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/probe/decode.h"
#include "output/render_matrix.h"
#include "output/render_records.h"

/* Failure codes: a letter per cause, in the order causes first appear. */
static void code_name(int i, char *buf, size_t len)
{
	if (i < 26)
		snprintf(buf, len, "%c", 'A' + i);
	else
		snprintf(buf, len, "%c%c", 'A' + i / 26 - 1, 'A' + i % 26);
}

/* What a cell shows: its value, its failure's code, "." for no record. */
static void cell_text(const struct rr_matrix_cell *c, struct rr_cause_legend *l,
		      char *buf, size_t len)
{
	if (!c)
		snprintf(buf, len, ".");
	else if (!c->ok)
		code_name(rr_cause_legend_code(l, c->cause), buf, len);
	else
		snprintf(buf, len, "%s%s", c->value, c->expect ? "*" : "");
}

static void line(struct printer *p, const char *text)
{
	pr_record_begin(p, "grid", text, true);
	pr_record_end(p);
}

/* Columns FIRST to LAST (excluded), every row, each cell WIDTH wide. */
static void grid_block(struct printer *p, const struct rr_matrix_view *v,
		       struct rr_cause_legend *l, size_t first, size_t last, int lw,
		       int cw)
{
	const struct rr_matrix *m = v->m;
	char buf[4096], cell[64];
	size_t i, j, used;

	used = (size_t)snprintf(buf, sizeof(buf), "%-*s", lw, "");
	for (j = first; j < last && used < sizeof(buf); j++)
		used += (size_t)snprintf(buf + used, sizeof(buf) - used,
					 " %*zu", cw, j + 1);
	/* J counts columns as shown; col_order says which each is. */
	line(p, buf);
	for (i = 0; i < m->rows.num; i++) {
		used = (size_t)snprintf(buf, sizeof(buf), "%-*.*s", lw, lw,
					m->rows.names[i]);
		for (j = first; j < last && used < sizeof(buf); j++) {
			cell_text(rr_matrix_at(m, i, m->col_order[j]), l, cell,
				  sizeof(cell));
			used += (size_t)snprintf(buf + used, sizeof(buf) - used,
						 " %*s", cw, cell);
		}
		line(p, buf);
	}
}

/*
 * The widest cell, so every column is as wide; the failure codes given
 * on the way, in the grid's order (A is the first one read).
 */
static int cell_width(const struct rr_matrix_view *v, struct rr_cause_legend *l)
{
	const struct rr_matrix *m = v->m;
	int w = snprintf(NULL, 0, "%zu", m->cols.num), n;
	const uint32_t *idx;
	char cell[64];
	size_t i, j, k;

	/* Only cells with a record: "." is one character. */
	for (i = 0; i < m->rows.num; i++) {
		idx = rr_matrix_row(m, i, &k);
		for (j = 0; j < k; j++) {
			cell_text(&m->cells[idx[j]], l, cell, sizeof(cell));
			n = (int)strlen(cell);
			if (n > w)
				w = n;
		}
	}
	return w;
}

static void text_grid(struct printer *p, const struct rr_matrix_view *v,
		      struct rr_cause_legend *l)
{
	const struct rr_matrix *m = v->m;
	int lw = 1, cw, n;
	int nw = snprintf(NULL, 0, "%zu", m->cols.num);
	size_t i, per, first;
	char buf[640], name[512], code[8];

	/* A fleet's grid is for JSON: text would be megabytes of it. */
	if (m->cols.num > v->grid_max) {
		snprintf(buf, sizeof(buf), "%s from %zu source%s to %zu destination%s: no grid past --matrix-grid %u destinations (JSON keeps every pair)",
			 v->field, m->rows.num, m->rows.num == 1 ? "" : "s",
			 m->cols.num, m->cols.num == 1 ? "" : "s", v->grid_max);
		line(p, buf);
		return;
	}
	cw = cell_width(v, l);

	for (i = 0; i < m->rows.num; i++) {
		n = (int)strlen(m->rows.names[i]);
		if (n > lw)
			lw = n;
	}
	if (lw > 24)
		lw = 24;
	per = v->width > (unsigned int)lw + 1 ?
		(v->width - (unsigned int)lw) / (unsigned int)(cw + 1) : 1;
	if (!per)
		per = 1;
	snprintf(buf, sizeof(buf), "%s from %zu source%s to %zu destination%s (columns numbered below)",
		 v->field, m->rows.num, m->rows.num == 1 ? "" : "s",
		 m->cols.num, m->cols.num == 1 ? "" : "s");
	line(p, buf);
	for (first = 0; first < m->cols.num; first += per)
		grid_block(p, v, l, first, first + per < m->cols.num ?
			   first + per : m->cols.num, lw, cw);
	for (i = 0; i < m->cols.num; i++) {
		rr_matrix_col_name(m, m->col_order[i], name, sizeof(name));
		snprintf(buf, sizeof(buf), "%*zu  %s", nw, i + 1, name);
		line(p, buf);
	}
	for (n = 0; n < l->n; n++) {
		code_name(n, code, sizeof(code));
		snprintf(buf, sizeof(buf), "%*s  %s: %s", nw, code,
			 rr_cause_key(l->causes[n]), rr_cause_summary(l->causes[n]));
		line(p, buf);
	}
	if (l->n || m->num_cells)
		line(p, ". no record; * below an --expect");
}

/* "mtu 1024/512, sl 0/1": each differing field, there and back. */
static void differences(const struct rr_matrix *m, const struct rr_finding *f,
			char *buf, size_t len)
{
	const struct rr_matrix_cell *a = rr_matrix_at(m, f->row, f->col);
	const struct rr_matrix_cell *b = rr_matrix_at(m, f->row2, f->col2);
	char va[32], vb[32];
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < RR_MATRIX_SYM_FIELDS && used < len; i++) {
		if (!(f->differs & (1U << i)))
			continue;
		rr_matrix_sym_text(a, i, va, sizeof(va));
		rr_matrix_sym_text(b, i, vb, sizeof(vb));
		used += (size_t)snprintf(buf + used, len - used, "%s%s %s/%s",
					 used ? ", " : "", rr_matrix_sym_key(i),
					 va, vb);
	}
}

/* A line's first failure: what a dead row or column says. */
static const struct rr_matrix_cell *first_failure(const struct rr_matrix *m,
						  const struct rr_finding *f)
{
	const struct rr_matrix_cell *c, *first = NULL;
	const uint32_t *idx;
	size_t j, n;

	/* A column's by row; a row's, the column written first. */
	if (f->kind != RR_FIND_FAILS_TO_ALL) {
		idx = rr_matrix_col(m, f->col, &n);
		return n ? &m->cells[idx[0]] : NULL;
	}
	idx = rr_matrix_row(m, f->row, &n);
	for (j = 0; j < n; j++) {
		c = &m->cells[idx[j]];
		if (!first || c->col < first->col)
			first = c;
	}
	return first;
}

static void finding_text(const struct rr_matrix *m, const struct rr_finding *f,
			 char *buf, size_t len)
{
	const struct rr_matrix_cell *c = f->kind <= RR_FIND_REACHED_BY_NONE ?
		first_failure(m, f) : rr_matrix_at(m, f->row, f->col);
	char dest[520], back[520], diff[256];

	rr_matrix_col_name(m, f->col, dest, sizeof(dest));
	switch (f->kind) {
	case RR_FIND_FAILS_TO_ALL:
		snprintf(buf, len, "%s fails to every destination (%s)",
			 m->rows.names[f->row], rr_cause_key(c->cause));
		break;
	case RR_FIND_REACHED_BY_NONE:
		snprintf(buf, len, "no source reaches %s (%s)", dest,
			 rr_cause_key(c->cause));
		break;
	case RR_FIND_UNREACHABLE:
		snprintf(buf, len, "%s -> %s: unreachable (%s)",
			 m->rows.names[f->row], dest, rr_cause_key(c->cause));
		break;
	case RR_FIND_ASYMMETRIC:
		rr_matrix_col_name(m, f->col2, back, sizeof(back));
		differences(m, f, diff, sizeof(diff));
		/* Long names are cut: the JSON record keeps them whole. */
		if (snprintf(buf, len, "%s -> %s and %s -> %s differ: %s",
			     m->rows.names[f->row], dest, m->rows.names[f->row2],
			     back, diff) < 0)
			buf[0] = '\0';
		break;
	default:
		snprintf(buf, len, "%s -> %s: %s", m->rows.names[f->row], dest,
			 c->expect);
		break;
	}
}

static void json_finding(struct printer *p, const struct rr_matrix_view *v,
			 const struct rr_finding *f, const char *text)
{
	const struct rr_matrix *m = v->m;
	const struct rr_matrix_cell *a, *b;
	char va[32], vb[32];
	int i;

	pr_record_begin(p, "findings", text, true);
	pr_str(p, "kind", rr_finding_key(f->kind));
	if (f->kind != RR_FIND_REACHED_BY_NONE)
		pr_str(p, "from", m->rows.names[f->row]);
	if (f->kind != RR_FIND_FAILS_TO_ALL)
		pr_str(p, "destination", m->cols.names[f->col]);
	if (f->kind == RR_FIND_UNREACHABLE)
		pr_str(p, "cause", rr_cause_key(rr_matrix_at(m, f->row, f->col)->cause));
	if (f->kind == RR_FIND_EXPECT)
		pr_str(p, "expect", rr_matrix_at(m, f->row, f->col)->expect);
	if (f->kind == RR_FIND_ASYMMETRIC) {
		a = rr_matrix_at(m, f->row, f->col);
		b = rr_matrix_at(m, f->row2, f->col2);
		pr_str(p, "back_from", m->rows.names[f->row2]);
		pr_str(p, "back_destination", m->cols.names[f->col2]);
		pr_obj_begin(p, "differs", NULL);
		for (i = 0; i < RR_MATRIX_SYM_FIELDS; i++) {
			if (!(f->differs & (1U << i)))
				continue;
			rr_matrix_sym_text(a, i, va, sizeof(va));
			rr_matrix_sym_text(b, i, vb, sizeof(vb));
			pr_arr_begin(p, rr_matrix_sym_key(i));
			pr_str(p, NULL, va);
			pr_str(p, NULL, vb);
			pr_arr_end(p);
		}
		pr_obj_end(p);
	}
	pr_record_end(p);
}

/*
 * So many findings of one kind from one source, or more, text says as one
 * line: a fleet's host that fails to a thousand is one finding to read.
 */
#define GROUP_MIN 16

/* How many findings from I on have its kind and its source. */
static size_t run_of(const struct rr_matrix_view *v, size_t i)
{
	const struct rr_finding *f = &v->findings[i];
	size_t j = i + 1;

	if (f->kind < RR_FIND_UNREACHABLE)
		return 1;
	while (j < v->num_findings && v->findings[j].kind == f->kind &&
	       v->findings[j].row == f->row)
		j++;
	return j - i;
}

/* What a finding says beyond its pair: its cause, --expect or difference. */
static void finding_detail(const struct rr_matrix *m, const struct rr_finding *f,
			   char *buf, size_t len)
{
	const struct rr_matrix_cell *c = rr_matrix_at(m, f->row, f->col);

	if (f->kind == RR_FIND_UNREACHABLE)
		snprintf(buf, len, "%s", rr_cause_key(c->cause));
	else if (f->kind == RR_FIND_EXPECT)
		snprintf(buf, len, "%s", c->expect);
	else
		differences(m, f, buf, len);
}

/*
 * N findings of one kind from one source, as one line: "h7 -> 999
 * destinations: unreachable (neighbour_timeout)"; a detail they do not
 * all share is given as the first one's.
 */
static void group_text(const struct rr_matrix *m, const struct rr_finding *f,
		       size_t n, char *buf, size_t len)
{
	static const char *const what[RR_FIND_COUNT] = {
		[RR_FIND_UNREACHABLE] = "unreachable",
		[RR_FIND_ASYMMETRIC] = "not the same both ways",
		[RR_FIND_EXPECT] = "below an --expect",
	};
	char first[256], other[256];
	bool same = true;
	size_t i;

	finding_detail(m, f, first, sizeof(first));
	for (i = 1; i < n && same; i++) {
		finding_detail(m, &f[i], other, sizeof(other));
		same = !strcmp(first, other);
	}
	snprintf(buf, len, "%s -> %zu destinations: %s (%s%s)",
		 m->rows.names[f->row], n, what[f->kind], same ? "" : "first: ",
		 first);
}

static void findings(struct printer *p, const struct rr_matrix_view *v)
{
	char text[1024];
	size_t i, n;

	if (!pr_is_json(p))
		line(p, v->num_findings ? "findings:" : "findings: none");
	for (i = 0; i < v->num_findings; i += n) {
		n = pr_is_json(p) ? 1 : run_of(v, i);
		if (n >= GROUP_MIN)
			group_text(v->m, &v->findings[i], n, text, sizeof(text) - 2);
		else
			finding_text(v->m, &v->findings[i], text, sizeof(text) - 2);
		if (pr_is_json(p)) {
			json_finding(p, v, &v->findings[i], text);
			continue;
		}
		if (n < GROUP_MIN)
			n = 1;
		memmove(text + 2, text, strlen(text) + 1);
		text[0] = text[1] = ' ';
		line(p, text);
	}
}

static void json_pairs(struct printer *p, const struct rr_matrix_view *v)
{
	const struct rr_matrix *m = v->m;
	const struct rr_matrix_cell *c;
	const uint32_t *idx;
	size_t i, j, k, n;

	for (i = 0; i < m->rows.num; i++) {
		idx = rr_matrix_row(m, i, &n);
		for (k = 0; k < n; k++) {
			c = &m->cells[idx[k]];
			j = c->col;
			pr_record_begin(p, "pairs", NULL, false);
			pr_str(p, "from", m->rows.names[i]);
			pr_str(p, "destination", m->cols.names[j]);
			if (m->col_row[j] >= 0)
				pr_str(p, "destination_host", m->rows.names[m->col_row[j]]);
			pr_str(p, "status", c->ok ? "resolved" : "failed");
			if (!c->ok)
				pr_str(p, "cause", rr_cause_key(c->cause));
			else if (c->value_kind == RR_CELL_NUMBER)
				pr_num(p, v->field, strtod(c->value, NULL), c->value);
			else if (c->value_kind == RR_CELL_NULL)
				pr_str(p, v->field, NULL);	/* JSON null */
			else if (c->value_kind == RR_CELL_TEXT)
				pr_str(p, v->field, c->value);
			if (c->expect)
				pr_str(p, "expect_failed", c->expect);
			pr_record_end(p);
		}
	}
}

static void summary(struct printer *p, const struct rr_matrix_view *v)
{
	const struct rr_matrix *m = v->m;
	size_t i, pairs = 0, ok = 0, count[RR_FIND_COUNT] = { 0 };
	char title[256];
	int k, used;

	for (i = 0; i < m->num_cells; i++) {
		pairs++;
		ok += m->cells[i].ok;
	}
	for (i = 0; i < v->num_findings; i++)
		count[v->findings[i].kind]++;
	used = snprintf(title, sizeof(title),
			"summary: %zu pairs, %zu resolved, %zu failed, %zu findings, %zu input errors",
			pairs, ok, pairs - ok, v->num_findings, v->input_errors);
	if (m->duplicates && used > 0 && (size_t)used < sizeof(title))
		snprintf(title + used, sizeof(title) - (size_t)used,
			 ", %zu duplicate records", m->duplicates);
	pr_single_begin(p, "summary", title, true);
	pr_int(p, "sources", (long long)m->rows.num);
	pr_int(p, "destinations", (long long)m->cols.num);
	pr_int(p, "pairs", (long long)pairs);
	pr_int(p, "resolved", (long long)ok);
	pr_int(p, "failed", (long long)(pairs - ok));
	pr_obj_begin(p, "findings", NULL);
	for (k = 0; k < RR_FIND_COUNT; k++)
		pr_int(p, rr_finding_key(k), (long long)count[k]);
	pr_obj_end(p);
	pr_int(p, "input_errors", (long long)v->input_errors);
	pr_int(p, "duplicate_records", (long long)m->duplicates);
	pr_record_end(p);
}

void rr_record_matrix(struct printer *p, const struct rr_matrix_view *v)
{
	struct rr_cause_legend l = { .n = 0 };

	pr_use_err(p, false);
	if (pr_is_json(p)) {
		pr_doc_str(p, "matrix_field", v->field);
		json_pairs(p, v);
	} else {
		text_grid(p, v, &l);
	}
	findings(p, v);
	summary(p, v);
}
