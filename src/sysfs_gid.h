/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The GID table in sysfs: which type an entry has. */
#ifndef RR_SYSFS_GID_H
#define RR_SYSFS_GID_H

#include <stdint.h>

#include "result.h"

/*
 * The type of the entry holding GID on DEV/PORT.  When both a RoCE v1 and
 * a v2 entry hold it, v2: the RDMA CM's default mode.
 */
enum rr_gid_type rr_sysfs_gid_type(const char *dev, unsigned int port,
				   const uint8_t gid[16]);

#endif
