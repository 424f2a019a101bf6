// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <stdbool.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/ib_port.h"
#include "host/sysfs_gid.h"


struct gid_table {
	char dev[64];
	unsigned int port;
	size_t n, cap;
	struct rr_gid_entry *entries;
	struct gid_table *next;
};

struct rr_gid_cache {
	struct gid_table *tables;
};

struct rr_gid_cache *rr_gid_cache_new(void)
{
	return calloc(1, sizeof(struct rr_gid_cache));
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

/* gid_attrs/types/N and gid_attrs/ndevs/N of entry N. */
static void read_attrs(const char *dev, unsigned int port,
		       struct rr_gid_entry *e)
{
	char path[512], type[32];

	snprintf(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%u/gid_attrs/types/%u",
		 dev, port, e->index);
	e->type = RR_GID_UNKNOWN;
	if (!rr_sysfs_read_line(path, type, sizeof(type))) {
		if (!strcmp(type, "RoCE v2"))
			e->type = RR_GID_ROCE_V2;
		else if (!strcmp(type, "IB/RoCE v1"))
			e->type = RR_GID_ROCE_V1;
	}
	snprintf(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%u/gid_attrs/ndevs/%u",
		 dev, port, e->index);
	if (rr_sysfs_read_line(path, e->netdev, sizeof(e->netdev)))
		e->netdev[0] = '\0';
	e->vlan = -1;
}

/* Adds one non-empty entry; false when out of memory. */
static bool add_entry(struct gid_table *t, const char *dev, unsigned int port,
		      unsigned int index, const uint8_t gid[16])
{
	struct rr_gid_entry *grown, *e;

	if (t->n == t->cap) {
		grown = realloc(t->entries,
				(t->cap ? 2 * t->cap : 8) * sizeof(*grown));
		if (!grown)
			return false;
		t->entries = grown;
		t->cap = t->cap ? 2 * t->cap : 8;
	}
	e = &t->entries[t->n++];
	e->index = index;
	memcpy(e->gid, gid, 16);
	read_attrs(dev, port, e);
	return true;
}

static int by_index(const void *a, const void *b)
{
	const struct rr_gid_entry *x = a, *y = b;

	return (x->index > y->index) - (x->index < y->index);
}

static struct gid_table *load_table(struct rr_gid_cache *c, const char *dev,
				    unsigned int port)
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
	snprintf(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%u/gids", dev, port);
	dir = opendir(path);
	while (dir && (de = readdir(dir))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%u/gids/%s",
			 dev, port, de->d_name);
		if (rr_sysfs_read_line(path, text, sizeof(text)) ||
		    inet_pton(AF_INET6, text, &entry) != 1 ||
		    !memcmp(entry.s6_addr, zero, 16))
			continue;
		if (!add_entry(t, dev, port,
			       (unsigned int)strtoul(de->d_name, NULL, 10),
			       entry.s6_addr))
			break;
	}
	if (dir)
		closedir(dir);
	qsort(t->entries, t->n, sizeof(*t->entries), by_index);
	t->next = c->tables;
	c->tables = t;
	return t;
}

static struct gid_table *find_table(struct rr_gid_cache *c, const char *dev,
				    unsigned int port)
{
	struct gid_table *t;

	if (!c)
		return NULL;
	for (t = c->tables; t; t = t->next)
		if (t->port == port && !strcmp(t->dev, dev))
			return t;
	return load_table(c, dev, port);
}

const struct rr_gid_entry *rr_gid_table(struct rr_gid_cache *c,
					const char *dev, unsigned int port,
					size_t *n)
{
	struct gid_table *t = find_table(c, dev, port);

	*n = t ? t->n : 0;
	return t ? t->entries : NULL;
}

enum rr_gid_type rr_gid_type_of(struct rr_gid_cache *c, const char *dev,
				unsigned int port, const uint8_t gid[16])
{
	enum rr_gid_type found = RR_GID_UNKNOWN;
	struct gid_table *t = find_table(c, dev, port);
	size_t i;

	for (i = 0; t && i < t->n; i++)
		if (!memcmp(t->entries[i].gid, gid, 16) &&
		    t->entries[i].type > found)
			found = t->entries[i].type;
	return found;
}

void rr_gid_cache_free(struct rr_gid_cache *c)
{
	struct gid_table *t;

	if (!c)
		return;
	while ((t = c->tables)) {
		c->tables = t->next;
		free(t->entries);
		free(t);
	}
	free(c);
}
