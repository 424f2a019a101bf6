// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netlink/netlink.h>
#include <netlink/route/addr.h>
#include <netlink/route/link.h>
#include <netlink/route/link/vlan.h>
#include <netlink/route/neighbour.h>
#include <linux/rtnetlink.h>

#include "base/sockaddr.h"
#include "host/netlink_route.h"
#include "host/rdma_libs.h"
#include "host/route_dump.h"
#include "host/route_query.h"

/*
 * Links, addresses and the neighbour table are dumped once per run and
 * then kept current by the kernel's own notifications (a libnl cache
 * manager): a failure costs one route query, not a dump of tables that
 * did not change.  The route queries go on a raw socket of their own
 * (route_query.c).
 */
struct rr_nl {
	int route_fd;			/* the route queries */
	unsigned int route_seq;
	struct nl_sock *sk;		/* re-reads */
	struct nl_sock *events;		/* the notifications */
	struct nl_cache_mngr *mngr;
	struct nl_cache *links;		/* these three owned by mngr */
	struct nl_cache *addrs;
	struct nl_cache *neigh;		/* added at the first need */
	bool neigh_tried;
};

/* Room for notifications between two results: lost only to a storm. */
#define EVENTS_RCVBUF (1 << 20)

struct rr_nl *rr_nl_open(char *why, size_t why_len)
{
	struct rr_nl *nl;
	int err = -NLE_NOMEM;

	if (!rr_dl_load(RR_DL_NL)) {
		snprintf(why, why_len, "%s", rr_dl_error(RR_DL_NL));
		return NULL;
	}
	nl = calloc(1, sizeof(*nl));
	if (!nl)
		goto fail;
	nl->route_fd = rr_route_query_open();
	if (nl->route_fd < 0) {
		snprintf(why, why_len, "rtnetlink: %s", strerror(errno));
		free(nl);
		return NULL;
	}
	nl->sk = rr_dl.nl_socket_alloc();
	nl->events = rr_dl.nl_socket_alloc();
	if (!nl->sk || !nl->events)
		goto fail;
	err = rr_dl.nl_connect(nl->sk, NETLINK_ROUTE);
	if (err < 0)
		goto fail;
	err = rr_dl.nl_cache_mngr_alloc(nl->events, NETLINK_ROUTE, 0,
					&nl->mngr);
	if (err < 0)
		goto fail;
	rr_dl.nl_socket_set_buffer_size(nl->events, EVENTS_RCVBUF, 0);
	err = rr_dl.nl_cache_mngr_add(nl->mngr, "route/link", NULL, NULL,
				      &nl->links);
	if (err < 0)
		goto fail;
	err = rr_dl.nl_cache_mngr_add(nl->mngr, "route/addr", NULL, NULL,
				      &nl->addrs);
	if (err < 0)
		goto fail;
	return nl;
fail:
	snprintf(why, why_len, "rtnetlink: %s", rr_dl.nl_geterror(err));
	rr_nl_close(nl);
	return NULL;
}

void rr_nl_close(struct rr_nl *nl)
{
	if (!nl)
		return;
	close(nl->route_fd);
	if (nl->mngr)
		rr_dl.nl_cache_mngr_free(nl->mngr);
	if (nl->events)
		rr_dl.nl_socket_free(nl->events);
	if (nl->sk)
		rr_dl.nl_socket_free(nl->sk);
	free(nl);
}

/* Each managed cache read again in full. */
static void reread_all(struct rr_nl *nl)
{
	rr_dl.nl_cache_refill(nl->sk, nl->links);
	rr_dl.nl_cache_refill(nl->sk, nl->addrs);
	if (nl->neigh)
		rr_dl.nl_cache_refill(nl->sk, nl->neigh);
}

/*
 * Applies the notifications queued so far: the caches then say what a
 * dump made now would.  Notifications lost to an overflow (ENOBUFS, said
 * as NLE_NOMEM) are made good by reading everything again.
 */
void rr_nl_refresh(struct rr_nl *nl)
{
	struct pollfd pfd = {
		.fd = rr_dl.nl_cache_mngr_get_fd(nl->mngr),
		.events = POLLIN,
	};
	int tries = 8;

	/* Mostly nothing changed: a poll is cheaper than libnl's read. */
	if (poll(&pfd, 1, 0) == 0)
		return;
	if (rr_dl.nl_cache_mngr_data_ready(nl->mngr) >= 0)
		return;
	/* What is still queued predates the re-read: read it first. */
	while (rr_dl.nl_cache_mngr_data_ready(nl->mngr) < 0 && --tries)
		;
	reread_all(nl);
}

