// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/explain_judge.c: facts in, a verdict per link out. */
#include <errno.h>
#include <string.h>
#include <arpa/inet.h>
#include <linux/neighbour.h>
#include <rdma/rdma_cma.h>

#include "base/ib_port.h"
#include "model/explain/chain.h"
#include "../../tap.h"

static void addr4(struct sockaddr_storage *ss, const char *text)
{
	struct sockaddr_in *s4 = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	s4->sin_family = AF_INET;
	inet_pton(AF_INET, text, &s4->sin_addr);
}

static struct rr_path path;

/* A healthy RoCE chain to 192.168.77.2 over rxe0/veth0. */
static void healthy(struct rr_chain *c, struct rr_result *r)
{
	memset(c, 0, sizeof(*c));
	memset(r, 0, sizeof(*r));
	memset(&path, 0, sizeof(path));
	addr4(&r->probe.dst, "192.168.77.2");
	r->probe.have_dst = true;
	r->out.ok = true;
	r->out.link_layer = RR_LL_ETHERNET;
	r->out.gid_type = RR_GID_ROCE_V2;
	path.mtu = 5;		/* 4096 */
	r->out.paths = &path;
	r->out.num_paths = 1;

	c->route.looked_up = true;
	strcpy(c->route.netdev, "veth0");
	c->route.netdev_up = true;
	c->route.netdev_mtu = 9000;
	addr4(&c->route.src, "192.168.77.1");
	c->route.have_src = true;

	c->device.found = true;
	strcpy(c->device.port.device, "rxe0");
	c->device.port.port = 1;
	strcpy(c->device.port.netdev, "veth0");
	c->device.port.state = 4;
	c->device.port.phys_state = 5;
	c->device.port.link_layer = RR_LL_ETHERNET;
	c->device.port.active_mtu = 4096;
	c->device.port.max_mtu = 4096;
	c->device.port.rate_gbps = 10;

	c->gid.found = true;
	c->gid.used.index = 1;
	c->gid.used.type = RR_GID_ROCE_V2;
	c->gid.used.gid[10] = c->gid.used.gid[11] = 0xff;
	c->gid.used.vlan = -1;

	c->neigh.looked_up = true;
	c->neigh.found = true;
	c->neigh.nud = NUD_REACHABLE;
	strcpy(c->neigh.nud_name, "REACHABLE");
	strcpy(c->neigh.lladdr, "02:00:00:00:00:02");
}

#define state_is(c, link, want, what) \
	is_str(rr_link_state_key((c)->verdict[link].state), want, what)

static void test_healthy(void)
{
	struct rr_chain c;
	struct rr_result r;
	int i;

	healthy(&c, &r);
	rr_chain_judge(&c, &r);
	for (i = 0; i < RR_LINK_CONNECT; i++)
		state_is(&c, i, "ok", rr_link_key(i));
	is_int(rr_chain_first_broken(&c), RR_LINK_COUNT, "nothing broken");
	is_str(c.verdict[RR_LINK_ROUTE].reason,
	       "192.168.77.2 leaves via veth0, directly connected, source 192.168.77.1",
	       "route reason");
}

/* --connect: its own link, judged once the connect step began. */
static void test_connect(void)
{
	struct rr_chain c;
	struct rr_result r;

	healthy(&c, &r);
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_CONNECT, "unknown", "no --connect: not judged");
	is_str(rr_link_key(RR_LINK_CONNECT), "connect", "its key");

	healthy(&c, &r);
	r.out.connect_port = 7471;
	r.out.steps[RR_STEP_CONNECT].started = r.out.steps[RR_STEP_CONNECT].ended = true;
	r.out.steps[RR_STEP_CONNECT].end.tv_nsec = 2500000;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_CONNECT, "ok", "connected");
	is_str(c.verdict[RR_LINK_CONNECT].reason,
	       "port 7471: the peer answered in 2.500 ms, and the connection came up",
	       "the connect link's reason");

	/* Nobody listens: the route was fine, the connect link is broken. */
	healthy(&c, &r);
	r.out.connect_port = 7471;
	rr_fail_event(&r.out, RR_STEP_CONNECT, "rdma_connect",
		      RDMA_CM_EVENT_REJECTED, 8, NULL);
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_PATH, "ok", "the PathRecord is still good");
	state_is(&c, RR_LINK_CONNECT, "broken", "the connection is not");
	is_int(rr_chain_first_broken(&c), RR_LINK_CONNECT, "the root cause");
	is_str(c.verdict[RR_LINK_CONNECT].reason,
	       "port 7471: failed at connect: nothing listens on the destination's port: its RDMA CM answered that nobody serves that service ID (REJ reason 8; SIDR status 1 with --ps udp)",
	       "it names the port and the cause");
	is_int(r.out.fail.err, 0, "a reject reason is no errno");

	/* A failure before the connect: the path link holds it. */
	healthy(&c, &r);
	rr_fail_event(&r.out, RR_STEP_RESOLVE_ROUTE, "rdma_resolve_route",
		      RDMA_CM_EVENT_ROUTE_ERROR, -ETIMEDOUT, NULL);
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_PATH, "broken", "the route failed");
	state_is(&c, RR_LINK_CONNECT, "unknown", "the connect never began");
}

