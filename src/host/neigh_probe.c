// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if_arp.h>
#include <netinet/icmp6.h>
#include <netinet/in.h>

#include "base/sockaddr.h"
#include "host/neigh_probe.h"
#include "host/sysfs.h"

/* An Ethernet ARP packet for IPv4, after its fixed header. */
struct arp_ipv4 {
	struct arphdr h;
	uint8_t sha[6], spa[4], tha[6], tpa[4];
} __attribute__((packed));

/* A neighbour solicitation with our link-layer address. */
struct ns_msg {
	struct nd_neighbor_solicit ns;
	uint8_t opt_type, opt_len, mac[6];
} __attribute__((packed));

static void mac_text(const uint8_t m[6], char *buf, size_t len)
{
	snprintf(buf, len, "%02x:%02x:%02x:%02x:%02x:%02x", m[0], m[1], m[2],
		 m[3], m[4], m[5]);
}

static int open_arp(struct rr_neigh_probe *p)
{
	struct sockaddr_ll ll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(ETH_P_ARP),
		.sll_ifindex = p->ifindex,
	};

	p->fd = socket(AF_PACKET, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
		       htons(ETH_P_ARP));
	if (p->fd < 0)
		return -1;
	return bind(p->fd, (struct sockaddr *)&ll, sizeof(ll));
}

static int open_nd(struct rr_neigh_probe *p)
{
	struct icmp6_filter filter;
	struct sockaddr_in6 from = { .sin6_family = AF_INET6 };
	int hops = 255;

	p->fd = socket(AF_INET6, SOCK_RAW | SOCK_CLOEXEC | SOCK_NONBLOCK,
		       IPPROTO_ICMPV6);
	if (p->fd < 0)
		return -1;
	ICMP6_FILTER_SETBLOCKALL(&filter);
	ICMP6_FILTER_SETPASS(ND_NEIGHBOR_ADVERT, &filter);
	memcpy(&from.sin6_addr, p->src, 16);
	/* A link-local source needs its interface. */
	from.sin6_scope_id = (uint32_t)p->ifindex;
	if (setsockopt(p->fd, IPPROTO_ICMPV6, ICMP6_FILTER, &filter,
		       sizeof(filter)) ||
	    setsockopt(p->fd, IPPROTO_IPV6, IPV6_MULTICAST_HOPS, &hops,
		       sizeof(hops)) ||
	    setsockopt(p->fd, IPPROTO_IPV6, IPV6_UNICAST_HOPS, &hops,
		       sizeof(hops)) ||
	    setsockopt(p->fd, IPPROTO_IPV6, IPV6_MULTICAST_IF, &p->ifindex,
		       sizeof(p->ifindex)))
		return -1;
	return bind(p->fd, (struct sockaddr *)&from, sizeof(from));
}

int rr_neigh_probe_open(struct rr_neigh_probe *p, int ifindex,
			const uint8_t mac[6],
			const struct sockaddr_storage *who,
			const struct sockaddr_storage *src)
{
	const void *w, *s;
	size_t wl, sl;
	int saved;

	memset(p, 0, sizeof(*p));
	p->fd = -1;
	w = rr_sockaddr_bytes(who, &wl);
	s = rr_sockaddr_bytes(src, &sl);
	if (!w || !s || wl != sl || !ifindex) {
		errno = EINVAL;
		return -1;
	}
	p->family = who->ss_family;
	p->ifindex = ifindex;
	memcpy(p->who, w, wl);
	memcpy(p->src, s, sl);
	memcpy(p->mac, mac, 6);
	if ((p->family == AF_INET ? open_arp(p) : open_nd(p)) == 0)
		return 0;
	saved = errno;
	rr_neigh_probe_close(p);
	errno = saved;
	return -1;
}

static int send_arp(struct rr_neigh_probe *p)
{
	struct sockaddr_ll to = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(ETH_P_ARP),
		.sll_ifindex = p->ifindex,
		.sll_halen = 6,
		.sll_addr = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff },
	};
	struct arp_ipv4 a = {
		.h = { .ar_hrd = htons(ARPHRD_ETHER), .ar_pro = htons(ETH_P_IP),
		       .ar_hln = 6, .ar_pln = 4, .ar_op = htons(ARPOP_REQUEST) },
	};

	memcpy(a.sha, p->mac, 6);
	memcpy(a.spa, p->src, 4);
	memcpy(a.tpa, p->who, 4);
	return sendto(p->fd, &a, sizeof(a), 0, (struct sockaddr *)&to,
		      sizeof(to)) < 0 ? -1 : 0;
}

