/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The GID table in sysfs: which type an entry has (tables cached). */
#ifndef RR_SYSFS_GID_H
#define RR_SYSFS_GID_H

#include <stdbool.h>
#include <stdint.h>

#include "result.h"

/*
 * The type of the entry holding GID on DEV/PORT.  When both a RoCE v1 and
 * a v2 entry hold it, v2: the RDMA CM's default mode.
 */
enum rr_gid_type rr_sysfs_gid_type(const char *dev, unsigned int port,
				   const uint8_t gid[16]);

/* Drops the GID tables read so far (read again on the next call). */
void rr_sysfs_gid_forget(void);

#endif
