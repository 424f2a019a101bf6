// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "host/cm_defaults.h"
#include "host/sysfs.h"
#include "base/numbers.h"

static int read_attr(const char *dev, unsigned int port, const char *attr,
		     char *buf, size_t len)
{
	char path[512];

	if (!rr_sys_path(path, sizeof(path), RR_CONFIGFS_CM "/%s/ports/%u/%s",
			 dev, port, attr))
		return -1;
	return rr_sysfs_read_line(path, buf, len);
}

/*
 * Reading never creates the folder: only an admin's mkdir does, and until
 * then the kernel's defaults hold (ToS 0, RoCE v2 where the port has it).
 * default_roce_mode is the older file (4.9, default_roce_tos 4.20): when
 * it is not there, neither is the other.
 */
void rr_cm_defaults_read(const char *dev, unsigned int port,
			 struct rr_cm_defaults *out)
{
	unsigned long long tos;
	char text[32];

	out->configfs = false;
	out->tos = 0;
	out->roce_mode = RR_GID_ROCE_V2;
	errno = 0;
	if (!read_attr(dev, port, "default_roce_mode", text, sizeof(text))) {
		out->configfs = true;
		out->roce_mode = !strcmp(text, "IB/RoCE v1") ? RR_GID_ROCE_V1 :
				 RR_GID_ROCE_V2;
	} else if (errno == ENOENT) {
		return;
	}
	/* A ToS byte, as the kernel takes it (kstrtou8): else not taken. */
	if (!read_attr(dev, port, "default_roce_tos", text, sizeof(text)) &&
	    rr_parse_decimal(text, 0, 255, &tos)) {
		out->configfs = true;
		out->tos = (int)tos;
	}
}
