/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What this host's RDMA ports say about themselves: their facts and
 * their GID tables, as the host layer reads them (sysfs, libibverbs) for
 * --list, the explanation's chain and the CM backend's source GID.
 * Plain data: no library types.
 */
#ifndef RR_HOST_FACTS_H
#define RR_HOST_FACTS_H

#include <stdbool.h>
#include <stdint.h>

#include "model/probe/result.h"	/* enum rr_gid_type, enum rr_link_layer */

#define RR_NETDEV_LEN 16	/* IFNAMSIZ */

/* One valid entry of a port's GID table. */
struct rr_gid_entry {
	unsigned int index;
	uint8_t gid[16];
	/*
	 * From gid_attrs/types: "IB/RoCE v1" is read as RoCE v1 (but as IB
	 * on an IB port).
	 */
	enum rr_gid_type type;
	char netdev[RR_NETDEV_LEN];	/* gid_attrs/ndevs; "" none */
	int vlan;			/* -1: none or not looked up */
	/*
	 * The netdev's ifindex in its own namespace (libibverbs), 0 when
	 * unknown.  NAMED is set once netdev has been read
	 * (rr_gid_entry_name()).
	 */
	int ifindex;
	bool named;
};

/* What an RDMA port says about itself: sysfs, and verbs for the MTU. */
struct rr_port_facts {
	char device[64];
	unsigned int port;
	char netdev[RR_NETDEV_LEN];	/* "": none in this namespace */
	int state;			/* enum ibv_port_state; 0 unknown */
	int phys_state;			/* IBTA PortPhysicalState; 0 unknown */
	enum rr_link_layer link_layer;
	unsigned int active_mtu;	/* bytes; 0 unknown */
	unsigned int max_mtu;		/* bytes; 0 unknown */
	char rate[48];			/* sysfs text, "10 Gb/sec (1X QDR)" */
	double rate_gbps;		/* 0 unknown */
	unsigned int lid, sm_lid;	/* InfiniBand */
	unsigned int gid_slots;		/* table size */
	unsigned int gids;		/* valid entries */
	unsigned int gids_ib, gids_roce_v1, gids_roce_v2;
	/*
	 * InfiniBand: how many valid keys the P_Key table holds, and its
	 * default P_Key (0x7fff or 0xffff) if it holds one, else 0.
	 */
	bool pkeys_read;
	unsigned int pkeys;
	uint16_t default_pkey;
};

/*
 * The RDMA CM's defaults of a port, set by an admin in configfs
 * (rdma_cm/DEV/ports/N/default_roce_tos and default_roce_mode): on RoCE
 * they decide the traffic class and the GID type of every id that sets
 * none of its own.
 */
struct rr_cm_defaults {
	bool configfs;		/* the device's folder exists: values read */
	int tos;		/* default_roce_tos; 0 without configfs */
	/* default_roce_mode; the kernel's own (RoCE v2) without configfs */
	enum rr_gid_type roce_mode;
};

/* A port and its RDMA CM defaults, as --cm-defaults shows them. */
struct rr_port_cm_defaults {
	const struct rr_port_facts *port;
	struct rr_cm_defaults d;
};

/* A port and its GID table's valid entries. */
struct rr_port {
	struct rr_port_facts facts;
	struct rr_gid_entry *gids;
	int num_gids;
};

#endif
