/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The RDMA CM's per-port defaults an admin sets in configfs
 * (/sys/kernel/config/rdma_cm/DEV/ports/N/default_roce_tos and
 * default_roce_mode): on RoCE they decide the traffic class and the GID
 * type of every id that does not set its own.
 */
#ifndef RR_CM_DEFAULTS_H
#define RR_CM_DEFAULTS_H

#include <stdbool.h>

#include "model/explain/host_facts.h"	/* struct rr_cm_defaults */

/* DEV/PORT's defaults: configfs's when it has them, else the kernel's. */
void rr_cm_defaults_read(const char *dev, unsigned int port,
			 struct rr_cm_defaults *out);

#endif
