// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/host/route_walk.c, route_dump.c's parsing and
 * src/model/explain/refusal.c: rules and routes in, what refused the lookup out.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <string.h>
#include <linux/fib_rules.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

#include "host/route_dump.h"
#include "host/route_walk.h"
#include "model/explain/refusal.h"
#include "netlink_msgs.h"
#include "host/rdma_libs.h"
#include "../tap.h"

static struct rr_rt_view view;

static void start4(const char *dst, const char *src, const char *oif)
{
	uint8_t d[4], s[4];

	inet_pton(AF_INET, dst, d);
	if (src)
		inet_pton(AF_INET, src, s);
	rr_rt_view_init(&view, AF_INET, d, src ? s : NULL, oif);
}

static void route4(unsigned int table, unsigned char type, const char *prefix,
		   unsigned int len, uint32_t metric)
{
	uint8_t p[4];

	inet_pton(AF_INET, prefix, p);
	rr_rt_add_route(&view, table, type, p, len, metric);
}

static struct rr_rt_rule rule(unsigned int pref, unsigned char action,
			      unsigned int table)
{
	struct rr_rt_rule r = {
		.pref = pref, .action = action, .table = table,
		.mark_mask = UINT32_MAX, .suppress_len = -1,
	};

	return r;
}

static void to4(struct rr_rt_rule *r, const char *prefix, unsigned int len)
{
	inet_pton(AF_INET, prefix, r->dst);
	r->dst_len = (unsigned char)len;
}

static void defaults4(void)
{
	struct rr_rt_rule r;

	r = rule(0, FR_ACT_TO_TBL, RT_TABLE_LOCAL);
	rr_rt_add_rule(&view, &r);
	r = rule(32766, FR_ACT_TO_TBL, RT_TABLE_MAIN);
	rr_rt_add_rule(&view, &r);
	r = rule(32767, FR_ACT_TO_TBL, RT_TABLE_DEFAULT);
	rr_rt_add_rule(&view, &r);
}

static const char *said(const struct rr_chain_refusal *rf, const char *dst)
{
	static char text[512];

	if (!rr_refusal_text(rf, dst, text, sizeof(text)))
		strcpy(text, "(nothing)");
	return text;
}

