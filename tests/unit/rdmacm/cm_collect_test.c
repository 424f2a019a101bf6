// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/rdmacm/cm_collect.c: routes no lab here can make
 * (InfiniBand with LIDs, SL, a real rate, several paths), fed as the
 * kernel fills struct rdma_route, and what shaped a RoCE result.
 */
#include <arpa/inet.h>
#include <stdlib.h>

#include "rdmacm/cm_collect.h"
#include "model/probe/fields.h"
#include "../tap.h"

static void gid(uint8_t out[16], const char *text)
{
	inet_pton(AF_INET6, text, out);
}

/* A field's value as JSON writes it, "absent" when the result has none. */
static const char *field(const struct rr_result *r, const char *name,
			 int path, char *buf, size_t len)
{
	enum rr_fscope scope;
	struct rr_fval v;
	bool raw;
	const struct rr_field *f = rr_field_find(name, &scope, &raw);

	if (!f)
		return "no such field";
	rr_fval_reset(&v);
	f->get(f, r, scope == RR_FS_PATH ? &r->out.paths[path] : NULL, &v);
	if (!v.present)
		return "absent";
	return rr_fval_str(f, &v, raw, buf, len);
}

/* Two paths of an IB fabric, as the SA answered the kernel (net order). */
static void ib_route(struct rdma_route *route, struct ibv_sa_path_rec *rec)
{
	int i;

	memset(route, 0, sizeof(*route));
	for (i = 0; i < 2; i++) {
		memset(&rec[i], 0, sizeof(rec[i]));
		gid(rec[i].dgid.raw, "fe80::2:c903:0:103");
		gid(rec[i].sgid.raw, "fe80::2:c903:0:101");
		rec[i].dlid = htons((uint16_t)(5 + i));
		rec[i].slid = htons(2);
		rec[i].flow_label = htonl(0x12345);
		rec[i].pkey = htons(0x8001);
		rec[i].sl = 3;
		rec[i].mtu_selector = 2;
		rec[i].mtu = 5;
		rec[i].rate_selector = 2;
		rec[i].rate = 16;		/* 100 Gb/s */
		rec[i].packet_life_time = 16;
		rec[i].reversible = 1;
		rec[i].numb_path = 2;
	}
	route->path_rec = rec;
	route->num_paths = 2;
	route->addr.src_storage.ss_family = AF_INET;
}

static void test_ib_paths(void)
{
	static const struct rr_gid_entry table[] = {
		{ .index = 0, .type = RR_GID_IB },
		{ .index = 1, .type = RR_GID_IB },
	};
	struct rr_gid_entry gids[2];
	struct ibv_sa_path_rec rec[2];
	struct rdma_route route;
	struct rr_result r = { 0 };
	struct rr_cm_port port = {
		.device = "mlx5_0", .port = 1, .ll = RR_LL_INFINIBAND,
		.rate_gbps = 100, .gids = gids, .num_gids = 2,
	};
	struct rr_cm_asked asked = { .tos = -1, .port_space = "ib" };
	char buf[128];

	memcpy(gids, table, sizeof(gids));
	gid(gids[0].gid, "fe80::2:c903:0:100");
	gid(gids[1].gid, "fe80::2:c903:0:101");
	ib_route(&route, rec);
	rr_cm_collect_port(&r, &port, &asked);
	r.out.ok = true;
	rr_cm_collect_route(&r, &route, &port);
	is_int(r.out.num_paths, 2, "both PathRecords are kept");
	is_str(field(&r, "dlid", 0, buf, sizeof(buf)), "5", "path 1: DLID 5, host order");
	is_str(field(&r, "dlid", 1, buf, sizeof(buf)), "6", "path 2: DLID 6");
	is_str(field(&r, "slid", 1, buf, sizeof(buf)), "2", "SLID 2");
	is_str(field(&r, "sl", 0, buf, sizeof(buf)), "3", "SL 3");
	is_str(field(&r, "pkey", 0, buf, sizeof(buf)), "0x8001", "P_Key 0x8001");
	is_str(field(&r, "flow_label", 0, buf, sizeof(buf)), "0x12345",
	       "flow label in host order");
	is_str(field(&r, "rate", 0, buf, sizeof(buf)), "100",
	       "rate 16 is 100 Gb/s: the path's own, not the port's");
	is_str(field(&r, "mtu", 1, buf, sizeof(buf)), "4096", "MTU 5 is 4096");
	is_str(field(&r, "gid_type", 0, buf, sizeof(buf)), "IB", "an IB GID");
	is_str(field(&r, "sgid_index", 0, buf, sizeof(buf)), "1",
	       "the source GID is index 1 of the table");
	is_str(field(&r, "port_space", 0, buf, sizeof(buf)), "ib", "port space ib");
	is_str(field(&r, "tos", 0, buf, sizeof(buf)), "0", "ToS 0...");
	is_str(field(&r, "tos_from", 0, buf, sizeof(buf)), "default",
	       "...the default: configfs's RoCE ToS does not apply to IB");
	is_str(field(&r, "default_roce_mode", 0, buf, sizeof(buf)), "absent",
	       "no RoCE mode on IB");
	is_str(field(&r, "dlid", 0, buf, sizeof(buf)), "5", "LIDs shown on IB");
	rr_result_release(&r);
}

