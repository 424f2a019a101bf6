// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <net/if.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <linux/if_link.h>
#include <linux/neighbour.h>
#include <linux/rtnetlink.h>

#include "base/sockaddr.h"
#include "host/netlink_route.h"
#include "host/netlink_socket.h"
#include "host/rdma_libs.h"
#include "host/route_dump.h"
#include "host/route_query.h"

/*
 * Every fact is asked for when it is needed, of the one thing it is
 * about: the route to one destination, one link by index or name, one
 * neighbour entry.  Only the addresses are dumped, of one family or one
 * interface, and a host has few.  The route and the neighbour are asked
 * for every result; the links and addresses asked for are kept until the
 * kernel says one changed (their notification groups, read before each
 * result's lookups): in the lab each request costs some 0.1 ms, and a
 * batch of failures asked the same few again and again.
 */
/* One link, as RTM_GETLINK answers for an index or a name. */
struct link {
	bool found;
	int ifindex;
	unsigned int flags, mtu;
	char name[IF_NAMESIZE];
	bool have_mac;
	uint8_t mac[6];
	int vlan;		/* -1: no VLAN interface */
};

/* One address, as RTM_GETADDR dumps them. */
struct addr {
	int family, ifindex;
	unsigned int prefixlen;
	uint8_t local[16];
};

struct addrs {
	struct addr *at;
	size_t num, room;
	int family, ifindex;	/* what is kept: 0, any */
};

#define LINK_MEMO 16
struct rr_nl {
	struct rr_nlsock sk;
	struct mnl_socket *events;	/* NULL: nothing is kept */
	int num_links;
	struct link links[LINK_MEMO];
	bool have_addrs[2];		/* IPv4, IPv6 */
	struct addrs addrs[2];
};

/* The kernel answers within the send; this only bounds a broken one. */
#define ANSWER_WAIT_MS 1000

/* Before anything is kept: a change after a read is then always seen. */
static void open_events(struct rr_nl *nl)
{
	nl->events = rr_dl.mnl_socket_open2(NETLINK_ROUTE,
					    SOCK_CLOEXEC | SOCK_NONBLOCK);
	if (nl->events &&
	    rr_dl.mnl_socket_bind(nl->events, RTMGRP_LINK | RTMGRP_IPV4_IFADDR |
				  RTMGRP_IPV6_IFADDR, MNL_SOCKET_AUTOPID) < 0) {
		rr_dl.mnl_socket_close(nl->events);
		nl->events = NULL;
	}
}

static void forget(struct rr_nl *nl)
{
	nl->num_links = 0;
	free(nl->addrs[0].at);
	free(nl->addrs[1].at);
	memset(nl->addrs, 0, sizeof(nl->addrs));
	nl->have_addrs[0] = nl->have_addrs[1] = false;
}

struct rr_nl *rr_nl_open(char *why, size_t why_len)
{
	struct rr_nl *nl = calloc(1, sizeof(*nl));
	int rc;

	if (!nl) {
		snprintf(why, why_len, "rtnetlink: %s", strerror(ENOMEM));
		return NULL;
	}
	rc = rr_nlsock_open(&nl->sk, NETLINK_ROUTE);
	if (!rc) {
		open_events(nl);
		return nl;
	}
	if (rc == -ELIBACC)
		snprintf(why, why_len, "%s", rr_dl_error(RR_DL_MNL));
	else
		snprintf(why, why_len, "rtnetlink: %s", strerror(-rc));
	free(nl);
	return NULL;
}

void rr_nl_close(struct rr_nl *nl)
{
	if (!nl)
		return;
	forget(nl);
	if (nl->events)
		rr_dl.mnl_socket_close(nl->events);
	rr_nlsock_close(&nl->sk);
	free(nl);
}

/*
 * Reads the notifications queued since the last call: any, or some lost
 * to an overflow (ENOBUFS), and what was kept is asked for again.
 */
void rr_nl_refresh(struct rr_nl *nl)
{
	char buf[8192];
	bool changed = false;
	ssize_t got;
	int fd, reads;

	if (!nl->events)
		return;
	fd = rr_dl.mnl_socket_get_fd(nl->events);
	for (reads = 0; reads < 64; reads++) {
		got = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0 && errno == EAGAIN)
			break;
		changed = true;
		if (got < 0 && errno != ENOBUFS)
			break;
	}
	if (changed || reads == 64)
		forget(nl);
}

