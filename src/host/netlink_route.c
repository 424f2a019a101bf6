// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <net/if.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <linux/rtnetlink.h>

#include "base/sockaddr.h"
#include "host/netlink_cache.h"
#include "host/route_dump.h"
#include "host/route_query.h"

static void fill_netdev(struct rr_nl *nl, int ifindex,
			struct rr_chain_route *out)
{
	struct link l;

	rr_nlc_link(nl, ifindex, NULL, &l);
	if (!l.found) {
		snprintf(out->netdev, sizeof(out->netdev), "if%d", ifindex);
		return;
	}
	snprintf(out->netdev, sizeof(out->netdev), "%s", l.name);
	out->ifindex = l.ifindex;
	out->netdev_admin_up = l.flags & IFF_UP;
	out->netdev_up = (l.flags & IFF_UP) && (l.flags & IFF_RUNNING);
	out->netdev_mtu = (int)l.mtu;
}

/* The interface that holds local address DST (a local route names lo). */
static int owner_of(struct rr_nl *nl, const struct sockaddr_storage *dst)
{
	const struct addrs *list;
	struct addrs tmp;
	const void *bytes;
	size_t len, i;
	int ifindex = 0;

	bytes = rr_sockaddr_bytes(dst, &len);
	if (!bytes)
		return 0;
	list = rr_nlc_family_addrs(nl, dst->ss_family, &tmp);
	for (i = 0; i < list->num && !ifindex; i++)
		if (!memcmp(list->at[i].local, bytes, len))
			ifindex = list->at[i].ifindex;
	rr_nlc_free_addrs(&tmp);
	return ifindex;
}

/*
 * The interfaces with an address whose subnet holds DST, in the kernel's
 * order; those of a /32 or /128 too when WITH_HOSTS.
 */
static size_t covering(struct rr_nl *nl, const struct sockaddr_storage *dst,
		       bool with_hosts, struct addrs *list)
{
	const struct addrs *all;
	struct addrs tmp;
	const void *bytes;
	size_t len, i;

	memset(list, 0, sizeof(*list));
	bytes = rr_sockaddr_bytes(dst, &len);
	if (!bytes)
		return 0;
	all = rr_nlc_family_addrs(nl, dst->ss_family, &tmp);
	list->at = calloc(all->num ? all->num : 1, sizeof(*list->at));
	for (i = 0; list->at && i < all->num; i++) {
		const struct addr *a = &all->at[i];

		if (!with_hosts && a->prefixlen == len * 8)
			continue;	/* a /32 or /128 holds no subnet */
		if (rr_rt_prefix_holds(a->local, a->prefixlen, bytes,
				       (unsigned int)len))
			list->at[list->num++] = *a;
	}
	rr_nlc_free_addrs(&tmp);
	return list->num;
}

/* With no route: an interface that is down but holds DST's subnet. */
static void find_down_netdev(struct rr_nl *nl,
			     const struct sockaddr_storage *dst,
			     struct rr_chain_route *out)
{
	struct rr_chain_route dev;
	struct addrs list;
	size_t i;

	covering(nl, dst, true, &list);
	for (i = 0; i < list.num; i++) {
		memset(&dev, 0, sizeof(dev));
		fill_netdev(nl, list.at[i].ifindex, &dev);
		if (!dev.netdev_up) {
			snprintf(out->down_netdev, sizeof(out->down_netdev),
				 "%s", dev.netdev);
			break;
		}
	}
	rr_nlc_free_addrs(&list);
}

static void fill_route(struct rr_nl *nl, const struct rr_route_answer *a,
		       const struct sockaddr_storage *dst,
		       struct rr_chain_route *out)
{
	int ifindex = a->oif, owner;

	if (a->have_gateway) {
		out->gateway = a->gateway;
		out->have_gateway = true;
	}
	if (a->have_prefsrc) {
		out->src = a->prefsrc;
		out->have_src = true;
	}
	if (a->type == RTN_LOCAL) {
		out->local = true;
		owner = owner_of(nl, dst);
		if (owner)
			ifindex = owner;
	}
	fill_netdev(nl, ifindex, out);
}