static struct nl_addr *to_nl_addr(const struct sockaddr_storage *ss)
{
	size_t len;
	const void *bytes = rr_sockaddr_bytes(ss, &len);

	return bytes ? rr_dl.nl_addr_build(ss->ss_family, bytes, len) : NULL;
}

static bool same_addr(struct nl_addr *a, struct nl_addr *b)
{
	return a && b &&
	       rr_dl.nl_addr_get_family(a) == rr_dl.nl_addr_get_family(b) &&
	       rr_dl.nl_addr_get_len(a) == rr_dl.nl_addr_get_len(b) &&
	       !memcmp(rr_dl.nl_addr_get_binary_addr(a),
		       rr_dl.nl_addr_get_binary_addr(b),
		       rr_dl.nl_addr_get_len(a));
}

static void fill_netdev(struct rr_nl *nl, int ifindex,
			struct rr_chain_route *out)
{
	struct rtnl_link *link = rr_dl.rtnl_link_get(nl->links, ifindex);
	unsigned int flags;

	if (!link) {
		snprintf(out->netdev, sizeof(out->netdev), "if%d", ifindex);
		return;
	}
	snprintf(out->netdev, sizeof(out->netdev), "%s",
		 rr_dl.rtnl_link_get_name(link));
	flags = rr_dl.rtnl_link_get_flags(link);
	out->netdev_admin_up = flags & IFF_UP;
	out->netdev_up = (flags & IFF_UP) && (flags & IFF_RUNNING);
	out->netdev_mtu = rr_dl.rtnl_link_get_mtu(link);
	rr_dl.rtnl_link_put(link);
}

/* The interface that holds local address DST (a local route names lo). */
static int owner_of(struct rr_nl *nl, struct nl_addr *dst)
{
	struct nl_object *o;

	for (o = rr_dl.nl_cache_get_first(nl->addrs); o;
	     o = rr_dl.nl_cache_get_next(o)) {
		struct rtnl_addr *a = (struct rtnl_addr *)o;
		struct nl_addr *local = rr_dl.rtnl_addr_get_local(a);

		if (same_addr(local, dst))
			return rr_dl.rtnl_addr_get_ifindex(a);
	}
	return 0;
}

/* With no route: an interface that is down but holds DST's subnet. */
static void find_down_netdev(struct rr_nl *nl, struct nl_addr *dst,
			     struct rr_chain_route *out)
{
	struct nl_object *o;
	struct rr_chain_route dev;

	for (o = rr_dl.nl_cache_get_first(nl->addrs); o;
	     o = rr_dl.nl_cache_get_next(o)) {
		struct rtnl_addr *a = (struct rtnl_addr *)o;
		struct nl_addr *local = rr_dl.rtnl_addr_get_local(a);
		struct nl_addr *net;
		int covers;

		if (!local || rr_dl.nl_addr_get_family(local) !=
			      rr_dl.nl_addr_get_family(dst))
			continue;
		net = rr_dl.nl_addr_clone(local);
		if (!net)
			return;
		rr_dl.nl_addr_set_prefixlen(net,
					    rr_dl.rtnl_addr_get_prefixlen(a));
		covers = !rr_dl.nl_addr_cmp_prefix(net, dst);
		rr_dl.nl_addr_put(net);
		if (!covers)
			continue;
		memset(&dev, 0, sizeof(dev));
		fill_netdev(nl, rr_dl.rtnl_addr_get_ifindex(a), &dev);
		if (!dev.netdev_up) {
			snprintf(out->down_netdev, sizeof(out->down_netdev),
				 "%s", dev.netdev);
			return;
		}
	}
}

static void fill_route(struct rr_nl *nl, const struct rr_route_answer *a,
		       const struct sockaddr_storage *dst,
		       struct rr_chain_route *out)
{
	struct nl_addr *d;
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
		d = to_nl_addr(dst);
		owner = d ? owner_of(nl, d) : 0;
		if (owner)
			ifindex = owner;
		if (d)
			rr_dl.nl_addr_put(d);
	}
	fill_netdev(nl, ifindex, out);
}

