// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sysfs_gid.h"

#define SYSFS_IB "/sys/class/infiniband"

static int read_line(const char *path, char *buf, size_t len)
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

static enum rr_gid_type type_of_entry(const char *dev, unsigned int port,
				      const char *index)
{
	char path[512], type[32];

	snprintf(path, sizeof(path), SYSFS_IB "/%s/ports/%u/gid_attrs/types/%s",
		 dev, port, index);
	if (read_line(path, type, sizeof(type)))
		return RR_GID_UNKNOWN;
	if (!strcmp(type, "RoCE v2"))
		return RR_GID_ROCE_V2;
	if (!strcmp(type, "IB/RoCE v1"))
		return RR_GID_ROCE_V1;
	return RR_GID_UNKNOWN;
}

enum rr_gid_type rr_sysfs_gid_type(const char *dev, unsigned int port,
				   const uint8_t gid[16])
{
	enum rr_gid_type found = RR_GID_UNKNOWN, t;
	char path[512], text[64];
	struct in6_addr entry;
	struct dirent *de;
	DIR *dir;

	snprintf(path, sizeof(path), SYSFS_IB "/%s/ports/%u/gids", dev, port);
	dir = opendir(path);
	if (!dir)
		return RR_GID_UNKNOWN;
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), SYSFS_IB "/%s/ports/%u/gids/%s",
			 dev, port, de->d_name);
		if (read_line(path, text, sizeof(text)) ||
		    inet_pton(AF_INET6, text, &entry) != 1 ||
		    memcmp(entry.s6_addr, gid, 16))
			continue;
		t = type_of_entry(dev, port, de->d_name);
		if (t > found)
			found = t;
	}
	closedir(dir);
	return found;
}
