// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <infiniband/verbs.h>

#include "model/probe/decode.h"
#include "host/netlink_route.h"
#include "host/rdma_libs.h"
#include "host/rdma_ports.h"
#include "host/sysfs.h"

/*
 * One read of the ports: rtnetlink (NULL without it), and the GIDs of
 * each interface the GID entries name, asked once per interface.
 */
#define MEMO_LINKS 32
struct port_reading {
	struct rr_nl *nl;
	struct rr_gid_cache *gids;
	int num_links;
	struct rr_nl_link_gids links[MEMO_LINKS];
};


static int read_port_attr(const struct rr_port_facts *pf, const char *attr,
			  char *buf, size_t len)
{
	char path[512];

	rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%u/%s",
		    pf->device, pf->port, attr);
	return rr_sysfs_read_line(path, buf, len);
}

static void count_type(struct rr_port_facts *pf, enum rr_gid_type type)
{
	pf->gids++;
	if (type == RR_GID_IB)
		pf->gids_ib++;
	else if (type == RR_GID_ROCE_V1)
		pf->gids_roce_v1++;
	else if (type == RR_GID_ROCE_V2)
		pf->gids_roce_v2++;
}

/*
 * Whether entry E's netdev may be one of this namespace's: only then is
 * its name read (one sysfs file an entry; the lab's rxe1 has 515).  An
 * ifindex is a namespace's own, so the interface here with E's ifindex
 * must also hold E's GID (an address of it, or its link-local): else E
 * is another namespace's, whatever its name.  Without rtnetlink every
 * entry is named.
 */
static bool maybe_here(struct port_reading *rd, const struct rr_gid_entry *e)
{
	struct rr_nl_link_gids once;
	bool here;
	int i;

	if (!rd->nl || e->named || !e->ifindex)
		return true;
	for (i = 0; i < rd->num_links; i++)
		if (rd->links[i].ifindex == e->ifindex)
			return rr_nl_link_holds(&rd->links[i], e->gid);
	if (rd->num_links < MEMO_LINKS) {
		rr_nl_link_gids(rd->nl, e->ifindex, &rd->links[rd->num_links]);
		return rr_nl_link_holds(&rd->links[rd->num_links++], e->gid);
	}
	rr_nl_link_gids(rd->nl, e->ifindex, &once);
	here = rr_nl_link_holds(&once, e->gid);
	rr_nl_link_gids_free(&once);
	return here;
}

/*
 * The port's valid GID entries, with VLANs; IB ports' entries are IB.
 * CTX, the device's context when open (NULL: a recorded tree), spares
 * the table a second enumeration and open of the devices.
 */
static int read_gid_table(struct port_reading *rd, struct ibv_context *ctx,
			  struct rr_port *port)
{
	struct rr_port_facts *pf = &port->facts;
	const struct rr_gid_entry *table;
	struct rr_gid_entry *e;
	size_t i, n;

	table = rr_gid_table_via(rd->gids, ctx, pf->device, pf->port, &n);
	if (!n)
		return 0;
	port->gids = calloc(n, sizeof(*port->gids));
	if (!port->gids)
		return -1;
	for (i = 0; i < n; i++) {
		e = &port->gids[port->num_gids++];
		*e = table[i];
		if (pf->link_layer == RR_LL_INFINIBAND)
			e->type = RR_GID_IB;
		if (maybe_here(rd, e))
			rr_gid_entry_name(pf->device, pf->port, e);
		if (rd->nl && e->netdev[0])
			e->vlan = rr_nl_vlan_id(rd->nl, e->netdev);
		count_type(pf, e->type);
	}
	return 0;
}

/*
 * The netdev of a port with no RoCE GID entries: IPoIB, or the NIC of an
 * iWARP device, in the parent device's net folder, its dev_port naming
 * the port (0-based).
 */
static void ipoib_netdev(struct rr_port_facts *pf)
{
	char path[512], text[16];
	struct dirent *de;
	DIR *dir;

	rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/device/net", pf->device);
	dir = opendir(path);
	if (!dir)
		return;
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.')
			continue;
		rr_sys_path(path, sizeof(path),
			    RR_SYSFS_IB "/%s/device/net/%s/dev_port",
			    pf->device, de->d_name);
		if (!rr_sysfs_read_line(path, text, sizeof(text)) &&
		    strtoul(text, NULL, 0) + 1 == pf->port) {
			/* IFNAMSIZ bounds every netdev name. */
			snprintf(pf->netdev, sizeof(pf->netdev), "%.15s",
				 de->d_name);
			break;
		}
	}
	closedir(dir);
}

/*
 * The port's netdev in this namespace: RoCE names it in its GID entries
 * (the first non-VLAN one), IPoIB in the PCI device's net folder.
 */