static void test_no_rdma_device(void)
{
	struct rr_chain c;
	struct rr_result r;

	healthy(&c, &r);
	r.out.ok = false;
	r.out.fail.step = RR_STEP_RESOLVE_ADDR;
	r.out.fail.cause = RR_CAUSE_NOT_RDMA_NETDEV;
	addr4(&r.probe.dst, "192.168.79.2");
	strcpy(c.route.netdev, "dummy0");
	c.device.found = false;
	c.gid.found = false;
	c.device.num_rdma = 2;
	strcpy(c.device.rdma[0].netdev, "veth0");
	strcpy(c.device.rdma[0].device, "rxe0");
	strcpy(c.device.rdma[1].netdev, "veth2");
	strcpy(c.device.rdma[1].device, "rxe2");
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_ROUTE, "ok", "route ok");
	is_int(rr_chain_first_broken(&c), RR_LINK_DEVICE, "device is the cause");
	is_str(c.verdict[RR_LINK_DEVICE].reason,
	       "route to 192.168.79.2 leaves via dummy0, which has no RDMA device; RDMA devices are on veth0 (rxe0) and veth2 (rxe2)",
	       "device reason names where RDMA is");
	state_is(&c, RR_LINK_GID, "unknown", "gid not checked");
	state_is(&c, RR_LINK_PATH, "broken", "path broken");
}

static void test_no_route(void)
{
	struct rr_chain c;
	struct rr_result r;

	healthy(&c, &r);
	r.out.ok = false;
	strcpy(c.route.error, "Network is unreachable");
	strcpy(c.route.down_netdev, "veth2");
	rr_chain_judge(&c, &r);
	is_int(rr_chain_first_broken(&c), RR_LINK_ROUTE, "route is the cause");
	is_str(c.verdict[RR_LINK_ROUTE].reason,
	       "no route to 192.168.77.2: veth2, which holds its subnet, is down",
	       "a down interface named");
	state_is(&c, RR_LINK_DEVICE, "unknown", "device not checked");

	/* No table has a route: said first, the rule that chose one after. */
	healthy(&c, &r);
	r.out.ok = false;
	strcpy(c.route.error, "Network is unreachable");
	c.route.refusal.by = RR_REFUSED_NO_ROUTE;
	rr_chain_judge(&c, &r);
	is_str(c.verdict[RR_LINK_ROUTE].reason,
	       "no route to 192.168.77.2: no table has one (Network is unreachable)",
	       "no route: no table has one");
	healthy(&c, &r);
	r.out.ok = false;
	strcpy(c.route.error, "Network is unreachable");
	c.route.refusal.by = RR_REFUSED_NO_ROUTE;
	c.route.refusal.table = 200;
	c.route.refusal.have_rule = true;
	c.route.refusal.rule_pref = 150;
	strcpy(c.route.refusal.rule, "from all to 192.168.77.0/24 lookup 200");
	rr_chain_judge(&c, &r);
	is_str(c.verdict[RR_LINK_ROUTE].reason,
	       "no route to 192.168.77.2: policy rule 150: from all to 192.168.77.0/24 lookup 200 sends 192.168.77.2 to table 200, which has no route to it, nor has any later rule's table",
	       "no route: the rule that sent it to an empty table, after");
}

