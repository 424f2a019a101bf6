/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sysfs, where the kernel says what libibverbs does not. */
#ifndef RR_SYSFS_H
#define RR_SYSFS_H

#include <stddef.h>

/* The first line of a sysfs file, without its newline; -1 if unreadable. */
int rr_sysfs_read_line(const char *path, char *buf, size_t len);

#endif