/* RoCE v2 over IPv4: rate 0 is the port's; ToS from configfs. */
static void test_roce_configfs(void)
{
	struct rr_gid_entry gids[3] = {
		{ .index = 0, .type = RR_GID_ROCE_V1 },
		{ .index = 2, .type = RR_GID_ROCE_V1 },
		{ .index = 3, .type = RR_GID_ROCE_V2 },
	};
	struct rr_cm_defaults defaults = {
		.configfs = true, .tos = 96, .roce_mode = RR_GID_ROCE_V2,
	};
	struct ibv_sa_path_rec rec = { 0 };
	struct rdma_route route = { 0 };
	struct rr_result r = { 0 };
	struct rr_cm_port port = {
		.device = "rxe0", .port = 1, .ll = RR_LL_ETHERNET,
		.rate_gbps = 10, .defaults = &defaults, .gids = gids,
		.num_gids = 3,
	};
	struct rr_cm_asked asked = { .tos = -1, .port_space = "tcp" };
	char buf[128];

	gid(gids[0].gid, "fe80::1");
	gid(gids[1].gid, "::ffff:192.168.77.1");
	gid(gids[2].gid, "::ffff:192.168.77.1");
	gid(rec.sgid.raw, "::ffff:192.168.77.1");
	gid(rec.dgid.raw, "::ffff:192.168.77.2");
	rec.traffic_class = 96;
	route.path_rec = &rec;
	route.num_paths = 1;
	rr_cm_collect_port(&r, &port, &asked);
	r.out.ok = true;
	rr_cm_collect_route(&r, &route, &port);
	is_str(field(&r, "tos", 0, buf, sizeof(buf)), "96", "ToS 96...");
	is_str(field(&r, "tos_from", 0, buf, sizeof(buf)), "configfs",
	       "...from configfs default_roce_tos");
	is_str(field(&r, "sgid_index", 0, buf, sizeof(buf)), "3",
	       "the v2 entry of the two that hold the address: the CM's mode");
	is_str(field(&r, "gid_type", 0, buf, sizeof(buf)), "RoCE v2", "RoCE v2");
	is_str(field(&r, "roce_defaults", 0, buf, sizeof(buf)), "configfs",
	       "the defaults were set in configfs");
	is_str(field(&r, "rate", 0, buf, sizeof(buf)), "10",
	       "rate 0 (port current rate) reads as the port's 10 Gb/s");
	is_str(field(&r, "rate_raw", 0, buf, sizeof(buf)), "0", "its raw value stays 0");
	is_str(field(&r, "port_rate", 0, buf, sizeof(buf)), "10", "port rate 10");
	is_str(field(&r, "dlid", 0, buf, sizeof(buf)), "absent",
	       "no LIDs on Ethernet");
	rr_result_release(&r);

	/* v1 by configfs: the v1 entry, and --tos wins over the default. */
	memset(&r, 0, sizeof(r));
	defaults.roce_mode = RR_GID_ROCE_V1;
	asked.tos = 32;
	rr_cm_collect_port(&r, &port, &asked);
	r.out.ok = true;
	rr_cm_collect_route(&r, &route, &port);
	is_str(field(&r, "sgid_index", 0, buf, sizeof(buf)), "2",
	       "default_roce_mode v1: the v1 entry, index 2");
	is_str(field(&r, "gid_type", 0, buf, sizeof(buf)), "RoCE v1", "RoCE v1");
	is_str(field(&r, "default_roce_mode", 0, buf, sizeof(buf)), "RoCE v1",
	       "the mode shown");
	is_str(field(&r, "tos", 0, buf, sizeof(buf)), "32", "--tos 32...");
	is_str(field(&r, "tos_from", 0, buf, sizeof(buf)), "option", "...from the option");
	rr_result_release(&r);
}

