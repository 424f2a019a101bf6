// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sysfs_gid.h"

#define SYSFS_IB "/sys/class/infiniband"

/*
 * A port's GID table, read once: it has up to thousands of entries, each
 * a sysfs file, and a batch asks for the same port again and again.
 */
struct gid_table {
	char dev[64];
	unsigned int port;
	size_t n, cap;
	struct gid_entry {
		uint8_t gid[16];
		enum rr_gid_type type;
	} *entries;
	struct gid_table *next;
};

static struct gid_table *tables;

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

/* Adds one non-empty entry; false when out of memory. */
static bool add_entry(struct gid_table *t, const uint8_t gid[16],
		      enum rr_gid_type type)
{
	struct gid_entry *grown;

	if (t->n == t->cap) {
		grown = realloc(t->entries,
				(t->cap ? 2 * t->cap : 8) * sizeof(*grown));
		if (!grown)
			return false;
		t->entries = grown;
		t->cap = t->cap ? 2 * t->cap : 8;
	}
	memcpy(t->entries[t->n].gid, gid, 16);
	t->entries[t->n].type = type;
	t->n++;
	return true;
}

static struct gid_table *load_table(const char *dev, unsigned int port)
{
	static const uint8_t zero[16];
	char path[512], text[64];
	struct in6_addr entry;
	struct gid_table *t;
	struct dirent *de;
	DIR *dir;

	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	snprintf(t->dev, sizeof(t->dev), "%s", dev);
	t->port = port;
	snprintf(path, sizeof(path), SYSFS_IB "/%s/ports/%u/gids", dev, port);
	dir = opendir(path);
	while (dir && (de = readdir(dir))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), SYSFS_IB "/%s/ports/%u/gids/%s",
			 dev, port, de->d_name);
		if (read_line(path, text, sizeof(text)) ||
		    inet_pton(AF_INET6, text, &entry) != 1 ||
		    !memcmp(entry.s6_addr, zero, 16))
			continue;
		if (!add_entry(t, entry.s6_addr,
			       type_of_entry(dev, port, de->d_name)))
			break;
	}
	if (dir)
		closedir(dir);
	t->next = tables;
	tables = t;
	return t;
}

static struct gid_table *find_table(const char *dev, unsigned int port)
{
	struct gid_table *t;

	for (t = tables; t; t = t->next)
		if (t->port == port && !strcmp(t->dev, dev))
			return t;
	return load_table(dev, port);
}

enum rr_gid_type rr_sysfs_gid_type(const char *dev, unsigned int port,
				   const uint8_t gid[16])
{
	enum rr_gid_type found = RR_GID_UNKNOWN;
	struct gid_table *t = find_table(dev, port);
	size_t i;

	for (i = 0; t && i < t->n; i++)
		if (!memcmp(t->entries[i].gid, gid, 16) &&
		    t->entries[i].type > found)
			found = t->entries[i].type;
	return found;
}

void rr_sysfs_gid_forget(void)
{
	struct gid_table *t;

	while ((t = tables)) {
		tables = t->next;
		free(t->entries);
		free(t);
	}
}
