// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/errqueue.h>
#include <netinet/icmp6.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <netinet/ip_icmp.h>

#include "base/clock.h"
#include "base/sockaddr.h"
#include "host/echo_probe.h"
#include "host/udp_probe.h"

static uint16_t checksum(const void *data, size_t len)
{
	const uint8_t *b = data;
	uint32_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (uint32_t)(b[i] << 8 | b[i + 1]);
	if (len & 1)
		sum += (uint32_t)b[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return htons((uint16_t)~sum);
}

/* A ping socket if the group range allows it, else a raw one. */
static int open_socket(struct rr_echo_probe *p)
{
	int proto = p->family == AF_INET6 ? IPPROTO_ICMPV6 : IPPROTO_ICMP;
	int on = 1;

	p->fd = socket(p->family, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
		       proto);
	if (p->fd >= 0) {
		/* Errors (unreachable) come back on the error queue. */
		if (p->family == AF_INET6)
			setsockopt(p->fd, IPPROTO_IPV6, IPV6_RECVERR, &on, sizeof(on));
		else
			setsockopt(p->fd, IPPROTO_IP, IP_RECVERR, &on, sizeof(on));
		return 0;
	}
	p->raw = true;
	p->fd = socket(p->family, SOCK_RAW | SOCK_CLOEXEC | SOCK_NONBLOCK, proto);
	if (p->fd >= 0 && p->family == AF_INET6) {
		struct icmp6_filter f;

		ICMP6_FILTER_SETBLOCKALL(&f);
		ICMP6_FILTER_SETPASS(ICMP6_ECHO_REPLY, &f);
		ICMP6_FILTER_SETPASS(ICMP6_DST_UNREACH, &f);
		setsockopt(p->fd, IPPROTO_ICMPV6, ICMP6_FILTER, &f, sizeof(f));
	}
	return p->fd < 0 ? -1 : 0;
}

int rr_echo_probe_open(struct rr_echo_probe *p,
		       const struct sockaddr_storage *dst,
		       const struct sockaddr_storage *src)
{
	struct sockaddr_storage from;
	int saved;

	memset(p, 0, sizeof(*p));
	p->fd = -1;
	if (dst->ss_family != AF_INET && dst->ss_family != AF_INET6) {
		errno = EAFNOSUPPORT;
		return -1;
	}
	p->family = dst->ss_family;
	p->dst = *dst;
	/* An id of its own: this process may have several probes out. */
	p->id = (uint16_t)((unsigned int)getpid() ^
			   (unsigned int)rr_now().tv_nsec ^
			   (unsigned int)((uintptr_t)p >> 4));
	if (open_socket(p))
		goto fail;
	if (src && src->ss_family == p->family) {
		from = *src;
		rr_sockaddr_set_port(&from, 0);
		if (bind(p->fd, (struct sockaddr *)&from, rr_sockaddr_len(&from)))
			goto fail;
	}
	return 0;
fail:
	saved = errno;
	rr_echo_probe_close(p);
	errno = saved;
	return -1;
}

int rr_echo_probe_send(struct rr_echo_probe *p)
{
	uint8_t msg[16] = { 0 };
	struct icmphdr *h = (struct icmphdr *)msg;

	h->type = p->family == AF_INET6 ? ICMP6_ECHO_REQUEST : ICMP_ECHO;
	h->un.echo.id = htons(p->id);
	h->un.echo.sequence = htons(++p->seq);
	memcpy(msg + 8, "rr-echo", 7);
	/* ICMPv6's is the kernel's; a ping socket's too. */
	if (p->raw && p->family == AF_INET)
		h->checksum = checksum(msg, sizeof(msg));
	return sendto(p->fd, msg, sizeof(msg), 0, (struct sockaddr *)&p->dst,
		      rr_sockaddr_len(&p->dst)) < 0 ? -1 : 0;
}

/* A raw IPv4 packet (its IP header first): ours, and what. */
static enum rr_echo_answer of_raw4(const struct rr_echo_probe *p,
				   const uint8_t *b, size_t n, int *code)
{
	const struct iphdr *ip = (const void *)b;
	const struct icmphdr *h, *inner;
	size_t hl;

	if (n < sizeof(*ip) || (hl = (size_t)ip->ihl * 4) + 8 > n)
		return RR_ECHO_NONE;
	h = (const void *)(b + hl);
	if (h->type == ICMP_ECHOREPLY && ntohs(h->un.echo.id) == p->id)
		return RR_ECHO_REPLY;
	/* An error quotes our packet: its IP header, then our ICMP. */
	if (h->type == ICMP_DEST_UNREACH && n >= hl + 8 + 20 + 8) {
		const struct iphdr *q = (const void *)(b + hl + 8);
		size_t ql = (size_t)q->ihl * 4;

		if (hl + 8 + ql + 8 > n)
			return RR_ECHO_NONE;
		inner = (const void *)(b + hl + 8 + ql);
		if (inner->type == ICMP_ECHO && ntohs(inner->un.echo.id) == p->id) {
			*code = h->code;
			return RR_ECHO_UNREACHABLE;
		}
	}
	return RR_ECHO_NONE;
}

static enum rr_echo_answer of_raw6(const struct rr_echo_probe *p,
				   const uint8_t *b, size_t n, int *code)
{
	const struct icmp6_hdr *h = (const void *)b, *inner;

	if (n < sizeof(*h))
		return RR_ECHO_NONE;
	if (h->icmp6_type == ICMP6_ECHO_REPLY && ntohs(h->icmp6_id) == p->id)
		return RR_ECHO_REPLY;
	/* The quoted packet: a 40-byte IPv6 header, then our echo. */
	if (h->icmp6_type == ICMP6_DST_UNREACH && n >= 8 + 40 + 8) {
		inner = (const void *)(b + 8 + 40);
		if (inner->icmp6_type == ICMP6_ECHO_REQUEST &&
		    ntohs(inner->icmp6_id) == p->id) {
			*code = h->icmp6_code;
			return RR_ECHO_UNREACHABLE;
		}
	}
	return RR_ECHO_NONE;
}

/* A ping socket's error queue: an ICMP error about our echo. */
static enum rr_echo_answer of_errqueue(struct rr_echo_probe *p, int *code)
{
	struct sock_extended_err ee;

	if (!rr_sock_icmp_error(p->fd, &ee, NULL))
		return RR_ECHO_NONE;
	if ((ee.ee_origin == SO_EE_ORIGIN_ICMP && ee.ee_type == ICMP_DEST_UNREACH) ||
	    (ee.ee_origin == SO_EE_ORIGIN_ICMP6 && ee.ee_type == ICMP6_DST_UNREACH)) {
		*code = ee.ee_code;
		return RR_ECHO_UNREACHABLE;
	}
	return RR_ECHO_NONE;
}

enum rr_echo_answer rr_echo_probe_read(struct rr_echo_probe *p, int *code)
{
	enum rr_echo_answer a, best = RR_ECHO_NONE;
	uint8_t buf[512];
	ssize_t n;

	if (p->fd < 0)
		return RR_ECHO_NONE;
	while ((n = recv(p->fd, buf, sizeof(buf), 0)) >= 0) {
		if (!p->raw)
			a = (size_t)n >= 8 && (buf[0] == ICMP_ECHOREPLY ||
					       buf[0] == ICMP6_ECHO_REPLY) ?
				    RR_ECHO_REPLY : RR_ECHO_NONE;
		else if (p->family == AF_INET)
			a = of_raw4(p, buf, (size_t)n, code);
		else
			a = of_raw6(p, buf, (size_t)n, code);
		if (a == RR_ECHO_REPLY)
			return a;
		if (a != RR_ECHO_NONE)
			best = a;
	}
	if (!p->raw && best == RR_ECHO_NONE)
		best = of_errqueue(p, code);
	return best;
}

void rr_echo_probe_close(struct rr_echo_probe *p)
{
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
}
