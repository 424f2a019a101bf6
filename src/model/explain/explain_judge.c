// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The judge of the root-cause chain: from the gathered facts alone, each
 * link ok, warning or broken, with a one-line reason an admin can act on.
 * Pure: no I/O, so every verdict is unit-tested.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <netinet/in.h>
#include <linux/neighbour.h>
#include <linux/rtnetlink.h>

#include "base/util.h"
#include "base/ib_port.h"
#include "base/num_text.h"
#include "model/explain/chain.h"
#include "model/probe/decode.h"
#include "model/explain/refusal.h"
#include "base/sockaddr.h"

void rr_verdict_set(struct rr_verdict *v, enum rr_link_state state,
		    const char *fmt, ...)
{
	va_list ap;

	v->state = state;
	va_start(ap, fmt);
	vsnprintf(v->reason, sizeof(v->reason), fmt, ap);
	va_end(ap);
}

static bool usable(const struct rr_verdict *v)
{
	return v->state == RR_LS_OK || v->state == RR_LS_WARNING;
}

/* "veth0 (rxe0) and veth2 (rxe2)": where RDMA could have gone instead. */
static void rdma_netdevs_str(const struct rr_chain_device *d, char *buf,
			     size_t len)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < d->num_rdma && used < len; i++) {
		const char *sep = !i ? "" :
				  i == d->num_rdma - 1 ? " and " : ", ";

		used += (size_t)snprintf(buf + used, len - used, "%s%s (%s)",
					 sep, d->rdma[i].netdev,
					 d->rdma[i].device);
	}
}

/* "veth0 and veth4": the interfaces that hold the destination's subnet. */
static void subnet_netdevs_str(const struct rr_chain_route *rt, char *buf,
			       size_t len)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < rt->num_subnet_netdevs && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 !i ? "" : i == rt->num_subnet_netdevs - 1 ?
					 " and " : ", ", rt->subnet_netdevs[i]);
}

/*
 * Where the kernel's choice of interface is not the only one: it bound
 * the id elsewhere than a plain lookup goes, or the destination's subnet
 * is on several interfaces.  A warning that names them; true if so.
 */
static bool judge_route_choice(struct rr_chain *c, const char *dst,
			       const char *src)
{
	const struct rr_chain_route *rt = &c->route;
	struct rr_verdict *v = &c->verdict[RR_LINK_ROUTE];
	char netdevs[80];

	if (rt->plain_netdev[0]) {
		rr_verdict_set(v, RR_LS_WARNING,
		    "%s leaves via %s, the interface the kernel bound the id to (source %s); a plain route lookup gives %s",
		    dst, rt->netdev, src, rt->plain_netdev);
		return true;
	}
	/* A %scope names the interface: the subnet's others do not matter. */
	if (rt->num_subnet_netdevs > 1 && rt->oif_from != RR_OIF_SCOPE) {
		subnet_netdevs_str(rt, netdevs, sizeof(netdevs));
		rr_verdict_set(v, RR_LS_WARNING,
		    "%s is on the subnet of %s: the source address decides which; here %s, source %s",
		    dst, netdevs, rt->netdev, src);
		return true;
	}
	return false;
}

/*
 * What refused the route, when the walk of the rules found it: a route
 * or rule that refuses says so; no route at all leads with that, then
 * the rule that sent the lookup to a table without one, if one did.
 */
static bool judge_refusal(struct rr_chain *c, const char *dst)
{
	const struct rr_chain_route *rt = &c->route;
	struct rr_verdict *v = &c->verdict[RR_LINK_ROUTE];
	char said[sizeof(v->reason)];

	if (rt->refusal.by != RR_REFUSED_NO_ROUTE ||
	    rt->refusal.type == RTN_THROW) {
		if (!rr_refusal_text(&rt->refusal, dst, v->reason,
				     sizeof(v->reason)))
			return false;
		v->state = RR_LS_BROKEN;
		return true;
	}
	if (rt->down_netdev[0])
		return false;	/* the down interface says more */
	if (rr_refusal_text(&rt->refusal, dst, said, sizeof(said)))
		rr_verdict_set(v, RR_LS_BROKEN, "no route to %s: %s", dst, said);
	else
		rr_verdict_set(v, RR_LS_BROKEN, "no route to %s: no table has one (%s)",
		    dst, rt->error);
	return true;
}

