/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Why the kernel refused a route: its policy rules and, per table, the
 * longest route that holds the destination, walked as the kernel's own
 * lookup walks them (fib_rules_lookup, then the table's longest prefix).
 * `ip route get` says only "Invalid argument" for a blackhole route and
 * "Permission denied" for a prohibit one; this names the route or rule.
 * Pure: the facts come from route_dump.c, or from a unit test.
 */
#ifndef RR_ROUTE_WALK_H
#define RR_ROUTE_WALK_H

#include <stdbool.h>
#include <stdint.h>

#include "model/explain/chain.h"

#define RR_RT_MAX_RULES 256
#define RR_RT_MAX_TABLES 64
#define RR_RT_IFNAME_LEN 16

/* One policy rule, as RTM_NEWRULE lists it. */
struct rr_rt_rule {
	unsigned int pref;
	unsigned char action;		/* FR_ACT_* */
	unsigned int table;		/* FR_ACT_TO_TBL */
	unsigned int goto_pref;		/* FR_ACT_GOTO */
	bool invert;			/* `not` */
	unsigned char dst_len, src_len, tos;
	uint8_t dst[16], src[16];
	char iif[RR_RT_IFNAME_LEN], oif[RR_RT_IFNAME_LEN];
	uint32_t mark, mark_mask;
	bool have_uid_range;
	uint32_t uid_start, uid_end;
	int suppress_len;		/* suppress_prefixlength; -1 none */
	/*
	 * A selector no RDMA CM lookup carries (an IP protocol, ports, a
	 * tunnel id, l3mdev): such a rule never matches it.
	 */
	bool never_matches;
};

/* The longest route of one table that holds the destination. */
struct rr_rt_best {
	unsigned int table;
	unsigned char type;		/* RTN_* */
	unsigned int len;
	uint8_t prefix[16];
	uint32_t metric;
};

/* The lookup being explained, and the facts read for it. */
struct rr_rt_view {
	int family;			/* AF_INET, AF_INET6 */
	uint8_t dst[16];
	uint8_t src[16];		/* zero: none, as the kernel looks up */
	char oif[RR_RT_IFNAME_LEN];	/* "" none */
	struct rr_rt_rule rules[RR_RT_MAX_RULES];
	int num_rules;			/* 0: none read, the defaults hold */
	struct rr_rt_best best[RR_RT_MAX_TABLES];
	int num_best;
};

/*
 * VIEW ready for a lookup of DST (4 or 16 bytes by FAMILY), from SRC when
 * not NULL, through interface OIF when not NULL or "".
 */
void rr_rt_view_init(struct rr_rt_view *view, int family, const void *dst,
		     const void *src, const char *oif);
/* RULE, in the kernel's order (by preference, as it dumps them). */
void rr_rt_add_rule(struct rr_rt_view *view, const struct rr_rt_rule *rule);
/* A route of TABLE: kept when it holds the destination best so far. */
void rr_rt_add_route(struct rr_rt_view *view, unsigned int table,
		     unsigned char type, const void *prefix, unsigned int len,
		     uint32_t metric);
/* True when PREFIX/LEN holds ADDR (LEN bits of BYTES bytes). */
bool rr_rt_prefix_holds(const uint8_t *prefix, unsigned int len,
			const uint8_t *addr, unsigned int bytes);
/* The walk: what refused the lookup, or RR_REFUSED_NONE when nothing did. */
void rr_rt_walk(const struct rr_rt_view *view, struct rr_chain_refusal *out);
/* RULE as `ip rule` prints it, without its preference. */
void rr_rt_rule_text(const struct rr_rt_rule *rule, int family, char *buf,
		     unsigned int len);

#endif