static void routes_in_main(void)
{
	struct rr_chain_refusal rf;

	/* No rules read: the kernel's defaults hold. */
	start4("192.168.90.5", NULL, NULL);
	route4(RT_TABLE_MAIN, RTN_UNICAST, "192.168.77.0", 24, 0);
	route4(RT_TABLE_MAIN, RTN_BLACKHOLE, "192.168.90.0", 24, 0);
	route4(RT_TABLE_MAIN, RTN_UNICAST, "0.0.0.0", 0, 0);
	rr_rt_walk(&view, &rf);
	is_int(rf.by, RR_REFUSED_ROUTE, "blackhole: refused by a route");
	is_int(rf.type, RTN_BLACKHOLE, "blackhole: its type");
	is_int(rf.prefix_len, 24, "blackhole: its prefix length");
	is_int(rf.table, RT_TABLE_MAIN, "blackhole: table main");
	ok(!rf.have_rule, "a default rule is not named");
	is_str(said(&rf, "192.168.90.5"),
	       "192.168.90.5 matches a blackhole route (192.168.90.0/24, table main)",
	       "blackhole: in words");
	is_int(rr_refusal_errno(&rf), EINVAL, "blackhole fails EINVAL");
	is_int(rr_refusal_cause(&rf, EINVAL), RR_CAUSE_ROUTE_BLACKHOLE,
	       "blackhole cause with its errno");
	is_int(rr_refusal_cause(&rf, ENETUNREACH), RR_CAUSE_NONE,
	       "another errno: the tables changed, no cause from them");

	/* The longest prefix wins, whatever the order. */
	start4("192.168.91.5", NULL, NULL);
	defaults4();
	route4(RT_TABLE_MAIN, RTN_PROHIBIT, "192.168.91.5", 32, 0);
	route4(RT_TABLE_MAIN, RTN_UNICAST, "192.168.91.0", 24, 0);
	rr_rt_walk(&view, &rf);
	is_int(rf.type, RTN_PROHIBIT, "a /32 prohibit beats a /24");
	is_str(said(&rf, "192.168.91.5"),
	       "192.168.91.5 matches a prohibit route (192.168.91.5/32, table main)",
	       "prohibit: in words");
	is_int(rr_refusal_cause(&rf, EACCES), RR_CAUSE_ROUTE_PROHIBITED,
	       "prohibit: EACCES");

	start4("192.168.91.5", NULL, NULL);
	defaults4();
	route4(RT_TABLE_MAIN, RTN_UNICAST, "192.168.91.0", 25, 0);
	route4(RT_TABLE_MAIN, RTN_UNREACHABLE, "192.168.91.0", 24, 0);
	rr_rt_walk(&view, &rf);
	is_int(rf.by, RR_REFUSED_NONE, "a longer unicast route: not refused");

	/* Same prefix: the lower metric. */
	start4("192.168.92.5", NULL, NULL);
	route4(RT_TABLE_MAIN, RTN_UNICAST, "192.168.92.0", 24, 200);
	route4(RT_TABLE_MAIN, RTN_UNREACHABLE, "192.168.92.0", 24, 100);
	rr_rt_walk(&view, &rf);
	is_int(rf.type, RTN_UNREACHABLE, "the lower metric wins");
	is_int(rr_refusal_errno(&rf), EHOSTUNREACH,
	       "an unreachable route fails EHOSTUNREACH");
	is_str(said(&rf, "192.168.92.5"),
	       "192.168.92.5 matches an unreachable route (192.168.92.0/24, table main)",
	       "unreachable: an");

	/* Throw in main and nothing later: no route, a throw named. */
	start4("192.168.93.5", NULL, NULL);
	defaults4();
	route4(RT_TABLE_MAIN, RTN_THROW, "192.168.93.0", 24, 0);
	rr_rt_walk(&view, &rf);
	is_int(rf.by, RR_REFUSED_NO_ROUTE, "throw: no route");
	is_int(rf.type, RTN_THROW, "throw: named");
	is_int(rr_refusal_cause(&rf, ENETUNREACH), RR_CAUSE_ROUTE_THROW,
	       "throw: ENETUNREACH is route_throw");
	is_str(said(&rf, "192.168.93.5"),
	       "192.168.93.5 matches a throw route (192.168.93.0/24, table main), and no later rule's table has a route to it",
	       "throw: in words");

	/* Thrown from main, caught by the default table. */
	route4(RT_TABLE_DEFAULT, RTN_UNICAST, "0.0.0.0", 0, 0);
	rr_rt_walk(&view, &rf);
	is_int(rf.by, RR_REFUSED_NONE, "throw, then a route in table default");

	/* Nothing at all: no route, nothing to name. */
	start4("10.99.99.99", NULL, NULL);
	defaults4();
	route4(RT_TABLE_MAIN, RTN_UNICAST, "192.168.77.0", 24, 0);
	rr_rt_walk(&view, &rf);
	is_int(rf.by, RR_REFUSED_NO_ROUTE, "no route anywhere");
	is_str(said(&rf, "10.99.99.99"), "(nothing)", "plain no route: no words");
	is_int(rr_refusal_cause(&rf, ENETUNREACH), RR_CAUSE_NONE,
	       "plain no route: errno's cause stands");
}

