// SPDX-License-Identifier: GPL-2.0-or-later
/* The matrix of pairs and its findings (src/model/matrix/matrix.c). */
#include <stdlib.h>
#include <string.h>

#include "model/probe/fields.h"
#include "model/matrix/matrix.h"
#include "../../tap.h"

static struct rr_matrix_cell ok_cell(uint8_t mtu, uint16_t pkey)
{
	struct rr_matrix_cell c = { .ok = true };
	struct rr_path p = { .mtu = mtu, .rate = 3, .pkey = pkey,
			     .reversible = true };

	rr_matrix_cell_path(&c, &p);
	snprintf(c.value, sizeof(c.value), "%u", 128u << mtu);
	return c;
}

static struct rr_matrix_cell failed(enum rr_cause cause)
{
	return (struct rr_matrix_cell){ .ok = false, .cause = cause };
}

/* How many findings of KIND, and the first one's row and column. */
static int count(const struct rr_finding *f, size_t n,
		 enum rr_finding_kind kind, const struct rr_finding **first)
{
	int k = 0;
	size_t i;

	*first = NULL;
	for (i = 0; i < n; i++) {
		if (f[i].kind != kind)
			continue;
		if (!k++)
			*first = &f[i];
	}
	return k;
}

/* The bit of the compared field KEY; checks the table has as many. */
static int sym_bit(const char *key)
{
	int i;

	for (i = 0; i < RR_MATRIX_SYM_FIELDS; i++)
		if (!strcmp(rr_matrix_sym_key(i), key))
			return i;
	return -1;
}

/* Causes numbered in the order first met, each once. */
static void cause_legend(void)
{
	struct rr_cause_legend l = { .n = 0 };

	is_int(rr_cause_legend_find(&l, RR_CAUSE_NO_PATH), 0, "none yet: n");
	is_int(rr_cause_legend_code(&l, RR_CAUSE_NO_PATH), 0, "the first met is 0");
	is_int(rr_cause_legend_code(&l, RR_CAUSE_SA_TIMEOUT), 1, "the next 1");
	is_int(rr_cause_legend_code(&l, RR_CAUSE_NO_PATH), 0, "met again: still 0");
	is_int(rr_cause_legend_find(&l, RR_CAUSE_SA_TIMEOUT), 1, "found, not added");
	is_int(rr_cause_legend_find(&l, RR_CAUSE_DEST_UNKNOWN), 2, "absent: n");
	is_int(l.n, 2, "two causes");
}

