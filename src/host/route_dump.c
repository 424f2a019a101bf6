// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <netinet/in.h>
#include <linux/fib_rules.h>
#include <linux/rtnetlink.h>

#include "base/clock.h"
#include "host/netlink_socket.h"
#include "host/rdma_libs.h"
#include "host/route_dump.h"

/* The kernel answers as fast as it is read; this bounds a broken one. */
#define DUMP_WAIT_MS 2000

static unsigned int addr_bytes(int family)
{
	return family == AF_INET ? 4 : 16;
}

static void get_addr(const struct nlattr *at, unsigned int bytes,
		     uint8_t *addr)
{
	const void *p = rr_nl_exact(at, bytes);

	if (p)
		memcpy(addr, p, bytes);
}

/* A selector's value that is set: the CM's lookups carry none. */
static bool nonzero(const struct nlattr *at)
{
	const unsigned char *p = rr_dl.mnl_attr_get_payload(at);
	size_t i, len = rr_dl.mnl_attr_get_payload_len(at);

	for (i = 0; i < len; i++)
		if (p[i])
			return true;
	return false;
}

/* The selectors no lookup of the RDMA CM carries: such a rule never holds it. */
static const unsigned short never_matching[] = {
	FRA_L3MDEV, FRA_IP_PROTO, FRA_SPORT_RANGE, FRA_DPORT_RANGE, FRA_TUN_ID,
};

static void rule_attrs(const struct rr_nl_attrs *t, unsigned int bytes,
		       struct rr_rt_rule *r)
{
	const struct fib_rule_uid_range *uid;
	uint32_t v;
	size_t i;

	get_addr(t->at[FRA_DST], bytes, r->dst);
	get_addr(t->at[FRA_SRC], bytes, r->src);
	rr_nl_str(t->at[FRA_IIFNAME], r->iif, sizeof(r->iif));
	rr_nl_str(t->at[FRA_OIFNAME], r->oif, sizeof(r->oif));
	rr_nl_u32(t->at[FRA_PRIORITY], &r->pref);
	if (rr_nl_u32(t->at[FRA_TABLE], &v) && v)
		r->table = v;
	rr_nl_u32(t->at[FRA_GOTO], &r->goto_pref);
	rr_nl_u32(t->at[FRA_FWMARK], &r->mark);
	rr_nl_u32(t->at[FRA_FWMASK], &r->mark_mask);
	if (rr_nl_u32(t->at[FRA_SUPPRESS_PREFIXLEN], &v))
		r->suppress_len = (int)v;
	uid = rr_nl_exact(t->at[FRA_UID_RANGE], sizeof(*uid));
	if (uid) {
		r->have_uid_range = true;
		r->uid_start = uid->start;
		r->uid_end = uid->end;
	}
	for (i = 0; i < sizeof(never_matching) / sizeof(never_matching[0]); i++)
		if (t->at[never_matching[i]] && nonzero(t->at[never_matching[i]]))
			r->never_matches = true;
}

static void parse_rule(const struct nlmsghdr *nh, struct rr_rt_view *view)
{
	const struct fib_rule_hdr *frh = rr_dl.mnl_nlmsg_get_payload(nh);
	unsigned int bytes = addr_bytes(view->family);
	struct rr_rt_rule r = { .mark_mask = UINT32_MAX, .suppress_len = -1 };
	struct rr_nl_attrs t;

	if (nh->nlmsg_len < NLMSG_LENGTH(sizeof(*frh)) ||
	    frh->family != view->family || frh->dst_len > bytes * 8 ||
	    frh->src_len > bytes * 8)
		return;
	r.action = frh->action;
	r.table = frh->table;
	r.tos = frh->tos;
	r.invert = frh->flags & FIB_RULE_INVERT;
	r.dst_len = frh->dst_len;
	r.src_len = frh->src_len;
	rr_nl_attrs(nh, sizeof(*frh), &t);
	rule_attrs(&t, bytes, &r);
	rr_rt_add_rule(view, &r);
}

/* A multipath route goes through OIF when one of its hops does. */
static bool hop_through(const struct nlattr *mp, int oif)
{
	const struct rtnexthop *nh = rr_dl.mnl_attr_get_payload(mp);
	int left = (int)rr_dl.mnl_attr_get_payload_len(mp);

	while (left >= (int)sizeof(*nh) && nh->rtnh_len >= sizeof(*nh) &&
	       nh->rtnh_len <= left) {
		if (nh->rtnh_ifindex == oif)
			return true;
		left -= (int)RTNH_ALIGN(nh->rtnh_len);
		nh = RTNH_NEXT(nh);
	}
	return false;
}