static void policy_rules(void)
{
	struct rr_chain_refusal rf;
	struct rr_rt_rule r;

	/* A rule's own prohibit, before main. */
	start4("192.168.95.5", NULL, NULL);
	r = rule(0, FR_ACT_TO_TBL, RT_TABLE_LOCAL);
	rr_rt_add_rule(&view, &r);
	r = rule(101, FR_ACT_PROHIBIT, 0);
	to4(&r, "192.168.95.0", 24);
	rr_rt_add_rule(&view, &r);
	r = rule(32766, FR_ACT_TO_TBL, RT_TABLE_MAIN);
	rr_rt_add_rule(&view, &r);
	route4(RT_TABLE_MAIN, RTN_UNICAST, "0.0.0.0", 0, 0);
	rr_rt_walk(&view, &rf);
	is_int(rf.by, RR_REFUSED_RULE, "prohibit rule");
	is_int(rf.rule_pref, 101, "prohibit rule: its preference");
	is_str(said(&rf, "192.168.95.5"),
	       "192.168.95.5 matches policy rule 101: from all to 192.168.95.0/24 prohibit",
	       "prohibit rule: in words");
	is_int(rr_refusal_cause(&rf, EACCES), RR_CAUSE_ROUTE_PROHIBITED,
	       "prohibit rule: EACCES");

	/* Another destination passes the rule by. */
	start4("192.168.96.5", NULL, NULL);
	r = rule(101, FR_ACT_PROHIBIT, 0);
	to4(&r, "192.168.95.0", 24);
	rr_rt_add_rule(&view, &r);
	r = rule(32766, FR_ACT_TO_TBL, RT_TABLE_MAIN);
	rr_rt_add_rule(&view, &r);
	route4(RT_TABLE_MAIN, RTN_UNICAST, "0.0.0.0", 0, 0);
	rr_rt_walk(&view, &rf);
	is_int(rf.by, RR_REFUSED_NONE, "a rule for another prefix: routed");

	/* A rule's unreachable fails ENETUNREACH, not EHOSTUNREACH. */
	start4("192.168.95.5", NULL, NULL);
	r = rule(5, FR_ACT_UNREACHABLE, 0);
	rr_rt_add_rule(&view, &r);
	rr_rt_walk(&view, &rf);
	is_int(rr_refusal_errno(&rf), ENETUNREACH, "unreachable rule: ENETUNREACH");
	is_int(rr_refusal_cause(&rf, ENETUNREACH), RR_CAUSE_ROUTE_UNREACHABLE,
	       "unreachable rule: its cause");

	/* A custom table holding a blackhole, named with its rule. */
	start4("192.168.97.5", NULL, NULL);
	r = rule(0, FR_ACT_TO_TBL, RT_TABLE_LOCAL);
	rr_rt_add_rule(&view, &r);
	r = rule(103, FR_ACT_TO_TBL, 200);
	to4(&r, "192.168.97.0", 24);
	rr_rt_add_rule(&view, &r);
	r = rule(32766, FR_ACT_TO_TBL, RT_TABLE_MAIN);
	rr_rt_add_rule(&view, &r);
	route4(200, RTN_BLACKHOLE, "192.168.97.0", 24, 0);
	route4(RT_TABLE_MAIN, RTN_UNICAST, "0.0.0.0", 0, 0);
	rr_rt_walk(&view, &rf);
	is_str(said(&rf, "192.168.97.5"),
	       "192.168.97.5 matches a blackhole route (192.168.97.0/24, table 200, by rule 103: from all to 192.168.97.0/24 lookup 200)",
	       "blackhole in table 200, by its rule");

	/* An empty custom table: the rule is named, the cause stays. */
	start4("192.168.94.5", NULL, NULL);
	r = rule(100, FR_ACT_TO_TBL, 100);
	to4(&r, "192.168.94.0", 24);
	rr_rt_add_rule(&view, &r);
	r = rule(32766, FR_ACT_TO_TBL, RT_TABLE_MAIN);
	rr_rt_add_rule(&view, &r);
	rr_rt_walk(&view, &rf);
	is_int(rf.by, RR_REFUSED_NO_ROUTE, "empty table: no route");
	is_str(said(&rf, "192.168.94.5"),
	       "policy rule 100: from all to 192.168.94.0/24 lookup 100 sends 192.168.94.5 to table 100, which has no route to it, nor has any later rule's table",
	       "empty table: in words");
	is_int(rr_refusal_cause(&rf, ENETUNREACH), RR_CAUSE_NONE,
	       "empty table: no_route stands");

	/*
	 * The local table moved to rule 100 (rule 0 deleted), a plain
	 * "lookup 100" of everything: rules that chose nothing about this
	 * destination are not named, the selective one after them is.
	 */
	start4("10.99.99.99", NULL, NULL);
	r = rule(100, FR_ACT_TO_TBL, RT_TABLE_LOCAL);
	rr_rt_add_rule(&view, &r);
	r = rule(120, FR_ACT_TO_TBL, 100);
	rr_rt_add_rule(&view, &r);
	r = rule(32766, FR_ACT_TO_TBL, RT_TABLE_MAIN);
	rr_rt_add_rule(&view, &r);
	route4(RT_TABLE_LOCAL, RTN_LOCAL, "127.0.0.0", 8, 0);
	route4(RT_TABLE_MAIN, RTN_UNICAST, "192.168.77.0", 24, 0);
	rr_rt_walk(&view, &rf);
	is_int(rf.by, RR_REFUSED_NO_ROUTE, "catch-all rules: no route");
	ok(!rf.have_rule, "rule 100 lookup local and rule 120 lookup 100 are not named");
	is_str(said(&rf, "10.99.99.99"), "(nothing)", "catch-all rules: no words");
	start4("10.99.99.99", NULL, NULL);
	r = rule(100, FR_ACT_TO_TBL, RT_TABLE_LOCAL);
	rr_rt_add_rule(&view, &r);
	r = rule(150, FR_ACT_TO_TBL, 200);
	to4(&r, "10.99.0.0", 16);
	rr_rt_add_rule(&view, &r);
	r = rule(32766, FR_ACT_TO_TBL, RT_TABLE_MAIN);
	rr_rt_add_rule(&view, &r);
	route4(RT_TABLE_LOCAL, RTN_LOCAL, "127.0.0.0", 8, 0);
	rr_rt_walk(&view, &rf);
	ok(rf.have_rule && rf.rule_pref == 150 && rf.table == 200,
	   "the rule that chose this destination's table is named");
}