/* The errors of a route or rule that refuses (see model/refusal.c). */
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
	struct nl_addr *d = to_nl_addr(dst);

	snprintf(out->error, sizeof(out->error), "%s",
		 err == ENOMSG ? "no answer" : strerror(err));
	if (refusing_errno(err))
		find_refusal(dst, src, oif, &out->refusal);
	if (d) {
		find_down_netdev(nl, d, out);
		rr_dl.nl_addr_put(d);
	}
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
	rc = rr_route_query(nl->route_fd, ++nl->route_seq, dst, src, oif, &a);
	if (rc)
		no_route(nl, dst, src, oif, -rc, out);
	else if (a.err)
		no_route(nl, dst, src, oif, a.err, out);
	else
		fill_route(nl, &a, dst, out);
}

int rr_nl_subnet_netdevs(struct rr_nl *nl, const struct sockaddr_storage *dst,
			 char names[][RR_NETDEV_LEN], int max)
{
	struct nl_addr *d = to_nl_addr(dst), *local, *net;
	struct rr_chain_route dev;
	struct nl_object *o;
	int n = 0, i, covers;

	if (!d)
		return 0;
	for (o = rr_dl.nl_cache_get_first(nl->addrs); o && n < max;
	     o = rr_dl.nl_cache_get_next(o)) {
		struct rtnl_addr *a = (struct rtnl_addr *)o;

		local = rr_dl.rtnl_addr_get_local(a);
		if (!local || rr_dl.nl_addr_get_family(local) !=
			      rr_dl.nl_addr_get_family(d) ||
		    rr_dl.rtnl_addr_get_prefixlen(a) ==
			    (int)rr_dl.nl_addr_get_len(local) * 8)
			continue;	/* a /32 or /128 holds no subnet */
		net = rr_dl.nl_addr_clone(local);
		if (!net)
			break;
		rr_dl.nl_addr_set_prefixlen(net,
					    rr_dl.rtnl_addr_get_prefixlen(a));
		covers = !rr_dl.nl_addr_cmp_prefix(net, d);
		rr_dl.nl_addr_put(net);
		if (!covers)
			continue;
		memset(&dev, 0, sizeof(dev));
		fill_netdev(nl, rr_dl.rtnl_addr_get_ifindex(a), &dev);
		for (i = 0; i < n && strcmp(names[i], dev.netdev); i++)
			;
		if (i == n && dev.netdev_up)
			snprintf(names[n++], RR_NETDEV_LEN, "%s", dev.netdev);
	}
	rr_dl.nl_addr_put(d);
	return n;
}

void rr_nl_addr_owner(struct rr_nl *nl, const struct sockaddr_storage *addr,
		      char *name, size_t len)
{
	struct nl_addr *a = to_nl_addr(addr);
	struct rr_chain_route dev = { 0 };
	int ifindex = a ? owner_of(nl, a) : 0;

	name[0] = '\0';
	if (ifindex) {
		fill_netdev(nl, ifindex, &dev);
		snprintf(name, len, "%s", dev.netdev);
	}
	if (a)
		rr_dl.nl_addr_put(a);
}

int rr_nl_ifindex(struct rr_nl *nl, const char *netdev)
{
	int i = netdev[0] ? rr_dl.rtnl_link_name2i(nl->links, netdev) : 0;

	return i > 0 ? i : 0;
}

/* "REACHABLE", as `ip neigh` writes it. */
static void nud_name(int state, char *buf, size_t len)
{
	size_t i;

	rr_dl.rtnl_neigh_state2str(state, buf, len);
	for (i = 0; buf[i]; i++)
		buf[i] = (char)toupper((unsigned char)buf[i]);
}

/*
 * Through the cache's hash: a scan of the link's entries per failure grew
 * with the failures (a NOARP link keeps one per destination tried).
 */
static struct rtnl_neigh *find_neigh(struct nl_cache *cache, int ifindex,
				     struct nl_addr *addr)
{
	struct rtnl_neigh *needle = rr_dl.rtnl_neigh_alloc(), *n = NULL;

	if (!needle)
		return NULL;
	rr_dl.rtnl_neigh_set_ifindex(needle, ifindex);
	if (rr_dl.rtnl_neigh_set_dst(needle, addr) == 0)
		n = (struct rtnl_neigh *)rr_dl.nl_cache_search(cache,
							(struct nl_object *)needle);
	rr_dl.rtnl_neigh_put(needle);
	/* The cache keeps its own reference. */
	if (n)
		rr_dl.rtnl_neigh_put(n);
	return n;
}

