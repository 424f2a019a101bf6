// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netinet/in.h>
#include <linux/fib_rules.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

#include "base/clock.h"
#include "host/route_dump.h"

/* A dump's parts are at most 32 KiB: a larger buffer never cuts one. */
#define DUMP_BUF (64 * 1024)
/* The kernel answers as fast as it is read; this bounds a broken one. */
#define DUMP_WAIT_MS 2000

enum { SEQ_RULES = 1, SEQ_ROUTES = 2 };

static unsigned int addr_bytes(int family)
{
	return family == AF_INET ? 4 : 16;
}

static bool get_u32(const struct rtattr *rta, uint32_t *v)
{
	if (RTA_PAYLOAD(rta) < sizeof(*v))
		return false;
	memcpy(v, RTA_DATA(rta), sizeof(*v));
	return true;
}

static void get_addr(const struct rtattr *rta, unsigned int bytes,
		     uint8_t *addr)
{
	if (RTA_PAYLOAD(rta) == bytes)
		memcpy(addr, RTA_DATA(rta), bytes);
}

static void get_name(const struct rtattr *rta, char *name, size_t len)
{
	size_t n = RTA_PAYLOAD(rta);

	if (n >= len)
		n = len - 1;
	memcpy(name, RTA_DATA(rta), n);
	name[n] = '\0';
}

/* A selector's value that is set: the CM's lookups carry none. */
static bool nonzero(const struct rtattr *rta)
{
	const unsigned char *p = RTA_DATA(rta);
	size_t i;

	for (i = 0; i < RTA_PAYLOAD(rta); i++)
		if (p[i])
			return true;
	return false;
}

static void rule_attr(const struct rtattr *rta, unsigned int bytes,
		      struct rr_rt_rule *r)
{
	struct fib_rule_uid_range uid;
	uint32_t v;

	switch (rta->rta_type & NLA_TYPE_MASK) {
	case FRA_DST:
		get_addr(rta, bytes, r->dst);
		break;
	case FRA_SRC:
		get_addr(rta, bytes, r->src);
		break;
	case FRA_IIFNAME:
		get_name(rta, r->iif, sizeof(r->iif));
		break;
	case FRA_OIFNAME:
		get_name(rta, r->oif, sizeof(r->oif));
		break;
	case FRA_PRIORITY:
		get_u32(rta, &r->pref);
		break;
	case FRA_TABLE:
		if (get_u32(rta, &v) && v)
			r->table = v;
		break;
	case FRA_GOTO:
		get_u32(rta, &r->goto_pref);
		break;
	case FRA_FWMARK:
		get_u32(rta, &r->mark);
		break;
	case FRA_FWMASK:
		get_u32(rta, &r->mark_mask);
		break;
	case FRA_SUPPRESS_PREFIXLEN:
		if (get_u32(rta, &v))
			r->suppress_len = (int)v;
		break;
	case FRA_UID_RANGE:
		if (RTA_PAYLOAD(rta) < sizeof(uid))
			break;
		memcpy(&uid, RTA_DATA(rta), sizeof(uid));
		r->have_uid_range = true;
		r->uid_start = uid.start;
		r->uid_end = uid.end;
		break;
	case FRA_L3MDEV:
	case FRA_IP_PROTO:
	case FRA_SPORT_RANGE:
	case FRA_DPORT_RANGE:
	case FRA_TUN_ID:
		if (nonzero(rta))
			r->never_matches = true;
		break;
	}
}

static void parse_rule(const struct nlmsghdr *nh, struct rr_rt_view *view)
{
	const struct fib_rule_hdr *frh = NLMSG_DATA(nh);
	unsigned int bytes = addr_bytes(view->family);
	struct rr_rt_rule r = { .mark_mask = UINT32_MAX, .suppress_len = -1 };
	const struct rtattr *rta;
	int len;

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
	len = (int)(nh->nlmsg_len - NLMSG_LENGTH(sizeof(*frh)));
	rta = (const struct rtattr *)((const char *)frh +
				      NLMSG_ALIGN(sizeof(*frh)));
	for (; RTA_OK(rta, len); rta = RTA_NEXT(rta, len))
		rule_attr(rta, bytes, &r);
	rr_rt_add_rule(view, &r);
}

