/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every RDMA port of the host as `rdma link`, `ibv_devinfo -v` and
 * `show_gids` show it: state from libibverbs, netdev, rate and the GID
 * table from sysfs.
 */
#ifndef RR_RDMA_PORTS_H
#define RR_RDMA_PORTS_H

#include "model/explain/host_facts.h"
#include "host/gid_table.h"

struct rr_nl;

/*
 * Fills *OUT with every port (freed with rr_ports_free) and returns how
 * many; -1 with errno on failure.  NL (may be NULL) tells which netdevs
 * are in this namespace and which are VLANs; the GID tables come through
 * GIDS.
 */
int rr_ports_read(struct rr_nl *nl, struct rr_gid_cache *gids,
		  struct rr_port **out);
void rr_ports_free(struct rr_port *ports, int n);

#endif
