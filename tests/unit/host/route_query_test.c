// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/host/route_query.c: the kernel's answers, made here. */
#include <arpa/inet.h>
#include <errno.h>
#include <string.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

#include "host/route_query.h"
#include "netlink_msgs.h"
#include "host/rdma_libs.h"
#include "../tap.h"

static void route(unsigned int seq, int family, unsigned char type)
{
	struct rtmsg rtm = { .rtm_family = (unsigned char)family,
			     .rtm_type = type };

	begin(RTM_NEWROUTE, seq);
	put(&rtm, sizeof(rtm));
}

static const char *ip(const struct sockaddr_storage *ss, char *out, size_t len)
{
	const void *a = ss->ss_family == AF_INET6 ?
		(const void *)&((const struct sockaddr_in6 *)ss)->sin6_addr :
		(const void *)&((const struct sockaddr_in *)ss)->sin_addr;

	return inet_ntop(ss->ss_family, a, out, (socklen_t)len) ? out : "?";
}

static void unicast_v4(void)
{
	struct rr_route_answer a;
	struct in_addr gw, src;
	int oif = 3;
	char s[64];

	reset();
	inet_pton(AF_INET, "10.0.0.1", &gw);
	inet_pton(AF_INET, "10.0.0.2", &src);
	route(7, AF_INET, RTN_UNICAST);
	attr(RTA_OIF, &oif, sizeof(oif));
	attr(RTA_GATEWAY, &gw, sizeof(gw));
	attr(RTA_PREFSRC, &src, sizeof(src));
	ok(rr_route_parse(&buf, used, 7, &a), "a route is an answer");
	is_int(a.err, 0, "no error");
	is_int(a.type, RTN_UNICAST, "unicast");
	is_int(a.oif, 3, "its output interface");
	ok(a.have_gateway, "a gateway");
	is_str(ip(&a.gateway, s, sizeof(s)), "10.0.0.1", "the gateway");
	ok(a.have_prefsrc, "a preferred source");
	is_str(ip(&a.prefsrc, s, sizeof(s)), "10.0.0.2", "the source");
	ok(!rr_route_parse(&buf, used, 8, &a), "another request's answer is none");
	is_int(a.oif, 0, "and leaves nothing behind");
}

static void local_v4(void)
{
	struct rr_route_answer a;
	int oif = 1;

	reset();
	route(1, AF_INET, RTN_LOCAL);
	attr(RTA_OIF, &oif, sizeof(oif));
	ok(rr_route_parse(&buf, used, 1, &a) && a.type == RTN_LOCAL &&
	   a.oif == 1 && !a.have_gateway && !a.have_prefsrc,
	   "a local route: type local, lo, no gateway");
}

static void errors(void)
{
	struct rr_route_answer a;
	int oif = 9;

	reset();
	error(4, -ENETUNREACH);
	ok(rr_route_parse(&buf, used, 4, &a), "an error is an answer");
	is_int(a.err, ENETUNREACH, "the kernel's errno, positive");

	reset();
	error(3, -EHOSTUNREACH);	/* a stale answer, then an ACK */
	error(4, 0);
	route(4, AF_INET, RTN_UNICAST);
	attr(RTA_OIF, &oif, sizeof(oif));
	ok(rr_route_parse(&buf, used, 4, &a) && !a.err && a.oif == 9,
	   "a stale answer and an ACK are skipped for the route");

	reset();
	error(4, 0);
	ok(!rr_route_parse(&buf, used, 4, &a), "an ACK alone is no answer");

	reset();
	begin(NLMSG_ERROR, 4);	/* cut short: no nlmsgerr */
	ok(!rr_route_parse(&buf, used, 4, &a), "an error cut short is no answer");
}

static void multipath_v6(void)
{
	struct rr_route_answer a;
	struct {
		struct rtnexthop nh;
		char gw[RTA_SPACE(16)];
	} mp = { 0 };
	struct rtattr rta = { .rta_type = RTA_GATEWAY,
			      .rta_len = RTA_LENGTH(16) };
	struct in6_addr gw;
	char s[64];

	reset();
	inet_pton(AF_INET6, "fe80::1", &gw);
	memcpy(mp.gw, &rta, sizeof(rta));
	memcpy(mp.gw + RTA_LENGTH(0), &gw, 16);
	mp.nh.rtnh_len = (unsigned short)sizeof(mp);
	mp.nh.rtnh_ifindex = 5;
	route(2, AF_INET6, RTN_UNICAST);
	attr(RTA_MULTIPATH, &mp, sizeof(mp));
	ok(rr_route_parse(&buf, used, 2, &a), "a multipath route is an answer");
	is_int(a.oif, 5, "its first hop's interface");
	ok(a.have_gateway, "its first hop's gateway");
	is_str(ip(&a.gateway, s, sizeof(s)), "fe80::1", "the gateway, IPv6");
	is_int(a.gateway.ss_family, AF_INET6, "of the route's family");
}

static void malformed(void)
{
	struct rr_route_answer a;
	unsigned char three[3] = { 10, 0, 0 };
	int oif = 2;

	reset();
	route(5, AF_INET, RTN_UNICAST);
	attr(RTA_GATEWAY, three, sizeof(three));	/* not 4 bytes */
	attr(RTA_OIF, &oif, sizeof(oif));
	ok(rr_route_parse(&buf, used, 5, &a) && !a.have_gateway && a.oif == 2,
	   "a gateway of the wrong length is none; what follows is read");

	reset();
	route(5, AF_INET, RTN_UNICAST);
	attr(RTA_OIF, &oif, sizeof(oif));
	/* The message says it is longer than what was received. */
	ok(!rr_route_parse(&buf, used - 4, 5, &a),
	   "a message cut short by the read is no answer");
	ok(!rr_route_parse(&buf, 3, 5, &a), "3 bytes are no answer");
	ok(!rr_route_parse(&buf, 0, 5, &a), "nothing is no answer");

	reset();
	begin(RTM_NEWROUTE, 6);	/* no rtmsg */
	ok(!rr_route_parse(&buf, used, 6, &a), "a route without its rtmsg is none");
}

int main(void)
{
	/* The parsers read through libmnl, loaded as the tool loads it. */
	ok(rr_dl_load(RR_DL_MNL), "libmnl loads: %s", rr_dl_error(RR_DL_MNL));
	if (tap_failed)
		return tap_done();
	unicast_v4();
	local_v4();
	errors();
	multipath_v6();
	malformed();
	return tap_done();
}