/* A multipath route goes through OIF when one of its hops does. */
static bool hop_through(const struct rtattr *mp, int oif)
{
	const struct rtnexthop *nh = RTA_DATA(mp);
	int left = (int)RTA_PAYLOAD(mp);

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
	const struct rtmsg *rtm = NLMSG_DATA(nh);
	unsigned int bytes = addr_bytes(view->family), table;
	uint8_t dst[16] = { 0 }, src[16] = { 0 };
	uint32_t metric = 0, v;
	const struct rtattr *rta;
	bool named_oif = false, through = false;
	int len;

	if (nh->nlmsg_len < NLMSG_LENGTH(sizeof(*rtm)) ||
	    rtm->rtm_family != view->family || rtm->rtm_tos ||
	    (rtm->rtm_flags & RTM_F_CLONED) || rtm->rtm_dst_len > bytes * 8 ||
	    rtm->rtm_src_len > bytes * 8)
		return;
	table = rtm->rtm_table;
	len = (int)RTM_PAYLOAD(nh);
	for (rta = RTM_RTA(rtm); RTA_OK(rta, len); rta = RTA_NEXT(rta, len)) {
		switch (rta->rta_type) {
		case RTA_TABLE:
			if (get_u32(rta, &v))
				table = v;
			break;
		case RTA_DST:
			get_addr(rta, bytes, dst);
			break;
		case RTA_SRC:
			get_addr(rta, bytes, src);
			break;
		case RTA_PRIORITY:
			get_u32(rta, &metric);
			break;
		case RTA_OIF:
			named_oif = true;
			through |= get_u32(rta, &v) && (int)v == oif;
			break;
		case RTA_MULTIPATH:
			named_oif = true;
			through |= hop_through(rta, oif);
			break;
		}
	}
	/* A source-specific route (IPv6 `from`) holds only its sources. */
	if (!rr_rt_prefix_holds(src, rtm->rtm_src_len, view->src, bytes))
		return;
	/* Held to OIF, the kernel passes over a route through another. */
	if (oif && rtm->rtm_type == RTN_UNICAST && named_oif && !through)
		return;
	rr_rt_add_route(view, table, rtm->rtm_type, dst, rtm->rtm_dst_len,
			metric);
}

int rr_route_dump_parse(const void *buf, size_t len, unsigned int seq,
			int oif, struct rr_rt_view *view)
{
	const struct nlmsghdr *nh = buf;
	const struct nlmsgerr *e;
	int left = len > (size_t)0x7fffffff ? 0x7fffffff : (int)len;

	for (; NLMSG_OK(nh, left); nh = NLMSG_NEXT(nh, left)) {
		if (nh->nlmsg_seq != seq)
			continue;
		switch (nh->nlmsg_type) {
		case NLMSG_DONE:
			return 1;
		case NLMSG_ERROR:
			e = NLMSG_DATA(nh);
			if (nh->nlmsg_len < NLMSG_LENGTH(sizeof(*e)))
				return -EBADMSG;
			if (e->error)
				return e->error < 0 ? e->error : -e->error;
			break;
		case RTM_NEWRULE:
			parse_rule(nh, view);
			break;
		case RTM_NEWROUTE:
			parse_route(nh, oif, view);
			break;
		}
	}
	return 0;
}

static int send_dump(int fd, unsigned int seq, unsigned short type,
		     int family)
{
	struct {
		struct nlmsghdr nh;
		struct rtmsg rtm;	/* a fib_rule_hdr is as long */
	} req;
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };

	memset(&req, 0, sizeof(req));
	req.nh.nlmsg_len = NLMSG_LENGTH(sizeof(req.rtm));
	req.nh.nlmsg_type = type;
	req.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
	req.nh.nlmsg_seq = seq;
	req.rtm.rtm_family = (unsigned char)family;
	if (sendto(fd, &req, req.nh.nlmsg_len, 0, (struct sockaddr *)&kernel,
		   sizeof(kernel)) < 0)
		return -errno;
	return 0;
}

/* Reads dump SEQ to its end: 0, or a negative errno. */
static int read_dump(int fd, unsigned int seq, int oif, char *buf,
		     const struct timespec *deadline, struct rr_rt_view *view)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	struct timespec now;
	ssize_t got;
	long wait;
	int rc;

	for (;;) {
		got = recv(fd, buf, DUMP_BUF, MSG_DONTWAIT);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0 && errno == EAGAIN) {
			now = rr_now();
			wait = rr_ms_until(&now, deadline);
			if (wait <= 0 || poll(&pfd, 1, (int)wait) == 0)
				return -ETIMEDOUT;
			continue;
		}
		if (got < 0)
			return -errno;
		rc = rr_route_dump_parse(buf, (size_t)got, seq, oif, view);
		if (rc)
			return rc < 0 ? rc : 0;
	}
}

/*
 * A socket of its own: a dump cut short by the deadline leaves nothing
 * behind for the route queries' socket to skip.
 */
int rr_route_dump(int oif, struct rr_rt_view *view)
{
	struct timespec deadline = rr_ts_add_ms(rr_now(), DUMP_WAIT_MS);
	char *buf = malloc(DUMP_BUF);
	int fd = -1, rc = -ENOMEM;

	if (!buf)
		goto out;
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	if (fd < 0) {
		rc = -errno;
		goto out;
	}
	rc = send_dump(fd, SEQ_RULES, RTM_GETRULE, view->family);
	if (!rc && read_dump(fd, SEQ_RULES, oif, buf, &deadline, view))
		view->num_rules = 0;	/* none read: the defaults hold */
	if (!rc)
		rc = send_dump(fd, SEQ_ROUTES, RTM_GETROUTE, view->family);
	if (!rc)
		rc = read_dump(fd, SEQ_ROUTES, oif, buf, &deadline, view);
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	return rc;
}