static void parse_route(const struct nlmsghdr *nh, int oif,
			struct rr_rt_view *view)
{
	const struct rtmsg *rtm = rr_dl.mnl_nlmsg_get_payload(nh);
	unsigned int bytes = addr_bytes(view->family);
	uint8_t dst[16] = { 0 }, src[16] = { 0 };
	uint32_t metric = 0, table, v;
	struct rr_nl_attrs t;
	bool named_oif, through;

	if (nh->nlmsg_len < NLMSG_LENGTH(sizeof(*rtm)) ||
	    rtm->rtm_family != view->family || rtm->rtm_tos ||
	    (rtm->rtm_flags & RTM_F_CLONED) || rtm->rtm_dst_len > bytes * 8 ||
	    rtm->rtm_src_len > bytes * 8)
		return;
	rr_nl_attrs(nh, sizeof(*rtm), &t);
	table = rtm->rtm_table;
	rr_nl_u32(t.at[RTA_TABLE], &table);
	get_addr(t.at[RTA_DST], bytes, dst);
	get_addr(t.at[RTA_SRC], bytes, src);
	rr_nl_u32(t.at[RTA_PRIORITY], &metric);
	named_oif = t.at[RTA_OIF] || t.at[RTA_MULTIPATH];
	through = (rr_nl_u32(t.at[RTA_OIF], &v) && (int)v == oif) ||
		  (t.at[RTA_MULTIPATH] && hop_through(t.at[RTA_MULTIPATH], oif));
	/* A source-specific route (IPv6 `from`) holds only its sources. */
	if (!rr_rt_prefix_holds(src, rtm->rtm_src_len, view->src, bytes))
		return;
	/* Held to OIF, the kernel passes over a route through another. */
	if (oif && rtm->rtm_type == RTN_UNICAST && named_oif && !through)
		return;
	rr_rt_add_route(view, table, rtm->rtm_type, dst, rtm->rtm_dst_len,
			metric);
}

struct dump_reading {
	int oif;
	struct rr_rt_view *view;
};

static int dump_msg(const struct nlmsghdr *nh, void *data)
{
	struct dump_reading *rd = data;

	if (nh->nlmsg_type == RTM_NEWRULE)
		parse_rule(nh, rd->view);
	else if (nh->nlmsg_type == RTM_NEWROUTE)
		parse_route(nh, rd->oif, rd->view);
	return MNL_CB_OK;
}

int rr_route_dump_parse(const void *buf, size_t len, unsigned int seq,
			int oif, struct rr_rt_view *view)
{
	struct dump_reading rd = { .oif = oif, .view = view };
	int err = 0;

	switch (rr_nl_answer(buf, len, seq, dump_msg, &rd, &err)) {
	case RR_NL_DONE:
		return 1;
	case RR_NL_ERROR:
		return -err;
	case RR_NL_BAD:
		return -EBADMSG;
	default:
		return 0;
	}
}

/* Dumps TYPE of VIEW's family into VIEW: 0, or a negative errno. */
static int dump(struct rr_nlsock *s, uint16_t type, int oif, int wait_ms,
		struct rr_rt_view *view)
{
	struct dump_reading rd = { .oif = oif, .view = view };
	char req[RR_NL_REQ];
	struct nlmsghdr *nh;
	struct rtmsg *rtm;	/* a fib_rule_hdr is as long */
	int rc, err;

	if (wait_ms <= 0)
		return -ETIMEDOUT;
	nh = rr_nl_request(req, type, NLM_F_DUMP, sizeof(*rtm), (void **)&rtm);
	rtm->rtm_family = (unsigned char)view->family;
	rc = rr_nlsock_ask(s, nh, wait_ms, dump_msg, &rd, &err);
	return rc ? rc : -err;
}

static int ms_left(const struct timespec *deadline)
{
	struct timespec now = rr_now();

	return (int)rr_ms_until(&now, deadline);
}

/*
 * A socket of its own: a dump cut short by the deadline leaves nothing
 * behind for the route queries' socket to skip.
 */
int rr_route_dump(int oif, struct rr_rt_view *view)
{
	struct timespec deadline = rr_ts_add_ms(rr_now(), DUMP_WAIT_MS);
	struct rr_nlsock s;
	int rc;

	rc = rr_nlsock_open(&s, NETLINK_ROUTE);
	if (rc)
		return rc;
	if (dump(&s, RTM_GETRULE, oif, ms_left(&deadline), view))
		view->num_rules = 0;	/* none read: the defaults hold */
	rc = dump(&s, RTM_GETROUTE, oif, ms_left(&deadline), view);
	rr_nlsock_close(&s);
	return rc;
}
