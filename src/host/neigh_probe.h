/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The neighbour asked again now: an ARP request (IPv4) or a neighbour
 * solicitation (IPv6) on one interface, and the answer of the address
 * asked, read from a socket of its own.  A cached entry says what was
 * true once; this says what is true now.  Needs CAP_NET_RAW (a packet
 * socket, a raw ICMPv6 one): without it, EPERM.
 */
#ifndef RR_NEIGH_PROBE_H
#define RR_NEIGH_PROBE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>

struct rr_neigh_probe {
	int fd;
	int family;
	int ifindex;
	uint8_t who[16];		/* the address asked */
	uint8_t src[16];		/* ours on that interface */
	uint8_t mac[6];			/* ours */
};

/*
 * Opens the socket on interface IFINDEX (whose MAC is MAC) to ask WHO
 * from SRC (same family); 0, or -1 with errno (EPERM: no CAP_NET_RAW).
 */
int rr_neigh_probe_open(struct rr_neigh_probe *p, int ifindex,
			const uint8_t mac[6],
			const struct sockaddr_storage *who,
			const struct sockaddr_storage *src);
/* One request out (broadcast ARP, or NS to the solicited-node group). */
int rr_neigh_probe_send(struct rr_neigh_probe *p);
/*
 * Answers read without waiting: true when WHO answered, its link-layer
 * address in LLADDR ("52:54:00:90:00:02").
 */
bool rr_neigh_probe_read(struct rr_neigh_probe *p, char *lladdr, size_t len);
void rr_neigh_probe_close(struct rr_neigh_probe *p);
/* NETDEV's MAC address (sysfs); false when it has none of 6 bytes. */
bool rr_netdev_mac(const char *netdev, uint8_t mac[6]);

#endif
