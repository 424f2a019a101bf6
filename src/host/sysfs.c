// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int rr_sysfs_read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	int rc = -1;

	if (!f)
		return -1;
	if (fgets(buf, (int)len, f)) {
		buf[strcspn(buf, "\n")] = '\0';
		rc = 0;
	}
	fclose(f);
	return rc;
}