static void judge_route(struct rr_chain *c, const struct rr_result *r)
{
	const struct rr_chain_route *rt = &c->route;
	struct rr_verdict *v = &c->verdict[RR_LINK_ROUTE];
	char dst[80], src[80], gw[80];

	rr_sockaddr_str(&r->probe.dst, dst, sizeof(dst));
	if (!rt->looked_up) {
		rr_verdict_set(v, RR_LS_UNKNOWN, "the route to %s was not looked up: %s",
		    dst, rt->error[0] ? rt->error : "no netlink");
		return;
	}
	if (rt->error[0] && judge_refusal(c, dst))
		return;
	if (rt->error[0] && rt->down_netdev[0]) {
		rr_verdict_set(v, RR_LS_BROKEN,
		    "no route to %s: %s, which holds its subnet, is down",
		    dst, rt->down_netdev);
		return;
	}
	if (rt->error[0]) {
		rr_verdict_set(v, RR_LS_BROKEN, "no route to %s: %s", dst, rt->error);
		return;
	}
	if (!rt->netdev_up) {
		rr_verdict_set(v, RR_LS_BROKEN, "route to %s leaves via %s, which is down%s",
		    dst, rt->netdev, rt->netdev_admin_up ?
		    ": no carrier, the link to the peer is down (cable, switch port or the peer's interface)" :
		    " (ip link set up)");
		return;
	}
	if (rt->local) {
		rr_verdict_set(v, RR_LS_OK, "%s is this host's own address, on %s", dst,
		    rt->netdev);
		return;
	}
	rr_sockaddr_str(&rt->src, src, sizeof(src));
	if (!rt->have_src)
		snprintf(src, sizeof(src), "none");
	if (judge_route_choice(c, dst, src))
		return;
	if (rt->have_gateway) {
		rr_sockaddr_str(&rt->gateway, gw, sizeof(gw));
		rr_verdict_set(v, RR_LS_OK, "%s leaves via %s through gateway %s, source %s",
		    dst, rt->netdev, gw, src);
		return;
	}
	rr_verdict_set(v, RR_LS_OK, "%s leaves via %s, directly connected, source %s",
	    dst, rt->netdev, src);
}

static void judge_port_ok(struct rr_verdict *v, const struct rr_port_facts *pf,
			  unsigned int netdev_mtu)
{
	char mtu[24] = "";

	if (pf->link_layer == RR_LL_ETHERNET && pf->active_mtu &&
	    pf->max_mtu && pf->active_mtu < pf->max_mtu) {
		rr_verdict_set(v, RR_LS_WARNING,
		    "netdev %s MTU %u caps the RoCE MTU of %s port %u at %u bytes; the port could carry %u",
		    pf->netdev, netdev_mtu, pf->device, pf->port,
		    pf->active_mtu, pf->max_mtu);
		return;
	}
	/* sysfs has no MTU: a recorded tree's ports do not know theirs. */
	if (pf->active_mtu)
		snprintf(mtu, sizeof(mtu), ", MTU %u", pf->active_mtu);
	rr_verdict_set(v, RR_LS_OK, "%s port %u on %s: %s, %s, %s%s", pf->device,
	    pf->port, pf->netdev, rr_port_state_name(pf->state),
	    rr_phys_state_name(pf->phys_state),
	    rr_link_layer_name(pf->link_layer), mtu);
}

/* A port that is not ACTIVE: its state, and what that means. */
static void judge_port_state(struct rr_verdict *v,
			     const struct rr_port_facts *pf)
{
	rr_verdict_set(v, RR_LS_BROKEN, "%s port %u on %s is %s (physical state %s)%s",
	    pf->device, pf->port, pf->netdev, rr_port_state_name(pf->state),
	    rr_phys_state_name(pf->phys_state),
	    pf->state == RR_PORT_INIT ?
		": the link is up, the subnet manager has not activated the port" :
	    pf->state == RR_PORT_DOWN ?
		": no link (cable, switch port or the peer)" : "");
}

