// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <linux/fib_rules.h>
#include <linux/rtnetlink.h>

#include "host/route_walk.h"
#include "model/explain/refusal.h"

/* A goto may only jump forward; this bounds a broken rule set anyway. */
#define MAX_RULE_STEPS (2 * RR_RT_MAX_RULES)

static unsigned int addr_bytes(int family)
{
	return family == AF_INET ? 4 : 16;
}

void rr_rt_view_init(struct rr_rt_view *view, int family, const void *dst,
		     const void *src, const char *oif)
{
	memset(view, 0, sizeof(*view));
	view->family = family;
	memcpy(view->dst, dst, addr_bytes(family));
	if (src)
		memcpy(view->src, src, addr_bytes(family));
	if (oif)
		snprintf(view->oif, sizeof(view->oif), "%s", oif);
}

void rr_rt_add_rule(struct rr_rt_view *view, const struct rr_rt_rule *rule)
{
	/* Past the room, the walk goes on with the first rules read. */
	if (view->num_rules == RR_RT_MAX_RULES)
		return;
	view->rules[view->num_rules++] = *rule;
}

bool rr_rt_prefix_holds(const uint8_t *prefix, unsigned int len,
			const uint8_t *addr, unsigned int bytes)
{
	unsigned int whole = len / 8, bits = len % 8;
	uint8_t mask;

	if (len > bytes * 8)
		return false;
	if (memcmp(prefix, addr, whole))
		return false;
	if (!bits)
		return true;
	mask = (uint8_t)(0xff << (8 - bits));
	return !((prefix[whole] ^ addr[whole]) & mask);
}

static struct rr_rt_best *find_table(const struct rr_rt_view *view,
				     unsigned int table)
{
	int i;

	for (i = 0; i < view->num_best; i++)
		if (view->best[i].table == table)
			return (struct rr_rt_best *)&view->best[i];
	return NULL;
}

/* As the kernel picks within a table: the longest prefix, then the metric. */
void rr_rt_add_route(struct rr_rt_view *view, unsigned int table,
		     unsigned char type, const void *prefix, unsigned int len,
		     uint32_t metric)
{
	unsigned int bytes = addr_bytes(view->family);
	struct rr_rt_best *b;

	if (!rr_rt_prefix_holds(prefix, len, view->dst, bytes))
		return;
	b = find_table(view, table);
	if (b && (b->len > len || (b->len == len && b->metric <= metric)))
		return;
	if (!b) {
		if (view->num_best == RR_RT_MAX_TABLES)
			return;
		b = &view->best[view->num_best++];
	}
	b->table = table;
	b->type = type;
	b->len = len;
	b->metric = metric;
	memset(b->prefix, 0, sizeof(b->prefix));
	memcpy(b->prefix, prefix, bytes);
}

/* fib_rule_match() and fib4/fib6_rule_match() for an RDMA CM lookup. */
static bool rule_matches(const struct rr_rt_view *view,
			 const struct rr_rt_rule *r)
{
	unsigned int bytes = addr_bytes(view->family);
	bool match = !r->never_matches &&
		     /* A lookup made on this host comes in through lo. */
		     (!r->iif[0] || !strcmp(r->iif, "lo")) &&
		     (!r->oif[0] || !strcmp(r->oif, view->oif)) &&
		     /* The CM's lookups carry no mark, tos, nor uid but 0. */
		     !(r->mark & r->mark_mask) && !r->tos &&
		     (!r->have_uid_range || r->uid_start == 0) &&
		     rr_rt_prefix_holds(r->dst, r->dst_len, view->dst, bytes) &&
		     rr_rt_prefix_holds(r->src, r->src_len, view->src, bytes);

	return r->invert ? !match : match;
}

static int rule_at(const struct rr_rt_view *view, unsigned int pref)
{
	int i;

	for (i = 0; i < view->num_rules; i++)
		if (view->rules[i].pref == pref)
			return i;
	return -1;
}

/* The rules the kernel starts with, for a view that read none. */
static int default_rules(const struct rr_rt_view *view,
			 struct rr_rt_rule *rules)
{
	static const unsigned int prefs[] = { 0, 32766, 32767 };
	static const unsigned int tables[] = {
		RT_TABLE_LOCAL, RT_TABLE_MAIN, RT_TABLE_DEFAULT
	};
	int i, n = view->family == AF_INET ? 3 : 2;

