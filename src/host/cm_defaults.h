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

#include "model/result.h"

struct rr_cm_defaults {
	bool configfs;		/* the device's folder exists: values read */
	int tos;		/* default_roce_tos; 0 without configfs */
	/* default_roce_mode; the kernel's own (RoCE v2) without configfs */
	enum rr_gid_type roce_mode;
};

/* DEV/PORT's defaults: configfs's when it has them, else the kernel's. */
void rr_cm_defaults_read(const char *dev, unsigned int port,
			 struct rr_cm_defaults *out);

#endif
