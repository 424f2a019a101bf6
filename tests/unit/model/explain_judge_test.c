// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/explain_judge.c: facts in, a verdict per link out. */
#include <errno.h>
#include <string.h>
#include <arpa/inet.h>
#include <linux/neighbour.h>

#include "model/chain.h"
#include "../tap.h"

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
	for (i = 0; i < RR_LINK_COUNT; i++)
		state_is(&c, i, "ok", rr_link_key(i));
	is_int(rr_chain_first_broken(&c), RR_LINK_COUNT, "nothing broken");
	is_str(c.verdict[RR_LINK_ROUTE].reason,
	       "192.168.77.2 leaves via veth0, directly connected, source 192.168.77.1",
	       "route reason");
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
	       "rxe0 port 1 on veth0 is DOWN (physical state DISABLED)",
	       "port down reason");
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

int main(void)
{
	test_healthy();
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