static void judge_device(struct rr_chain *c, const struct rr_result *r)
{
	const struct rr_chain_device *d = &c->device;
	const struct rr_port_facts *pf = &d->port;
	struct rr_verdict *v = &c->verdict[RR_LINK_DEVICE];
	char dst[80], where[256], lead[160];

	/* A port that is down says why, whatever the route's state. */
	if (d->found && !rr_port_state_active(pf->state)) {
		judge_port_state(v, pf);
		return;
	}
	if (!usable(&c->verdict[RR_LINK_ROUTE])) {
		rr_verdict_set(v, RR_LS_UNKNOWN, "not checked: no usable route");
		return;
	}
	if (!d->found) {
		rr_sockaddr_str(&r->probe.dst, dst, sizeof(dst));
		if (c->route.local)
			snprintf(lead, sizeof(lead), "%s is on %s", dst,
				 c->route.netdev);
		else
			snprintf(lead, sizeof(lead), "route to %s leaves via %s",
				 dst, c->route.netdev);
		rdma_netdevs_str(d, where, sizeof(where));
		rr_verdict_set(v, RR_LS_BROKEN, "%s, which has no RDMA device%s; %s%s", lead,
		    d->netns_mode == RR_CHAIN_NETNS_EXCLUSIVE ?
			" in this namespace (RDMA netns mode exclusive: a device is seen only in its own)" : "",
		    d->num_rdma ? "RDMA devices are on " :
				  "no interface of this namespace has one",
		    where);
		return;
	}
	if (pf->link_layer == RR_LL_INFINIBAND && pf->pkeys_read &&
	    !pf->default_pkey) {
		rr_verdict_set(v, RR_LS_BROKEN,
		    "the P_Key table of %s port %u (%u keys) holds no default P_Key (0xffff or 0x7fff): the subnet administrator, which the RDMA CM asks for every route, is reached only in the default partition",
		    pf->device, pf->port, pf->pkeys);
		return;
	}
	judge_port_ok(v, pf, c->route.netdev_mtu);
}

static bool gid_is_link_local(const uint8_t gid[16])
{
	return gid[0] == 0xfe && (gid[1] & 0xc0) == 0x80;
}

static bool dst_is_link_local(const struct rr_result *r)
{
	const struct sockaddr_in6 *s6 = (const void *)&r->probe.dst;

	return r->probe.dst.ss_family == AF_INET6 &&
	       gid_is_link_local(s6->sin6_addr.s6_addr);
}

static void judge_gid(struct rr_chain *c, const struct rr_result *r)
{
	const struct rr_chain_gid *g = &c->gid;
	struct rr_verdict *v = &c->verdict[RR_LINK_GID];
	char gid[64], others[160] = "";
	size_t used = 0;
	int i;

	if (!c->device.found) {
		rr_verdict_set(v, RR_LS_UNKNOWN, "not checked: no RDMA port");
		return;
	}
	if (c->device.port.link_layer == RR_LL_IWARP) {
		rr_verdict_set(v, RR_LS_OK,
		    "iWARP: no GID by design; the connection is addressed by IP through the TCP stack of %s",
		    c->device.port.device);
		return;
	}
	if (!g->found) {
		rr_verdict_set(v, RR_LS_BROKEN,
		    "no GID entry of %s port %u holds the source address",
		    c->device.port.device, c->device.port.port);
		return;
	}
	rr_gid_str(g->used.gid, gid, sizeof(gid));
	for (i = 0; i < g->num_cand && used < sizeof(others); i++)
		used += (size_t)snprintf(others + used, sizeof(others) - used,
					 "%s%u %s", i ? ", " : "; also index ",
					 g->cand[i].index,
					 rr_gid_type_name(g->cand[i].type));
	if (g->used.type == RR_GID_ROCE_V1) {
		rr_verdict_set(v, RR_LS_WARNING,
		    "GID index %u (%s) is RoCE v1: not routable, both ends must use v1%s",
		    g->used.index, gid, others);
		return;
	}
	if (c->device.port.link_layer == RR_LL_ETHERNET &&
	    gid_is_link_local(g->used.gid) && !dst_is_link_local(r)) {
		rr_verdict_set(v, RR_LS_WARNING,
		    "GID index %u (%s) is link-local: RoCE v2 cannot route it beyond this subnet%s",
		    g->used.index, gid, others);
		return;
	}
	rr_verdict_set(v, RR_LS_OK, "GID index %u, %s, %s%s", g->used.index,
	    rr_gid_type_name(g->used.type), gid, others);
}

static void judge_lids(struct rr_chain *c)
{
	const struct rr_port_facts *pf = &c->device.port;
	struct rr_verdict *v = &c->verdict[RR_LINK_NEIGH];

	if (!pf->lid)
		rr_verdict_set(v, RR_LS_BROKEN, "%s port %u has no LID: no subnet manager has configured it",
		    pf->device, pf->port);
	else if (!pf->sm_lid)
		rr_verdict_set(v, RR_LS_BROKEN, "%s port %u knows no subnet manager (SM LID 0)",
		    pf->device, pf->port);
}

