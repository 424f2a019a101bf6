/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel's routing view through rtnetlink (libnl-route-3): the route
 * to a destination, its interface and the neighbour, as `ip route get` and
 * `ip neigh` would show them, without running them.
 */
#ifndef RR_NETLINK_ROUTE_H
#define RR_NETLINK_ROUTE_H

#include <stdbool.h>
#include <sys/socket.h>
#include <time.h>

#include "model/chain.h"

struct rr_nl;

/* NULL with a reason in WHY when rtnetlink cannot be opened. */
struct rr_nl *rr_nl_open(char *why, size_t why_len);
void rr_nl_close(struct rr_nl *nl);
/*
 * Brings links, addresses and neighbours up to now, from the kernel's
 * notifications since the last call: before each result's lookups, so
 * that facts read at the end of a resolution are never older than it.
 */
void rr_nl_refresh(struct rr_nl *nl);

/*
 * The route to DST (ip route get DST [from SRC] [oif OIF]), its
 * interface's name, state, MTU.  SRC may be NULL, OIF 0.
 */
void rr_nl_route(struct rr_nl *nl, const struct sockaddr_storage *dst,
		 const struct sockaddr_storage *src, int oif,
		 struct rr_chain_route *out);
/* Interfaces (up) with an address whose subnet holds DST, at most MAX. */
int rr_nl_subnet_netdevs(struct rr_nl *nl, const struct sockaddr_storage *dst,
			 char names[][RR_NETDEV_LEN], int max);
/* The interface holding local address ADDR, in NAME ("" when none). */
void rr_nl_addr_owner(struct rr_nl *nl, const struct sockaddr_storage *addr,
		      char *name, size_t len);
/* NETDEV's index, 0 when there is none in this namespace. */
int rr_nl_ifindex(struct rr_nl *nl, const char *netdev);
/*
 * The neighbour entry of WHO on NETDEV (ip neigh show WHO dev NETDEV), as
 * of the last rr_nl_refresh().
 */
void rr_nl_neigh(struct rr_nl *nl, const char *netdev,
		 const struct sockaddr_storage *who, struct rr_chain_neigh *out);
/* NETDEV's VLAN id, -1 when it is no VLAN interface. */
int rr_nl_vlan_id(struct rr_nl *nl, const char *netdev);
/* NETDEV exists in this network namespace. */
bool rr_nl_has_netdev(struct rr_nl *nl, const char *netdev);
/*
 * This namespace's interface IFINDEX holds GID: an address of it as a
 * RoCE GID (IPv6, or IPv4 mapped), or its link-local from its MAC.
 */
bool rr_nl_gid_on_link(struct rr_nl *nl, int ifindex, const uint8_t gid[16]);

#endif