static void link_info(const struct nlattr *info, struct link *l)
{
	struct rr_nl_attrs t, data;
	char kind[16];
	const uint16_t *id;

	rr_nl_nested(info, &t);
	rr_nl_str(t.at[IFLA_INFO_KIND], kind, sizeof(kind));
	if (strcmp(kind, "vlan"))
		return;
	rr_nl_nested(t.at[IFLA_INFO_DATA], &data);
	id = rr_nl_exact(data.at[IFLA_VLAN_ID], sizeof(*id));
	if (id)
		l->vlan = *id;
}

static int link_msg(const struct nlmsghdr *nh, void *data)
{
	const struct ifinfomsg *ifi = rr_dl.mnl_nlmsg_get_payload(nh);
	struct link *l = data;
	struct rr_nl_attrs t;
	const void *mac;

	if (nh->nlmsg_type != RTM_NEWLINK ||
	    nh->nlmsg_len < NLMSG_LENGTH(sizeof(*ifi)))
		return MNL_CB_OK;
	rr_nl_attrs(nh, sizeof(*ifi), &t);
	l->found = true;
	l->ifindex = ifi->ifi_index;
	l->flags = ifi->ifi_flags;
	rr_nl_u32(t.at[IFLA_MTU], &l->mtu);
	rr_nl_str(t.at[IFLA_IFNAME], l->name, sizeof(l->name));
	mac = rr_nl_exact(t.at[IFLA_ADDRESS], sizeof(l->mac));
	if (mac) {
		memcpy(l->mac, mac, sizeof(l->mac));
		l->have_mac = true;
	}
	if (t.at[IFLA_LINKINFO])
		link_info(t.at[IFLA_LINKINFO], l);
	return MNL_CB_STOP;
}

/* The link of index IFINDEX, or else named NAME: L->found when it is. */
static void ask_link(struct rr_nl *nl, int ifindex, const char *name,
		     struct link *l)
{
	char req[RR_NL_REQ];
	struct ifinfomsg *ifi;
	struct nlmsghdr *nh;
	int err;

	memset(l, 0, sizeof(*l));
	l->vlan = -1;
	if (ifindex <= 0 && (!name || !name[0] || strlen(name) >= IF_NAMESIZE))
		return;
	nh = rr_nl_request(req, RTM_GETLINK, 0, sizeof(*ifi), (void **)&ifi);
	ifi->ifi_family = AF_UNSPEC;
	if (ifindex > 0)
		ifi->ifi_index = ifindex;
	else
		rr_dl.mnl_attr_put_strz(nh, IFLA_IFNAME, name);
	rr_dl.mnl_attr_put_u32(nh, IFLA_EXT_MASK, RTEXT_FILTER_SKIP_STATS);
	if (rr_nlsock_ask(&nl->sk, nh, ANSWER_WAIT_MS, link_msg, l, &err) ||
	    err)
		l->found = false;
}

/* As ask_link(), from what was kept when it can be. */
static void get_link(struct rr_nl *nl, int ifindex, const char *name,
		     struct link *l)
{
	int i;

	for (i = 0; i < nl->num_links; i++) {
		const struct link *k = &nl->links[i];

		if (ifindex > 0 ? k->ifindex == ifindex :
				  name && !strcmp(k->name, name)) {
			*l = *k;
			return;
		}
	}
	ask_link(nl, ifindex, name, l);
	if (l->found && nl->events && nl->num_links < LINK_MEMO)
		nl->links[nl->num_links++] = *l;
}

