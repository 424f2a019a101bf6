// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <netinet/in.h>
#include <netinet/ip_icmp.h>
#include <netinet/icmp6.h>
#include <linux/errqueue.h>

#include "base/sockaddr.h"
#include "host/udp_probe.h"

int rr_udp_probe_send(const struct sockaddr_storage *dst,
		      const struct sockaddr_storage *src)
{
	struct sockaddr_storage to = *dst;
	int fd, on = 1, level, opt, saved;
	/* Not a RoCE packet: its receiver's RoCE stack drops it as one. */
	static const char payload[] = "rdma-route udp probe";

	if (dst->ss_family != AF_INET && dst->ss_family != AF_INET6) {
		errno = EAFNOSUPPORT;
		return -1;
	}
	fd = socket(dst->ss_family, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0)
		return -1;
	level = dst->ss_family == AF_INET6 ? IPPROTO_IPV6 : IPPROTO_IP;
	opt = dst->ss_family == AF_INET6 ? IPV6_RECVERR : IP_RECVERR;
	if (setsockopt(fd, level, opt, &on, sizeof(on)))
		goto fail;
	if (src && src->ss_family == dst->ss_family) {
		struct sockaddr_storage from = *src;

		rr_sockaddr_set_port(&from, 0);
		if (bind(fd, (struct sockaddr *)&from, rr_sockaddr_len(&from)))
			goto fail;
	}
	rr_sockaddr_set_port(&to, RR_ROCE_V2_PORT);
	/* Connected: the ICMP errors of that peer only come back. */
	if (connect(fd, (struct sockaddr *)&to, rr_sockaddr_len(&to)) ||
	    send(fd, payload, sizeof(payload) - 1, 0) < 0)
		goto fail;
	return fd;
fail:
	saved = errno;
	close(fd);
	errno = saved;
	return -1;
}

static enum rr_udp_answer of_icmp(const struct sock_extended_err *ee)
{
	if (ee->ee_origin == SO_EE_ORIGIN_ICMP) {
		if (ee->ee_type != ICMP_DEST_UNREACH)
			return RR_UDP_OTHER_ERROR;
		return ee->ee_code == ICMP_PORT_UNREACH ?
			       RR_UDP_PORT_UNREACHABLE : RR_UDP_HOST_UNREACHABLE;
	}
	if (ee->ee_origin == SO_EE_ORIGIN_ICMP6) {
		if (ee->ee_type != ICMP6_DST_UNREACH)
			return RR_UDP_OTHER_ERROR;
		return ee->ee_code == ICMP6_DST_UNREACH_NOPORT ?
			       RR_UDP_PORT_UNREACHABLE : RR_UDP_HOST_UNREACHABLE;
	}
	return RR_UDP_OTHER_ERROR;
}

bool rr_sock_icmp_error(int fd, struct sock_extended_err *err,
			struct sockaddr_storage *from)
{
	char control[512], data[64];
	struct iovec iov = { .iov_base = data, .iov_len = sizeof(data) };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = control, .msg_controllen = sizeof(control),
	};
	const struct sock_extended_err *ee;
	struct cmsghdr *cm;

	if (recvmsg(fd, &msg, MSG_ERRQUEUE | MSG_DONTWAIT) < 0)
		return false;
	for (cm = CMSG_FIRSTHDR(&msg); cm; cm = CMSG_NXTHDR(&msg, cm)) {
		if (!((cm->cmsg_level == IPPROTO_IP && cm->cmsg_type == IP_RECVERR) ||
		      (cm->cmsg_level == IPPROTO_IPV6 && cm->cmsg_type == IPV6_RECVERR)))
			continue;
		ee = (const void *)CMSG_DATA(cm);
		*err = *ee;
		if (from) {
			memset(from, 0, sizeof(*from));
			memcpy(from, SO_EE_OFFENDER(ee),
			       cm->cmsg_level == IPPROTO_IPV6 ?
				       sizeof(struct sockaddr_in6) :
				       sizeof(struct sockaddr_in));
		}
		return true;
	}
	/* An error with no ICMP in it. */
	memset(err, 0, sizeof(*err));
	return true;
}

enum rr_udp_answer rr_udp_probe_answer(int fd, struct sockaddr_storage *from)
{
	struct sock_extended_err ee;

	if (!rr_sock_icmp_error(fd, &ee, from))
		return RR_UDP_NO_ANSWER;
	return of_icmp(&ee);
}
