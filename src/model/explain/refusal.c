// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <linux/rtnetlink.h>

#include "base/sockaddr.h"
#include "model/explain/refusal.h"

const char *rr_route_type_name(unsigned char type)
{
	switch (type) {
	case RTN_UNICAST:
		return "unicast";
	case RTN_LOCAL:
		return "local";
	case RTN_BROADCAST:
		return "broadcast";
	case RTN_ANYCAST:
		return "anycast";
	case RTN_MULTICAST:
		return "multicast";
	case RTN_BLACKHOLE:
		return "blackhole";
	case RTN_UNREACHABLE:
		return "unreachable";
	case RTN_PROHIBIT:
		return "prohibit";
	case RTN_THROW:
		return "throw";
	case RTN_NAT:
		return "nat";
	}
	return "unknown";
}

const char *rr_route_table_str(unsigned int table, char *buf,
			       unsigned int len)
{
	switch (table) {
	case RT_TABLE_MAIN:
		return "main";
	case RT_TABLE_LOCAL:
		return "local";
	case RT_TABLE_DEFAULT:
		return "default";
	}
	snprintf(buf, len, "%u", table);
	return buf;
}

/*
 * fib_props[] (IPv4) and ip6_rt_type_to_error() (IPv6) agree: a route of
 * each refusing type fails the lookup with one errno.  A rule's
 * `unreachable` says ENETUNREACH, not a route's EHOSTUNREACH.
 */
int rr_refusal_errno(const struct rr_chain_refusal *rf)
{
	switch (rf->by) {
	case RR_REFUSED_ROUTE:
	case RR_REFUSED_RULE:
		if (rf->type == RTN_BLACKHOLE)
			return EINVAL;
		if (rf->type == RTN_PROHIBIT)
			return EACCES;
		if (rf->type == RTN_UNREACHABLE)
			return rf->by == RR_REFUSED_RULE ? ENETUNREACH :
							   EHOSTUNREACH;
		return 0;
	case RR_REFUSED_NO_ROUTE:
		return ENETUNREACH;
	default:
		return 0;
	}
}

enum rr_cause rr_refusal_cause(const struct rr_chain_refusal *rf, int err)
{
	if (!err || rr_refusal_errno(rf) != err)
		return RR_CAUSE_NONE;
	switch (rf->type) {
	case RTN_BLACKHOLE:
		return RR_CAUSE_ROUTE_BLACKHOLE;
	case RTN_PROHIBIT:
		return RR_CAUSE_ROUTE_PROHIBITED;
	case RTN_UNREACHABLE:
		return RR_CAUSE_ROUTE_UNREACHABLE;
	case RTN_THROW:
		return RR_CAUSE_ROUTE_THROW;
	}
	return RR_CAUSE_NONE;	/* no route: errno said it already */
}

/* ", by rule 100: from all to 10.0.0.0/8 lookup 100"; "" for a default. */
static void by_rule(const struct rr_chain_refusal *rf, char *buf,
		    unsigned int len)
{
	buf[0] = '\0';
	if (rf->have_rule)
		snprintf(buf, len, ", by rule %u: %s", rf->rule_pref, rf->rule);
}

/* "192.168.90.0/24, table main, by rule ...": where the route is. */
static void route_place(const struct rr_chain_refusal *rf, char *buf,
			unsigned int len)
{
	char prefix[80], table[16], rule[RR_RULE_TEXT_LEN + 32];

	rr_sockaddr_str(&rf->prefix, prefix, sizeof(prefix));
	by_rule(rf, rule, sizeof(rule));
	snprintf(buf, len, "%s/%u, table %s%s", prefix, rf->prefix_len,
		 rr_route_table_str(rf->table, table, sizeof(table)), rule);
}

bool rr_refusal_text(const struct rr_chain_refusal *rf, const char *dst,
		     char *buf, unsigned int len)
{
	char place[RR_RULE_TEXT_LEN + 160], table[16];

	switch (rf->by) {
	case RR_REFUSED_ROUTE:
		route_place(rf, place, sizeof(place));
		snprintf(buf, len, "%s matches a%s %s route (%s)", dst,
			 rf->type == RTN_UNREACHABLE ? "n" : "",
			 rr_route_type_name(rf->type), place);
		return true;
	case RR_REFUSED_RULE:
		snprintf(buf, len, "%s matches policy rule %u: %s", dst,
			 rf->rule_pref, rf->rule);
		return true;
	case RR_REFUSED_NO_ROUTE:
		if (rf->type == RTN_THROW) {
			route_place(rf, place, sizeof(place));
			snprintf(buf, len,
				 "%s matches a throw route (%s), and no later rule's table has a route to it",
				 dst, place);
			return true;
		}
		if (!rf->have_rule)
			return false;
		snprintf(buf, len,
			 "policy rule %u: %s sends %s to table %s, which has no route to it, nor has any later rule's table",
			 rf->rule_pref, rf->rule, dst,
			 rr_route_table_str(rf->table, table, sizeof(table)));
		return true;
	default:
		return false;
	}
}