static void port_netdev(struct rr_nl *nl, struct rr_port *port)
{
	struct rr_port_facts *pf = &port->facts;
	int i;

	for (i = 0; i < port->num_gids; i++) {
		const struct rr_gid_entry *e = &port->gids[i];

		if (e->vlan < 0 && (!nl || rr_nl_has_netdev(nl, e->netdev))) {
			snprintf(pf->netdev, sizeof(pf->netdev), "%s",
				 e->netdev);
			return;
		}
	}
	if (pf->link_layer == RR_LL_INFINIBAND || pf->link_layer == RR_LL_IWARP)
		ipoib_netdev(pf);
	if (nl && !rr_nl_has_netdev(nl, pf->netdev))
		pf->netdev[0] = '\0';
}

/* "10 Gb/sec (1X QDR)": the number leads. */
static void port_rate(struct rr_port_facts *pf)
{
	if (read_port_attr(pf, "rate", pf->rate, sizeof(pf->rate)))
		pf->rate[0] = '\0';
	pf->rate_gbps = strtod(pf->rate, NULL);
}

static void port_verbs(struct rr_port_facts *pf,
		       const struct ibv_port_attr *a)
{
	pf->state = a->state;
	pf->phys_state = a->phys_state;
	pf->link_layer = a->link_layer == IBV_LINK_LAYER_ETHERNET ?
				 RR_LL_ETHERNET : RR_LL_INFINIBAND;
	pf->active_mtu = rr_mtu_bytes((uint8_t)a->active_mtu);
	pf->max_mtu = rr_mtu_bytes((uint8_t)a->max_mtu);
	pf->lid = a->lid;
	pf->sm_lid = a->sm_lid;
	pf->gid_slots = (unsigned int)a->gid_tbl_len;
}

/* "4: ACTIVE", "0x1b": the number sysfs puts first. */
static long port_attr_num(const struct rr_port_facts *pf, const char *attr)
{
	char text[64];

	if (read_port_attr(pf, attr, text, sizeof(text)))
		return 0;
	return strtol(text, NULL, 0);
}

/* How many files the port's folder NAME holds (a table's slots). */
static unsigned int count_entries(const struct rr_port_facts *pf,
				  const char *name)
{
	char path[512];
	struct dirent *de;
	unsigned int n = 0;
	DIR *dir;

	rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%u/%s",
		    pf->device, pf->port, name);
	dir = opendir(path);
	if (!dir)
		return 0;
	while ((de = readdir(dir)))
		n += de->d_name[0] != '.';
	closedir(dir);
	return n;
}

/*
 * What libibverbs would say, from sysfs alone: a recorded tree has no
 * device to open.  sysfs has no MTU: left unknown.
 */
static void port_sysfs(struct rr_port_facts *pf, bool iwarp)
{
	char text[64];

	pf->state = (int)port_attr_num(pf, "state");
	pf->phys_state = (int)port_attr_num(pf, "phys_state");
	pf->lid = (unsigned int)port_attr_num(pf, "lid");
	pf->sm_lid = (unsigned int)port_attr_num(pf, "sm_lid");
	pf->link_layer = RR_LL_UNKNOWN;
	if (!read_port_attr(pf, "link_layer", text, sizeof(text)))
		pf->link_layer = !strcmp(text, "Ethernet") ? RR_LL_ETHERNET :
				 RR_LL_INFINIBAND;
	if (iwarp)
		pf->link_layer = RR_LL_IWARP;
	pf->gid_slots = count_entries(pf, "gids");
}

/* The port's P_Key table: how many, and whether the default is in it. */
static void port_pkeys(struct rr_port_facts *pf)
{
	char path[512], text[16];
	struct dirent *de;
	unsigned long key;
	DIR *dir;

	rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%u/pkeys",
		    pf->device, pf->port);
	dir = opendir(path);
	if (!dir)
		return;
	pf->pkeys_read = true;
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.')
			continue;
		rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%u/pkeys/%s",
			    pf->device, pf->port, de->d_name);
		if (rr_sysfs_read_line(path, text, sizeof(text)))
			continue;
		key = strtoul(text, NULL, 16);
		if (!(key & 0x7fff))
			continue;	/* an empty slot */
		pf->pkeys++;
		if ((key & 0x7fff) == 0x7fff)
			pf->default_pkey = (uint16_t)key;
	}
	closedir(dir);
}

/* The port facts both readers share, once the state is known. */
static int port_common(struct port_reading *rd, struct ibv_context *ctx,
		       struct rr_port *out)
{
	port_rate(&out->facts);
	if (out->facts.link_layer == RR_LL_INFINIBAND)
		port_pkeys(&out->facts);
	if (read_gid_table(rd, ctx, out))
		return -1;
	port_netdev(rd->nl, out);
	return 0;
}

static int add_port(struct port_reading *rd, struct ibv_context *ctx,
		    unsigned int port, struct rr_port *out)
{
	struct ibv_port_attr attr;
	struct rr_port_facts *pf = &out->facts;

	memset(out, 0, sizeof(*out));
	snprintf(pf->device, sizeof(pf->device), "%s",
		 rr_dl.ibv_get_device_name(ctx->device));
	pf->port = port;
	if (rr_dl_query_port(ctx, (uint8_t)port, &attr))
		return -1;
	port_verbs(pf, &attr);
	if (ctx->device->transport_type == IBV_TRANSPORT_IWARP)
		pf->link_layer = RR_LL_IWARP;
	return port_common(rd, ctx, out);
}

