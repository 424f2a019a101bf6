// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <string.h>
#include <netinet/in.h>
#include <linux/rtnetlink.h>

#include "base/sockaddr.h"
#include "host/rdma_libs.h"
#include "host/route_query.h"

/* The kernel answers within the send; this only bounds a broken one. */
#define ANSWER_WAIT_MS 1000

static void to_sockaddr(int family, const struct nlattr *at,
			struct sockaddr_storage *ss, bool *have)
{
	size_t len = family == AF_INET ? 4 : 16;
	const void *data = rr_nl_exact(at, len);

	if (!data || (family != AF_INET && family != AF_INET6))
		return;
	memset(ss, 0, sizeof(*ss));
	if (family == AF_INET)
		memcpy(&((struct sockaddr_in *)ss)->sin_addr, data, 4);
	else
		memcpy(&((struct sockaddr_in6 *)ss)->sin6_addr, data, 16);
	ss->ss_family = (sa_family_t)family;
	*have = true;
}

/* A multipath route's first hop, as libnl's first nexthop. */
static void first_hop(int family, const struct nlattr *mp,
		      struct rr_route_answer *a)
{
	const struct rtnexthop *nh = rr_dl.mnl_attr_get_payload(mp);
	size_t len = rr_dl.mnl_attr_get_payload_len(mp);
	struct rr_nl_attrs t;

	if (len < sizeof(*nh) || nh->rtnh_len < sizeof(*nh) ||
	    nh->rtnh_len > len)
		return;
	if (!a->oif)
		a->oif = nh->rtnh_ifindex;
	rr_nl_payload_attrs(RTNH_DATA(nh), nh->rtnh_len - RTNH_LENGTH(0), &t);
	if (!a->have_gateway)
		to_sockaddr(family, t.at[RTA_GATEWAY], &a->gateway,
			    &a->have_gateway);
}

struct route_reading {
	struct rr_route_answer *a;
	bool found;
};

/* An RTM_NEWROUTE answers; the answer is whole with it. */
static int route_msg(const struct nlmsghdr *nh, void *data)
{
	struct route_reading *rd = data;
	struct rr_route_answer *a = rd->a;
	const struct rtmsg *rtm = rr_dl.mnl_nlmsg_get_payload(nh);
	struct rr_nl_attrs t;
	uint32_t oif;

	if (nh->nlmsg_type != RTM_NEWROUTE ||
	    nh->nlmsg_len < NLMSG_LENGTH(sizeof(*rtm)))
		return MNL_CB_OK;
	rr_nl_attrs(nh, sizeof(*rtm), &t);
	a->type = rtm->rtm_type;
	if (rr_nl_u32(t.at[RTA_OIF], &oif))
		a->oif = (int)oif;
	to_sockaddr(rtm->rtm_family, t.at[RTA_GATEWAY], &a->gateway,
		    &a->have_gateway);
	to_sockaddr(rtm->rtm_family, t.at[RTA_PREFSRC], &a->prefsrc,
		    &a->have_prefsrc);
	/* Last: a hop named outside RTA_MULTIPATH wins. */
	if (t.at[RTA_MULTIPATH])
		first_hop(rtm->rtm_family, t.at[RTA_MULTIPATH], a);
	rd->found = true;
	return MNL_CB_STOP;
}

bool rr_route_parse(const void *buf, size_t len, unsigned int seq,
		    struct rr_route_answer *a)
{
	struct route_reading rd = { .a = a };
	int err = 0;

	memset(a, 0, sizeof(*a));
	switch (rr_nl_answer(buf, len, seq, route_msg, &rd, &err)) {
	case RR_NL_DONE:
		return rd.found;
	case RR_NL_ERROR:
		a->err = err;
		return true;
	default:
		return false;
	}
}

int rr_route_query(struct rr_nlsock *s,
		   const struct sockaddr_storage *dst,
		   const struct sockaddr_storage *src, int oif,
		   struct rr_route_answer *a)
{
	char req[RR_NL_REQ];
	struct route_reading rd = { .a = a };
	struct nlmsghdr *nh;
	struct rtmsg *rtm;
	const void *d, *sb = NULL;
	size_t dlen, slen = 0;
	int rc, err;

	memset(a, 0, sizeof(*a));
	d = rr_sockaddr_bytes(dst, &dlen);
	if (src)
		sb = rr_sockaddr_bytes(src, &slen);
	if (!d || (sb && slen != dlen))
		return -EINVAL;
	nh = rr_nl_request(req, RTM_GETROUTE, 0, sizeof(*rtm), (void **)&rtm);
	rtm->rtm_family = (unsigned char)dst->ss_family;
	rtm->rtm_dst_len = (unsigned char)(dlen * 8);
	rr_dl.mnl_attr_put(nh, RTA_DST, dlen, d);
	if (sb) {
		rtm->rtm_src_len = (unsigned char)(slen * 8);
		rr_dl.mnl_attr_put(nh, RTA_SRC, slen, sb);
	}
	if (oif)
		rr_dl.mnl_attr_put_u32(nh, RTA_OIF, (uint32_t)oif);
	rc = rr_nlsock_ask(s, nh, ANSWER_WAIT_MS, route_msg, &rd, &err);
	if (rc)
		return rc;
	if (err) {
		memset(a, 0, sizeof(*a));
		a->err = err;
		return 0;
	}
	return rd.found ? 0 : -ENOMSG;
}
