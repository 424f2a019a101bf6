// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "expect.h"

static const char *const op_names[] = {
	[RR_OP_EQ] = "=", [RR_OP_NE] = "!=", [RR_OP_LT] = "<",
	[RR_OP_LE] = "<=", [RR_OP_GT] = ">", [RR_OP_GE] = ">=",
};

/*
 * The fields an assertion may name: the result's, its time_ms' and its
 * paths'.  tests/lab checks that each appears in real JSON output.
 */
static const char *const fields[] = {
	"status", "address", "source", "device", "port", "link_layer",
	"gid_type", "num_paths", "start_ms",
	"lookup", "create_id", "bind_addr", "resolve_addr", "resolve_route",
	"open_port", "find_sm", "sa_query", "total",
	"dgid", "sgid", "dlid", "slid", "raw_traffic", "flow_label",
	"hop_limit", "traffic_class", "reversible", "numb_path", "pkey",
	"pkey_membership", "sl", "mtu", "mtu_raw", "mtu_selector",
	"mtu_selector_raw", "rate", "rate_raw", "rate_selector",
	"rate_selector_raw", "packet_life_time", "packet_life_time_raw",
	"packet_life_time_selector", "packet_life_time_selector_raw",
	"preference",
};

const char *rr_op_str(enum rr_op op)
{
	return op_names[op];
}

static bool known_field(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (!strcmp(name, fields[i]))
			return true;
	return false;
}

static bool parse_number(const char *s, double *out)
{
	char *end;

	if (!*s)
		return false;
	errno = 0;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		*out = (double)strtoull(s, &end, 16);
	else
		*out = strtod(s, &end);
	return !errno && !*end;
}

/* The longest operator at S, or -1. */
static int match_op(const char *s, size_t *len)
{
	static const enum rr_op order[] = { RR_OP_NE, RR_OP_LE, RR_OP_GE,
					    RR_OP_EQ, RR_OP_LT, RR_OP_GT };
	size_t i, l;

	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		l = strlen(op_names[order[i]]);
		if (!strncmp(s, op_names[order[i]], l)) {
			*len = l;
			return (int)order[i];
		}
	}
	return -1;
}

bool rr_expect_parse(const char *text, struct rr_expect *e, char *why,
		     size_t why_len)
{
	const char *p = text, *start;
	size_t len, oplen;
	int op;

	memset(e, 0, sizeof(*e));
	while (isspace((unsigned char)*p))
		p++;
	start = p;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	len = (size_t)(p - start);
	if (!len || len >= sizeof(e->field)) {
		snprintf(why, why_len, "want FIELD OP VALUE");
		return false;
	}
	memcpy(e->field, start, len);
	if (!known_field(e->field)) {
		snprintf(why, why_len, "unknown field '%s' (see rdma-route(8))",
			 e->field);
		return false;
	}
	while (isspace((unsigned char)*p))
		p++;
	op = match_op(p, &oplen);
	if (op < 0) {
		snprintf(why, why_len, "want one of = != < <= > >= after '%s'",
			 e->field);
		return false;
	}
	e->op = (enum rr_op)op;
	p += oplen;
	while (isspace((unsigned char)*p))
		p++;
	len = strlen(p);
	while (len && isspace((unsigned char)p[len - 1]))
		len--;
	if (!len || len >= sizeof(e->value)) {
		snprintf(why, why_len, "want a value after '%s %s'", e->field,
			 rr_op_str(e->op));
		return false;
	}
	memcpy(e->value, p, len);
	e->numeric = parse_number(e->value, &e->num);
	if (!e->numeric && e->op != RR_OP_EQ && e->op != RR_OP_NE) {
		snprintf(why, why_len, "'%s' is not a number: %s needs one",
			 e->value, rr_op_str(e->op));
		return false;
	}
	return true;
}

bool rr_expect_parse_max_ms(const char *text, struct rr_expect *e, char *why,
			    size_t why_len)
{
	const char *eq = strchr(text, '=');
	char buf[200];

	if (eq)
		snprintf(buf, sizeof(buf), "%.*s <= %s", (int)(eq - text), text,
			 eq + 1);
	else
		snprintf(buf, sizeof(buf), "total <= %s", text);
	if (!rr_expect_parse(buf, e, why, why_len))
		return false;
	if (!e->numeric || e->num < 0) {
		snprintf(why, why_len, "want milliseconds, not '%s'", e->value);
		return false;
	}
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
		if (e->numeric && parse_number(actual, &num))
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