/* The neighbour table, dumped once; notifications keep it current. */
static struct nl_cache *neigh_table(struct rr_nl *nl)
{
	if (!nl->neigh_tried) {
		nl->neigh_tried = true;
		if (rr_dl.nl_cache_mngr_add(nl->mngr, "route/neigh", NULL, NULL,
				      &nl->neigh) < 0)
			nl->neigh = NULL;
	}
	return nl->neigh;
}

void rr_nl_neigh(struct rr_nl *nl, const char *netdev,
		 const struct sockaddr_storage *who, struct rr_chain_neigh *out)
{
	struct nl_cache *cache;
	struct rtnl_neigh *n;
	struct nl_addr *addr = to_nl_addr(who), *ll;
	int ifindex = rr_dl.rtnl_link_name2i(nl->links, netdev);

	out->addr = *who;
	cache = addr ? neigh_table(nl) : NULL;
	if (!cache)
		goto out;
	out->looked_up = true;
	n = find_neigh(cache, ifindex, addr);
	if (!n)
		goto out;
	out->found = true;
	out->nud = rr_dl.rtnl_neigh_get_state(n);
	nud_name(out->nud, out->nud_name, sizeof(out->nud_name));
	ll = rr_dl.rtnl_neigh_get_lladdr(n);
	if (ll && rr_dl.nl_addr_get_len(ll))
		rr_dl.nl_addr2str(ll, out->lladdr, sizeof(out->lladdr));
out:
	if (addr)
		rr_dl.nl_addr_put(addr);
}

int rr_nl_vlan_id(struct rr_nl *nl, const char *netdev)
{
	struct rtnl_link *link = rr_dl.rtnl_link_get_by_name(nl->links, netdev);
	int id = -1;

	if (!link)
		return -1;
	if (rr_dl.rtnl_link_is_vlan(link))
		id = rr_dl.rtnl_link_vlan_get_id(link);
	rr_dl.rtnl_link_put(link);
	return id;
}

bool rr_nl_has_netdev(struct rr_nl *nl, const char *netdev)
{
	return netdev[0] && rr_dl.rtnl_link_name2i(nl->links, netdev) > 0;
}

/* A's RoCE GID: the IPv6 address, or IPv4 mapped (::ffff:a.b.c.d). */
static bool addr_gid(struct nl_addr *a, uint8_t gid[16])
{
	memset(gid, 0, 16);
	if (rr_dl.nl_addr_get_family(a) == AF_INET6 &&
	    rr_dl.nl_addr_get_len(a) == 16) {
		memcpy(gid, rr_dl.nl_addr_get_binary_addr(a), 16);
		return true;
	}
	if (rr_dl.nl_addr_get_family(a) == AF_INET &&
	    rr_dl.nl_addr_get_len(a) == 4) {
		gid[10] = gid[11] = 0xff;
		memcpy(gid + 12, rr_dl.nl_addr_get_binary_addr(a), 4);
		return true;
	}
	return false;
}

/* The link-local GID of an Ethernet address: fe80::, EUI-64 of MAC. */
static bool mac_gid(struct rtnl_link *link, uint8_t gid[16])
{
	struct nl_addr *ll = rr_dl.rtnl_link_get_addr(link);
	const uint8_t *mac;

	if (!ll || rr_dl.nl_addr_get_len(ll) != 6)
		return false;
	mac = rr_dl.nl_addr_get_binary_addr(ll);
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
	return true;
}

bool rr_nl_gid_on_link(struct rr_nl *nl, int ifindex, const uint8_t gid[16])
{
	struct rtnl_link *link;
	struct nl_object *o;
	uint8_t mine[16];
	bool found;

	link = ifindex > 0 ? rr_dl.rtnl_link_get(nl->links, ifindex) : NULL;
	if (!link)
		return false;
	found = mac_gid(link, mine) && !memcmp(mine, gid, 16);
	rr_dl.rtnl_link_put(link);
	for (o = rr_dl.nl_cache_get_first(nl->addrs); o && !found;
	     o = rr_dl.nl_cache_get_next(o)) {
		struct rtnl_addr *a = (struct rtnl_addr *)o;
		struct nl_addr *local = rr_dl.rtnl_addr_get_local(a);

		found = rr_dl.rtnl_addr_get_ifindex(a) == ifindex && local &&
			addr_gid(local, mine) && !memcmp(mine, gid, 16);
	}
	return found;
}