static void test_port_down(void)
{
	struct rr_chain c;
	struct rr_result r;

	healthy(&c, &r);
	c.device.port.state = 1;
	c.device.port.phys_state = 3;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_DEVICE, "broken", "port DOWN");
	is_str(c.verdict[RR_LINK_DEVICE].reason,
	       "rxe0 port 1 on veth0 is DOWN (physical state DISABLED): no link (cable, switch port or the peer)",
	       "port down reason");
	/* ACTIVE_DEFER passes traffic, as --sa counts it. */
	healthy(&c, &r);
	c.device.port.state = 5;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_DEVICE, "ok", "ACTIVE_DEFER is active");
}

static void test_mtu_warnings(void)
{
	struct rr_chain c;
	struct rr_result r;

	healthy(&c, &r);
	c.route.netdev_mtu = 1500;
	c.device.port.active_mtu = 1024;
	path.mtu = 3;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_DEVICE, "warning", "netdev MTU caps RoCE MTU");
	is_str(c.verdict[RR_LINK_DEVICE].reason,
	       "netdev veth0 MTU 1500 caps the RoCE MTU of rxe0 port 1 at 1024 bytes; the port could carry 4096",
	       "MTU cap reason");
	state_is(&c, RR_LINK_PATH, "ok", "path MTU equals the active MTU");

	healthy(&c, &r);
	path.mtu = 3;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_PATH, "warning", "path MTU below active MTU");
	is_str(c.verdict[RR_LINK_PATH].reason,
	       "path MTU 1024 is below the port's active MTU 4096",
	       "path MTU reason");
}

static void test_rate_warning(void)
{
	struct rr_chain c;
	struct rr_result r;

	healthy(&c, &r);
	path.rate = 2;		/* 2.5 Gb/s */
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_PATH, "warning", "rate below the port's speed");
}

static void test_gid_warnings(void)
{
	struct rr_chain c;
	struct rr_result r;

	healthy(&c, &r);
	c.gid.used.type = RR_GID_ROCE_V1;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_GID, "warning", "RoCE v1 GID");

	healthy(&c, &r);
	memset(c.gid.used.gid, 0, 16);
	c.gid.used.gid[0] = 0xfe;
	c.gid.used.gid[1] = 0x80;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_GID, "warning", "link-local GID to a routed address");
}

static void test_neighbour(void)
{
	struct rr_chain c;
	struct rr_result r;

	healthy(&c, &r);
	r.out.ok = false;
	r.out.fail.step = RR_STEP_RESOLVE_ADDR;
	r.out.fail.cause = RR_CAUSE_NEIGH_TIMEOUT;
	addr4(&c.neigh.addr, "192.168.77.99");
	c.neigh.nud = NUD_FAILED;
	rr_chain_judge(&c, &r);
	is_int(rr_chain_first_broken(&c), RR_LINK_NEIGH, "neighbour is the cause");
	is_str(c.verdict[RR_LINK_NEIGH].reason,
	       "192.168.77.99 on veth0 did not answer ARP/ND (FAILED)",
	       "neighbour reason");

	healthy(&c, &r);
	c.device.port.link_layer = RR_LL_INFINIBAND;
	c.device.port.lid = 1;
	c.device.port.sm_lid = 0;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_NEIGH, "broken", "IB without an SM");
}

static void test_names(void)
{
	is_str(rr_port_state_name(4), "ACTIVE", "port state 4");
	is_str(rr_port_state_name(9), "UNKNOWN", "port state out of range");
	is_str(rr_phys_state_name(5), "LINK_UP", "phys state 5");
	is_str(rr_link_key(RR_LINK_NEIGH), "neighbour", "link key");
}

/* A failure at resolve addr with ERR and the cause errno alone gives. */
static void failed(struct rr_result *r, int err, enum rr_cause cause)
{
	r->out.ok = false;
	r->out.num_paths = 0;
	r->out.fail.step = RR_STEP_RESOLVE_ADDR;
	r->out.fail.kind = RR_FAIL_EVENT;
	r->out.fail.err = err;
	r->out.fail.cause = cause;
}

