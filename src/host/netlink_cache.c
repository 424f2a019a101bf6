// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>

#include "host/netlink_cache.h"
#include "host/rdma_libs.h"

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
void rr_nl_new_turn(struct rr_nl *nl)
{
	nl->refreshed = false;
}

void rr_nl_refresh(struct rr_nl *nl)
{
	char buf[8192];
	bool changed = false;
	ssize_t got;
	int fd, reads;

	if (!nl->events || nl->refreshed)
		return;
	nl->refreshed = true;
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
void rr_nlc_link(struct rr_nl *nl, int ifindex, const char *name,
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
void rr_nlc_read_addrs(struct rr_nl *nl, int family, int ifindex,
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

void rr_nlc_free_addrs(struct addrs *list)
{
	free(list->at);
}

/* The addresses of FAMILY (AF_INET or AF_INET6), kept while they hold. */
const struct addrs *rr_nlc_family_addrs(struct rr_nl *nl, int family,
					struct addrs *tmp)
{
	int k = family == AF_INET6;

	if (!nl->events) {
		rr_nlc_read_addrs(nl, family, 0, tmp);
		return tmp;
	}
	if (!nl->have_addrs[k]) {
		rr_nlc_read_addrs(nl, family, 0, &nl->addrs[k]);
		nl->have_addrs[k] = true;
	}
	memset(tmp, 0, sizeof(*tmp));
	return &nl->addrs[k];
}

int rr_nl_ifindex(struct rr_nl *nl, const char *netdev)
{
	struct link l;

	rr_nlc_link(nl, 0, netdev, &l);
	return l.found && l.ifindex > 0 ? l.ifindex : 0;
}

int rr_nl_vlan_id(struct rr_nl *nl, const char *netdev)
{
	struct link l;

	rr_nlc_link(nl, 0, netdev, &l);
	return l.found ? l.vlan : -1;
}

bool rr_nl_has_netdev(struct rr_nl *nl, const char *netdev)
{
	struct link l;

	rr_nlc_link(nl, 0, netdev, &l);
	return l.found;
}

