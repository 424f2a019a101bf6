/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Assertions on results (--expect FIELD OP VALUE, --max-ms [STEP=]MS).
 * FIELD names a field of the field table (a result's, its time_ms' or its
 * paths'), so an assertion reads a result as a script reading its JSON
 * would, but typed and without building any JSON.
 */
#ifndef RR_EXPECT_H
#define RR_EXPECT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/probe/fields.h"
#include "model/probe/result.h"

enum rr_op { RR_OP_EQ, RR_OP_NE, RR_OP_LT, RR_OP_LE, RR_OP_GT, RR_OP_GE };

struct rr_expect {
	char field[48];		/* as written: mtu, mtu_raw, total */
	const struct rr_field *f;	/* NULL: FIELD is a fabric count */
	int count;		/* if so, which (enum rr_fabric_count) */
	enum rr_fscope scope;
	bool raw;		/* KEY_raw: the raw enum, not its decoding */
	enum rr_op op;
	char value[128];	/* as written */
	bool numeric;		/* VALUE is a number (decimal or 0x hex) */
	double num;
};

/*
 * Parses TEXT, e.g. "mtu >= 4096" or "mtu>=4096", into E.  Returns false
 * with a reason in WHY.
 */
bool rr_expect_parse(const char *text, struct rr_expect *e, char *why,
		     size_t why_len);
/*
 * Looks up the field E names (e->field) and sets the members that give
 * its type (f, scope and raw, or count).  Returns true, or false with
 * the reason in WHY.
 */
typedef bool rr_expect_find_fn(struct rr_expect *e, char *why, size_t why_len);
/* Parses TEXT as rr_expect_parse() does, looking up FIELD with FIND. */
bool rr_expect_parse_with(const char *text, struct rr_expect *e,
			  rr_expect_find_fn *find, char *why, size_t why_len);
/*
 * Parses --max-ms "[STEP=]MS" into E as "STEP <= MS" (STEP defaults to
 * total).  Returns false with a reason in WHY.
 */
bool rr_expect_parse_max_ms(const char *text, struct rr_expect *e, char *why,
			    size_t why_len);
const char *rr_op_str(enum rr_op op);
/* Returns true if OP holds for C, the sign of a comparison (<0, 0, >0). */
bool rr_op_holds(enum rr_op op, int c);

/*
 * Checks E against R; a field of the paths must hold on every path.
 * Writes into ACTUAL the value that decided, as JSON shows it.  Returns
 * true if E holds.
 */
bool rr_expect_check(const struct rr_expect *e, const struct rr_result *r,
		     char *actual, size_t actual_len);

#endif
