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

#include "model/cause.h"
#include "model/result.h"

/*
 * One pair: the last record of it wins (a --count run has several).  A
 * fleet's million pairs are a million cells: kept small (about 110 bytes,
 * the --expect text only where one failed).
 */
struct rr_matrix_cell {
	uint32_t row, col;
	bool ok;
	bool have_path;
	bool value_is_num;		/* value is a number, not a string */
	enum rr_cause cause;		/* failed: why */
	struct rr_path path;		/* resolved: its first path */
	char value[24];			/* the chosen field, as JSON writes it */
	/*
	 * The first --expect it failed, NULL none: the caller's text, which
	 * rr_matrix_add() copies; the matrix's own copy after.
	 */
	char *expect;
};

/* A label and, for a row, the addresses its records came from. */
struct rr_matrix_labels {
	char **names;
	size_t num, cap;
	size_t *slots;			/* open addressing: index + 1, 0 free */
	size_t num_slots;
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
	/* rr_matrix_finish(): the dense grid and who each column is. */
	size_t *grid;			/* rows x cols: cell index + 1, 0 none */
	long *col_row;			/* the row a column is, -1 none */
	/*
	 * The order columns are shown in: a row's own column in row order
	 * (the diagonal), then the others by name.
	 */
	size_t *col_order;
};

/*
 * Adds the pair FROM -> TO (a destination as written); SOURCE is the
 * address FROM's record said it used (NULL, ""), so that a column written
 * as an address can be told to be that row's host.  A pair seen before
 * takes the new cell (counted in duplicates).  False: ENOMEM, or more
 * than 2^32 - 1 labels or pairs.
 */
bool rr_matrix_add(struct rr_matrix *m, const char *from, const char *to,
		   const char *source, const struct rr_matrix_cell *cell);

/*
 * Builds the grid: rows sorted by name (mx2 before mx10), the last cell
 * of each pair; false: ENOMEM.
 */
bool rr_matrix_finish(struct rr_matrix *m);

/* The cell of ROW x COL after rr_matrix_finish(), or NULL. */
const struct rr_matrix_cell *rr_matrix_at(const struct rr_matrix *m,
					  size_t row, size_t col);

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

/* CAUSE's number in L; L->n when it is not there. */
int rr_cause_legend_find(const struct rr_cause_legend *l, enum rr_cause cause);
/* CAUSE's number in L, added when new. */
int rr_cause_legend_code(struct rr_cause_legend *l, enum rr_cause cause);

/*
 * The path fields compared both ways: the field table's both_ways ones,
 * in its order (tests/unit/model/matrix_test.c checks the count).
 */
#define RR_MATRIX_SYM_FIELDS 6

struct rr_finding {
	enum rr_finding_kind kind;
	size_t row, col;	/* the pair (or the row, or the column) */
	size_t row2, col2;	/* ASYMMETRIC: the way back */
	/* ASYMMETRIC: a bit per field that differs (rr_matrix_sym_key). */
	unsigned int differs;
};

/* The key of the Ith compared field ("mtu", "rate", ...). */
const char *rr_matrix_sym_key(int i);
/* Its raw value in PATH, as compared. */
long long rr_matrix_sym_value(const struct rr_path *path, int i);
/* Its value in PATH as JSON writes it ("1024", "0xffff", "true"). */
const char *rr_matrix_sym_text(const struct rr_path *path, int i, char *buf,
			       size_t len);
const char *rr_finding_key(enum rr_finding_kind kind);

/*
 * The findings of a finished matrix into *OUT (malloc'ed; *N of them), in
 * kind order, then by row and column.  False: ENOMEM.
 */
bool rr_matrix_findings(const struct rr_matrix *m, struct rr_finding **out,
			size_t *n);

#endif
