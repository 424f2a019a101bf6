// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>
#include <netinet/in.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

#include "base/sockaddr.h"
#include "host/route_query.h"

/* Reads before giving up on an answer: stale ones are skipped. */
#define MAX_READS 8
/* The kernel answers within the send; this only bounds a broken one. */
#define ANSWER_WAIT_MS 1000

int rr_route_query_open(void)
{
	return socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
}

static void to_sockaddr(int family, const void *data, size_t len,
			struct sockaddr_storage *ss, bool *have)
{
	memset(ss, 0, sizeof(*ss));
	if (family == AF_INET && len == 4)
		memcpy(&((struct sockaddr_in *)ss)->sin_addr, data, 4);
	else if (family == AF_INET6 && len == 16)
		memcpy(&((struct sockaddr_in6 *)ss)->sin6_addr, data, 16);
	else
		return;
	ss->ss_family = (sa_family_t)family;
	*have = true;
}

/* A multipath route's first hop, as libnl's first nexthop. */
static void first_hop(int family, const struct rtattr *mp,
		      struct rr_route_answer *a)
{
	const struct rtnexthop *nh = RTA_DATA(mp);
	const struct rtattr *rta;
	int len;

	if (RTA_PAYLOAD(mp) < sizeof(*nh) || nh->rtnh_len < sizeof(*nh) ||
	    nh->rtnh_len > RTA_PAYLOAD(mp))
		return;
	if (!a->oif)
		a->oif = nh->rtnh_ifindex;
	len = (int)(nh->rtnh_len - RTNH_LENGTH(0));
	for (rta = RTNH_DATA(nh); RTA_OK(rta, len); rta = RTA_NEXT(rta, len))
		if (rta->rta_type == RTA_GATEWAY && !a->have_gateway)
			to_sockaddr(family, RTA_DATA(rta), RTA_PAYLOAD(rta),
				    &a->gateway, &a->have_gateway);
}

static bool parse_route(const struct nlmsghdr *nh, struct rr_route_answer *a)
{
	const struct rtmsg *rtm = NLMSG_DATA(nh);
	const struct rtattr *rta, *multipath = NULL;
	int len;

	if (nh->nlmsg_len < NLMSG_LENGTH(sizeof(*rtm)))
		return false;
	a->type = rtm->rtm_type;
	len = (int)RTM_PAYLOAD(nh);
	for (rta = RTM_RTA(rtm); RTA_OK(rta, len); rta = RTA_NEXT(rta, len)) {
		switch (rta->rta_type) {
		case RTA_OIF:
			if (RTA_PAYLOAD(rta) >= sizeof(int))
				memcpy(&a->oif, RTA_DATA(rta), sizeof(int));
			break;
		case RTA_GATEWAY:
			to_sockaddr(rtm->rtm_family, RTA_DATA(rta),
				    RTA_PAYLOAD(rta), &a->gateway,
				    &a->have_gateway);
			break;
		case RTA_PREFSRC:
			to_sockaddr(rtm->rtm_family, RTA_DATA(rta),
				    RTA_PAYLOAD(rta), &a->prefsrc,
				    &a->have_prefsrc);
			break;
		case RTA_MULTIPATH:
			multipath = rta;
			break;
		}
	}
	/* Last: a hop named outside RTA_MULTIPATH wins. */
	if (multipath)
		first_hop(rtm->rtm_family, multipath, a);
	return true;
}

bool rr_route_parse(const void *buf, size_t len, unsigned int seq,
		    struct rr_route_answer *a)
{
	const struct nlmsghdr *nh = buf;
	const struct nlmsgerr *e;
	int left = len > (size_t)0x7fffffff ? 0x7fffffff : (int)len;

