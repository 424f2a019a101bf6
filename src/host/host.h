/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The facts of this host a run reads once: rtnetlink (links, addresses,
 * the neighbour table), the RDMA ports and their GID tables.  Each is read
 * at its first use; the owner is handed to explain and to the rdma_cm
 * backend, so nothing of it is a hidden global.
 */
#ifndef RR_HOST_H
#define RR_HOST_H

#include "model/explain/chain.h"
#include "host/netlink_route.h"
#include "host/gid_table.h"
#include "host/cm_defaults.h"

struct rr_host;

/* Reads nothing yet; NULL on ENOMEM. */
struct rr_host *rr_host_new(void);
void rr_host_free(struct rr_host *h);

/* rtnetlink, or NULL with the reason in *WHY. */
struct rr_nl *rr_host_nl(struct rr_host *h, const char **why);
/*
 * The results handed over from now on finished after a wait: the kernel's
 * news of links and addresses is read again before the next one's facts.
 */
void rr_host_new_turn(struct rr_host *h);
/* Every RDMA port, *N of them; -1 (errno set) when unreadable. */
const struct rr_port *rr_host_ports(struct rr_host *h, int *n);
/*
 * The port whose netdev, or one of whose GIDs' netdevs, is NETDEV; NULL
 * for none.  The last answer is kept: a batch's failures mostly go out
 * through one interface, and a port has as many GIDs as addresses.
 */
const struct rr_port *rr_host_port_of(struct rr_host *h, const char *netdev);
/* The GID tables, each read at its first use. */
struct rr_gid_cache *rr_host_gids(struct rr_host *h);
/* RDMA's network-namespace mode (`rdma system`), asked once. */
enum rr_chain_netns rr_host_netns_mode(struct rr_host *h);
/* DEV/PORT's RDMA CM defaults (configfs), read at the first ask. */
const struct rr_cm_defaults *rr_host_cm_defaults(struct rr_host *h,
						 const char *dev,
						 unsigned int port);

#endif
