// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/probe/fields.h"
#include "model/matrix/matrix.h"

static uint64_t hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

/* Where NAME is or would go in L's slots. */
static size_t slot_of(const struct rr_matrix_labels *l, const char *name)
{
	size_t i = hash(name) & (l->num_slots - 1);

	while (l->slots[i] && strcmp(l->names[l->slots[i] - 1], name))
		i = (i + 1) & (l->num_slots - 1);
	return i;
}

/* NAME's index in L, or -1. */
static long label_find(const struct rr_matrix_labels *l, const char *name)
{
	size_t i;

	if (!l->num_slots)
		return -1;
	i = slot_of(l, name);
	return l->slots[i] ? (long)(l->slots[i] - 1) : -1;
}

/* Twice the slots, at most half of them used. */
static bool rehash(struct rr_matrix_labels *l)
{
	size_t n = l->num_slots ? 2 * l->num_slots : 64, i;
	uint32_t *old = l->slots;

	l->slots = calloc(n, sizeof(*l->slots));
	if (!l->slots) {
		l->slots = old;
		return false;
	}
	free(old);
	l->num_slots = n;
	for (i = 0; i < l->num; i++)
		l->slots[slot_of(l, l->names[i])] = (uint32_t)(i + 1);
	return true;
}

/* The names' blocks: 64 KiB, or one name's own when it is longer. */
#define ARENA_BLOCK (64 * 1024)

/* S copied into L's arena; NULL: ENOMEM. */
static char *arena_copy(struct rr_matrix_labels *l, const char *s)
{
	size_t n = strlen(s) + 1, len = ARENA_BLOCK;
	char *b;

	if (l->arena_used + n > l->arena_len) {
		if (n + sizeof(char *) > len)
			len = n + sizeof(char *);
		b = malloc(len);
		if (!b)
			return NULL;
		memcpy(b, &l->arena, sizeof(char *));
		l->arena = b;
		l->arena_used = sizeof(char *);
		l->arena_len = len;
	}
	b = l->arena + l->arena_used;
	memcpy(b, s, n);
	l->arena_used += n;
	return b;
}

/* NAME's index in L, added if new; -1: ENOMEM. */
static long label_add(struct rr_matrix_labels *l, const char *name)
{
	long found = label_find(l, name);
	size_t cap = l->cap ? 2 * l->cap : 16;
	char **names;

	if (found >= 0)
		return found;
	if (l->num >= UINT32_MAX - 1)
		return -1;
	if (2 * (l->num + 1) > l->num_slots && !rehash(l))
		return -1;
	if (l->num == l->cap) {
		names = reallocarray(l->names, cap, sizeof(*names));
		if (!names)
			return -1;
		l->names = names;
		l->cap = cap;
	}
	l->names[l->num] = arena_copy(l, name);
	if (!l->names[l->num])
		return -1;
	l->slots[slot_of(l, name)] = (uint32_t)++l->num;
	return (long)(l->num - 1);
}

static void labels_free(struct rr_matrix_labels *l)
{
	char *b, *before;

	for (b = l->arena; b; b = before) {
		memcpy(&before, b, sizeof(char *));
		free(b);
	}
	free(l->names);
	free(l->slots);
	memset(l, 0, sizeof(*l));
}

/* SOURCE is ROW's own address: a column written so is that row. */
static bool add_addr(struct rr_matrix *m, const char *source, size_t row)
{
	size_t before = m->addrs.num, *addr_row;
	long i = label_add(&m->addrs, source);

	if (i < 0)
		return false;
	if (m->addrs.num == before)
		return true;
	addr_row = reallocarray(m->addr_row, m->addrs.cap, sizeof(*addr_row));
	if (!addr_row)
		return false;
	m->addr_row = addr_row;
	m->addr_row[i] = row;
	return true;
}

static size_t pair_hash(uint32_t row, uint32_t col, size_t num_slots)
{
	uint64_t k = ((uint64_t)row << 32 | col) * 0x9e3779b97f4a7c15ULL;

	return (size_t)(k >> 17) & (num_slots - 1);
}