	memset(a, 0, sizeof(*a));
	for (; NLMSG_OK(nh, left); nh = NLMSG_NEXT(nh, left)) {
		if (nh->nlmsg_seq != seq)
			continue;
		if (nh->nlmsg_type == NLMSG_ERROR) {
			e = NLMSG_DATA(nh);
			if (nh->nlmsg_len < NLMSG_LENGTH(sizeof(*e)))
				return false;
			if (!e->error)
				continue;	/* an ACK */
			a->err = e->error < 0 ? -e->error : e->error;
			return true;
		}
		if (nh->nlmsg_type == RTM_NEWROUTE) {
			if (parse_route(nh, a))
				return true;
			memset(a, 0, sizeof(*a));
		}
	}
	return false;
}

/* An attribute after REQ's last: REQ has room for it (CAP bytes). */
static void add_attr(void *req, size_t cap, unsigned short type,
		     const void *data, size_t len)
{
	struct nlmsghdr *nh = req;
	size_t at = NLMSG_ALIGN(nh->nlmsg_len);
	struct rtattr rta = {
		.rta_type = type,
		.rta_len = (unsigned short)RTA_LENGTH(len),
	};

	if (at + RTA_SPACE(len) > cap)
		return;
	memcpy((char *)req + at, &rta, sizeof(rta));
	memcpy((char *)req + at + RTA_LENGTH(0), data, len);
	nh->nlmsg_len = (unsigned int)(at + RTA_SPACE(len));
}

static int send_request(int fd, unsigned int seq,
			const struct sockaddr_storage *dst,
			const struct sockaddr_storage *src, int oif)
{
	struct {
		struct nlmsghdr nh;
		struct rtmsg rtm;
		char attrs[2 * RTA_SPACE(16) + RTA_SPACE(sizeof(int))];
	} req;
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	const void *d, *s = NULL;
	size_t dlen, slen = 0;

	d = rr_sockaddr_bytes(dst, &dlen);
	if (src)
		s = rr_sockaddr_bytes(src, &slen);
	if (!d || (s && slen != dlen))
		return -EINVAL;
	memset(&req, 0, sizeof(req));
	req.nh.nlmsg_len = NLMSG_LENGTH(sizeof(req.rtm));
	req.nh.nlmsg_type = RTM_GETROUTE;
	req.nh.nlmsg_flags = NLM_F_REQUEST;
	req.nh.nlmsg_seq = seq;
	req.rtm.rtm_family = (unsigned char)dst->ss_family;
	req.rtm.rtm_dst_len = (unsigned char)(dlen * 8);
	add_attr(&req, sizeof(req), RTA_DST, d, dlen);
	if (s) {
		req.rtm.rtm_src_len = (unsigned char)(slen * 8);
		add_attr(&req, sizeof(req), RTA_SRC, s, slen);
	}
	if (oif)
		add_attr(&req, sizeof(req), RTA_OIF, &oif, sizeof(oif));
	if (sendto(fd, &req, req.nh.nlmsg_len, 0, (struct sockaddr *)&kernel,
		   sizeof(kernel)) < 0)
		return -errno;
	return 0;
}

int rr_route_query(int fd, unsigned int seq,
		   const struct sockaddr_storage *dst,
		   const struct sockaddr_storage *src, int oif,
		   struct rr_route_answer *a)
{
	/* An answer is a few hundred bytes; aligned for the headers. */
	union {
		struct nlmsghdr nh;
		char bytes[8192];
	} buf;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	ssize_t got;
	int rc, i;

	memset(a, 0, sizeof(*a));
	rc = send_request(fd, seq, dst, src, oif);
	if (rc)
		return rc;
	for (i = 0; i < MAX_READS; i++) {
		got = recv(fd, &buf, sizeof(buf), MSG_DONTWAIT);
		if (got < 0 && errno == EAGAIN) {
			rc = poll(&pfd, 1, ANSWER_WAIT_MS);
			if (rc <= 0)
				return rc < 0 ? -errno : -ETIMEDOUT;
			continue;
		}
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -errno;
		if (rr_route_parse(&buf, (size_t)got, seq, a))
			return 0;
	}
	return -ENOMSG;
}