	for (i = 0; i < n; i++) {
		memset(&rules[i], 0, sizeof(rules[i]));
		rules[i].pref = prefs[i];
		rules[i].action = FR_ACT_TO_TBL;
		rules[i].table = tables[i];
		rules[i].suppress_len = -1;
	}
	return n;
}

/* One of the kernel's own rules: not worth naming. */
static bool is_default_rule(const struct rr_rt_rule *r)
{
	bool plain = r->action == FR_ACT_TO_TBL && !r->invert &&
		     !r->dst_len && !r->src_len && !r->iif[0] && !r->oif[0] &&
		     !r->mark && !r->tos && !r->have_uid_range &&
		     r->suppress_len < 0 && !r->never_matches;

	return plain && ((r->pref == 0 && r->table == RT_TABLE_LOCAL) ||
			 (r->pref == 32766 && r->table == RT_TABLE_MAIN) ||
			 (r->pref == 32767 && r->table == RT_TABLE_DEFAULT));
}

/*
 * A rule that selects nothing (from all, no other selector, a lookup):
 * every lookup goes through it, so it chose nothing about this one.
 */
static bool is_catch_all(const struct rr_rt_rule *r)
{
	return r->action == FR_ACT_TO_TBL && !r->invert && !r->dst_len &&
	       !r->src_len && !r->iif[0] && !r->oif[0] && !r->mark &&
	       !r->tos && !r->have_uid_range && !r->never_matches;
}

static void name_rule(const struct rr_rt_view *view,
		      const struct rr_rt_rule *r, struct rr_chain_refusal *out)
{
	out->have_rule = !is_default_rule(r);
	if (!out->have_rule)
		return;
	out->rule_pref = r->pref;
	rr_rt_rule_text(r, view->family, out->rule, sizeof(out->rule));
}

static void set_prefix(const struct rr_rt_view *view,
		       const struct rr_rt_best *b, struct rr_chain_refusal *out)
{
	struct sockaddr_in *s4 = (struct sockaddr_in *)&out->prefix;
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&out->prefix;

	memset(&out->prefix, 0, sizeof(out->prefix));
	out->prefix.ss_family = (sa_family_t)view->family;
	if (view->family == AF_INET)
		memcpy(&s4->sin_addr, b->prefix, 4);
	else
		memcpy(&s6->sin6_addr, b->prefix, 16);
	out->prefix_len = b->len;
	out->have_prefix = true;
}

static bool refusing_type(unsigned char type)
{
	return type == RTN_BLACKHOLE || type == RTN_UNREACHABLE ||
	       type == RTN_PROHIBIT;
}

static unsigned char action_type(unsigned char action)
{
	switch (action) {
	case FR_ACT_BLACKHOLE:
		return RTN_BLACKHOLE;
	case FR_ACT_UNREACHABLE:
		return RTN_UNREACHABLE;
	case FR_ACT_PROHIBIT:
		return RTN_PROHIBIT;
	}
	return 0;
}

/*
 * A rule's table looked up: true when that ends the walk (a route, or a
 * refusing one).  A throw route, or none, passes the lookup on; the first
 * of them is remembered for the NO_ROUTE answer.
 */
static bool look_up_table(const struct rr_rt_view *view,
			  const struct rr_rt_rule *r,
			  struct rr_chain_refusal *passed,
			  struct rr_chain_refusal *out)
{
	const struct rr_rt_best *b = find_table(view, r->table);

	if (!b || b->type == RTN_THROW) {
		/*
		 * A throw route tells more than an empty custom table; a
		 * table no rule chose this destination for (the local table
		 * moved to rule 100, a plain "lookup 100") tells nothing.
		 */
		bool remember = b ? passed->type != RTN_THROW :
				    !passed->by && !is_catch_all(r);

		if (remember) {
			memset(passed, 0, sizeof(*passed));
			passed->by = RR_REFUSED_NO_ROUTE;
			passed->table = r->table;
			if (b) {
				passed->type = RTN_THROW;
				set_prefix(view, b, passed);
			}
			name_rule(view, r, passed);
		}
		return false;
	}
	if (!refusing_type(b->type)) {
		/* suppress_prefixlength: a route this short does not count. */
		if (r->suppress_len >= 0 && b->len <= (unsigned int)r->suppress_len)
			return false;
		return true;	/* routed: out stays NONE */
	}
	out->by = RR_REFUSED_ROUTE;
	out->type = b->type;
	out->table = r->table;
	set_prefix(view, b, out);
	name_rule(view, r, out);
	return true;
}