/* No configfs, port rate unknown: kernel defaults; rate stays null. */
static void test_roce_kernel_defaults(void)
{
	struct ibv_sa_path_rec rec = { 0 };
	struct rdma_route route = { .path_rec = &rec, .num_paths = 1 };
	struct rr_result r = { 0 };
	struct rr_cm_port port = { .device = "rxe1", .port = 1,
				   .ll = RR_LL_ETHERNET };
	struct rr_cm_asked asked = { .tos = -1, .port_space = "udp" };
	char buf[128];

	gid(rec.sgid.raw, "::ffff:10.0.0.1");
	rr_cm_collect_port(&r, &port, &asked);
	r.out.ok = true;
	rr_cm_collect_route(&r, &route, &port);
	is_str(field(&r, "gid_type", 0, buf, sizeof(buf)), "RoCE v2",
	       "an IPv4-mapped GID not in the table is RoCE v2 all the same");
	is_str(field(&r, "sgid_index", 0, buf, sizeof(buf)), "absent",
	       "no index when the table does not hold it");
	is_str(field(&r, "roce_defaults", 0, buf, sizeof(buf)), "kernel",
	       "no configfs: the kernel's defaults");
	is_str(field(&r, "default_roce_mode", 0, buf, sizeof(buf)), "RoCE v2",
	       "the kernel's mode is RoCE v2");
	is_str(field(&r, "rate", 0, buf, sizeof(buf)), "null",
	       "rate 0 with no port rate is null");
	is_str(field(&r, "port_rate", 0, buf, sizeof(buf)), "absent",
	       "no port rate");
	is_str(field(&r, "port_space", 0, buf, sizeof(buf)), "udp", "port space udp");
	rr_result_release(&r);
}

/* iWARP: no PathRecord, no GID; the port and what was used all the same. */
static void test_iwarp(void)
{
	struct rdma_route route = { 0 };
	struct rr_result r = { 0 };
	struct rr_cm_port port = { .device = "siw0", .port = 1,
				   .ll = RR_LL_IWARP, .rate_gbps = 25 };
	struct rr_cm_asked asked = { .tos = -1, .port_space = "tcp" };
	char buf[128];

	rr_cm_collect_port(&r, &port, &asked);
	r.out.ok = true;
	rr_cm_collect_route(&r, &route, &port);
	is_int(r.out.num_paths, 0, "iWARP: no PathRecord");
	is_str(field(&r, "link_layer", 0, buf, sizeof(buf)), "iWARP", "link layer iWARP");
	is_str(field(&r, "gid_type", 0, buf, sizeof(buf)), "unknown",
	       "no GID type on iWARP");
	is_str(field(&r, "sgid_index", 0, buf, sizeof(buf)), "absent", "no GID index");
	is_str(field(&r, "tos_from", 0, buf, sizeof(buf)), "default", "ToS default");
	is_str(field(&r, "port_rate", 0, buf, sizeof(buf)), "25", "port rate 25");
	rr_result_release(&r);
}

int main(void)
{
	test_ib_paths();
	test_roce_configfs();
	test_roce_kernel_defaults();
	test_iwarp();
	return tap_done();
}
