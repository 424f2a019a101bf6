// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>

#include "model/fabric/count_expect.h"

/* FIELD as a count of the fabric's routes. */
static bool find_count(struct rr_expect *e, char *why, size_t why_len)
{
	char names[768];

	e->f = NULL;
	e->count = rr_fabric_count_find(e->field);
	if (e->count < 0) {
		rr_fabric_count_names(names, sizeof(names));
		snprintf(why, why_len,
			 "'%s' is not a count of --sa --trace --all-pairs: want %s",
			 e->field, names);
	}
	return e->count >= 0;
}

bool rr_expect_parse_count(const char *text, struct rr_expect *e, char *why,
			   size_t why_len)
{
	return rr_expect_parse_with(text, e, find_count, why, why_len);
}

bool rr_expect_check_count(const struct rr_expect *e,
			   const struct rr_fabric_counts *c, char *actual,
			   size_t actual_len)
{
	double x;

	if (!c->known[e->count]) {
		snprintf(actual, actual_len, "absent");
		return false;
	}
	x = (double)c->v[e->count];
	snprintf(actual, actual_len, "%llu", (unsigned long long)c->v[e->count]);
	return rr_op_holds(e->op, (x > e->num) - (x < e->num));
}

int rr_check_counts(const struct rr_fabric_counts *c,
		    const struct rr_expect *ex, int n,
		    struct rr_expect_failure *failed)
{
	char actual[64];
	int i, num = 0;

	for (i = 0; i < n; i++)
		if (!rr_expect_check_count(&ex[i], c, actual, sizeof(actual)))
			rr_expect_failed(&failed[num++], &ex[i], actual);
	return num;
}
