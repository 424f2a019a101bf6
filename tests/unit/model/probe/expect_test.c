// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/expect.c: parsing, and checks against results. */
#include <stdio.h>

#include "model/probe/expect.h"
#include "model/fabric/count_expect.h"
#include "../../tap.h"

static struct rr_result result;

static int holds(const char *text, char *actual)
{
	struct rr_expect e;
	char why[512];

	if (!rr_expect_parse(text, &e, why, sizeof(why))) {
		printf("# parse failed: %s\n", why);
		return -1;
	}
	return rr_expect_check(&e, &result, actual, 64);
}

static void parse_errors(void)
{
	struct rr_expect e;
	char why[512];

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
	is_str(why, "'mtu' is not a step: want lookup, create_id, bind_addr, resolve_addr, resolve_route, create_qp, connect, establish, transfer, disconnect, open_port, find_sm, sa_query, trace or total",
	       "its reason");
	ok(!rr_expect_parse_max_ms("=5", &e, why, sizeof(why)), "--max-ms =5");
}

/* A resolved result with two paths, as the checks see it. */
static void make_result(struct rr_result *r)
{
	static struct rr_path paths[2];

	memset(r, 0, sizeof(*r));
	memset(paths, 0, sizeof(paths));
	r->probe.target = "192.168.77.2";
	r->out.ok = true;
	snprintf(r->out.device, sizeof(r->out.device), "rxe0");
	r->out.port = 1;
	r->out.link_layer = RR_LL_ETHERNET;
	r->out.gid_type = RR_GID_ROCE_V2;
	r->out.steps[RR_STEP_TOTAL] = (struct rr_timing){
		.start = { 1, 0 }, .end = { 1, 11500000 },
		.started = true, .ended = true };
	r->out.steps[RR_STEP_RESOLVE_ROUTE] = (struct rr_timing){
		.start = { 1, 0 }, .end = { 1, 4000000 },
		.started = true, .ended = true };
	paths[0].mtu = 3;		/* 1024 */
	paths[0].pkey = 0xffff;
	paths[0].rate = 0;		/* the port's current rate: null */
	paths[1].mtu = 5;		/* 4096 */
	paths[1].pkey = 0xffff;
	paths[1].rate = 16;		/* 100 Gb/s */
	r->out.paths = paths;
	r->out.num_paths = 2;
}

static void checks(void)
{
	char actual[64];

	make_result(&result);
	ok(holds("device = rxe0", actual) == 1, "device = rxe0");
	ok(holds("device != rxe0", actual) == 0, "device != rxe0 fails");
	is_str(actual, "rxe0", "actual device");
	ok(holds("port >= 1", actual) == 1, "port >= 1");
	ok(holds("gid_type = RoCE v2", actual) == 1, "gid_type = RoCE v2");
	ok(holds("total < 12", actual) == 1, "time_ms.total < 12");
	ok(holds("total < 11.5", actual) == 0, "total < 11.5 fails");
	is_str(actual, "11.500", "actual total, as JSON shows it");
	ok(holds("resolve_route <= 4", actual) == 1, "resolve_route <= 4");
	ok(holds("mtu >= 1024", actual) == 1, "mtu >= 1024 on every path");
	ok(holds("mtu >= 4096", actual) == 0, "mtu >= 4096 fails on path 1");
	is_str(actual, "1024", "actual is the failing path's mtu");
	ok(holds("mtu_raw = 3", actual) == 0, "mtu_raw = 3 fails on path 2");
	is_str(actual, "5", "actual raw");
	ok(holds("mtu > 100", actual) == 1, ">");
	ok(holds("sl = 0", actual) == 1, "=");
	ok(holds("pkey = 0xffff", actual) == 1, "hex equals hex");
	ok(holds("pkey = 65535", actual) == 1, "hex equals decimal");
	ok(holds("pkey < 0x8000", actual) == 0, "hex compares as a number");
	is_str(actual, "0xffff", "actual pkey, as JSON shows it");
	ok(holds("rate >= 10", actual) == 0, "null rate fails >=");
	is_str(actual, "null", "actual null");
	ok(holds("rate != 10", actual) == 1, "null rate holds !=");
	ok(holds("dlid = 3", actual) == 0, "a field the result lacks fails");
	is_str(actual, "absent", "actual absent");
	ok(holds("mtu_selector = exactly", actual) == 0, "selector by name");
	is_str(actual, "greater than", "selector 0's name");
}

/* --sa --trace --all-pairs' counts: parsed against their table, checked. */
static void counts(void)
{
	struct rr_routes routes = { .pairs = 30, .arrived = 28, .dead_ends = 2 };
	struct rr_fabric_found found = { .s = &routes, .ports = 6,
					 .loops_checked = true, .credit_loops = 2,
					 .channel_dependencies = 40,
					 .asymmetric = -1, .links_degraded = 1 };
	struct rr_fabric_counts c;
	struct rr_expect e;
	char why[1024], actual[64];

	rr_fabric_counts_fill(&c, &found);
	ok(c.known[RR_FC_FAILED] && c.v[RR_FC_FAILED] == 2, "failed: pairs less arrived");
	ok(!c.known[RR_FC_ASYMMETRIC_PAIRS] && !c.known[RR_FC_LONGER_THAN_FEWEST] &&
	   !c.known[RR_FC_LOAD_MAX], "what was not counted is not known");
	ok(rr_expect_parse_count("credit_loops = 0", &e, why, sizeof(why)),
	   "credit_loops = 0 parses");
	ok(e.count == RR_FC_CREDIT_LOOPS && !e.f, "as a count");
	ok(!rr_expect_check_count(&e, &c, actual, sizeof(actual)), "2 loops: fails");
	is_str(actual, "2", "actual count");
	ok(rr_expect_parse_count("links_degraded<=1", &e, why, sizeof(why)) &&
	   rr_expect_check_count(&e, &c, actual, sizeof(actual)), "1 <= 1 holds");
	ok(rr_expect_parse_count("dead_ends > 0x1", &e, why, sizeof(why)) &&
	   rr_expect_check_count(&e, &c, actual, sizeof(actual)), "hex value");
	ok(rr_expect_parse_count("asymmetric_pairs = 0", &e, why, sizeof(why)) &&
	   !rr_expect_check_count(&e, &c, actual, sizeof(actual)),
	   "not compared: fails");
	is_str(actual, "absent", "actual absent");
	ok(!rr_expect_parse_count("mtu >= 1024", &e, why, sizeof(why)), "mtu is no count");
	ok(strstr(why, "'mtu' is not a count of --sa --trace --all-pairs: want ports, pairs,") &&
	   strstr(why, ", load_max, links_hot, routes_compared,") && strstr(why, ", credit_loops_vanished") &&
	   !strstr(why, "credit_loops_vanished,"),
	   "the counts listed, all of them");
	ok(!rr_expect_parse_count("credit_loops = few", &e, why, sizeof(why)), "a number wanted");
	ok(!rr_expect_parse("credit_loops = 0", &e, why, sizeof(why)), "no result's field");
	ok(rr_fabric_count_find("load_max") == RR_FC_LOAD_MAX &&
	   rr_fabric_count_find("fair_share") == -1, "find");
}

int main(void)
{
	parse_errors();
	checks();
	counts();
	return tap_done();
}