/* Where ROW x COL's cell is or would go in the pair slots. */
static size_t pair_slot(const struct rr_matrix *m, uint32_t row, uint32_t col)
{
	size_t i = pair_hash(row, col, m->num_pair_slots);
	const struct rr_matrix_cell *c;

	while (m->pair_slots[i]) {
		c = &m->cells[m->pair_slots[i] - 1];
		if (c->row == row && c->col == col)
			break;
		i = (i + 1) & (m->num_pair_slots - 1);
	}
	return i;
}

/* N pair slots (a power of two) for the cells there are. */
static bool index_pairs(struct rr_matrix *m, size_t n)
{
	uint32_t *slots = calloc(n, sizeof(*slots));
	size_t i;

	if (!slots)
		return false;
	free(m->pair_slots);
	m->pair_slots = slots;
	m->num_pair_slots = n;
	for (i = 0; i < m->num_cells; i++)
		m->pair_slots[pair_slot(m, m->cells[i].row, m->cells[i].col)] =
			(uint32_t)(i + 1);
	return true;
}

/* CELL at *AT (a new one, or the pair's old one), its --expect copied. */
static bool put_cell(struct rr_matrix_cell *at, const struct rr_matrix_cell *cell,
		     uint32_t row, uint32_t col)
{
	char *expect = cell->expect && *cell->expect ? strdup(cell->expect) :
						       NULL;

	if (cell->expect && *cell->expect && !expect)
		return false;
	*at = *cell;
	at->row = row;
	at->col = col;
	at->expect = expect;
	return true;
}

/* A new cell for ROW x COL; false: ENOMEM or past 2^32 - 1 pairs. */
static bool new_cell(struct rr_matrix *m, const struct rr_matrix_cell *cell,
		     uint32_t row, uint32_t col)
{
	size_t cap = m->cap_cells ? 2 * m->cap_cells : 256;
	struct rr_matrix_cell *cells;

	if (m->num_cells >= UINT32_MAX - 1)
		return false;
	/* Twice the pair slots, at most half of them used. */
	if (2 * (m->num_cells + 1) > m->num_pair_slots &&
	    !index_pairs(m, m->num_pair_slots ? 2 * m->num_pair_slots : 512))
		return false;
	if (m->num_cells == m->cap_cells) {
		cells = reallocarray(m->cells, cap, sizeof(*cells));
		if (!cells)
			return false;
		m->cells = cells;
		m->cap_cells = cap;
	}
	if (!put_cell(&m->cells[m->num_cells], cell, row, col))
		return false;
	m->num_cells++;
	m->pair_slots[pair_slot(m, row, col)] = (uint32_t)m->num_cells;
	return true;
}

bool rr_matrix_add(struct rr_matrix *m, const char *from, const char *to,
		   const char *source, const struct rr_matrix_cell *cell)
{
	long row = label_add(&m->rows, from), col = label_add(&m->cols, to);
	struct rr_matrix_cell *old;
	size_t at;

	if (row < 0 || col < 0 || row >= UINT32_MAX || col >= UINT32_MAX)
		return false;
	if (source && *source && !add_addr(m, source, (size_t)row))
		return false;
	at = m->num_pair_slots ? pair_slot(m, (uint32_t)row, (uint32_t)col) : 0;
	if (!m->num_pair_slots || !m->pair_slots[at])
		return new_cell(m, cell, (uint32_t)row, (uint32_t)col);
	/* The pair again (a --count run, a file given twice): the last wins. */
	old = &m->cells[m->pair_slots[at] - 1];
	free(old->expect);
	old->expect = NULL;
	m->duplicates++;
	return put_cell(old, cell, (uint32_t)row, (uint32_t)col);
}

/* Rows and unknown columns in natural order: mx2 before mx10. */
static int natural(const void *a, const void *b)
{
	return strverscmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Rows sorted by name: hosts' records come in any order (a fleet run's
 * lines interleave).  Cells and addresses follow their rows.
 */