static void judge_neigh(struct rr_chain *c, const struct rr_result *r)
{
	const struct rr_chain_neigh *n = &c->neigh;
	struct rr_verdict *v = &c->verdict[RR_LINK_NEIGH];
	char who[80];

	if (!usable(&c->verdict[RR_LINK_ROUTE])) {
		rr_verdict_set(v, RR_LS_UNKNOWN, "not checked: no usable route");
		return;
	}
	if (c->route.local) {
		rr_verdict_set(v, RR_LS_OK, "a local address needs no neighbour");
		return;
	}
	rr_sockaddr_str(&n->addr, who, sizeof(who));
	if (!n->looked_up)
		rr_verdict_set(v, RR_LS_UNKNOWN, "the neighbour %s was not looked up", who);
	else if (!n->found)
		rr_verdict_set(v, r->out.ok ? RR_LS_WARNING : RR_LS_BROKEN,
		    "no neighbour entry for %s on %s: address resolution never completed",
		    who, c->route.netdev);
	else if (n->nud & NUD_FAILED)
		rr_verdict_set(v, RR_LS_BROKEN, "%s on %s did not answer ARP/ND (FAILED)",
		    who, c->route.netdev);
	else if (n->nud & NUD_INCOMPLETE)
		rr_verdict_set(v, RR_LS_BROKEN, "%s on %s has not answered ARP/ND yet (INCOMPLETE)",
		    who, c->route.netdev);
	else
		rr_verdict_set(v, RR_LS_OK, "%s is at %s (%s)", who,
		    n->lladdr[0] ? n->lladdr : "no link-layer address",
		    n->nud_name);
	if (c->device.found &&
	    c->device.port.link_layer == RR_LL_INFINIBAND &&
	    v->state != RR_LS_BROKEN)
		judge_lids(c);
}

/* The PathRecord itself is rendered as "paths": only its verdict here. */
static void judge_path(struct rr_chain *c, const struct rr_result *r)
{
	const struct rr_port_facts *pf = &c->device.port;
	struct rr_verdict *v = &c->verdict[RR_LINK_PATH];
	unsigned int mtu;
	double gbps;

	if (!rr_result_routed(r)) {
		rr_verdict_set(v, RR_LS_BROKEN, "failed at %s: %s",
		    rr_step_name(r->out.fail.step), rr_cause_summary(r->out.fail.cause));
		return;
	}
	if (!r->out.num_paths && r->out.link_layer == RR_LL_IWARP) {
		rr_verdict_set(v, RR_LS_OK,
		    "iWARP: no PathRecord by design; the route is the IP route above");
		return;
	}
	if (!r->out.num_paths) {
		rr_verdict_set(v, RR_LS_WARNING, "resolved, but with no PathRecord");
		return;
	}
	mtu = rr_mtu_bytes(r->out.paths[0].mtu);
	gbps = rr_rate_gbps(r->out.paths[0].rate);
	if (c->device.found && mtu && pf->active_mtu && mtu < pf->active_mtu) {
		rr_verdict_set(v, RR_LS_WARNING,
		    "path MTU %u is below the port's active MTU %u", mtu,
		    pf->active_mtu);
		return;
	}
	if (c->device.found && gbps > 0 && pf->rate_gbps > 0 &&
	    gbps < pf->rate_gbps) {
		rr_verdict_set(v, RR_LS_WARNING,
		    "path rate %g Gb/s is below the port's active speed %g Gb/s",
		    gbps, pf->rate_gbps);
		return;
	}
	rr_verdict_set(v, RR_LS_OK, "%d PathRecord(s), MTU %u: see paths", r->out.num_paths,
	    mtu);
}

static bool dst_unscoped_link_local(const struct rr_result *r)
{
	const struct sockaddr_in6 *s6 = (const void *)&r->probe.dst;

	return dst_is_link_local(r) && !s6->sin6_scope_id;
}

/* The route's interface, or the bound port, has no link. */
static bool no_carrier(const struct rr_chain *c)
{
	return (c->route.netdev[0] && c->route.netdev_admin_up &&
		!c->route.netdev_up) ||
	       (c->device.found && c->device.port.state == RR_PORT_DOWN);
}

