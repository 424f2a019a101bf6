// SPDX-License-Identifier: GPL-2.0-or-later
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/sysfs.h"

static const char *root(void)
{
	const char *r = getenv("RDMA_ROUTE_SYSFS_ROOT");

	return r && r[0] ? r : "";
}

bool rr_sys_recorded(void)
{
	return root()[0] != '\0';
}

bool rr_sys_path(char *buf, size_t len, const char *fmt, ...)
{
	size_t used;
	va_list ap;
	int n;

	n = snprintf(buf, len, "%s", root());
	if (n < 0 || (size_t)n >= len)
		return false;
	used = (size_t)n;
	va_start(ap, fmt);
	n = vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
	return n >= 0 && (size_t)n < len - used;
}

/*
 * One read, cut at the first newline.  No stdio: a port can have hundreds
 * of GID entries, each a file, and fopen() costs a stat and a buffer
 * more than the read itself.
 */
int rr_sysfs_read_line(const char *path, char *buf, size_t len)
{
	ssize_t n;
	int fd;

	if (!len)
		return -1;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}
