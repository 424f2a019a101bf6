// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "model/probe/expect.h"
#include "base/numbers.h"

static const char *const op_names[] = {
	[RR_OP_EQ] = "=", [RR_OP_NE] = "!=", [RR_OP_LT] = "<",
	[RR_OP_LE] = "<=", [RR_OP_GT] = ">", [RR_OP_GE] = ">=",
};

#define OP_CHARS "=!<>"

const char *rr_op_str(enum rr_op op)
{
	return op_names[op];
}

/* The operator spelled by exactly LEN characters at S, or -1. */
static int match_op(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(op_names); i++)
		if (strlen(op_names[i]) == len && !strncmp(s, op_names[i], len))
			return (int)i;
	return -1;
}

/* The kind of value a field takes in an assertion. */
enum vtype { V_NUMBER, V_STRING, V_BOOL };

static enum vtype value_type(const struct rr_expect *e)
{
	if (e->raw || !e->f)
		return V_NUMBER;
	switch (e->f->type) {
	case RR_FT_STR:
	case RR_FT_ENUM:
		return V_STRING;
	case RR_FT_BOOL:
		return V_BOOL;
	default:
		return V_NUMBER;
	}
}

/* VALUE fits the field's type; WHY says why not. */
static bool typed_value(struct rr_expect *e, char *why, size_t why_len)
{
	bool ordering = e->op != RR_OP_EQ && e->op != RR_OP_NE;
	enum vtype t = value_type(e);

	if (t == V_NUMBER) {
		e->numeric = rr_parse_number(e->value, &e->num);
		if (!e->numeric)
			snprintf(why, why_len,
				 "%s is a number: want digits, a decimal fraction or 0x hex, not '%s'",
				 e->field, e->value);
		return e->numeric;
	}
	if (t == V_BOOL && strcmp(e->value, "true") && strcmp(e->value, "false")) {
		snprintf(why, why_len, "%s is true or false, not '%s'",
			 e->field, e->value);
		return false;
	}
	if (ordering) {
		snprintf(why, why_len, "%s is %s: only = and != apply", e->field,
			 t == V_BOOL ? "true or false" : "a string");
		return false;
	}
	return true;
}

/* FIELD as a result's field (of the field table). */
static bool find_field(struct rr_expect *e, char *why, size_t why_len)
{
	e->f = rr_field_find(e->field, &e->scope, &e->raw);
	if (!e->f)
		snprintf(why, why_len, "unknown field '%s' (see rdma-route(8))",
			 e->field);
	return e->f;
}

/*
 * FIELD OP VALUE: FIELD a known name, OP exactly one of the six, VALUE of
 * the field's type.  "mtu => 1" and "mtu == 1" are errors, not "= '> 1'".
 */
bool rr_expect_parse_with(const char *text, struct rr_expect *e,
			  rr_expect_find_fn *find, char *why, size_t why_len)
{
	const char *p = text, *start;
	size_t len;
	int op;

	memset(e, 0, sizeof(*e));
	while (isspace((unsigned char)*p))
		p++;
	start = p;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	len = (size_t)(p - start);
	if (!len || len >= sizeof(e->field) ||
	    (*p && !isspace((unsigned char)*p) && !strchr(OP_CHARS, *p))) {
		snprintf(why, why_len, "want FIELD OP VALUE, e.g. 'mtu >= 4096'");
		return false;
	}
	memcpy(e->field, start, len);
	if (!find(e, why, why_len))
		return false;
	while (isspace((unsigned char)*p))
		p++;
	len = strspn(p, OP_CHARS);
	op = match_op(p, len);
	if (op < 0 && len) {
		snprintf(why, why_len,
			 "'%.*s' is not an operator: want one of = != < <= > >=",
			 (int)len, p);
		return false;
	}
	if (op < 0) {
		snprintf(why, why_len, "want one of = != < <= > >= after '%s'",
			 e->field);
		return false;
	}
	e->op = (enum rr_op)op;
	p += len;
	while (isspace((unsigned char)*p))
		p++;
	len = strlen(p);
	while (len && isspace((unsigned char)p[len - 1]))
		len--;
	if (!len || len >= sizeof(e->value)) {
		snprintf(why, why_len, "want a value after '%s %s'%s", e->field,
			 rr_op_str(e->op), len ? " (at most 127 characters)" : "");
		return false;
	}
	memcpy(e->value, p, len);
	return typed_value(e, why, why_len);
}

bool rr_expect_parse(const char *text, struct rr_expect *e, char *why,
		     size_t why_len)
{
	return rr_expect_parse_with(text, e, find_field, why, why_len);
}

/* "'X' is not a step: want lookup, ... or total", from the step table. */
static void not_a_step(const char *field, char *why, size_t why_len)
{
	int used, step;

	used = snprintf(why, why_len, "'%s' is not a step: want ", field);
	for (step = 0; step < RR_STEP_COUNT && used >= 0 &&
		       (size_t)used < why_len; step++)
		used += snprintf(why + used, why_len - (size_t)used, "%s%s",
				 !step ? "" : step == RR_STEP_COUNT - 1 ? " or " : ", ",
				 rr_step_key(step));
}

