// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "host/neigh_probe.h"
#include "host/netlink_route.h"
#include "rdmacm/cm_evidence.h"
#include "rdmacm/cm_gather.h"

struct rr_cm_gather {
	struct rr_gather_params p;
	struct sockaddr_storage dst, src, neigh;
	bool have_src;
	struct rr_ip_ev *ip;
	struct rr_cm_ev *cm;
	bool cm_started, asked_again;
	/* The CM's requests wait for their answer until here. */
	struct timespec cm_bound;
};

/*
 * The route as the kernel takes it now: the interface to ask the
 * neighbour on, the neighbour (the gateway, if any), our MAC there.
 */
static void ip_params(struct rr_cm_gather *g, struct rr_ip_ev_params *ip,
		      uint8_t mac[6], struct rr_chain_route *rt)
{
	const char *why;
	struct rr_nl *nl = g->p.host ? rr_host_nl(g->p.host, &why) : NULL;

	*ip = (struct rr_ip_ev_params){
		.dst = &g->dst,
		.src = g->have_src ? &g->src : NULL,
		.port = g->p.port,
		.start = g->p.start,
		.deadline = g->p.deadline,
	};
	if (!nl)
		return;
	rr_nl_refresh(nl);
	rr_nl_route(nl, &g->dst, ip->src, 0, rt);
	if (rt->error[0] || !rt->ifindex)
		return;
	ip->ifindex = rt->ifindex;
	g->neigh = rt->have_gateway ? rt->gateway : g->dst;
	ip->neigh = &g->neigh;
	ip->via_gateway = rt->have_gateway;
	if (!ip->src && rt->have_src) {
		g->src = rt->src;
		g->have_src = true;
		ip->src = &g->src;
	}
	if (rr_netdev_mac(rt->netdev, mac))
		ip->mac = mac;
}

struct rr_cm_gather *rr_cm_gather_start(const struct rr_gather_params *p)
{
	struct rr_cm_gather *g = calloc(1, sizeof(*g));
	struct rr_chain_route *rt = calloc(1, sizeof(*rt));
	struct rr_ip_ev_params ip;
	uint8_t mac[6];
	int64_t window;

	if (!g || !rt)
		goto fail;
	g->p = *p;
	g->dst = *p->dst;
	if (p->src) {
		g->src = *p->src;
		g->have_src = true;
	}
	ip_params(g, &ip, mac, rt);
	g->ip = rr_ip_ev_start(&ip, p->set);
	if (!g->ip)
		goto fail;
	/* The second question to the witness keeps the last quarter. */
	window = rr_ts_ns(&p->deadline) - rr_ts_ns(&p->start);
	g->cm_bound = rr_ns_ts(rr_ts_ns(&p->deadline) - (window > 0 ? window / 4 : 0));
	free(rt);
	return g;
fail:
	free(rt);
	free(g);
	return NULL;
}

int rr_cm_gather_pollfds(const struct rr_cm_gather *g, struct pollfd *pfd)
{
	return rr_ip_ev_pollfds(g->ip, pfd);
}

void rr_cm_gather_turn(struct rr_cm_gather *g, const struct timespec *now)
{
	rr_ip_ev_turn(g->ip, now);
	if (!g->cm_started && rr_ip_ev_first_over(g->ip)) {
		g->cm_started = true;
		g->cm = rr_cm_ev_start(g->p.channel, g->have_src ? &g->src : NULL,
				       &g->dst, g->p.tos, g->p.used_tos,
				       g->p.timeout_ms, g->p.set, now);
	}
	if (g->cm_started && !g->asked_again &&
	    (!g->cm || rr_cm_ev_over(g->cm) || !rr_ts_before(now, &g->cm_bound))) {
		g->asked_again = true;
		rr_ip_ev_ask_again(g->ip, now);
	}
}

struct timespec rr_cm_gather_due(const struct rr_cm_gather *g)
{
	struct timespec t = rr_ip_ev_due(g->ip);

	if (g->cm_started && !g->asked_again && rr_ts_before(&g->cm_bound, &t))
		t = g->cm_bound;
	return t;
}

void rr_cm_gather_end(struct rr_cm_gather *g, const struct timespec *now,
		      struct rr_peer_facts **peer)
{
	*peer = NULL;
	if (!g)
		return;
	rr_cm_ev_end(g->cm);
	rr_ip_ev_end(g->ip, now, peer);
	free(g);
}