enum rr_cause rr_cause_refine(const struct rr_result *r,
			      const struct rr_chain *c)
{
	const struct rr_failure *f = &r->out.fail;
	bool addr = f->step == RR_STEP_RESOLVE_ADDR;
	enum rr_cause refused;

	if (r->out.ok)
		return RR_CAUSE_NONE;
	/* The route or rule that refused says more than its errno. */
	refused = rr_refusal_cause(&c->route.refusal, f->err);
	if (addr && f->kind == RR_FAIL_CALL && refused != RR_CAUSE_NONE)
		return refused;
	/* "Not local", yet an interface holds it: one with no RDMA device. */
	if (f->cause == RR_CAUSE_SRC_NOT_LOCAL && c->route.src_netdev[0])
		return RR_CAUSE_SRC_NOT_RDMA;
	if (addr && f->err == EADDRNOTAVAIL && !r->probe.have_src)
		return RR_CAUSE_NO_SOURCE_ADDRESS;
	if (addr && dst_unscoped_link_local(r))
		return RR_CAUSE_LINK_LOCAL_NO_SCOPE;
	/*
	 * ENODEV with no device in sight: at resolve addr, or already at the
	 * event channel (librdmacm finds no device in this namespace).
	 */
	if (f->err == ENODEV && !c->device.found &&
	    c->device.netns_mode == RR_CHAIN_NETNS_EXCLUSIVE &&
	    (addr || f->cause == RR_CAUSE_NO_RDMA_CM))
		return RR_CAUSE_RDMA_NETNS;
	/* A port not ACTIVE explains any failure of its resolution. */
	if ((addr || f->step == RR_STEP_RESOLVE_ROUTE) && c->device.found &&
	    !rr_port_state_active(c->device.port.state) &&
	    c->device.port.state) {
		return c->device.port.state == RR_PORT_DOWN ? RR_CAUSE_LINK_DOWN :
							      RR_CAUSE_PORT_NOT_ACTIVE;
	}
	if (!addr || f->cause != RR_CAUSE_NEIGH_TIMEOUT)
		return f->cause;
	if (no_carrier(c))
		return RR_CAUSE_LINK_DOWN;
	if (c->route.num_subnet_netdevs > 1)
		return RR_CAUSE_SUBNET_SEVERAL;
	if (c->route.plain_netdev[0] && r->probe.have_src)
		return RR_CAUSE_SRC_OTHER_NETDEV;
	if (c->route.on_vlan)
		return RR_CAUSE_NEIGH_TIMEOUT_VLAN;
	return f->cause;
}

/* --connect, once its steps began: the connection itself. */
static void judge_connect(struct rr_chain *c, const struct rr_result *r)
{
	struct rr_verdict *v = &c->verdict[RR_LINK_CONNECT];
	char ms[40];

	if (!r->out.connect_port)
		return;		/* not asked, or never got that far */
	if (!r->out.ok && r->out.fail.step == RR_STEP_TRANSFER) {
		rr_verdict_set(v, RR_LS_BROKEN, "port %u: the connection came up, then the data did not: %s (%s)",
		    r->out.connect_port, r->out.fail.where,
		    rr_cause_key(r->out.fail.cause));
		return;
	}
	if (!r->out.ok) {
		rr_verdict_set(v, RR_LS_BROKEN, "port %u: failed at %s: %s",
		    r->out.connect_port, rr_step_name(r->out.fail.step),
		    rr_cause_summary(r->out.fail.cause));
		return;
	}
	rr_fixed_text(rr_step_ms(&r->out, RR_STEP_CONNECT), 3, ms, NULL);
	rr_verdict_set(v, RR_LS_OK, "port %u: the peer answered in %s ms, and the connection came up%s%s",
	    r->out.connect_port, ms, r->out.transfer.num ?
	    "; every message came back, up to the largest" : "",
	    r->out.disconnect_unconfirmed ?
	    "; the peer did not confirm the disconnect (no DREP)" : "");
}

void rr_chain_judge_host(struct rr_chain *c, const struct rr_result *r)
{
	judge_route(c, r);
	judge_device(c, r);
	judge_gid(c, r);
}

void rr_chain_judge_rest(struct rr_chain *c, const struct rr_result *r)
{
	judge_neigh(c, r);
	judge_path(c, r);
	judge_connect(c, r);
}

void rr_chain_judge(struct rr_chain *c, const struct rr_result *r)
{
	rr_chain_judge_host(c, r);
	rr_chain_judge_rest(c, r);
}

enum rr_link rr_chain_first_broken(const struct rr_chain *c)
{
	int i;

	for (i = 0; i < RR_LINK_COUNT; i++)
		if (c->verdict[i].state == RR_LS_BROKEN)
			return i;
	return RR_LINK_COUNT;
}

const char *rr_link_key(enum rr_link link)
{
	static const char *const keys[] = {
		[RR_LINK_ROUTE] = "route",
		[RR_LINK_DEVICE] = "device",
		[RR_LINK_GID] = "gid",
		[RR_LINK_NEIGH] = "neighbour",
		[RR_LINK_PATH] = "path_record",
		[RR_LINK_CONNECT] = "connect",
	};

	if ((unsigned int)link >= RR_LINK_COUNT)
		return "unknown";
	return keys[link];
}

const char *rr_link_state_key(enum rr_link_state state)
{
	switch (state) {
	case RR_LS_OK:
		return "ok";
	case RR_LS_WARNING:
		return "warning";
	case RR_LS_BROKEN:
		return "broken";
	default:
		return "unknown";
	}
}
