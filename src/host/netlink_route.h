/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel's routing view through rtnetlink (libmnl): the route to a
 * destination, its interface and the neighbour, as `ip route get` and
 * `ip neigh` would show them, without running them.  The route and the
 * neighbour are asked for each time; a link or the addresses are kept
 * only until the kernel says they changed.
 */
#ifndef RR_NETLINK_ROUTE_H
#define RR_NETLINK_ROUTE_H

#include <stdbool.h>
#include <sys/socket.h>
#include <time.h>

#include "model/explain/chain.h"

struct rr_nl;

/* NULL with a reason in WHY when rtnetlink cannot be opened. */
struct rr_nl *rr_nl_open(char *why, size_t why_len);
void rr_nl_close(struct rr_nl *nl);
/*
 * Before each result's lookups: links and addresses the kernel said
 * changed since the last turn are asked for again, so that facts read at
 * the end of a resolution are never older than it.  Once a turn: the
 * results that finished together are read back to back, with no wait
 * between them, and share what the kernel said before the first.
 */
void rr_nl_refresh(struct rr_nl *nl);
/* A new turn: the next rr_nl_refresh() reads the kernel's news again. */
void rr_nl_new_turn(struct rr_nl *nl);
/*
 * The route to DST (ip route get DST [from SRC] [oif OIF]), its
 * interface's name, state, MTU.  SRC may be NULL, OIF 0.
 */
void rr_nl_route(struct rr_nl *nl, const struct sockaddr_storage *dst,
		 const struct sockaddr_storage *src, int oif,
		 struct rr_chain_route *out);
/*
 * Interfaces (up) with an address whose subnet holds DST, at most MAX;
 * KNOWN (may be NULL), an interface read for this result, is not read
 * again.
 */
int rr_nl_subnet_netdevs(struct rr_nl *nl, const struct sockaddr_storage *dst,
			 const struct rr_chain_route *known,
			 char names[][RR_NETDEV_LEN], int max);
/* The interface holding local address ADDR, in NAME ("" when none). */
void rr_nl_addr_owner(struct rr_nl *nl, const struct sockaddr_storage *addr,
		      char *name, size_t len);
/* NETDEV's index, 0 when there is none in this namespace. */
int rr_nl_ifindex(struct rr_nl *nl, const char *netdev);
/* The neighbour entry of WHO on interface IFINDEX (ip neigh get WHO dev ...). */
void rr_nl_neigh(struct rr_nl *nl, int ifindex,
		 const struct sockaddr_storage *who, struct rr_chain_neigh *out);
/* NETDEV's VLAN id, -1 when it is no VLAN interface. */
int rr_nl_vlan_id(struct rr_nl *nl, const char *netdev);
/* NETDEV exists in this network namespace. */
bool rr_nl_has_netdev(struct rr_nl *nl, const char *netdev);
/*
 * The GIDs this namespace's interface IFINDEX holds: its addresses as
 * RoCE GIDs (IPv6, or IPv4 mapped) and its link-local from its MAC.  Read
 * once for the many GID entries of one interface (a port may have
 * hundreds, of a few interfaces).
 */
struct rr_nl_link_gids {
	int ifindex;
	bool found;		/* the interface is there */
	size_t num;
	uint8_t (*gids)[16];
};
void rr_nl_link_gids(struct rr_nl *nl, int ifindex,
		     struct rr_nl_link_gids *out);
void rr_nl_link_gids_free(struct rr_nl_link_gids *g);
bool rr_nl_link_holds(const struct rr_nl_link_gids *g, const uint8_t gid[16]);

#endif