static void test_refined_causes(void)
{
	struct sockaddr_in6 *s6;
	struct rr_chain c;
	struct rr_result r;

	healthy(&c, &r);
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "none", "a success has none");

	/* --src 192.168.79.1: local, on dummy0, which has no RDMA device. */
	failed(&r, EADDRNOTAVAIL, RR_CAUSE_SRC_NOT_LOCAL);
	r.out.fail.step = RR_STEP_BIND_ADDR;
	r.probe.have_src = true;
	strcpy(c.route.src_netdev, "dummy0");
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "source_not_rdma",
	       "a local --src on a netdev with no RDMA device");
	c.route.src_netdev[0] = '\0';
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "source_not_local",
	       "a --src no interface holds");

	/* EADDRNOTAVAIL at resolve addr without --src. */
	healthy(&c, &r);
	failed(&r, EADDRNOTAVAIL, RR_CAUSE_SRC_NOT_LOCAL);
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "no_source_address",
	       "EADDRNOTAVAIL without --src: no source address");

	/* fe80::1 with no %scope. */
	healthy(&c, &r);
	failed(&r, ENODEV, RR_CAUSE_NOT_RDMA_NETDEV);
	s6 = (struct sockaddr_in6 *)&r.probe.dst;
	memset(&r.probe.dst, 0, sizeof(r.probe.dst));
	s6->sin6_family = AF_INET6;
	inet_pton(AF_INET6, "fe80::1", &s6->sin6_addr);
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "link_local_no_scope",
	       "a link-local destination without its interface");
	s6->sin6_scope_id = 2;
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "not_rdma_netdev",
	       "with its interface, errno's cause stands");

	/* A silent neighbour: the facts around it. */
	healthy(&c, &r);
	failed(&r, ETIMEDOUT, RR_CAUSE_NEIGH_TIMEOUT);
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "neighbour_timeout",
	       "nothing more to say");
	c.route.netdev_admin_up = true;
	c.route.netdev_up = false;
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "link_down",
	       "no carrier on the route's interface");
	healthy(&c, &r);
	failed(&r, ETIMEDOUT, RR_CAUSE_NEIGH_TIMEOUT);
	c.device.port.state = 1;
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "link_down",
	       "the port DOWN");
	healthy(&c, &r);
	failed(&r, ETIMEDOUT, RR_CAUSE_NEIGH_TIMEOUT);
	r.probe.have_src = true;
	strcpy(c.route.plain_netdev, "veth0");
	strcpy(c.route.netdev, "veth2");
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "source_on_other_interface",
	       "--src bound an interface the destination is not on");
	c.route.num_subnet_netdevs = 2;
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "subnet_on_several_interfaces",
	       "a subnet on two interfaces");
}

static void test_route_choice(void)
{
	struct rr_chain c;
	struct rr_result r;

	healthy(&c, &r);
	strcpy(c.route.netdev, "veth4");
	strcpy(c.route.plain_netdev, "veth0");
	c.route.oif_from = RR_OIF_BOUND;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_ROUTE, "warning", "the kernel's choice differs");
	is_str(c.verdict[RR_LINK_ROUTE].reason,
	       "192.168.77.2 leaves via veth4, the interface the kernel bound the id to (source 192.168.77.1); a plain route lookup gives veth0",
	       "it names both");
	healthy(&c, &r);
	strcpy(c.route.subnet_netdevs[0], "veth0");
	strcpy(c.route.subnet_netdevs[1], "veth4");
	c.route.num_subnet_netdevs = 2;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_ROUTE, "warning", "a subnet on two interfaces");
	is_str(c.verdict[RR_LINK_ROUTE].reason,
	       "192.168.77.2 is on the subnet of veth0 and veth4: the source address decides which; here veth0, source 192.168.77.1",
	       "it names them");
	ok(rr_chain_first_broken(&c) == RR_LINK_COUNT,
	   "a success with a warning has no broken link");
	/* fe80::/64 is on every interface: a %scope settles which. */
	c.route.oif_from = RR_OIF_SCOPE;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_ROUTE, "ok", "the scope chose: no warning");
	/* No carrier: the route and the port both say so. */
	healthy(&c, &r);
	c.route.netdev_admin_up = true;
	c.route.netdev_up = false;
	c.device.port.state = 1;
	c.device.port.phys_state = 2;
	rr_chain_judge(&c, &r);
	is_str(c.verdict[RR_LINK_ROUTE].reason,
	       "route to 192.168.77.2 leaves via veth0, which is down: no carrier, the link to the peer is down (cable, switch port or the peer's interface)",
	       "no carrier");
	state_is(&c, RR_LINK_DEVICE, "broken", "the port is checked, not skipped");
	is_str(c.verdict[RR_LINK_DEVICE].reason,
	       "rxe0 port 1 on veth0 is DOWN (physical state POLLING): no link (cable, switch port or the peer)",
	       "its state");
}

