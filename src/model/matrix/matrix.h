/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every pair at once (--matrix): sources (hosts, or --all-pairs' ports)
 * by destinations, each cell one pair's outcome, and the findings an
 * admin reads first: unreachable pairs, pairs not the same both ways,
 * pairs below an --expect, a source that fails to every destination, a
 * destination no source reaches.  Pure functions: the records come from
 * run_matrix.c (JSON Lines of many hosts) or from --sa --all-pairs.
 */
#ifndef RR_MATRIX_H
#define RR_MATRIX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/probe/cause.h"
#include "model/probe/result.h"

/*
 * The path fields compared both ways: the field table's both_ways ones,
 * in its order (tests/unit/model/matrix_test.c checks the count).
 */
#define RR_MATRIX_SYM_FIELDS 6

/* What a cell's value is, as JSON writes it. */
enum rr_cell_value {
	RR_CELL_ABSENT,		/* the record has no such field: "-" */
	RR_CELL_NULL,		/* a code that means nothing (mtu 0): null */
	RR_CELL_NUMBER,
	RR_CELL_TEXT,
};

/*
 * One pair: the last record of it wins (a --count run has several).  A
 * fleet's million pairs are a million cells, so a cell is kept small
 * (under 90 bytes): a path is kept as the raw codes compared both ways,
 * and the --expect text only where one failed.
 */
struct rr_matrix_cell {
	uint32_t row, col;
	bool ok;
	bool have_path;
	enum rr_cell_value value_kind;
	enum rr_cause cause;		/* failed: why */
	/*
	 * Resolved: the raw value of each of its first path's fields that
	 * are compared both ways, with a bit in SYM_HAVE for each one the
	 * path holds.
	 */
	uint8_t sym_have;
	int32_t sym[RR_MATRIX_SYM_FIELDS];
	char value[24];			/* the chosen field, as JSON writes it */
	/*
	 * The first --expect it failed, or NULL: the caller's text, which
	 * rr_matrix_add() copies; after that, the matrix's own copy.
	 */
	char *expect;
};

/* A label and, for a row, the addresses its records came from. */
struct rr_matrix_labels {
	char **names;
	size_t num, cap;
	uint32_t *slots;		/* open addressing: index + 1, 0 free */
	size_t num_slots;
	/*
	 * The names' bytes, in blocks (each block starts with a pointer to
	 * the one before), so a million names are a few blocks, not a
	 * million allocations.
	 */
	char *arena;
	size_t arena_used, arena_len;
};

struct rr_matrix {
	struct rr_matrix_labels rows;	/* sources; by name once finished */
	struct rr_matrix_labels cols;	/* destinations, as written */
	struct rr_matrix_labels addrs;	/* a source's own addresses */
	size_t *addr_row;		/* addrs' row */
	struct rr_matrix_cell *cells;
	size_t num_cells, cap_cells;
	/* Each pair's cell by row and column: index + 1, 0 free. */
	uint32_t *pair_slots;
	size_t num_pair_slots;
	size_t duplicates;		/* records of a pair seen before */
	/*
	 * Set by rr_matrix_finish(): each row's cells (their indexes) in the
	 * order columns are shown, from BY_ROW[ROW_FIRST[r]] on, and each
	 * column's cells by row, from BY_COL[COL_FIRST[c]] on.  Memory grows
	 * with the records, not with sources times destinations: a fleet's
	 * hosts probe a few of the others.
	 */
	uint32_t *by_row, *by_col;
	size_t *row_first, *col_first;	/* rows + 1, columns + 1 */
	size_t *col_rank;		/* a column's place as shown */
	long *col_row;			/* the row a column is, -1 none */
	/*
	 * The order columns are shown in: a row's own column in row order
	 * (the diagonal), then the others by name.
	 */
	size_t *col_order;
};

/*
 * Adds CELL as the pair FROM -> TO (a destination as written).  SOURCE is
 * the address FROM's record said it used (or NULL or ""), so that a
 * column written as an address can be told to be that row's host.  A
 * pair seen before takes the new cell (counted in duplicates).  Returns
 * false on ENOMEM, or when there would be more than 2^32 - 1 labels or
 * pairs.
 */
bool rr_matrix_add(struct rr_matrix *m, const char *from, const char *to,
		   const char *source, const struct rr_matrix_cell *cell);

/*
 * Builds the grid: rows sorted by name (mx2 before mx10), with the last
 * cell of each pair.  Returns false on ENOMEM.
 */
bool rr_matrix_finish(struct rr_matrix *m);

/*
 * Returns the cell of ROW x COL after rr_matrix_finish(), or NULL when
 * there is none.
 */
const struct rr_matrix_cell *rr_matrix_at(const struct rr_matrix *m,
					  size_t row, size_t col);

/*
 * After rr_matrix_finish(), return ROW's cells in the order the grid
 * shows them, or COL's cells by row, as cell indexes; *N is set to their
 * number.
 */
const uint32_t *rr_matrix_row(const struct rr_matrix *m, size_t row, size_t *n);
const uint32_t *rr_matrix_col(const struct rr_matrix *m, size_t col, size_t *n);

/*
 * Writes column COL's destination into BUF (LEN bytes), with the row's
 * host that it is, if any: "192.168.80.3 (ns3)".  Returns BUF.
 */
const char *rr_matrix_col_name(const struct rr_matrix *m, size_t col,
			       char *buf, size_t len);

/*
 * Fills C, R's cell for a matrix of FIELD (a key of the field table, or
 * NULL for none): its outcome, the field's value as JSON writes it, and
 * its first --expect failure, written into EXPECT (LEN bytes), which the
 * cell then points to.
 */
void rr_matrix_cell_of(const char *field, const struct rr_result *r,
		       struct rr_matrix_cell *c, char *expect, size_t len);

void rr_matrix_free(struct rr_matrix *m);

enum rr_finding_kind {
	RR_FIND_FAILS_TO_ALL,	/* a row: every pair of it failed */
	RR_FIND_REACHED_BY_NONE,	/* a column: every pair to it failed */
	RR_FIND_UNREACHABLE,	/* a pair failed, neither of the above */
	RR_FIND_ASYMMETRIC,	/* A -> B and B -> A differ */
	RR_FIND_EXPECT,		/* a pair below an --expect */
	RR_FIND_COUNT
};

/*
 * The causes of a matrix's failed cells, each numbered in the order
 * first met: the text grid's letters and the picture's colours.
 */
struct rr_cause_legend {
	enum rr_cause causes[RR_CAUSE_COUNT];
	int n;
};

/* Returns CAUSE's number in L, or L->n when it is not there. */
int rr_cause_legend_find(const struct rr_cause_legend *l, enum rr_cause cause);
/* Returns CAUSE's number in L, adding CAUSE to L when it is new. */
int rr_cause_legend_code(struct rr_cause_legend *l, enum rr_cause cause);

struct rr_finding {
	enum rr_finding_kind kind;
	uint32_t row, col;	/* the pair (or the row, or the column) */
	uint32_t row2, col2;	/* ASYMMETRIC: the way back */
	/* ASYMMETRIC: a bit per field that differs (rr_matrix_sym_key). */
	unsigned int differs;
};

/* Returns the key of the Ith compared field ("mtu", "rate", ...). */
const char *rr_matrix_sym_key(int i);
/*
 * Writes the Ith compared field's value in C into BUF (LEN bytes), as
 * JSON writes it ("1024", "0xffff", "true"), or "absent".  Returns BUF.
 */
const char *rr_matrix_sym_text(const struct rr_matrix_cell *c, int i,
			       char *buf, size_t len);
/*
 * Stores the Ith compared field's raw value in C into *V.  Returns false
 * when C's path lacks it.
 */
bool rr_matrix_sym_value(const struct rr_matrix_cell *c, int i, long long *v);
/* Returns the index of the compared field KEY, or -1 when none has it. */
int rr_matrix_sym_index(const char *key);
/* Copies PATH's compared fields into C, which then has a path. */
void rr_matrix_cell_path(struct rr_matrix_cell *c, const struct rr_path *path);
const char *rr_finding_key(enum rr_finding_kind kind);

/*
 * Stores the findings of a finished matrix in *OUT (malloc'ed, *N of
 * them), in kind order, then by row and column.  Returns false on ENOMEM.
 */
bool rr_matrix_findings(const struct rr_matrix *m, struct rr_finding **out,
			size_t *n);

#endif