static bool sort_rows(struct rr_matrix *m)
{
	size_t i, n = m->rows.num, *to;
	char **old;
	bool ok;

	/* No rows: nothing to sort, and no names to copy (NULL). */
	if (!n)
		return true;
	to = malloc(n * sizeof(*to));
	old = malloc(n * sizeof(*old));
	ok = to && old;
	if (ok) {
		memcpy(old, m->rows.names, n * sizeof(*old));
		qsort(m->rows.names, n, sizeof(*m->rows.names), natural);
		/* Where each old row went: names are unique, find them back. */
		memset(m->rows.slots, 0, m->rows.num_slots * sizeof(*m->rows.slots));
		for (i = 0; i < n; i++)
			m->rows.slots[slot_of(&m->rows, m->rows.names[i])] =
				(uint32_t)(i + 1);
		for (i = 0; i < n; i++)
			to[i] = (size_t)label_find(&m->rows, old[i]);
		for (i = 0; i < m->num_cells; i++)
			m->cells[i].row = to[m->cells[i].row];
		for (i = 0; i < m->addrs.num; i++)
			m->addr_row[i] = to[m->addr_row[i]];
	}
	free(to);
	free(old);
	return ok;
}

/* The diagonal first: a row's own column at its row's place. */
static int by_place(const void *a, const void *b, void *ctx)
{
	const struct rr_matrix *m = ctx;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	long rx = m->col_row[x], ry = m->col_row[y];

	if (rx >= 0 && ry >= 0)
		return rx < ry ? -1 : rx > ry;
	if (rx >= 0 || ry >= 0)
		return rx >= 0 ? -1 : 1;
	return strverscmp(m->cols.names[x], m->cols.names[y]);
}

static bool order_columns(struct rr_matrix *m)
{
	size_t j, c = m->cols.num;

	free(m->col_order);
	m->col_order = calloc(c ? c : 1, sizeof(*m->col_order));
	if (!m->col_order)
		return false;
	for (j = 0; j < c; j++)
		m->col_order[j] = j;
	qsort_r(m->col_order, c, sizeof(*m->col_order), by_place, m);
	return true;
}

/* Within a row: cells by their column's place. */
static int by_rank(const void *a, const void *b, void *ctx)
{
	const struct rr_matrix *m = ctx;
	size_t x = m->col_rank[m->cells[*(const uint32_t *)a].col];
	size_t y = m->col_rank[m->cells[*(const uint32_t *)b].col];

	return x < y ? -1 : x > y;
}

/*
 * The cells' indexes by row then column place (BY_ROW), and by column
 * then row (BY_COL), each line's start in FIRST: a counting sort.
 */
static bool index_lines(struct rr_matrix *m)
{
	size_t i, r, n = m->num_cells, rows = m->rows.num, cols = m->cols.num;
	uint32_t k;

	m->by_row = malloc((n ? n : 1) * sizeof(*m->by_row));
	m->by_col = malloc((n ? n : 1) * sizeof(*m->by_col));
	m->row_first = calloc(rows + 2, sizeof(*m->row_first));
	m->col_first = calloc(cols + 2, sizeof(*m->col_first));
	m->col_rank = malloc((cols ? cols : 1) * sizeof(*m->col_rank));
	if (!m->by_row || !m->by_col || !m->row_first || !m->col_first ||
	    !m->col_rank)
		return false;
	for (i = 0; i < cols; i++)
		m->col_rank[m->col_order[i]] = i;
	for (i = 0; i < n; i++) {
		m->row_first[m->cells[i].row + 2]++;
		m->col_first[m->cells[i].col + 2]++;
	}
	for (i = 2; i < rows + 2; i++)
		m->row_first[i] += m->row_first[i - 1];
	for (i = 2; i < cols + 2; i++)
		m->col_first[i] += m->col_first[i - 1];
	/* FIRST[x + 1] is where x's next goes; once placed, x's start. */
	for (i = 0; i < n; i++)
		m->by_row[m->row_first[m->cells[i].row + 1]++] = (uint32_t)i;
	for (r = 0; r < rows; r++)
		qsort_r(m->by_row + m->row_first[r],
			m->row_first[r + 1] - m->row_first[r],
			sizeof(*m->by_row), by_rank, m);
	/* Rows in order into each column: a column's cells come by row. */
	for (i = 0; i < n; i++) {
		k = m->by_row[i];
		m->by_col[m->col_first[m->cells[k].col + 1]++] = k;
	}
	return true;
}