static int addr_msg(const struct nlmsghdr *nh, void *data)
{
	const struct ifaddrmsg *ifa = rr_dl.mnl_nlmsg_get_payload(nh);
	struct addrs *list = data;
	const struct nlattr *local;
	struct rr_nl_attrs t;
	const void *bytes;
	struct addr *a;
	size_t len;

	if (nh->nlmsg_type != RTM_NEWADDR ||
	    nh->nlmsg_len < NLMSG_LENGTH(sizeof(*ifa)) ||
	    (list->family && ifa->ifa_family != list->family) ||
	    (list->ifindex && (int)ifa->ifa_index != list->ifindex) ||
	    (ifa->ifa_family != AF_INET && ifa->ifa_family != AF_INET6))
		return MNL_CB_OK;
	rr_nl_attrs(nh, sizeof(*ifa), &t);
	/*
	 * IPv4 says its own address in IFA_LOCAL (IFA_ADDRESS is the peer's
	 * on a point-to-point link); IPv6 only in IFA_ADDRESS.
	 */
	local = t.at[IFA_LOCAL] ? t.at[IFA_LOCAL] : t.at[IFA_ADDRESS];
	len = ifa->ifa_family == AF_INET ? 4 : 16;
	bytes = rr_nl_exact(local, len);
	if (!bytes)
		return MNL_CB_OK;
	if (list->num == list->room) {
		size_t room = list->room ? list->room * 2 : 16;
		struct addr *grown = realloc(list->at, room * sizeof(*grown));

		if (!grown)
			return MNL_CB_OK;	/* the ones read so far stand */
		list->at = grown;
		list->room = room;
	}
	a = &list->at[list->num++];
	memset(a, 0, sizeof(*a));
	a->family = ifa->ifa_family;
	a->ifindex = (int)ifa->ifa_index;
	a->prefixlen = ifa->ifa_prefixlen;
	memcpy(a->local, bytes, len);
	return MNL_CB_OK;
}

/*
 * The addresses of FAMILY (0: both) on IFINDEX (0: every interface), read
 * whole before any other request is made on the socket.
 */
static void read_addrs(struct rr_nl *nl, int family, int ifindex,
		       struct addrs *list)
{
	char req[RR_NL_REQ];
	struct ifaddrmsg *ifa;
	struct nlmsghdr *nh;
	int err;

	memset(list, 0, sizeof(*list));
	list->family = family;
	list->ifindex = ifindex;
	nh = rr_nl_request(req, RTM_GETADDR, NLM_F_DUMP, sizeof(*ifa),
			   (void **)&ifa);
	ifa->ifa_family = (unsigned char)family;
	ifa->ifa_index = (unsigned int)ifindex;
	rr_nlsock_ask(&nl->sk, nh, ANSWER_WAIT_MS, addr_msg, list, &err);
}

static void free_addrs(struct addrs *list)
{
	free(list->at);
}

/* The addresses of FAMILY (AF_INET or AF_INET6), kept while they hold. */
static const struct addrs *family_addrs(struct rr_nl *nl, int family,
					struct addrs *tmp)
{
	int k = family == AF_INET6;

	if (!nl->events) {
		read_addrs(nl, family, 0, tmp);
		return tmp;
	}
	if (!nl->have_addrs[k]) {
		read_addrs(nl, family, 0, &nl->addrs[k]);
		nl->have_addrs[k] = true;
	}
	memset(tmp, 0, sizeof(*tmp));
	return &nl->addrs[k];
}

static void fill_netdev(struct rr_nl *nl, int ifindex,
			struct rr_chain_route *out)
{
	struct link l;

	get_link(nl, ifindex, NULL, &l);
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
	list = family_addrs(nl, dst->ss_family, &tmp);
	for (i = 0; i < list->num && !ifindex; i++)
		if (!memcmp(list->at[i].local, bytes, len))
			ifindex = list->at[i].ifindex;
	free_addrs(&tmp);
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
	all = family_addrs(nl, dst->ss_family, &tmp);
	list->at = calloc(all->num ? all->num : 1, sizeof(*list->at));
	for (i = 0; list->at && i < all->num; i++) {
		const struct addr *a = &all->at[i];

		if (!with_hosts && a->prefixlen == len * 8)
			continue;	/* a /32 or /128 holds no subnet */
		if (rr_rt_prefix_holds(a->local, a->prefixlen, bytes,
				       (unsigned int)len))
			list->at[list->num++] = *a;
	}
	free_addrs(&tmp);
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
	free_addrs(&list);
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
	free_addrs(&list);
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

int rr_nl_ifindex(struct rr_nl *nl, const char *netdev)
{
	struct link l;

	get_link(nl, 0, netdev, &l);
	return l.found && l.ifindex > 0 ? l.ifindex : 0;
}

/* "REACHABLE", as `ip neigh` writes it; several joined by commas. */
static void nud_name(unsigned int state, char *buf, size_t len)
{
	static const struct {
		unsigned int bit;
		const char *name;
	} names[] = {
		{ NUD_INCOMPLETE, "INCOMPLETE" }, { NUD_REACHABLE, "REACHABLE" },
		{ NUD_STALE, "STALE" },		  { NUD_DELAY, "DELAY" },
		{ NUD_PROBE, "PROBE" },		  { NUD_FAILED, "FAILED" },
		{ NUD_NOARP, "NOARP" },		  { NUD_PERMANENT, "PERMANENT" },
	};
	size_t i, at = 0;

	buf[0] = '\0';
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!(state & names[i].bit))
			continue;
		at += (size_t)snprintf(buf + at, len - at, "%s%s",
				       at ? "," : "", names[i].name);
		if (at >= len)
			return;
	}
}