/* The errors of a route or rule that refuses (see model/explain/refusal.c). */
static bool refusing_errno(int err)
{
	return err == EINVAL || err == EACCES || err == EHOSTUNREACH ||
	       err == ENETUNREACH;
}

/* What refused the lookup of DST: its rules and tables walked here. */
static void find_refusal(const struct sockaddr_storage *dst,
			 const struct sockaddr_storage *src, int oif,
			 struct rr_chain_refusal *out)
{
	char oif_name[IF_NAMESIZE] = "";
	struct rr_rt_view *view;
	const void *d, *s = NULL;
	size_t len;

	d = rr_sockaddr_bytes(dst, &len);
	if (src)
		s = rr_sockaddr_bytes(src, &len);
	if (oif && !if_indextoname((unsigned int)oif, oif_name))
		oif_name[0] = '\0';
	view = malloc(sizeof(*view));	/* ~60 KiB: not for the stack */
	if (!view || !d)
		goto out;
	rr_rt_view_init(view, dst->ss_family, d, s, oif_name);
	if (!rr_route_dump(oif, view))
		rr_rt_walk(view, out);
out:
	free(view);
}

/*
 * No route: the error, what refused it (a blackhole route, a prohibit
 * rule, ...), and an interface that is down but would hold it.
 */
static void no_route(struct rr_nl *nl, const struct sockaddr_storage *dst,
		     const struct sockaddr_storage *src, int oif, int err,
		     struct rr_chain_route *out)
{
	snprintf(out->error, sizeof(out->error), "%s",
		 err == ENOMSG ? "no answer" : strerror(err));
	if (refusing_errno(err))
		find_refusal(dst, src, oif, &out->refusal);
	find_down_netdev(nl, dst, out);
}

void rr_nl_route(struct rr_nl *nl, const struct sockaddr_storage *dst,
		 const struct sockaddr_storage *src, int oif,
		 struct rr_chain_route *out)
{
	struct rr_route_answer a;
	int rc;

	out->looked_up = true;
	if (dst->ss_family != AF_INET && dst->ss_family != AF_INET6) {
		snprintf(out->error, sizeof(out->error), "not an IP address");
		return;
	}
	/* A source of the other family cannot hold the lookup. */
	if (src && src->ss_family != dst->ss_family)
		src = NULL;
	rc = rr_route_query(&nl->sk, dst, src, oif, &a);
	if (rc)
		no_route(nl, dst, src, oif, -rc, out);
	else if (a.err)
		no_route(nl, dst, src, oif, a.err, out);
	else
		fill_route(nl, &a, dst, out);
}

int rr_nl_subnet_netdevs(struct rr_nl *nl, const struct sockaddr_storage *dst,
			 const struct rr_chain_route *known,
			 char names[][RR_NETDEV_LEN], int max)
{
	struct rr_chain_route dev;
	struct addrs list;
	size_t i;
	int n = 0, j;

	covering(nl, dst, false, &list);
	for (i = 0; i < list.num && n < max; i++) {
		memset(&dev, 0, sizeof(dev));
		if (known && known->ifindex && known->ifindex == list.at[i].ifindex)
			dev = *known;	/* read a moment ago, for this result */
		else
			fill_netdev(nl, list.at[i].ifindex, &dev);
		for (j = 0; j < n && strcmp(names[j], dev.netdev); j++)
			;
		if (j == n && dev.netdev_up)
			snprintf(names[n++], RR_NETDEV_LEN, "%s", dev.netdev);
	}
	rr_nlc_free_addrs(&list);
	return n;
}

void rr_nl_addr_owner(struct rr_nl *nl, const struct sockaddr_storage *addr,
		      char *name, size_t len)
{
	struct rr_chain_route dev = { 0 };
	int ifindex = owner_of(nl, addr);

	name[0] = '\0';
	if (ifindex) {
		fill_netdev(nl, ifindex, &dev);
		snprintf(name, len, "%s", dev.netdev);
	}
}

