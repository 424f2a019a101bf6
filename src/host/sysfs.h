/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sysfs and configfs, where the kernel says what libibverbs does not.
 * Every path is taken under RDMA_ROUTE_SYSFS_ROOT when it is set: a
 * recorded tree of another host (an InfiniBand or iWARP one) can then be
 * read as this host's, which is how the tests see such hosts.
 */
#ifndef RR_SYSFS_H
#define RR_SYSFS_H

#include <stdbool.h>
#include <stddef.h>

#define RR_SYSFS_IB "/sys/class/infiniband"
#define RR_CONFIGFS_CM "/sys/kernel/config/rdma_cm"

/* The path FMT names, under the root prefix; false when it was cut. */
bool rr_sys_path(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A recorded tree is read instead of this host's (RDMA_ROUTE_SYSFS_ROOT). */
bool rr_sys_recorded(void);
/* The first line of a sysfs file, without its newline; -1 if unreadable. */
int rr_sysfs_read_line(const char *path, char *buf, size_t len);

#endif