static void rule_selectors(void)
{
	struct rr_chain_refusal rf;
	struct rr_rt_rule r;

	/* `from` needs the source: without one the lookup is from 0. */
	start4("192.168.90.5", NULL, NULL);
	r = rule(10, FR_ACT_BLACKHOLE, 0);
	inet_pton(AF_INET, "192.168.77.0", r.src);
	r.src_len = 24;
	rr_rt_add_rule(&view, &r);
	rr_rt_walk(&view, &rf);
	is_int(rf.by, RR_REFUSED_NO_ROUTE, "from X without a source: no match");
	start4("192.168.90.5", "192.168.77.1", NULL);
	rr_rt_add_rule(&view, &r);
	rr_rt_walk(&view, &rf);
	is_int(rf.by, RR_REFUSED_RULE, "from X with a source in X: match");
	is_str(rf.rule, "from 192.168.77.0/24 blackhole", "from: as ip rule");

	/* not, fwmark, iif, oif, tos, l3mdev. */
	start4("192.168.90.5", NULL, "veth0");
	r = rule(10, FR_ACT_BLACKHOLE, 0);
	r.mark = 7;
	rr_rt_add_rule(&view, &r);
	r = rule(11, FR_ACT_BLACKHOLE, 0);
	strcpy(r.iif, "veth0");
	rr_rt_add_rule(&view, &r);
	r = rule(12, FR_ACT_BLACKHOLE, 0);
	r.never_matches = true;
	rr_rt_add_rule(&view, &r);
	r = rule(13, FR_ACT_BLACKHOLE, 0);
	strcpy(r.oif, "veth2");
	rr_rt_add_rule(&view, &r);
	r = rule(14, FR_ACT_BLACKHOLE, 0);
	r.tos = 0x10;
	rr_rt_add_rule(&view, &r);
	r = rule(15, FR_ACT_PROHIBIT, 0);
	strcpy(r.oif, "veth0");
	strcpy(r.iif, "lo");
	rr_rt_add_rule(&view, &r);
	rr_rt_walk(&view, &rf);
	is_int(rf.rule_pref, 15, "iif lo and oif as held: the first to match");
	is_str(rf.rule, "from all iif lo oif veth0 prohibit", "iif/oif text");

	start4("192.168.90.5", NULL, NULL);
	r = rule(10, FR_ACT_UNREACHABLE, 0);
	to4(&r, "192.168.90.0", 24);
	r.invert = true;
	rr_rt_add_rule(&view, &r);
	r = rule(20, FR_ACT_UNREACHABLE, 0);
	to4(&r, "10.0.0.0", 8);
	r.invert = true;
	rr_rt_add_rule(&view, &r);
	rr_rt_walk(&view, &rf);
	is_int(rf.rule_pref, 20, "not: inverted");
	is_str(rf.rule, "not from all to 10.0.0.0/8 unreachable", "not: text");

	/* goto skips, suppress_prefixlength passes a default route on. */
	start4("192.168.90.5", NULL, NULL);
	r = rule(1, FR_ACT_GOTO, 0);
	r.goto_pref = 30;
	rr_rt_add_rule(&view, &r);
	r = rule(2, FR_ACT_PROHIBIT, 0);
	rr_rt_add_rule(&view, &r);
	r = rule(30, FR_ACT_TO_TBL, 50);
	r.suppress_len = 0;
	rr_rt_add_rule(&view, &r);
	r = rule(40, FR_ACT_TO_TBL, RT_TABLE_MAIN);
	rr_rt_add_rule(&view, &r);
	route4(50, RTN_UNICAST, "0.0.0.0", 0, 0);
	route4(RT_TABLE_MAIN, RTN_BLACKHOLE, "192.168.90.0", 24, 0);
	rr_rt_walk(&view, &rf);
	is_int(rf.by, RR_REFUSED_ROUTE, "goto, then suppress: main's blackhole");
	is_int(rf.rule_pref, 40, "named by the rule that looked up main");
}

