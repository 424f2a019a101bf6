/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A port's GID table, read once per port and run into a cache its owner
 * hands around: from libibverbs (ibv_query_gid_table, one call), or from
 * sysfs alone (gids/N, gid_attrs/types/N, ndevs/N) when libibverbs cannot
 * say.  A table has up to thousands of entries, and a batch asks for the
 * same port again and again.
 */
#ifndef RR_SYSFS_GID_H
#define RR_SYSFS_GID_H

#include <stddef.h>
#include <stdint.h>

#include "model/explain/host_facts.h"

/* The GID tables read so far, each read once (NULL: ENOMEM). */
struct rr_gid_cache;
struct rr_gid_cache *rr_gid_cache_new(void);
void rr_gid_cache_free(struct rr_gid_cache *c);

/*
 * DEV/PORT's valid entries by index (*N of them); NULL when unreadable.
 * Read through OPEN, DEV's context the caller already has (an id's verbs,
 * the port lister's): no second device enumeration and open.  OPEN may be
 * NULL: the table opens DEV itself, or reads sysfs.
 */
struct ibv_context;
const struct rr_gid_entry *rr_gid_table_via(struct rr_gid_cache *c,
					    struct ibv_context *open,
					    const char *dev, unsigned int port,
					    size_t *n);

/*
 * The type of the entry holding GID on DEV/PORT.  When both a RoCE v1 and
 * a v2 entry hold it, v2: the RDMA CM's default mode.
 */
enum rr_gid_type rr_gid_type_of(struct rr_gid_cache *c, const char *dev,
				unsigned int port, const uint8_t gid[16]);

/*
 * Entry E's netdev by name (gid_attrs/ndevs/N), read at the first ask: an
 * entry from libibverbs carries only the netdev's ifindex, which may be
 * another namespace's.  One file per entry, and a port may have hundreds
 * of entries, most of them nobody asks about.
 */
void rr_gid_entry_name(const char *dev, unsigned int port,
		       struct rr_gid_entry *e);


#endif
