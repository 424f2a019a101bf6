// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A result into a cell of the matrix: what every source of cells (this
 * run's --sa results, records of many hosts, the fuzzer) fills it with.
 */
#include <stdio.h>
#include <string.h>

#include "model/probe/fields.h"
#include "model/matrix/matrix.h"

/* What V, as F's value, is in a cell: JSON's kind of it. */
static enum rr_cell_value value_kind(const struct rr_field *f,
				     const struct rr_fval *v, bool raw)
{
	if (!v->present)
		return RR_CELL_ABSENT;
	if (raw)
		return RR_CELL_NUMBER;
	if (v->null)
		return RR_CELL_NULL;
	switch (f->type) {
	case RR_FT_INT:
	case RR_FT_MS:
	case RR_FT_DECODED:
	case RR_FT_NUM:
		return RR_CELL_NUMBER;
	default:
		return RR_CELL_TEXT;
	}
}

/* FIELD's value in R (its first path's, for a path's field) into C. */
static void cell_value(const char *field, const struct rr_result *r,
		       struct rr_matrix_cell *c)
{
	const struct rr_field *f;
	enum rr_fscope scope;
	struct rr_fval v;
	bool raw;

	f = field ? rr_field_find(field, &scope, &raw) : NULL;
	/* A hop's field has no getter of a result: --matrix refuses it. */
	if (!f || !f->get)
		return;
	rr_field_get(f, r, c->have_path ? &r->out.paths[0] : NULL, &v);
	c->value_kind = value_kind(f, &v, raw);
	if (c->value_kind == RR_CELL_ABSENT)
		snprintf(c->value, sizeof(c->value), "-");
	else
		rr_fval_str(f, &v, raw, c->value, sizeof(c->value));
}

void rr_matrix_cell_of(const char *field, const struct rr_result *r,
		       struct rr_matrix_cell *c, char *expect, size_t len)
{
	const struct rr_expect_failure *e;

	memset(c, 0, sizeof(*c));
	c->ok = r->out.ok;
	c->cause = r->out.fail.cause;
	c->have_path = r->out.ok && r->out.num_paths > 0 && r->out.paths;
	if (c->have_path)
		rr_matrix_cell_path(c, &r->out.paths[0]);
	if (c->ok)
		cell_value(field, r, c);
	if (r->notes.num_expect_failures) {
		e = &r->notes.expect_failures[0];
		snprintf(expect, len, "%s %s %s does not hold: %s",
			 e->field, e->op, e->expected, e->actual);
		c->expect = expect;
	}
}
