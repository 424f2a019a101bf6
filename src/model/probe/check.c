// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/probe/check.h"

void rr_expect_failed(struct rr_expect_failure *f, const struct rr_expect *e,
		      const char *actual)
{
	memset(f, 0, sizeof(*f));
	snprintf(f->field, sizeof(f->field), "%s", e->field);
	snprintf(f->op, sizeof(f->op), "%s", rr_op_str(e->op));
	snprintf(f->expected, sizeof(f->expected), "%s", e->value);
	snprintf(f->actual, sizeof(f->actual), "%s", actual);
}

static void record(struct rr_result *r, const struct rr_expect *e,
		   const char *actual)
{
	struct rr_expect_failure *grown;

	grown = realloc(r->notes.expect_failures,
			(size_t)(r->notes.num_expect_failures + 1) * sizeof(*grown));
	if (!grown)
		abort();	/* a few hundred bytes */
	r->notes.expect_failures = grown;
	rr_expect_failed(&grown[r->notes.num_expect_failures++], e, actual);
}

void rr_check_result(struct rr_result *r, const struct rr_expect *ex, int n)
{
	char actual[64];
	int i;

	/* A failed resolution is reported as such; nothing to assert on. */
	if (!r->out.ok)
		return;
	for (i = 0; i < n; i++)
		if (!rr_expect_check(&ex[i], r, actual, sizeof(actual)))
			record(r, &ex[i], actual);
}