/* The healthy chain made InfiniBand: mlx5_0 on ib0, LID 2, SM at LID 1. */
static void healthy_ib(struct rr_chain *c, struct rr_result *r)
{
	healthy(c, r);
	r->out.link_layer = RR_LL_INFINIBAND;
	r->out.gid_type = RR_GID_IB;
	path.rate = 16;		/* 100 Gb/s */
	strcpy(c->route.netdev, "ib0");
	c->route.netdev_mtu = 4092;
	strcpy(c->device.port.device, "mlx5_0");
	strcpy(c->device.port.netdev, "ib0");
	c->device.port.link_layer = RR_LL_INFINIBAND;
	c->device.port.rate_gbps = 100;
	c->device.port.lid = 2;
	c->device.port.sm_lid = 1;
	c->device.port.pkeys_read = true;
	c->device.port.pkeys = 2;
	c->device.port.default_pkey = 0xffff;
	c->gid.used.index = 0;
	c->gid.used.type = RR_GID_IB;
	memset(c->gid.used.gid, 0, 16);
	c->gid.used.gid[0] = 0xfe;
	c->gid.used.gid[1] = 0x80;
	strcpy(c->neigh.lladdr, "00:00:10:49:fe:80:00:00:00:00:00:00:00:02:c9:03:00:00:01:01");
}

static void test_infiniband(void)
{
	struct rr_chain c;
	struct rr_result r;
	int i;

	healthy_ib(&c, &r);
	rr_chain_judge(&c, &r);
	for (i = 0; i < RR_LINK_CONNECT; i++)
		state_is(&c, i, "ok", rr_link_key(i));
	is_str(c.verdict[RR_LINK_DEVICE].reason,
	       "mlx5_0 port 1 on ib0: ACTIVE, LINK_UP, InfiniBand, MTU 4096",
	       "an active IB port");

	/* Link up, the SM not done: INIT, no LID yet. */
	healthy_ib(&c, &r);
	r.out.ok = false;
	r.out.fail.step = RR_STEP_RESOLVE_ROUTE;
	r.out.fail.cause = RR_CAUSE_NO_SM;
	c.device.port.state = 2;
	c.device.port.lid = 0;
	c.device.port.sm_lid = 0;
	rr_chain_judge(&c, &r);
	is_int(rr_chain_first_broken(&c), RR_LINK_DEVICE, "INIT: the device is the cause");
	is_str(c.verdict[RR_LINK_DEVICE].reason,
	       "mlx5_0 port 1 on ib0 is INIT (physical state LINK_UP): the link is up, the subnet manager has not activated the port",
	       "INIT says the SM has not activated it");
	state_is(&c, RR_LINK_NEIGH, "broken", "no LID: the neighbour link is broken too");
	is_str(c.verdict[RR_LINK_NEIGH].reason,
	       "mlx5_0 port 1 has no LID: no subnet manager has configured it",
	       "LID 0 named");

	/* Its route failed (no SM): the port's state is the better cause. */
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "port_not_active",
	       "no_sm at resolve route, port INIT: port_not_active");
	c.device.port.state = 1;
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "link_down",
	       "the same, port DOWN: link_down");
	c.device.port.state = 0;
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "no_sm",
	       "a port state unknown: the kernel's cause stands");

	/* Active with a LID, yet no SM known. */
	healthy_ib(&c, &r);
	c.device.port.sm_lid = 0;
	rr_chain_judge(&c, &r);
	is_str(c.verdict[RR_LINK_NEIGH].reason,
	       "mlx5_0 port 1 knows no subnet manager (SM LID 0)", "SM LID 0 named");

	/* A P_Key table without the default key. */
	healthy_ib(&c, &r);
	c.device.port.default_pkey = 0;
	c.device.port.pkeys = 1;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_DEVICE, "broken", "no default P_Key: broken");
	ok(strstr(c.verdict[RR_LINK_DEVICE].reason,
		  "the P_Key table of mlx5_0 port 1 (1 keys) holds no default P_Key (0xffff or 0x7fff)") != NULL,
	   "the missing default P_Key named: %s", c.verdict[RR_LINK_DEVICE].reason);

	/* Limited membership of the default partition is enough. */
	healthy_ib(&c, &r);
	c.device.port.default_pkey = 0x7fff;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_DEVICE, "ok", "0x7fff is the default partition too");
}