static void free_lines(struct rr_matrix *m)
{
	free(m->by_row);
	free(m->by_col);
	free(m->row_first);
	free(m->col_first);
	free(m->col_rank);
	free(m->col_row);
	m->by_row = m->by_col = NULL;
	m->row_first = m->col_first = m->col_rank = NULL;
	m->col_row = NULL;
}

bool rr_matrix_finish(struct rr_matrix *m)
{
	size_t i, c = m->cols.num;
	long a;

	/* Rows renumbered: the pair index follows them. */
	if (!sort_rows(m) ||
	    (m->num_pair_slots && !index_pairs(m, m->num_pair_slots)))
		return false;
	free_lines(m);
	m->col_row = calloc(c ? c : 1, sizeof(*m->col_row));
	if (!m->col_row)
		return false;
	/* A column is a row's host by its name, else by a source address. */
	for (i = 0; i < c; i++) {
		m->col_row[i] = label_find(&m->rows, m->cols.names[i]);
		a = m->col_row[i] < 0 ? label_find(&m->addrs, m->cols.names[i]) : -1;
		if (a >= 0)
			m->col_row[i] = (long)m->addr_row[a];
	}
	return order_columns(m) && index_lines(m);
}

const struct rr_matrix_cell *rr_matrix_at(const struct rr_matrix *m,
					  size_t row, size_t col)
{
	size_t at;

	if (!m->num_pair_slots || row >= m->rows.num || col >= m->cols.num)
		return NULL;
	at = pair_slot(m, (uint32_t)row, (uint32_t)col);
	return m->pair_slots[at] ? &m->cells[m->pair_slots[at] - 1] : NULL;
}

const uint32_t *rr_matrix_row(const struct rr_matrix *m, size_t row, size_t *n)
{
	*n = m->row_first[row + 1] - m->row_first[row];
	return m->by_row + m->row_first[row];
}

const uint32_t *rr_matrix_col(const struct rr_matrix *m, size_t col, size_t *n)
{
	*n = m->col_first[col + 1] - m->col_first[col];
	return m->by_col + m->col_first[col];
}

const char *rr_matrix_col_name(const struct rr_matrix *m, size_t col,
			       char *buf, size_t len)
{
	long r = m->col_row[col];

	if (r >= 0 && strcmp(m->rows.names[r], m->cols.names[col]))
		snprintf(buf, len, "%s (%s)", m->cols.names[col], m->rows.names[r]);
	else
		snprintf(buf, len, "%s", m->cols.names[col]);
	return buf;
}

void rr_matrix_free(struct rr_matrix *m)
{
	size_t i;

	for (i = 0; i < m->num_cells; i++)
		free(m->cells[i].expect);
	free(m->pair_slots);
	labels_free(&m->rows);
	labels_free(&m->cols);
	labels_free(&m->addrs);
	free(m->addr_row);
	free(m->cells);
	free_lines(m);
	free(m->col_order);
	memset(m, 0, sizeof(*m));
}

/*
 * The compared fields are the field table's both_ways path fields: a
 * path alone is enough for each (no result, as a record of another host
 * has none of its own here).
 */
static const struct rr_result no_result;

const char *rr_matrix_sym_key(int i)
{
	const struct rr_field *f = rr_field_both_ways(i);

	return f ? f->key : "?";
}

int rr_matrix_sym_index(const char *key)
{
	int i;

	for (i = 0; i < RR_MATRIX_SYM_FIELDS; i++)
		if (!strcmp(rr_matrix_sym_key(i), key))
			return i;
	return -1;
}