static void dump_parsing(void)
{
	struct fib_rule_hdr frh = { .family = AF_INET, .dst_len = 24,
				    .action = FR_ACT_TO_TBL,
				    .table = RT_TABLE_UNSPEC };
	struct rtmsg rtm = { .rtm_family = AF_INET, .rtm_dst_len = 24,
			     .rtm_table = RT_TABLE_MAIN,
			     .rtm_type = RTN_BLACKHOLE };
	uint32_t pref = 100, table = 1000, oif = 3;
	uint8_t a[4];
	struct rr_chain_refusal rf;
	int done = 0;

	start4("192.168.90.5", NULL, "veth0");
	reset();
	begin(RTM_NEWRULE, 1);
	put(&frh, sizeof(frh));
	attr(FRA_PRIORITY, &pref, 4);
	attr(FRA_TABLE, &table, 4);
	inet_pton(AF_INET, "192.168.90.0", a);
	attr(FRA_DST, a, 4);
	is_int(rr_route_dump_parse(&buf, used, 1, 0, &view), 0,
	       "rules: more to come");
	is_int(view.num_rules, 1, "one rule read");
	is_int(view.rules[0].table, 1000, "FRA_TABLE past 255");
	is_int(view.rules[0].pref, 100, "FRA_PRIORITY");
	ok(rr_rt_prefix_holds(view.rules[0].dst, view.rules[0].dst_len,
			      view.dst, 4), "FRA_DST and dst_len");

	reset();
	begin(RTM_NEWROUTE, 2);
	put(&rtm, sizeof(rtm));
	attr(RTA_DST, a, 4);
	attr(RTA_TABLE, &table, 4);
	/* A unicast /25 through another interface does not count. */
	rtm.rtm_type = RTN_UNICAST;
	rtm.rtm_dst_len = 25;
	begin(RTM_NEWROUTE, 2);
	put(&rtm, sizeof(rtm));
	attr(RTA_DST, a, 4);
	attr(RTA_TABLE, &table, 4);
	attr(RTA_OIF, &oif, 4);
	/* Another request's message is skipped. */
	begin(RTM_NEWROUTE, 9);
	put(&rtm, sizeof(rtm));
	begin(NLMSG_DONE, 2);
	put(&done, sizeof(done));
	is_int(rr_route_dump_parse(&buf, used, 2, 7, &view), 1,
	       "routes: the dump's end");
	rr_rt_walk(&view, &rf);
	is_int(rf.by, RR_REFUSED_ROUTE, "parsed: refused by the route");
	is_int(rf.table, 1000, "parsed: RTA_TABLE");
	is_int(rf.rule_pref, 100, "parsed: FRA_PRIORITY");

	reset();
	error(1, -EAFNOSUPPORT);
	is_int(rr_route_dump_parse(&buf, used, 1, 0, &view), -EAFNOSUPPORT,
	       "an error answer");
}

static void ipv6(void)
{
	struct rr_chain_refusal rf;
	uint8_t d[16], p[16];

	inet_pton(AF_INET6, "fd00:90::5", d);
	rr_rt_view_init(&view, AF_INET6, d, NULL, NULL);
	inet_pton(AF_INET6, "fd00:90::", p);
	rr_rt_add_route(&view, RT_TABLE_MAIN, RTN_BLACKHOLE, p, 64, 1024);
	inet_pton(AF_INET6, "fd00::", p);
	rr_rt_add_route(&view, RT_TABLE_MAIN, RTN_UNICAST, p, 16, 256);
	rr_rt_walk(&view, &rf);
	is_str(said(&rf, "fd00:90::5"),
	       "fd00:90::5 matches a blackhole route (fd00:90::/64, table main)",
	       "IPv6 blackhole");
	ok(rr_rt_prefix_holds(p, 16, d, 16), "fd00::/16 holds fd00:90::5");
	ok(!rr_rt_prefix_holds(p, 17, (uint8_t[16]){ 0xfd, 0x00, 0x80 }, 16),
	   "fd00::/17 does not hold fd00:8000::");
	ok(!rr_rt_prefix_holds(p, 129, d, 16), "a prefix past 128 holds nothing");
}

int main(void)
{
	/* The parsers read through libmnl, loaded as the tool loads it. */
	ok(rr_dl_load(RR_DL_MNL), "libmnl loads: %s", rr_dl_error(RR_DL_MNL));
	if (tap_failed)
		return tap_done();
	routes_in_main();
	policy_rules();
	rule_selectors();
	dump_parsing();
	ipv6();
	return tap_done();
}
