/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Inside the rtnetlink reader (netlink_route.h), shared by its files:
 * the socket, and the links and addresses kept until the kernel says one
 * changed (netlink_cache.c); the route (netlink_route.c), the neighbour
 * (netlink_neigh.c) and an interface's GIDs (netlink_gids.c) ask through
 * them.  Not for the rest of the program.
 */
#ifndef RR_NETLINK_CACHE_H
#define RR_NETLINK_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <net/if.h>

#include "host/netlink_route.h"
#include "host/netlink_socket.h"

/*
 * Every fact is asked for when it is needed, of the one thing it is
 * about: the route to one destination, one link by index or name, one
 * neighbour entry.  Only the addresses are dumped, of one family or one
 * interface, and a host has few.  The route and the neighbour are asked
 * for every result; the links and addresses asked for are kept until the
 * kernel says one changed (their notification groups, read before each
 * result's lookups): in the lab each request costs some 0.1 ms, and a
 * batch of failures asked the same few again and again.
 */
/* One link, as RTM_GETLINK answers for an index or a name. */
struct link {
	bool found;
	int ifindex;
	unsigned int flags, mtu;
	char name[IF_NAMESIZE];
	bool have_mac;
	uint8_t mac[6];
	int vlan;		/* -1: no VLAN interface */
};

/* One address, as RTM_GETADDR dumps them. */
struct addr {
	int family, ifindex;
	unsigned int prefixlen;
	uint8_t local[16];
};

struct addrs {
	struct addr *at;
	size_t num, room;
	int family, ifindex;	/* what is kept: 0, any */
};

#define LINK_MEMO 16
struct rr_nl {
	struct rr_nlsock sk;
	struct mnl_socket *events;	/* NULL: nothing is kept */
	int num_links;
	struct link links[LINK_MEMO];
	bool have_addrs[2];		/* IPv4, IPv6 */
	struct addrs addrs[2];
	bool refreshed;			/* this turn's news read */
};

/* The kernel answers within the send; this only bounds a broken one. */
#define ANSWER_WAIT_MS 1000

/* The link of index IFINDEX, or else named NAME, kept when it can be. */
void rr_nlc_link(struct rr_nl *nl, int ifindex, const char *name,
		 struct link *l);
/*
 * The addresses of FAMILY (0: both) on IFINDEX (0: every interface), read
 * whole before any other request is made on the socket; freed with
 * rr_nlc_free_addrs().
 */
void rr_nlc_read_addrs(struct rr_nl *nl, int family, int ifindex,
		       struct addrs *list);
void rr_nlc_free_addrs(struct addrs *list);
/*
 * The addresses of FAMILY (AF_INET or AF_INET6), kept while they hold;
 * TMP holds them when nothing is kept (free it with rr_nlc_free_addrs()).
 */
const struct addrs *rr_nlc_family_addrs(struct rr_nl *nl, int family,
					struct addrs *tmp);

#endif