void rr_matrix_cell_path(struct rr_matrix_cell *c, const struct rr_path *p)
{
	const struct rr_field *f;
	struct rr_fval v;
	int i;

	c->have_path = true;
	c->sym_have = 0;
	for (i = 0; i < RR_MATRIX_SYM_FIELDS; i++) {
		f = rr_field_both_ways(i);
		if (!f)
			continue;
		rr_field_get(f, &no_result, p, &v);
		if (!v.present)
			continue;
		c->sym_have |= 1U << i;
		c->sym[i] = (int32_t)v.i;	/* raw codes, 16 bits at most */
	}
}

bool rr_matrix_sym_value(const struct rr_matrix_cell *c, int i, long long *v)
{
	if (i < 0 || i >= RR_MATRIX_SYM_FIELDS || !(c->sym_have & (1U << i)))
		return false;
	*v = c->sym[i];
	return true;
}

const char *rr_matrix_sym_text(const struct rr_matrix_cell *c, int i,
			       char *buf, size_t len)
{
	const struct rr_field *f = rr_field_both_ways(i);
	struct rr_result scratch = { 0 };
	struct rr_fval v = { .present = true };
	struct rr_path p;

	/* The path again from the raw value, as the field's getter reads it. */
	rr_field_path_empty(&p);
	if (!f || !rr_matrix_sym_value(c, i, &v.i) ||
	    !rr_field_set(f, &scratch, &p, &v, NULL)) {
		snprintf(buf, len, "absent");
		return buf;
	}
	rr_field_get(f, &no_result, &p, &v);
	return rr_fval_str(f, &v, false, buf, len);
}

const char *rr_finding_key(enum rr_finding_kind kind)
{
	static const char *const keys[RR_FIND_COUNT] = {
		[RR_FIND_FAILS_TO_ALL] = "fails_to_all",
		[RR_FIND_REACHED_BY_NONE] = "reached_by_none",
		[RR_FIND_UNREACHABLE] = "unreachable",
		[RR_FIND_ASYMMETRIC] = "asymmetric",
		[RR_FIND_EXPECT] = "expect_failed",
	};

	return (unsigned int)kind < RR_FIND_COUNT ? keys[kind] : "?";
}

struct findings {
	struct rr_finding *f;
	size_t n, cap;
	bool failed;
};

static void note(struct findings *fs, const struct rr_finding *f)
{
	size_t cap = fs->cap ? 2 * fs->cap : 32;
	struct rr_finding *grown;

	if (fs->failed)
		return;
	if (fs->n == fs->cap) {
		grown = reallocarray(fs->f, cap, sizeof(*grown));
		if (!grown) {
			fs->failed = true;
			return;
		}
		fs->f = grown;
		fs->cap = cap;
	}
	fs->f[fs->n++] = *f;
}

/* How LINE's cells went: *SEEN of them, *OK resolved. */
static void count_line(const struct rr_matrix *m, bool row, size_t i,
		       size_t *seen, size_t *ok)
{
	const uint32_t *idx = row ? rr_matrix_row(m, i, seen) :
				    rr_matrix_col(m, i, seen);
	size_t j;

	*ok = 0;
	for (j = 0; j < *seen; j++)
		*ok += m->cells[idx[j]].ok;
}

/* A whole row, or a whole column, that failed: said once, for all. */
static void whole_lines(const struct rr_matrix *m, struct findings *fs,
			bool *dead_row, bool *dead_col)
{
	size_t i, seen, ok;

	for (i = 0; i < m->rows.num; i++) {
		count_line(m, true, i, &seen, &ok);
		dead_row[i] = seen > 1 && !ok;
		if (dead_row[i])
			note(fs, &(struct rr_finding){ .kind = RR_FIND_FAILS_TO_ALL,
						       .row = (uint32_t)i });
	}
	for (i = 0; i < m->cols.num; i++) {
		count_line(m, false, i, &seen, &ok);
		dead_col[i] = seen > 1 && !ok;
		if (dead_col[i])
			note(fs, &(struct rr_finding){ .kind = RR_FIND_REACHED_BY_NONE,
						       .col = (uint32_t)i });
	}
}