/* iWARP: no GID, no PathRecord, both by design: ok, not warnings. */
static void test_iwarp(void)
{
	struct rr_chain c;
	struct rr_result r;
	int i;

	healthy(&c, &r);
	r.out.link_layer = RR_LL_IWARP;
	r.out.gid_type = RR_GID_UNKNOWN;
	r.out.paths = NULL;
	r.out.num_paths = 0;
	strcpy(c.device.port.device, "siw0");
	c.device.port.link_layer = RR_LL_IWARP;
	c.gid.found = false;
	rr_chain_judge(&c, &r);
	for (i = 0; i < RR_LINK_CONNECT; i++)
		state_is(&c, i, "ok", rr_link_key(i));
	is_str(c.verdict[RR_LINK_PATH].reason,
	       "iWARP: no PathRecord by design; the route is the IP route above",
	       "the path link says why there is no PathRecord");
	is_str(c.verdict[RR_LINK_GID].reason,
	       "iWARP: no GID by design; the connection is addressed by IP through the TCP stack of siw0",
	       "the GID link looks for no IPv4-mapped GID");

	/* RoCE with no PathRecord stays a warning. */
	healthy(&c, &r);
	r.out.num_paths = 0;
	rr_chain_judge(&c, &r);
	state_is(&c, RR_LINK_PATH, "warning", "RoCE without a PathRecord: a warning");
}

/* ENODEV where RDMA devices belong to one namespace each. */
static void test_netns_exclusive(void)
{
	struct rr_chain c;
	struct rr_result r;

	healthy(&c, &r);
	failed(&r, ENODEV, RR_CAUSE_NOT_RDMA_NETDEV);
	c.device.found = false;
	c.gid.found = false;
	c.device.netns_mode = RR_CHAIN_NETNS_EXCLUSIVE;
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "rdma_netns_exclusive",
	       "ENODEV, no device here, exclusive mode");
	rr_chain_judge(&c, &r);
	is_str(c.verdict[RR_LINK_DEVICE].reason,
	       "route to 192.168.77.2 leaves via veth0, which has no RDMA device in this namespace (RDMA netns mode exclusive: a device is seen only in its own); no interface of this namespace has one",
	       "the device link names the mode");
	c.device.netns_mode = RR_CHAIN_NETNS_SHARED;
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "not_rdma_netdev",
	       "shared mode: the interface has no RDMA device, as errno said");
	/* A namespace with no device: librdmacm fails at the channel. */
	c.device.netns_mode = RR_CHAIN_NETNS_EXCLUSIVE;
	failed(&r, ENODEV, RR_CAUSE_NO_RDMA_CM);
	r.out.fail.step = RR_STEP_CREATE_ID;
	r.out.fail.kind = RR_FAIL_CALL;
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "rdma_netns_exclusive",
	       "no_rdma_cm in an exclusive namespace with no device");
	failed(&r, ENODEV, RR_CAUSE_NOT_RDMA_NETDEV);
	c.device.found = true;
	is_str(rr_cause_key(rr_cause_refine(&r, &c)), "not_rdma_netdev",
	       "exclusive, but a device is here: not the namespace");
}

int main(void)
{
	test_refined_causes();
	test_route_choice();
	test_infiniband();
	test_iwarp();
	test_netns_exclusive();
	test_healthy();
	test_connect();
	test_no_rdma_device();
	test_no_route();
	test_port_down();
	test_mtu_warnings();
	test_rate_warning();
	test_gid_warnings();
	test_neighbour();
	test_names();
	return tap_done();
}
