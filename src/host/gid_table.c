// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <stdbool.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <infiniband/verbs.h>

#include "base/ib_port.h"
#include "host/gid_table.h"
#include "host/rdma_libs.h"
#include "host/sysfs.h"

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

/*
 * One more entry at the end of T, empty: not named yet, no VLAN looked
 * up.  NULL when out of memory.
 */
static struct rr_gid_entry *new_entry(struct gid_table *t)
{
	struct rr_gid_entry *grown, *e;

	if (t->n == t->cap) {
		grown = realloc(t->entries,
				(t->cap ? 2 * t->cap : 8) * sizeof(*grown));
		if (!grown)
			return NULL;
		t->entries = grown;
		t->cap = t->cap ? 2 * t->cap : 8;
	}
	e = &t->entries[t->n++];
	memset(e, 0, sizeof(*e));
	e->vlan = -1;
	return e;
}

void rr_gid_entry_name(const char *dev, unsigned int port,
		       struct rr_gid_entry *e)
{
	char path[512];

	if (e->named)
		return;
	e->named = true;
	rr_sys_path(path, sizeof(path),
		    RR_SYSFS_IB "/%s/ports/%u/gid_attrs/ndevs/%u",
		    dev, port, e->index);
	if (rr_sysfs_read_line(path, e->netdev, sizeof(e->netdev)))
		e->netdev[0] = '\0';
}

static enum rr_gid_type verbs_type(uint32_t type)
{
	switch (type) {
	case IBV_GID_TYPE_IB:
		return RR_GID_IB;
	case IBV_GID_TYPE_ROCE_V1:
		return RR_GID_ROCE_V1;
	case IBV_GID_TYPE_ROCE_V2:
		return RR_GID_ROCE_V2;
	default:
		return RR_GID_UNKNOWN;
	}
}

/* DEV's open context, or NULL. */
static struct ibv_context *open_by_name(const char *dev)
{
	struct ibv_context *ctx = NULL;
	struct ibv_device **list;
	int i, num;

	if (!rr_dl_load(RR_DL_VERBS))
		return NULL;
	list = rr_dl.ibv_get_device_list(&num);
	if (!list)
		return NULL;
	for (i = 0; i < num && !ctx; i++)
		if (!strcmp(rr_dl.ibv_get_device_name(list[i]), dev))
			ctx = rr_dl.ibv_open_device(list[i]);
	rr_dl.ibv_free_device_list(list);
	return ctx;
}

/*
 * Every valid entry of CTX's ports, into ALL (freed by the caller unless
 * it is FEW); how many, or -1.  A host has a few valid entries of the
 * 1024 a Soft-RoCE port has room for: a buffer for a few is tried first,
 * then, when it is too small, one for the whole of every table.
 */
#define FEW_GIDS 32
static ssize_t query_valid(struct ibv_context *ctx, unsigned int port,
			   struct ibv_gid_entry *few, struct ibv_gid_entry **all)
{
	struct ibv_device_attr dattr;
	struct ibv_port_attr pattr;
	ssize_t n;

	*all = few;
	n = rr_dl_query_gid_table(ctx, few, FEW_GIDS, 0);
	if (n >= 0)
		return n;
	if (rr_dl.ibv_query_device(ctx, &dattr) ||
	    rr_dl_query_port(ctx, (uint8_t)port, &pattr))
		return -1;
	n = (ssize_t)dattr.phys_port_cnt * pattr.gid_tbl_len;
	*all = calloc((size_t)n, sizeof(**all));
	if (!*all)
		return -1;
	return rr_dl_query_gid_table(ctx, *all, (size_t)n, 0);
}

/*
 * The valid entries of DEV/PORT from libibverbs, in one call: index, GID,
 * type and the netdev's ifindex; its name is read when asked
 * (rr_gid_entry_name()).  False when libibverbs cannot say (then sysfs,
 * entry by entry).
 */
static bool load_verbs(struct gid_table *t, const char *dev, unsigned int port,
		       struct ibv_context *open)
{
	struct ibv_gid_entry few[FEW_GIDS], *all = NULL;
	struct ibv_context *ctx;
	struct rr_gid_entry *e;
	ssize_t n, i;
	bool ok = false;

