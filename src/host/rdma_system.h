/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The RDMA subsystem's own settings, as `rdma system show` reads them
 * over RDMA netlink: whether devices are shared by every network
 * namespace or each belongs to one (exclusive mode), where a namespace
 * sees only its own and the RDMA CM answers ENODEV for the others.
 */
#ifndef RR_RDMA_SYSTEM_H
#define RR_RDMA_SYSTEM_H

#include "model/explain/chain.h"

/* Asked once per call, bounded by a second; UNKNOWN without an answer. */
enum rr_chain_netns rr_rdma_netns_mode(void);

#endif
