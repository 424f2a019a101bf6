// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/expect.c: parsing, and checks against JSON results. */
#include <json-c/json.h>

#include "expect.h"
#include "tap.h"

static struct json_object *result;

static int holds(const char *text, char *actual)
{
	struct rr_expect e;
	char why[160];

	if (!rr_expect_parse(text, &e, why, sizeof(why))) {
		printf("# parse failed: %s\n", why);
		return -1;
	}
	return rr_expect_check(&e, result, actual, 64);
}

static void parse_errors(void)
{
	struct rr_expect e;
	char why[160];

	ok(!rr_expect_parse("nosuch = 1", &e, why, sizeof(why)), "unknown field");
	is_str(why, "unknown field 'nosuch' (see rdma-route(8))", "its reason");
	ok(!rr_expect_parse("mtu", &e, why, sizeof(why)), "no operator");
	ok(!rr_expect_parse("mtu >=", &e, why, sizeof(why)), "no value");
	ok(!rr_expect_parse("device < rxe0", &e, why, sizeof(why)),
	   "< on a string");
	is_str(why, "device is a string: only = and != apply", "its reason");
	ok(!rr_expect_parse("device > 5", &e, why, sizeof(why)),
	   "a number does not make a string field ordered");
	ok(!rr_expect_parse("mtu => 1", &e, why, sizeof(why)), "=> is no operator");
	is_str(why, "'=>' is not an operator: want one of = != < <= > >=",
	       "its reason");
	ok(!rr_expect_parse("mtu =< 9", &e, why, sizeof(why)), "=< is no operator");
	ok(!rr_expect_parse("mtu == 1024", &e, why, sizeof(why)),
	   "== is no operator");
	ok(!rr_expect_parse("mtu = abc", &e, why, sizeof(why)), "mtu wants a number");
	is_str(why, "mtu is a number: want digits, a decimal fraction or 0x hex, not 'abc'",
	       "its reason");
	ok(!rr_expect_parse("mtu >= nan", &e, why, sizeof(why)), "nan is no number");
	ok(!rr_expect_parse("mtu >= inf", &e, why, sizeof(why)), "inf is no number");
	ok(!rr_expect_parse("mtu >= -1", &e, why, sizeof(why)), "no sign");
	ok(!rr_expect_parse("mtu >= 1e3", &e, why, sizeof(why)), "no exponent");
	ok(!rr_expect_parse("mtu2 >= 1", &e, why, sizeof(why)), "mtu2 unknown");
	ok(!rr_expect_parse("mtu! = 1", &e, why, sizeof(why)), "junk after the field");
	ok(!rr_expect_parse("reversible = yes", &e, why, sizeof(why)),
	   "a boolean is true or false");
	ok(rr_expect_parse("reversible != false", &e, why, sizeof(why)),
	   "reversible != false");
	ok(!rr_expect_parse("reversible > false", &e, why, sizeof(why)),
	   "a boolean is not ordered");
	ok(rr_expect_parse("pkey = 0x7FFF", &e, why, sizeof(why)) &&
	   e.numeric && e.num == 0x7fff, "hex value");
	ok(rr_expect_parse("total <= 0.25", &e, why, sizeof(why)) &&
	   e.numeric && e.num == 0.25, "a decimal fraction");
	ok(rr_expect_parse("  mtu>=4096 ", &e, why, sizeof(why)), "no spaces");
	ok(e.op == RR_OP_GE && e.numeric && e.num == 4096, "mtu >= 4096");
	ok(rr_expect_parse("gid_type = RoCE v2", &e, why, sizeof(why)) &&
	   !e.numeric, "a value with a space");
	is_str(e.value, "RoCE v2", "value kept whole");
	ok(rr_expect_parse_max_ms("25", &e, why, sizeof(why)), "--max-ms 25");
	ok(!strcmp(e.field, "total") && e.op == RR_OP_LE && e.num == 25,
	   "means total <= 25");
	ok(rr_expect_parse_max_ms("resolve_route=5", &e, why, sizeof(why)) &&
	   !strcmp(e.field, "resolve_route"), "--max-ms resolve_route=5");
	ok(!rr_expect_parse_max_ms("total=fast", &e, why, sizeof(why)),
	   "--max-ms wants a number");
	ok(!rr_expect_parse_max_ms("nan", &e, why, sizeof(why)), "--max-ms nan");
	ok(!rr_expect_parse_max_ms("inf", &e, why, sizeof(why)), "--max-ms inf");
	ok(!rr_expect_parse_max_ms("total=-1", &e, why, sizeof(why)),
	   "--max-ms total=-1");
	ok(!rr_expect_parse_max_ms("mtu=5000", &e, why, sizeof(why)),
	   "--max-ms on a field that is no step");
	is_str(why, "'mtu' is not a step: want lookup, create_id, bind_addr, resolve_addr, resolve_route, open_port, find_sm, sa_query or total",
	       "its reason");
	ok(!rr_expect_parse_max_ms("=5", &e, why, sizeof(why)), "--max-ms =5");
}

static void checks(void)
{
	char actual[64];

	result = json_tokener_parse(
		"{\"device\": \"rxe0\", \"port\": 1, \"gid_type\": \"RoCE v2\","
		" \"time_ms\": {\"total\": 11.5, \"resolve_route\": 4.0},"
		" \"paths\": [{\"mtu\": 1024, \"pkey\": \"0xffff\", \"sl\": 0,"
		"   \"rate\": null},"
		"  {\"mtu\": 4096, \"pkey\": \"0xffff\", \"sl\": 0, \"rate\": 100}]}");
	ok(result != NULL, "test document parses");

	ok(holds("device = rxe0", actual) == 1, "device = rxe0");
	ok(holds("device != rxe0", actual) == 0, "device != rxe0 fails");
	is_str(actual, "rxe0", "actual device");
	ok(holds("port >= 1", actual) == 1, "port >= 1");
	ok(holds("gid_type = RoCE v2", actual) == 1, "gid_type = RoCE v2");
	ok(holds("total < 12", actual) == 1, "time_ms.total < 12");
	ok(holds("total < 11.5", actual) == 0, "total < 11.5 fails");
	ok(holds("resolve_route <= 4", actual) == 1, "resolve_route <= 4");
	ok(holds("mtu >= 1024", actual) == 1, "mtu >= 1024 on every path");
	ok(holds("mtu >= 4096", actual) == 0, "mtu >= 4096 fails on path 1");
	is_str(actual, "1024", "actual is the failing path's mtu");
	ok(holds("mtu > 100", actual) == 1, ">");
	ok(holds("sl = 0", actual) == 1, "=");
	ok(holds("pkey = 0xffff", actual) == 1, "hex string equals hex");
	ok(holds("pkey = 65535", actual) == 1, "hex string equals decimal");
	ok(holds("pkey < 0x8000", actual) == 0, "hex compares as a number");
	ok(holds("rate >= 10", actual) == 0, "null rate fails >=");
	is_str(actual, "null", "actual null");
	ok(holds("dlid = 3", actual) == 0, "a field the result lacks fails");
	is_str(actual, "absent", "actual absent");
	json_object_put(result);
}

int main(void)
{
	parse_errors();
	checks();
	return tap_done();
}