	/* A recorded tree's devices are not this host's. */
	if (rr_sys_recorded())
		return false;
	ctx = open ? open : open_by_name(dev);
	if (!ctx)
		goto out;
	n = query_valid(ctx, port, few, &all);
	if (n < 0)
		goto out;
	for (i = 0; i < n; i++) {
		if (all[i].port_num != port)
			continue;
		e = new_entry(t);
		if (!e)
			goto out;
		e->index = all[i].gid_index;
		memcpy(e->gid, all[i].gid.raw, 16);
		e->type = verbs_type(all[i].gid_type);
		e->ifindex = (int)all[i].ndev_ifindex;
	}
	ok = true;
out:
	if (all != few)
		free(all);
	if (ctx && ctx != open)
		rr_dl.ibv_close_device(ctx);
	return ok;
}

/* gid_attrs/types/N and gid_attrs/ndevs/N of entry N. */
static void read_attrs(const char *dev, unsigned int port,
		       struct rr_gid_entry *e)
{
	char path[512], type[32];

	rr_sys_path(path, sizeof(path),
		    RR_SYSFS_IB "/%s/ports/%u/gid_attrs/types/%u",
		    dev, port, e->index);
	e->type = RR_GID_UNKNOWN;
	if (!rr_sysfs_read_line(path, type, sizeof(type))) {
		if (!strcmp(type, "RoCE v2"))
			e->type = RR_GID_ROCE_V2;
		else if (!strcmp(type, "IB/RoCE v1"))
			e->type = RR_GID_ROCE_V1;
	}
	rr_gid_entry_name(dev, port, e);
}

/* Adds one non-empty entry read from sysfs; false when out of memory. */
static bool add_entry(struct gid_table *t, const char *dev, unsigned int port,
		      unsigned int index, const uint8_t gid[16])
{
	struct rr_gid_entry *e = new_entry(t);

	if (!e)
		return false;
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

/* NAME as a GID table entry's index: plain decimal digits, 0 to 65535. */
static bool entry_index(const char *name, unsigned int *index)
{
	unsigned long v = 0;
	const char *p;

	if (!*name || strlen(name) > 5)
		return false;
	for (p = name; *p; p++) {
		if (*p < '0' || *p > '9')
			return false;
		v = v * 10 + (unsigned long)(*p - '0');
	}
	if (v > 65535)
		return false;
	*index = (unsigned int)v;
	return true;
}

static struct gid_table *load_table(struct rr_gid_cache *c, const char *dev,
				    unsigned int port, struct ibv_context *open)
{
	static const uint8_t zero[16];
	char path[512], text[64];
	struct in6_addr entry;
	struct gid_table *t;
	struct dirent *de;
	unsigned int index;
	DIR *dir;

	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	snprintf(t->dev, sizeof(t->dev), "%s", dev);
	t->port = port;
	if (load_verbs(t, dev, port, open))
		goto done;
	t->n = 0;
	rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%u/gids", dev, port);
	dir = opendir(path);
	while (dir && (de = readdir(dir))) {
		/* The kernel names entries 0, 1, ...: another name is none. */
		if (!entry_index(de->d_name, &index))
			continue;
		rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%u/gids/%s",
			    dev, port, de->d_name);
		if (rr_sysfs_read_line(path, text, sizeof(text)) ||
		    inet_pton(AF_INET6, text, &entry) != 1 ||
		    !memcmp(entry.s6_addr, zero, 16))
			continue;
		if (!add_entry(t, dev, port, index, entry.s6_addr))
			break;
	}
	if (dir)
		closedir(dir);
done:
	/* None valid: entries may be NULL, which qsort may not be given. */
	if (t->n)
		qsort(t->entries, t->n, sizeof(*t->entries), by_index);
	t->next = c->tables;
	c->tables = t;
	return t;
}

static struct gid_table *find_table(struct rr_gid_cache *c, const char *dev,
				    unsigned int port, struct ibv_context *open)
{
	struct gid_table *t;

	if (!c)
		return NULL;
	for (t = c->tables; t; t = t->next)
		if (t->port == port && !strcmp(t->dev, dev))
			return t;
	return load_table(c, dev, port, open);
}

const struct rr_gid_entry *rr_gid_table_via(struct rr_gid_cache *c,
					    struct ibv_context *open,
					    const char *dev, unsigned int port,
					    size_t *n)
{
	struct gid_table *t = find_table(c, dev, port, open);

	*n = t ? t->n : 0;
	return t ? t->entries : NULL;
}

enum rr_gid_type rr_gid_type_of(struct rr_gid_cache *c, const char *dev,
				unsigned int port, const uint8_t gid[16])
{
	enum rr_gid_type found = RR_GID_UNKNOWN;
	struct gid_table *t = find_table(c, dev, port, NULL);
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
