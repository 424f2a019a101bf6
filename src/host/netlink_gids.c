// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "host/netlink_cache.h"

/* A's RoCE GID: the IPv6 address, or IPv4 mapped (::ffff:a.b.c.d). */
static void addr_gid(const struct addr *a, uint8_t gid[16])
{
	memset(gid, 0, 16);
	if (a->family == AF_INET6) {
		memcpy(gid, a->local, 16);
		return;
	}
	gid[10] = gid[11] = 0xff;
	memcpy(gid + 12, a->local, 4);
}

/* The link-local GID of an Ethernet address: fe80::, EUI-64 of MAC. */
static void mac_gid(const uint8_t mac[6], uint8_t gid[16])
{
	memset(gid, 0, 16);
	gid[0] = 0xfe;
	gid[1] = 0x80;
	gid[8] = mac[0] ^ 0x02;
	gid[9] = mac[1];
	gid[10] = mac[2];
	gid[11] = 0xff;
	gid[12] = 0xfe;
	gid[13] = mac[3];
	gid[14] = mac[4];
	gid[15] = mac[5];
}

void rr_nl_link_gids(struct rr_nl *nl, int ifindex,
		     struct rr_nl_link_gids *out)
{
	struct addrs list;
	struct link l;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->ifindex = ifindex;
	rr_nlc_link(nl, ifindex, NULL, &l);
	if (!l.found)
		return;
	out->found = true;
	rr_nlc_read_addrs(nl, 0, ifindex, &list);
	out->gids = calloc(list.num + 1, sizeof(*out->gids));
	if (out->gids) {
		if (l.have_mac)
			mac_gid(l.mac, out->gids[out->num++]);
		for (i = 0; i < list.num; i++)
			addr_gid(&list.at[i], out->gids[out->num++]);
	}
	rr_nlc_free_addrs(&list);
}

void rr_nl_link_gids_free(struct rr_nl_link_gids *g)
{
	free(g->gids);
	g->gids = NULL;
	g->num = 0;
}

bool rr_nl_link_holds(const struct rr_nl_link_gids *g, const uint8_t gid[16])
{
	size_t i;

	for (i = 0; i < g->num; i++)
		if (!memcmp(g->gids[i], gid, 16))
			return true;
	return false;
}