/* The fields A and B both hold and hold differently: a record may lack one. */
static unsigned int differs(const struct rr_matrix_cell *a,
			    const struct rr_matrix_cell *b)
{
	unsigned int bits = 0;
	long long va, vb;
	int i;

	for (i = 0; i < RR_MATRIX_SYM_FIELDS; i++)
		if (rr_matrix_sym_value(a, i, &va) &&
		    rr_matrix_sym_value(b, i, &vb) && va != vb)
			bits |= 1U << i;
	return bits;
}

/*
 * ROW_COL: each row's column (the first that is its host), -1 none.
 * KIND: which findings of single pairs to note.
 */
static void pairs(const struct rr_matrix *m, struct findings *fs,
		  const bool *dead_row, const bool *dead_col,
		  const long *row_col, enum rr_finding_kind kind)
{
	const struct rr_matrix_cell *c, *back;
	const uint32_t *idx;
	struct rr_finding f;
	size_t i, j, k, n;
	long r2, c2;

	for (i = 0; i < m->rows.num; i++) {
		idx = rr_matrix_row(m, i, &n);	/* as the grid shows them */
		for (k = 0; k < n; k++) {
			c = &m->cells[idx[k]];
			j = c->col;
			f = (struct rr_finding){ .kind = kind, .row = (uint32_t)i,
						.col = (uint32_t)j };
			if (kind == RR_FIND_UNREACHABLE && !c->ok &&
			    !dead_row[i] && !dead_col[j])
				note(fs, &f);
			if (kind == RR_FIND_EXPECT && c->ok && c->expect)
				note(fs, &f);
			if (kind != RR_FIND_ASYMMETRIC || !c->have_path)
				continue;
			/* Each pair of hosts once: from the lower row. */
			r2 = m->col_row[j];
			if (r2 <= (long)i)
				continue;
			c2 = row_col[i];
			back = c2 >= 0 ? rr_matrix_at(m, (size_t)r2, (size_t)c2) : NULL;
			if (!back || !back->have_path)
				continue;
			f.row2 = (uint32_t)r2;
			f.col2 = (uint32_t)c2;
			f.differs = differs(c, back);
			if (f.differs)
				note(fs, &f);
		}
	}
}

bool rr_matrix_findings(const struct rr_matrix *m, struct rr_finding **out,
			size_t *n)
{
	bool *dead_row = calloc(m->rows.num + 1, sizeof(bool));
	bool *dead_col = calloc(m->cols.num + 1, sizeof(bool));
	long *row_col = malloc((m->rows.num + 1) * sizeof(long));
	struct findings fs = { 0 };
	size_t i;
	int kind;

	if (!dead_row || !dead_col || !row_col) {
		fs.failed = true;
		goto out;
	}
	for (i = 0; i < m->rows.num; i++)
		row_col[i] = -1;
	for (i = m->cols.num; i-- > 0;)
		if (m->col_row[i] >= 0)
			row_col[m->col_row[i]] = (long)i;
	whole_lines(m, &fs, dead_row, dead_col);
	for (kind = RR_FIND_UNREACHABLE; kind < RR_FIND_COUNT; kind++)
		pairs(m, &fs, dead_row, dead_col, row_col, kind);
out:
	free(dead_row);
	free(dead_col);
	free(row_col);
	if (fs.failed) {
		free(fs.f);
		return false;
	}
	*out = fs.f;
	*n = fs.n;
	return true;
}

int rr_cause_legend_find(const struct rr_cause_legend *l, enum rr_cause cause)
{
	int i;

	for (i = 0; i < l->n && l->causes[i] != cause; i++)
		;
	return i;
}

int rr_cause_legend_code(struct rr_cause_legend *l, enum rr_cause cause)
{
	int i = rr_cause_legend_find(l, cause);

	if (i == l->n)
		l->causes[l->n++] = cause;
	return i;
}
