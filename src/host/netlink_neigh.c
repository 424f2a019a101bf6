// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/neighbour.h>
#include <linux/rtnetlink.h>

#include "base/sockaddr.h"
#include "host/netlink_cache.h"
#include "host/rdma_libs.h"

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