static int send_ns(struct rr_neigh_probe *p)
{
	struct sockaddr_in6 to = {
		.sin6_family = AF_INET6,
		.sin6_scope_id = (uint32_t)p->ifindex,
	};
	struct ns_msg m = {
		.ns.nd_ns_type = ND_NEIGHBOR_SOLICIT,
		.opt_type = ND_OPT_SOURCE_LINKADDR,
		.opt_len = 1,
	};

	/* The solicited-node group: ff02::1:ff and the address's last 24 bits. */
	to.sin6_addr.s6_addr[0] = 0xff;
	to.sin6_addr.s6_addr[1] = 0x02;
	to.sin6_addr.s6_addr[11] = 0x01;
	to.sin6_addr.s6_addr[12] = 0xff;
	memcpy(&to.sin6_addr.s6_addr[13], p->who + 13, 3);
	memcpy(&m.ns.nd_ns_target, p->who, 16);
	memcpy(m.mac, p->mac, 6);
	return sendto(p->fd, &m, sizeof(m), 0, (struct sockaddr *)&to,
		      sizeof(to)) < 0 ? -1 : 0;
}

int rr_neigh_probe_send(struct rr_neigh_probe *p)
{
	if (p->fd < 0) {
		errno = EBADF;
		return -1;
	}
	return p->family == AF_INET ? send_arp(p) : send_ns(p);
}

static bool read_arp(struct rr_neigh_probe *p, char *lladdr, size_t len)
{
	struct arp_ipv4 a;
	ssize_t n;

	while ((n = recv(p->fd, &a, sizeof(a), 0)) >= 0) {
		if ((size_t)n < sizeof(a) || a.h.ar_op != htons(ARPOP_REPLY) ||
		    a.h.ar_hln != 6 || a.h.ar_pln != 4 ||
		    memcmp(a.spa, p->who, 4))
			continue;
		mac_text(a.sha, lladdr, len);
		return true;
	}
	return false;
}

static bool read_na(struct rr_neigh_probe *p, char *lladdr, size_t len)
{
	uint8_t buf[256];
	const struct nd_neighbor_advert *na = (const void *)buf;
	const struct nd_opt_hdr *opt;
	size_t off;
	ssize_t n;

	while ((n = recv(p->fd, buf, sizeof(buf), 0)) >= 0) {
		if ((size_t)n < sizeof(*na) || na->nd_na_type != ND_NEIGHBOR_ADVERT ||
		    memcmp(&na->nd_na_target, p->who, 16))
			continue;
		snprintf(lladdr, len, "no link-layer address given");
		for (off = sizeof(*na); off + 8 <= (size_t)n; off += opt->nd_opt_len * 8u) {
			opt = (const void *)(buf + off);
			if (!opt->nd_opt_len)
				break;
			if (opt->nd_opt_type == ND_OPT_TARGET_LINKADDR) {
				mac_text(buf + off + 2, lladdr, len);
				break;
			}
		}
		return true;
	}
	return false;
}

bool rr_neigh_probe_read(struct rr_neigh_probe *p, char *lladdr, size_t len)
{
	if (p->fd < 0)
		return false;
	return p->family == AF_INET ? read_arp(p, lladdr, len) :
				      read_na(p, lladdr, len);
}

void rr_neigh_probe_close(struct rr_neigh_probe *p)
{
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
}

bool rr_netdev_mac(const char *netdev, uint8_t mac[6])
{
	char path[160], line[64];
	unsigned int b[6];
	int i;

	if (!netdev[0] || strchr(netdev, '/') ||
	    !rr_sys_path(path, sizeof(path), "/sys/class/net/%s/address", netdev) ||
	    rr_sysfs_read_line(path, line, sizeof(line)) < 0 ||
	    sscanf(line, "%2x:%2x:%2x:%2x:%2x:%2x", &b[0], &b[1], &b[2], &b[3],
		   &b[4], &b[5]) != 6 || strlen(line) != 17)
		return false;
	for (i = 0; i < 6; i++)
		mac[i] = (uint8_t)b[i];
	return true;
}