/* An iWARP device says so in its node type ("4: RNIC"). */
static bool recorded_iwarp(const char *dev)
{
	char path[512], text[32];

	rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/node_type", dev);
	return !rr_sysfs_read_line(path, text, sizeof(text)) &&
	       strtol(text, NULL, 10) == 4;
}

static int by_device_port(const void *a, const void *b)
{
	const struct rr_port_facts *x = &((const struct rr_port *)a)->facts;
	const struct rr_port_facts *y = &((const struct rr_port *)b)->facts;
	int c = strcmp(x->device, y->device);

	return c ? c : (x->port > y->port) - (x->port < y->port);
}

/* A recorded tree: every device and port from sysfs, in name order. */
static int read_recorded(struct port_reading *rd, struct rr_port **out)
{
	char path[512];
	struct dirent *dd, *pd;
	struct rr_port *ports = NULL, *grown, *port;
	DIR *devs, *pdir;
	int n = 0;

	rr_sys_path(path, sizeof(path), RR_SYSFS_IB);
	devs = opendir(path);
	if (!devs)
		return 0;
	while ((dd = readdir(devs))) {
		if (dd->d_name[0] == '.')
			continue;
		rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/ports",
			    dd->d_name);
		pdir = opendir(path);
		while (pdir && (pd = readdir(pdir))) {
			if (pd->d_name[0] == '.')
				continue;
			grown = realloc(ports, (size_t)(n + 1) * sizeof(*ports));
			if (!grown)
				goto nomem;
			ports = grown;
			port = &ports[n];
			memset(port, 0, sizeof(*port));
			snprintf(port->facts.device, sizeof(port->facts.device),
				 "%.63s", dd->d_name);
			port->facts.port = (unsigned int)strtoul(pd->d_name, NULL, 10);
			port_sysfs(&port->facts, recorded_iwarp(dd->d_name));
			if (port_common(rd, NULL, port)) {
				free(port->gids);
				goto nomem;
			}
			n++;
		}
		if (pdir)
			closedir(pdir);
	}
	closedir(devs);
	if (n)
		qsort(ports, (size_t)n, sizeof(*ports), by_device_port);
	*out = ports;
	return n;
nomem:
	closedir(pdir);
	closedir(devs);
	rr_ports_free(ports, n);
	errno = ENOMEM;
	return -1;
}

/* Appends DEV's ports to *PORTS (capacity grows as needed). */
static int add_device(struct port_reading *rd, struct ibv_device *dev,
		      struct rr_port **ports, int *n)
{
	struct ibv_device_attr attr;
	struct ibv_context *ctx = rr_dl.ibv_open_device(dev);
	struct rr_port *grown;
	unsigned int p;
	int rc = -1;

	if (!ctx)
		return 0;	/* gone or not ours: list the others */
	if (rr_dl.ibv_query_device(ctx, &attr))
		goto out;
	grown = realloc(*ports, (size_t)(*n + attr.phys_port_cnt) *
				sizeof(**ports));
	if (!grown)
		goto out;
	*ports = grown;
	for (p = 1; p <= attr.phys_port_cnt; p++) {
		if (add_port(rd, ctx, p, &grown[*n])) {
			free(grown[*n].gids);
			continue;
		}
		(*n)++;
	}
	rc = 0;
out:
	rr_dl.ibv_close_device(ctx);
	return rc;
}

static int read_ports(struct port_reading *rd, struct rr_port **out)
{
	struct ibv_device **list;
	struct rr_port *ports = NULL;
	int i, num = 0, n = 0;

	*out = NULL;
	if (rr_sys_recorded())
		return read_recorded(rd, out);
	if (!rr_dl_load(RR_DL_VERBS))
		return -1;
	list = rr_dl.ibv_get_device_list(&num);
	if (!list)
		return errno == ENOSYS ? 0 : -1;
	for (i = 0; i < num; i++) {
		if (add_device(rd, list[i], &ports, &n)) {
			rr_ports_free(ports, n);
			rr_dl.ibv_free_device_list(list);
			return -1;
		}
	}
	rr_dl.ibv_free_device_list(list);
	*out = ports;
	return n;
}

int rr_ports_read(struct rr_nl *nl, struct rr_gid_cache *gids,
		  struct rr_port **out)
{
	struct port_reading rd = { .nl = nl, .gids = gids };
	int n, i, err;

	n = read_ports(&rd, out);
	err = errno;
	for (i = 0; i < rd.num_links; i++)
		rr_nl_link_gids_free(&rd.links[i]);
	errno = err;
	return n;
}

void rr_ports_free(struct rr_port *ports, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(ports[i].gids);
	free(ports);
}