static int neigh_msg(const struct nlmsghdr *nh, void *data)
{
	const struct ndmsg *ndm = rr_dl.mnl_nlmsg_get_payload(nh);
	struct rr_chain_neigh *out = data;
	const unsigned char *ll;
	struct rr_nl_attrs t;
	size_t len, i, at = 0;

	if (nh->nlmsg_type != RTM_NEWNEIGH ||
	    nh->nlmsg_len < NLMSG_LENGTH(sizeof(*ndm)))
		return MNL_CB_OK;
	rr_nl_attrs(nh, sizeof(*ndm), &t);
	out->found = true;
	out->nud = ndm->ndm_state;
	nud_name(ndm->ndm_state, out->nud_name, sizeof(out->nud_name));
	if (!t.at[NDA_LLADDR])
		return MNL_CB_STOP;
	ll = rr_dl.mnl_attr_get_payload(t.at[NDA_LLADDR]);
	len = rr_dl.mnl_attr_get_payload_len(t.at[NDA_LLADDR]);
	/* As `ip neigh`: hex bytes joined by colons, whole or not at all. */
	if (len * 3 > sizeof(out->lladdr))
		return MNL_CB_STOP;
	for (i = 0; i < len; i++)
		at += (size_t)snprintf(out->lladdr + at,
				       sizeof(out->lladdr) - at, "%s%02x",
				       i ? ":" : "", ll[i]);
	return MNL_CB_STOP;
}

/*
 * One RTM_GETNEIGH for WHO on IFINDEX: the kernel looks it up in its hash,
 * so a host with 100,000 entries answers as fast as one with ten.
 */
void rr_nl_neigh(struct rr_nl *nl, int ifindex,
		 const struct sockaddr_storage *who, struct rr_chain_neigh *out)
{
	char req[RR_NL_REQ];
	struct nlmsghdr *nh;
	struct ndmsg *ndm;
	const void *bytes;
	size_t len;
	int err;

	out->addr = *who;
	bytes = rr_sockaddr_bytes(who, &len);
	if (!bytes)
		return;
	nh = rr_nl_request(req, RTM_GETNEIGH, 0, sizeof(*ndm), (void **)&ndm);
	ndm->ndm_family = (unsigned char)who->ss_family;
	ndm->ndm_ifindex = ifindex;
	rr_dl.mnl_attr_put(nh, NDA_DST, len, bytes);
	/* An answer, an entry or none (ENOENT), is a look-up made. */
	if (!rr_nlsock_ask(&nl->sk, nh, ANSWER_WAIT_MS, neigh_msg, out, &err))
		out->looked_up = true;
}

int rr_nl_vlan_id(struct rr_nl *nl, const char *netdev)
{
	struct link l;

	get_link(nl, 0, netdev, &l);
	return l.found ? l.vlan : -1;
}

bool rr_nl_has_netdev(struct rr_nl *nl, const char *netdev)
{
	struct link l;

	get_link(nl, 0, netdev, &l);
	return l.found;
}

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
	get_link(nl, ifindex, NULL, &l);
	if (!l.found)
		return;
	out->found = true;
	read_addrs(nl, 0, ifindex, &list);
	out->gids = calloc(list.num + 1, sizeof(*out->gids));
	if (out->gids) {
		if (l.have_mac)
			mac_gid(l.mac, out->gids[out->num++]);
		for (i = 0; i < list.num; i++)
			addr_gid(&list.at[i], out->gids[out->num++]);
	}
	free_addrs(&list);
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
