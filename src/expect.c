// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "expect.h"
#include "numbers.h"

static const char *const op_names[] = {
	[RR_OP_EQ] = "=", [RR_OP_NE] = "!=", [RR_OP_LT] = "<",
	[RR_OP_LE] = "<=", [RR_OP_GT] = ">", [RR_OP_GE] = ">=",
};

enum field_type { F_NUM, F_STR, F_BOOL, F_STEP };

/*
 * The fields an assertion may name, with the type of their values: the
 * result's, its time_ms' (steps, in ms) and its paths'.  tests/lab checks
 * that each appears in real JSON output.
 */
static const struct field {
	const char *name;
	enum field_type type;
} fields[] = {
	{ "status", F_STR }, { "address", F_STR }, { "source", F_STR },
	{ "name_addresses", F_NUM },
	{ "device", F_STR }, { "port", F_NUM }, { "link_layer", F_STR },
	{ "gid_type", F_STR }, { "num_paths", F_NUM }, { "start_ms", F_NUM },
	{ "lookup", F_STEP }, { "create_id", F_STEP }, { "bind_addr", F_STEP },
	{ "resolve_addr", F_STEP }, { "resolve_route", F_STEP },
	{ "open_port", F_STEP }, { "find_sm", F_STEP }, { "sa_query", F_STEP },
	{ "total", F_STEP },
	{ "dgid", F_STR }, { "sgid", F_STR }, { "dlid", F_NUM }, { "slid", F_NUM },
	{ "raw_traffic", F_BOOL }, { "flow_label", F_NUM },
	{ "hop_limit", F_NUM }, { "traffic_class", F_NUM },
	{ "reversible", F_BOOL }, { "numb_path", F_NUM }, { "pkey", F_NUM },
	{ "pkey_membership", F_STR }, { "sl", F_NUM }, { "mtu", F_NUM },
	{ "mtu_raw", F_NUM }, { "mtu_selector", F_STR },
	{ "mtu_selector_raw", F_NUM }, { "rate", F_NUM }, { "rate_raw", F_NUM },
	{ "rate_selector", F_STR }, { "rate_selector_raw", F_NUM },
	{ "packet_life_time", F_NUM }, { "packet_life_time_raw", F_NUM },
	{ "packet_life_time_selector", F_STR },
	{ "packet_life_time_selector_raw", F_NUM },
	{ "preference", F_NUM },
};

#define OP_CHARS "=!<>"

const char *rr_op_str(enum rr_op op)
{
	return op_names[op];
}

static const struct field *find_field(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (!strcmp(name, fields[i].name))
			return &fields[i];
	return NULL;
}

/* The operator spelled by exactly LEN characters at S, or -1. */
static int match_op(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(op_names) / sizeof(op_names[0]); i++)
		if (strlen(op_names[i]) == len && !strncmp(s, op_names[i], len))
			return (int)i;
	return -1;
}

/* VALUE fits the field's type; WHY says why not. */
static bool typed_value(struct rr_expect *e, const struct field *f,
			char *why, size_t why_len)
{
	bool ordering = e->op != RR_OP_EQ && e->op != RR_OP_NE;

	switch (f->type) {
	case F_NUM:
	case F_STEP:
		e->numeric = rr_parse_number(e->value, &e->num);
		if (!e->numeric) {
			snprintf(why, why_len,
				 "%s is a number: want digits, a decimal fraction or 0x hex, not '%s'",
				 e->field, e->value);
			return false;
		}
		return true;
	case F_BOOL:
		if (strcmp(e->value, "true") && strcmp(e->value, "false")) {
			snprintf(why, why_len, "%s is true or false, not '%s'",
				 e->field, e->value);
			return false;
		}
		break;
	case F_STR:
		break;
	}
	if (ordering) {
		snprintf(why, why_len, "%s is %s: only = and != apply", e->field,
			 f->type == F_BOOL ? "true or false" : "a string");
		return false;
	}
	return true;
}

/*
 * FIELD OP VALUE: FIELD a known name, OP exactly one of the six, VALUE of
 * the field's type.  "mtu => 1" and "mtu == 1" are errors, not "= '> 1'".
 */
bool rr_expect_parse(const char *text, struct rr_expect *e, char *why,
		     size_t why_len)
{
	const char *p = text, *start;
	const struct field *f;
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
	f = find_field(e->field);
	if (!f) {
		snprintf(why, why_len, "unknown field '%s' (see rdma-route(8))",
			 e->field);
		return false;
	}
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
	return typed_value(e, f, why, why_len);
}

/* "[STEP=]MS": STEP <= MS, STEP a step's name (default total). */
bool rr_expect_parse_max_ms(const char *text, struct rr_expect *e, char *why,
			    size_t why_len)
{
	const char *eq = strchr(text, '=');
	const char *ms = eq ? eq + 1 : text;
	const struct field *f;
	size_t len = eq ? (size_t)(eq - text) : 5;

	memset(e, 0, sizeof(*e));
	if (len >= sizeof(e->field)) {
		snprintf(why, why_len, "not a step (see rdma-route(8))");
		return false;
	}
	memcpy(e->field, eq ? text : "total", len);
	f = find_field(e->field);
	if (!f || f->type != F_STEP) {
		snprintf(why, why_len,
			 "'%s' is not a step: want lookup, create_id, bind_addr, resolve_addr, resolve_route, open_port, find_sm, sa_query or total",
			 e->field);
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

static bool compare(enum rr_op op, int c)
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

/* One value against the expectation; ACTUAL gets it as text. */
static bool check_value(const struct rr_expect *e, struct json_object *v,
			char *actual, size_t len)
{
	double num;
	int c;

	if (!v) {
		snprintf(actual, len, "null");
		return e->op == RR_OP_NE;
	}
	snprintf(actual, len, "%s", json_object_get_string(v));
	switch (json_object_get_type(v)) {
	case json_type_int:
	case json_type_double:
	case json_type_boolean:
		num = json_object_get_double(v);
		break;
	default:
		/* Strings compare as numbers when both are ("0xffff"). */
		if (e->numeric && rr_parse_number(actual, &num))
			break;
		c = strcmp(actual, e->value);
		return compare(e->op, c);
	}
	if (!e->numeric) {
		c = strcmp(actual, e->value);
		return compare(e->op, c);
	}
	c = (num > e->num) - (num < e->num);
	return compare(e->op, c);
}

bool rr_expect_check(const struct rr_expect *e, struct json_object *result,
		     char *actual, size_t actual_len)
{
	struct json_object *v, *times, *paths;
	size_t i, n;

	if (json_object_object_get_ex(result, e->field, &v))
		return check_value(e, v, actual, actual_len);
	if (json_object_object_get_ex(result, "time_ms", &times) &&
	    json_object_object_get_ex(times, e->field, &v))
		return check_value(e, v, actual, actual_len);
	if (!json_object_object_get_ex(result, "paths", &paths) ||
	    !(n = json_object_array_length(paths))) {
		snprintf(actual, actual_len, "absent");
		return false;
	}
	for (i = 0; i < n; i++) {
		struct json_object *path = json_object_array_get_idx(paths, i);

		if (!json_object_object_get_ex(path, e->field, &v)) {
			snprintf(actual, actual_len, "absent");
			return false;
		}
		if (!check_value(e, v, actual, actual_len))
			return false;
	}
	return true;
}
