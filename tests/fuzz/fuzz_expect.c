// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --expect and --max-ms text, the input up to its first NUL, through
 * rr_expect_parse() and rr_expect_parse_max_ms().  Checks:
 * - a success has a field of [A-Za-z0-9_] that fits, one of the six
 *   operators, a value with no white space at its ends, and a numeric
 *   value that rr_parse_number() reads the same;
 * - "FIELD OP VALUE" printed back (spaced, and unspaced where that is not
 *   ambiguous) parses to the same assertion;
 * - --max-ms gives "STEP <= MS" for a step, the same assertion as that
 *   text given to --expect, and "STEP=MS" printed back parses the same;
 * - a refusal says why; a WHY of any size is not overrun, and its size
 *   changes nothing but the reason's length;
 * - rr_expect_parse_count() (--sa --trace --all-pairs): a success names a
 *   count of the table, with a number; checked against counts of the
 *   input's bytes it answers as the comparison does, or "absent".
 */
#include <ctype.h>
#include <math.h>

#include "base/steps.h"
#include "model/probe/expect.h"
#include "model/fabric/count_expect.h"
#include "base/numbers.h"
#include "fuzz.h"

static bool same(const struct rr_expect *a, const struct rr_expect *b)
{
	return !strcmp(a->field, b->field) && a->op == b->op &&
	       !strcmp(a->value, b->value) && a->numeric == b->numeric &&
	       (!a->numeric || a->num == b->num);
}

/* A step of the step table (base/steps.h), the one list of them. */
static bool is_step(const char *field)
{
	enum rr_step step;

	return rr_step_from_key(field, &step);
}

static void check_well_formed(const struct rr_expect *e)
{
	size_t flen = strnlen(e->field, sizeof(e->field));
	size_t vlen = strnlen(e->value, sizeof(e->value));
	const char *op = rr_op_str(e->op);
	double num;

	fuzz_check(e->op >= RR_OP_EQ && e->op <= RR_OP_GE);
	fuzz_check(!strcmp(op, "=") || !strcmp(op, "!=") || !strcmp(op, "<") ||
		   !strcmp(op, "<=") || !strcmp(op, ">") || !strcmp(op, ">="));
	fuzz_check(flen > 0 && flen < sizeof(e->field));
	fuzz_check(strspn(e->field, "abcdefghijklmnopqrstuvwxyz"
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				    "0123456789_") == flen);
	fuzz_check(vlen > 0 && vlen < sizeof(e->value));
	fuzz_check(!isspace((unsigned char)e->value[0]));
	fuzz_check(!isspace((unsigned char)e->value[vlen - 1]));
	if (e->numeric) {
		fuzz_check(rr_parse_number(e->value, &num));
		fuzz_check(num == e->num && isfinite(num) && num >= 0);
	}
}

/* TEXT parsed again gives E. */
static void check_again(const char *text, const struct rr_expect *e)
{
	struct rr_expect again;
	char why[256];

	fuzz_check(rr_expect_parse(text, &again, why, sizeof(why)));
	fuzz_check(same(e, &again));
}

typedef bool (*parse_fn)(const char *, struct rr_expect *, char *, size_t);

/*
 * PARSE with a roomy and with a tiny reason buffer: the same answer, and a
 * reason that is a string whenever it fails.  True when TEXT parsed.
 */
static bool parse_twice(parse_fn parse, const char *text, size_t tiny_len,
			struct rr_expect *e)
{
	struct rr_expect small;
	char why[512], *tiny;
	bool ok;

	memset(why, 0x55, sizeof(why));
	ok = parse(text, e, why, sizeof(why));
	tiny = fuzz_alloc(tiny_len);
	fuzz_check(parse(text, &small, tiny, tiny_len) == ok);
	free(tiny);
	if (!ok) {
		fuzz_check(why[0] && memchr(why, '\0', sizeof(why)));
		return false;
	}
	fuzz_check(same(e, &small));
	check_well_formed(e);
	return true;
}

static void check_expect(const char *text, const uint8_t *data, size_t size)
{
	struct rr_expect e;
	char buf[512];

	if (!parse_twice(rr_expect_parse, text,
			 1 + (size ? data[size - 1] % 16 : 0), &e))
		return;
	snprintf(buf, sizeof(buf), "%s %s %s", e.field, rr_op_str(e.op),
		 e.value);
	check_again(buf, &e);
	/* "mtu>=4096"; but "status==x" would be the operator "==". */
	if (!strchr("=!<>", e.value[0])) {
		snprintf(buf, sizeof(buf), "%s%s%s", e.field, rr_op_str(e.op),
			 e.value);
		check_again(buf, &e);
	}
}

static void check_max_ms(const char *text, const uint8_t *data, size_t size)
{
	struct rr_expect e, small;
	char buf[512], why[512];

	if (!parse_twice(rr_expect_parse_max_ms, text,
			 1 + (size ? data[0] % 16 : 0), &e))
		return;
	fuzz_check(e.op == RR_OP_LE && e.numeric);
	fuzz_check(is_step(e.field));
	fuzz_check(strchr(text, '=') || !strcmp(e.field, "total"));

	snprintf(buf, sizeof(buf), "%s <= %s", e.field, e.value);
	check_again(buf, &e);
	snprintf(buf, sizeof(buf), "%s=%s", e.field, e.value);
	fuzz_check(rr_expect_parse_max_ms(buf, &small, why, sizeof(why)));
	fuzz_check(same(&e, &small));
}

static void check_count(const char *text, const uint8_t *data, size_t size)
{
	struct rr_fabric_counts c = { 0 };
	struct rr_expect e;
	char actual[64];
	bool holds, want;
	double x;
	int i;

	if (!parse_twice(rr_expect_parse_count, text,
			 1 + (size ? data[0] % 8 : 0), &e))
		return;
	fuzz_check(!e.f && e.numeric);
	fuzz_check(e.count >= 0 && e.count < RR_FC_NUM);
	fuzz_check(!strcmp(rr_fabric_count_defs[e.count].name, e.field));
	for (i = 0; i < RR_FC_NUM; i++) {
		c.v[i] = size > (size_t)i ? data[i] : 0;
		c.known[i] = !(i % 3 == 1 && size && data[size - 1] & 1);
	}
	holds = rr_expect_check_count(&e, &c, actual, sizeof(actual));
	if (!c.known[e.count]) {
		fuzz_check(!holds && !strcmp(actual, "absent"));
		return;
	}
	x = (double)c.v[e.count];
	switch (e.op) {
	case RR_OP_EQ: want = x == e.num; break;
	case RR_OP_NE: want = x != e.num; break;
	case RR_OP_LT: want = x < e.num; break;
	case RR_OP_LE: want = x <= e.num; break;
	case RR_OP_GT: want = x > e.num; break;
	default: want = x >= e.num; break;
	}
	fuzz_check(holds == want);
	fuzz_check(strtoull(actual, NULL, 10) == c.v[e.count]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);

	check_expect(text, data, size);
	check_max_ms(text, data, size);
	check_count(text, data, size);
	free(text);
	return 0;
}