/* "[STEP=]MS": STEP <= MS, STEP a step's name (default total). */
bool rr_expect_parse_max_ms(const char *text, struct rr_expect *e, char *why,
			    size_t why_len)
{
	const char *eq = strchr(text, '=');
	const char *ms = eq ? eq + 1 : text;
	size_t len = eq ? (size_t)(eq - text) : 5;

	memset(e, 0, sizeof(*e));
	if (len >= sizeof(e->field)) {
		snprintf(why, why_len, "not a step (see rdma-route(8))");
		return false;
	}
	memcpy(e->field, eq ? text : "total", len);
	e->f = rr_field_find(e->field, &e->scope, &e->raw);
	if (!e->f || e->scope != RR_FS_TIME) {
		not_a_step(e->field, why, why_len);
		return false;
	}
	if (strlen(ms) >= sizeof(e->value) || !rr_parse_number(ms, &e->num)) {
		snprintf(why, why_len,
			 "want milliseconds: digits, maybe a decimal fraction");
		return false;
	}
	snprintf(e->value, sizeof(e->value), "%s", ms);
	e->op = RR_OP_LE;
	e->numeric = true;
	return true;
}

bool rr_op_holds(enum rr_op op, int c)
{
	switch (op) {
	case RR_OP_EQ:
		return c == 0;
	case RR_OP_NE:
		return c != 0;
	case RR_OP_LT:
		return c < 0;
	case RR_OP_LE:
		return c <= 0;
	case RR_OP_GT:
		return c > 0;
	default:
		return c >= 0;
	}
}

/* The number a field's value compares as. */
static double number_of(const struct rr_expect *e, const struct rr_fval *v)
{
	if (e->raw)
		return (double)v->i;
	switch (e->f->type) {
	case RR_FT_MS:
	case RR_FT_DECODED:
	case RR_FT_NUM:
		return v->d;
	default:
		return (double)v->i;
	}
}

/* Whether E compares a decimal quantity (not a raw code). */
static bool decimal(const struct rr_expect *e)
{
	return !e->raw && (e->f->type == RR_FT_MS || e->f->type == RR_FT_NUM ||
			   e->f->type == RR_FT_DECODED);
}

/*
 * E against one result (and PATH, or HOP for a hop's field); ACTUAL gets
 * the value as text.
 */
static bool check_one(const struct rr_expect *e, const struct rr_result *r,
		      const struct rr_path *path, const struct rr_hop *hop,
		      char *actual, size_t len)
{
	struct rr_fval v, want;
	char text[64];
	double x, y;
	int c;

	rr_fval_reset(&v);
	if (hop)
		e->f->get_hop(e->f, hop, &v);
	else
		rr_field_get(e->f, r, path, &v);
	if (!v.present) {
		snprintf(actual, len, "absent");
		return false;
	}
	rr_fval_str(e->f, &v, e->raw, actual, len);
	/* Undefined (rate 0 on RoCE): only != holds, as for JSON's null. */
	if (!e->raw && v.null)
		return e->op == RR_OP_NE;
	if (!e->numeric)
		return rr_op_holds(e->op, strcmp(actual, e->value));
	x = number_of(e, &v);
	y = e->num;
	/*
	 * A decimal is equal as printed: "create_id = 0.086" holds where
	 * 0.086 is shown, whatever binary fractions lie behind either.
	 */
	if (decimal(e) && (e->op == RR_OP_EQ || e->op == RR_OP_NE)) {
		x = strtod(actual, NULL);
		want = v;
		want.d = e->num;
		y = strtod(rr_fval_str(e->f, &want, false, text, sizeof(text)), NULL);
	}
	c = (x > y) - (x < y);
	return rr_op_holds(e->op, c);
}

/*
 * A hop's field holds on every hop that has it (the link's fields: every
 * hop but the destination); absent when no hop has it.  The first hop
 * where it does not hold is named in ACTUAL.
 */
static bool check_hops(const struct rr_expect *e, const struct rr_result *r,
		       char *actual, size_t len)
{
	struct rr_fval v;
	char value[64];
	bool any = false;
	int i;

	for (i = 0; i < r->out.num_hops; i++) {
		const struct rr_hop *h = &r->out.hops[i];

		rr_fval_reset(&v);
		e->f->get_hop(e->f, h, &v);
		if (!v.present)
			continue;
		any = true;
		if (!check_one(e, r, NULL, h, value, sizeof(value))) {
			snprintf(actual, len, "%s at hop %d (%s)", value, i + 1,
				 h->name[0] ? h->name : rr_node_type_name(h->type));
			return false;
		}
	}
	if (!any)
		snprintf(actual, len, "absent");
	return any;
}

bool rr_expect_check(const struct rr_expect *e, const struct rr_result *r,
		     char *actual, size_t actual_len)
{
	int i;

	if (e->scope == RR_FS_HOP)
		return check_hops(e, r, actual, actual_len);
	if (e->scope != RR_FS_PATH)
		return check_one(e, r, NULL, NULL, actual, actual_len);
	if (!r->out.num_paths) {
		snprintf(actual, actual_len, "absent");
		return false;
	}
	for (i = 0; i < r->out.num_paths; i++)
		if (!check_one(e, r, &r->out.paths[i], NULL, actual, actual_len))
			return false;
	return true;
}
