// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>

#include "host/gid_table.h"
#include "host/rdma_libs.h"
#include "model/probe/decode.h"
#include "host/netlink_route.h"
#include "host/rdma_ports.h"
#include "host/sysfs.h"
#include "host/witness_facts.h"

/* The GID an address gives: IPv4-mapped, or the IPv6 address itself. */
static bool gid_of(const struct sockaddr_storage *ss, uint8_t gid[16])
{
	memset(gid, 0, 16);
	if (ss->ss_family == AF_INET) {
		gid[10] = gid[11] = 0xff;
		memcpy(gid + 12, &((const struct sockaddr_in *)ss)->sin_addr, 4);
		return true;
	}
	if (ss->ss_family == AF_INET6) {
		memcpy(gid, &((const struct sockaddr_in6 *)ss)->sin6_addr, 16);
		return true;
	}
	return false;
}

/* A number from a sysfs file of the port; false when unreadable. */
static bool port_counter(const char *dev, unsigned int port, const char *name,
			 uint64_t *v)
{
	char path[512], text[32], *end;
	unsigned long long n;

	if (!rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%u/%s",
			 dev, port, name) ||
	    rr_sysfs_read_line(path, text, sizeof(text)) < 0)
		return false;
	n = strtoull(text, &end, 10);
	if (end == text || *end)
		return false;
	*v = n;
	return true;
}

/* NETDEV's MTU, 0 when unknown. */
static unsigned int netdev_mtu(const char *netdev)
{
	char path[160], text[16];
	unsigned long v;

	if (!netdev[0] || strchr(netdev, '/') ||
	    !rr_sys_path(path, sizeof(path), "/sys/class/net/%s/mtu", netdev) ||
	    rr_sysfs_read_line(path, text, sizeof(text)) < 0)
		return 0;
	v = strtoul(text, NULL, 10);
	return v <= (1U << 20) ? (unsigned int)v : 0;
}

/* The entry holding GID: a RoCE v2 one before any other. */
static const struct rr_gid_entry *holder(const struct rr_port *ports, int n,
					 const uint8_t gid[16], int *which)
{
	const struct rr_gid_entry *best = NULL;
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < ports[i].num_gids; j++) {
			const struct rr_gid_entry *e = &ports[i].gids[j];

			if (memcmp(e->gid, gid, 16) ||
			    (best && best->type == RR_GID_ROCE_V2))
				continue;
			best = e;
			*which = i;
		}
	return best;
}

static void list_ports(const struct rr_port *ports, int n,
		       struct rr_peer_facts *f)
{
	struct rr_peer_port *pp;
	int i;

	for (i = 0; i < n && f->num_ports < RR_PEER_MAX_PORTS; i++) {
		pp = &f->ports[f->num_ports++];
		snprintf(pp->device, sizeof(pp->device), "%s", ports[i].facts.device);
		pp->port = (uint8_t)ports[i].facts.port;
		pp->state = ports[i].facts.state;
		snprintf(pp->netdev, sizeof(pp->netdev), "%s", ports[i].facts.netdev);
		pp->active_mtu = ports[i].facts.active_mtu;
	}
}

/* The port holding the GID: its entry, MTUs, state and counters. */
static void holding_port(const struct rr_port *port,
			 const struct rr_gid_entry *e, struct rr_peer_facts *f)
{
	const struct rr_port_facts *pf = &port->facts;
	struct rr_gid_entry named = *e;

	rr_gid_entry_name(pf->device, pf->port, &named);
	f->have_gid = true;
	snprintf(f->gid.device, sizeof(f->gid.device), "%s", pf->device);
	f->gid.port = (uint8_t)pf->port;
	f->gid.index = e->index;
	f->gid.type = e->type;
	snprintf(f->gid.netdev, sizeof(f->gid.netdev), "%s", named.netdev);
	f->gid.vlan = e->vlan;
	f->netdev_mtu = netdev_mtu(named.netdev);
	f->active_mtu = pf->active_mtu;
	f->port_state = pf->state;
	f->have_counters = port_counter(pf->device, pf->port, "cm_rx_msgs/req",
					&f->cm_rx_req);
	/* Soft-RoCE's count, or a PMA's where the device has one. */
	f->have_pkts = port_counter(pf->device, pf->port, "hw_counters/rcvd_pkts",
				    &f->rcvd_pkts) ||
		       port_counter(pf->device, pf->port, "counters/port_rcv_packets",
				    &f->rcvd_pkts);
}

void rr_witness_facts(const struct sockaddr_storage *addr,
		      struct rr_peer_facts *f)
{
	struct rr_gid_cache *gids = rr_gid_cache_new();
	const struct rr_gid_entry *e;
	struct rr_port *ports = NULL;
	struct rr_nl *nl;
	uint8_t gid[16];
	char why[128];
	int n = -1, which = -1;

	nl = rr_nl_open(why, sizeof(why));
	if (gids)
		n = rr_ports_read(nl, gids, &ports);
	if (n > 0) {
		list_ports(ports, n, f);
		if (gid_of(addr, gid) && (e = holder(ports, n, gid, &which)))
			holding_port(&ports[which], e, f);
	}
	if (n > 0)
		rr_ports_free(ports, n);
	rr_gid_cache_free(gids);
	rr_nl_close(nl);
}

/* NETDEV's VLAN id from /proc/net/vlan/config, -1 when it is none. */
static int netdev_vlan(const char *netdev)
{
	char line[160], name[32];
	int vlan = -1, id;
	FILE *f;

	if (!netdev[0])
		return -1;
	f = fopen("/proc/net/vlan/config", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%31s | %d |", name, &id) == 2 &&
		    !strcmp(name, netdev) && id >= 0 && id <= 4095)
			vlan = id;
	fclose(f);
	return vlan;
}

void rr_witness_rep_facts(const struct sockaddr_storage *addr,
			  struct ibv_context *verbs, uint8_t port,
			  struct rr_peer_facts *f)
{
	struct rr_gid_cache *gids = rr_gid_cache_new();
	const struct rr_gid_entry *table, *best = NULL;
	struct ibv_port_attr attr;
	struct rr_gid_entry named;
	const char *dev;
	uint8_t gid[16];
	size_t n, i;

	if (!verbs || !gids || !gid_of(addr, gid))
		goto out;
	dev = rr_dl.ibv_get_device_name(verbs->device);
	if (!rr_dl_query_port(verbs, port, &attr)) {
		f->active_mtu = rr_mtu_bytes((uint8_t)attr.active_mtu);
		f->port_state = attr.state;
	}
	table = rr_gid_table_via(gids, verbs, dev, port, &n);
	for (i = 0; table && i < n; i++)
		if (!memcmp(table[i].gid, gid, 16) &&
		    (!best || best->type != RR_GID_ROCE_V2))
			best = &table[i];
	if (!best)
		goto out;
	named = *best;
	rr_gid_entry_name(dev, port, &named);
	f->have_gid = true;
	snprintf(f->gid.device, sizeof(f->gid.device), "%s", dev);
	f->gid.port = port;
	f->gid.index = named.index;
	f->gid.type = named.type;
	snprintf(f->gid.netdev, sizeof(f->gid.netdev), "%s", named.netdev);
	f->gid.vlan = netdev_vlan(named.netdev);
	f->netdev_mtu = netdev_mtu(named.netdev);
out:
	rr_gid_cache_free(gids);
}