void rr_rt_walk(const struct rr_rt_view *view, struct rr_chain_refusal *out)
{
	struct rr_rt_rule defaults[3];
	const struct rr_rt_rule *rules = view->rules, *r;
	struct rr_chain_refusal passed = { 0 };
	int n = view->num_rules, i = 0, steps = 0, at;

	memset(out, 0, sizeof(*out));
	if (!n) {
		rules = defaults;
		n = default_rules(view, defaults);
	}
	while (i < n && steps++ < MAX_RULE_STEPS) {
		r = &rules[i++];
		if (!rule_matches(view, r))
			continue;
		switch (r->action) {
		case FR_ACT_TO_TBL:
			if (look_up_table(view, r, &passed, out))
				return;
			break;
		case FR_ACT_GOTO:
			at = rule_at(view, r->goto_pref);
			if (at >= 0)
				i = at;
			break;
		case FR_ACT_BLACKHOLE:
		case FR_ACT_UNREACHABLE:
		case FR_ACT_PROHIBIT:
			out->by = RR_REFUSED_RULE;
			out->type = action_type(r->action);
			name_rule(view, r, out);
			return;
		default:
			break;	/* nop */
		}
	}
	*out = passed;
	out->by = RR_REFUSED_NO_ROUTE;
}

static void put(char *buf, unsigned int len, unsigned int *at,
		const char *text)
{
	int n;

	if (*at >= len)
		return;
	n = snprintf(buf + *at, len - *at, "%s%s", *at ? " " : "", text);
	if (n > 0)
		*at += (unsigned int)n;
}

static void put_prefix(char *buf, unsigned int len, unsigned int *at,
		       const char *word, int family, const uint8_t *bytes,
		       unsigned int plen)
{
	char addr[INET6_ADDRSTRLEN], text[96];

	if (!plen) {
		snprintf(text, sizeof(text), "%s all", word);
	} else {
		inet_ntop(family, bytes, addr, sizeof(addr));
		if (plen == addr_bytes(family) * 8)
			snprintf(text, sizeof(text), "%s %s", word, addr);
		else
			snprintf(text, sizeof(text), "%s %s/%u", word, addr,
				 plen);
	}
	put(buf, len, at, text);
}

static void put_action(const struct rr_rt_rule *r, char *buf,
		       unsigned int len, unsigned int *at)
{
	char text[48], table[16];

	switch (r->action) {
	case FR_ACT_TO_TBL:
		snprintf(text, sizeof(text), "lookup %s",
			 rr_route_table_str(r->table, table, sizeof(table)));
		break;
	case FR_ACT_GOTO:
		snprintf(text, sizeof(text), "goto %u", r->goto_pref);
		break;
	case FR_ACT_NOP:
		snprintf(text, sizeof(text), "nop");
		break;
	default:
		snprintf(text, sizeof(text), "%s",
			 rr_route_type_name(action_type(r->action)));
	}
	put(buf, len, at, text);
	if (r->action == FR_ACT_TO_TBL && r->suppress_len >= 0) {
		snprintf(text, sizeof(text), "suppress_prefixlength %d",
			 r->suppress_len);
		put(buf, len, at, text);
	}
}

void rr_rt_rule_text(const struct rr_rt_rule *r, int family, char *buf,
		     unsigned int len)
{
	unsigned int at = 0;
	char text[64];

	buf[0] = '\0';
	if (r->invert)
		put(buf, len, &at, "not");
	put_prefix(buf, len, &at, "from", family, r->src, r->src_len);
	if (r->dst_len)
		put_prefix(buf, len, &at, "to", family, r->dst, r->dst_len);
	if (r->tos) {
		snprintf(text, sizeof(text), "tos 0x%02x", r->tos);
		put(buf, len, &at, text);
	}
	if (r->mark) {
		snprintf(text, sizeof(text), "fwmark 0x%x/0x%x", r->mark,
			 r->mark_mask);
		put(buf, len, &at, text);
	}
	if (r->iif[0]) {
		snprintf(text, sizeof(text), "iif %s", r->iif);
		put(buf, len, &at, text);
	}
	if (r->oif[0]) {
		snprintf(text, sizeof(text), "oif %s", r->oif);
		put(buf, len, &at, text);
	}
	if (r->have_uid_range) {
		snprintf(text, sizeof(text), "uidrange %u-%u", r->uid_start,
			 r->uid_end);
		put(buf, len, &at, text);
	}
	put_action(r, buf, len, &at);
}