int main(void)
{
	struct rr_matrix m = { 0 };
	struct rr_finding *f = NULL;
	const struct rr_finding *one;
	struct rr_matrix_cell c;
	size_t n = 0, i;

	/*
	 * Hosts a, b, c, d by their addresses .1-.4; d has no RDMA device
	 * (fails to all); nobody reaches .5; b's way back to a has MTU 512;
	 * a -> c is cut; c -> b is below an --expect.
	 */
	c = ok_cell(3, 0xffff);
	c = failed(RR_CAUSE_NOT_RDMA_NETDEV);
	ok(rr_matrix_add(&m, "d", "10.0.0.1", NULL, &c), "d -> a, first: rows are sorted");
	c = ok_cell(3, 0xffff);
	ok(rr_matrix_add(&m, "a", "10.0.0.2", "10.0.0.1", &c), "a -> b");
	ok(rr_matrix_add(&m, "a", "10.0.0.3", "10.0.0.1", &(struct rr_matrix_cell){ 0 }), "a -> c, first");
	ok(rr_matrix_add(&m, "a", "10.0.0.3", "10.0.0.1", &(struct rr_matrix_cell){ .cause = RR_CAUSE_NEIGH_TIMEOUT }),
	   "a -> c again: the last wins");
	c = failed(RR_CAUSE_NEIGH_TIMEOUT);
	ok(rr_matrix_add(&m, "a", "10.0.0.5", "10.0.0.1", &c), "a -> .5");
	c = ok_cell(2, 0xffff);
	ok(rr_matrix_add(&m, "b", "10.0.0.1", "10.0.0.2", &c), "b -> a, MTU 512");
	c = ok_cell(3, 0xffff);
	ok(rr_matrix_add(&m, "b", "10.0.0.3", "10.0.0.2", &c), "b -> c");
	c = failed(RR_CAUSE_NEIGH_TIMEOUT);
	ok(rr_matrix_add(&m, "b", "10.0.0.5", NULL, &c), "b -> .5");
	c = ok_cell(3, 0xffff);
	c.expect = (char *)"mtu >= 4096 does not hold: 1024";
	ok(rr_matrix_add(&m, "c", "10.0.0.2", "10.0.0.3", &c), "c -> b, below");
	c = ok_cell(3, 0xffff);
	ok(rr_matrix_add(&m, "c", "10.0.0.1", "10.0.0.3", &c), "c -> a");
	c = failed(RR_CAUSE_NOT_RDMA_NETDEV);
	ok(rr_matrix_add(&m, "d", "10.0.0.2", NULL, &c), "d -> b");
	ok(rr_matrix_finish(&m), "finished");

	is_int(m.rows.num, 4, "rows: a, b, c, d");
	is_str(m.rows.names[0], "a", "sorted: a first");
	is_str(m.rows.names[3], "d", "d last");
	is_int(m.cols.num, 4, "columns: .1, .2, .3, .5, as first seen");
	is_int(m.col_row[1], 1, ".2 is b, by its source address");
	is_int(m.col_row[0], 0, ".1 is a, though d wrote it first");
	is_int(m.col_row[3], -1, ".5 is nobody's");
	/* Shown in row order first: .1 (a), .2 (b), .3 (c), then .5. */
	is_str(m.cols.names[m.col_order[0]], "10.0.0.1", "a's column first");
	is_str(m.cols.names[m.col_order[3]], "10.0.0.5", "nobody's last");
	ok(rr_matrix_at(&m, 0, 2) && rr_matrix_at(&m, 0, 2)->cause == RR_CAUSE_NEIGH_TIMEOUT,
	   "a -> c: the later record");
	ok(!rr_matrix_at(&m, 3, 2), "d -> c: no record");
	ok(rr_matrix_at(&m, 3, 0) && rr_matrix_at(&m, 3, 0)->cause == RR_CAUSE_NOT_RDMA_NETDEV,
	   "d -> a: its cell moved with its row");

	ok(rr_matrix_findings(&m, &f, &n), "findings");
	is_int(count(f, n, RR_FIND_FAILS_TO_ALL, &one), 1, "one source fails to all");
	ok(one && one->row == 3, "it is d");
	is_int(count(f, n, RR_FIND_REACHED_BY_NONE, &one), 1, "one destination reached by none");
	ok(one && !strcmp(m.cols.names[one->col], "10.0.0.5"), "it is .5");
	/* Not d's, not .5's: they are said once, above. */
	is_int(count(f, n, RR_FIND_UNREACHABLE, &one), 1, "one pair unreachable");
	ok(one && one->row == 0 && !strcmp(m.cols.names[one->col], "10.0.0.3"),
	   "it is a -> c");
	is_int(count(f, n, RR_FIND_ASYMMETRIC, &one), 1, "one pair differs both ways");
	ok(one && one->row == 0 && one->row2 == 1 &&
	   one->differs == 1U << sym_bit("mtu"), "a <-> b, by the MTU only");
	ok(rr_field_both_ways(RR_MATRIX_SYM_FIELDS - 1) &&
	   !rr_field_both_ways(RR_MATRIX_SYM_FIELDS),
	   "the field table has %d fields compared both ways", RR_MATRIX_SYM_FIELDS);
	is_int(count(f, n, RR_FIND_EXPECT, &one), 1, "one pair below an --expect");
	ok(one && one->row == 2, "it is c -> b");
	for (i = 1; i < n; i++)
		ok(f[i - 1].kind <= f[i].kind, "findings in kind order (%zu)", i);
	free(f);

	/* The same both ways, a P_Key apart: the SA's view of a limited member. */
	rr_matrix_free(&m);
	c = ok_cell(4, 0xffff);
	ok(rr_matrix_add(&m, "x", "y", NULL, &c), "x -> y by name");
	c = ok_cell(4, 0x7fff);
	ok(rr_matrix_add(&m, "y", "x", NULL, &c), "y -> x by name");
	ok(rr_matrix_finish(&m) && rr_matrix_findings(&m, &f, &n), "finished");
	ok(n == 1 && f[0].kind == RR_FIND_ASYMMETRIC && f[0].differs == 1U << sym_bit("pkey"),
	   "named columns are rows too: the P_Key differs");
	is_str(rr_finding_key(f[0].kind), "asymmetric", "its key");
	free(f);
	rr_matrix_free(&m);
	is_int(m.num_cells, 0, "freed");
	/* A pair again: one cell, the last record's, the first counted. */
	c = ok_cell(3, 0xffff);
	c.expect = (char *)"mtu >= 4096 does not hold: 1024";
	ok(rr_matrix_add(&m, "a", "b", NULL, &c), "a -> b");
	c = failed(RR_CAUSE_NO_ROUTE);
	ok(rr_matrix_add(&m, "a", "b", NULL, &c), "a -> b again");
	c = ok_cell(4, 0xffff);
	c.expect = (char *)"sl = 1 does not hold: 0";
	ok(rr_matrix_add(&m, "a", "b", NULL, &c), "and again");
	ok(rr_matrix_add(&m, "b", "a", NULL, &c), "b -> a");
	is_int(m.num_cells, 2, "two pairs, two cells");
	is_int(m.duplicates, 2, "two duplicate records");
	ok(rr_matrix_finish(&m), "finished");
	is_str(rr_matrix_at(&m, 0, 0)->expect, "sl = 1 does not hold: 0",
	       "the last record's --expect");
	ok(rr_matrix_at(&m, 0, 0)->ok, "the last record's status");
	c = failed(RR_CAUSE_NO_ROUTE);
	ok(rr_matrix_add(&m, "b", "a", NULL, &c) && m.num_cells == 2 &&
	   m.duplicates == 3, "after finishing, the pair index follows the rows");
	rr_matrix_free(&m);

	/* No records at all (--matrix </dev/null): no rows to copy, no UB. */
	ok(rr_matrix_finish(&m), "an empty matrix finishes");
	is_int(m.rows.num, 0, "with no rows");
	ok(rr_matrix_findings(&m, &f, &n) && n == 0, "and no findings");
	free(f);
	rr_matrix_free(&m);
	cause_legend();
	return tap_done();
}
