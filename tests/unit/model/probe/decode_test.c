// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/decode.c against the IBA tables. */
#include <math.h>

#include "model/probe/decode.h"
#include "../../tap.h"

static void test_mtu(void)
{
	static const unsigned int want[] = { 0, 256, 512, 1024, 2048, 4096, 0 };
	char what[32];
	unsigned int i;

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		snprintf(what, sizeof(what), "mtu %u", i);
		is_int(rr_mtu_bytes((uint8_t)i), want[i], what);
	}
	is_int(rr_mtu_bytes(255), 0, "mtu 255 is unknown");
}

/* As the kernel's sysfs "rate" says: speed per lane times lanes. */
static void test_port_rate(void)
{
	ok(rr_port_rate_gbps(1, 1) == 2.5, "SDR 1X is 2.5 Gb/s");
	ok(rr_port_rate_gbps(4, 2) == 40, "QDR 4X is 40 Gb/s");
	ok(rr_port_rate_gbps(8, 1) == 10, "FDR10 1X is 10 Gb/s (rxe on veth)");
	ok(rr_port_rate_gbps(16, 2) == 56, "FDR 4X is 56 Gb/s");
	ok(rr_port_rate_gbps(32, 2) == 100, "EDR 4X is 100 Gb/s");
	ok(rr_port_rate_gbps(64, 2) == 200, "HDR 4X is 200 Gb/s");
	ok(rr_port_rate_gbps(128, 2) == 400, "NDR 4X is 400 Gb/s");
	ok(rr_port_rate_gbps(64, 16) == 100, "HDR 2X is 100 Gb/s");
	ok(rr_port_rate_gbps(32, 8) == 300, "EDR 12X is 300 Gb/s");
	ok(rr_port_rate_gbps(0, 2) == 0, "speed 0 is unknown");
	ok(rr_port_rate_gbps(3, 2) == 0, "speed 3 is no speed");
	ok(rr_port_rate_gbps(32, 3) == 0, "width 3 is no width");
}

static void test_rate(void)
{
	ok(rr_rate_gbps(0) == 0, "rate 0 means the port's current rate (0)");
	ok(rr_rate_gbps(1) == 0, "rate 1 is undefined");
	ok(rr_rate_gbps(2) == 2.5, "rate 2 is 2.5 Gb/s (SDR 1x)");
	ok(rr_rate_gbps(3) == 10, "rate 3 is 10 Gb/s");
	ok(rr_rate_gbps(7) == 40, "rate 7 is 40 Gb/s");
	ok(rr_rate_gbps(16) == 100, "rate 16 is 100 Gb/s");
	ok(rr_rate_gbps(21) == 400, "rate 21 is 400 Gb/s");
	ok(rr_rate_gbps(63) == 0, "rate 63 is undefined");
}

static void test_packet_life(void)
{
	char buf[32];

	ok(fabs(rr_packet_life_us(0) - 4.096) < 1e-9, "plt 0 is 4.096 us");
	ok(fabs(rr_packet_life_us(18) - 1073741.824) < 1e-3,
	   "plt 18 is 1.07 s");
	ok(fabs(rr_packet_life_us(0x40 | 1) - 8.192) < 1e-9,
	   "plt ignores selector bits");
	is_str(rr_duration_str(rr_packet_life_us(18), buf, sizeof(buf)),
	       "1.07 s", "plt 18 text");
	is_str(rr_duration_str(rr_packet_life_us(14), buf, sizeof(buf)),
	       "67.1 ms", "plt 14 text");
	is_str(rr_duration_str(4.096, buf, sizeof(buf)), "4.1 us",
	       "plt 0 text");
}

static void test_names(void)
{
	uint8_t v4[16] = { [10] = 0xff, [11] = 0xff, 192, 168, 77, 1 };
	uint8_t ib[16] = { 0xfe, 0x80, [15] = 1 };
	char buf[64];

	is_str(rr_selector_name(0), "greater than", "selector 0");
	is_str(rr_selector_name(1), "less than", "selector 1");
	is_str(rr_selector_name(2), "exactly", "selector 2");
	is_str(rr_selector_name(3), "largest available", "selector 3");
	is_str(rr_selector_name(4), "unknown", "selector 4");
	is_str(rr_pkey_membership(0xffff), "full", "pkey 0xffff");
	is_str(rr_pkey_membership(0x7fff), "limited", "pkey 0x7fff");
	is_str(rr_link_layer_name(RR_LL_ETHERNET), "Ethernet", "link layer");
	is_str(rr_link_layer_name(99), "unknown", "link layer out of range");
	is_str(rr_gid_type_name(RR_GID_ROCE_V2), "RoCE v2", "gid type");
	ok(rr_gid_is_v4mapped(v4), "::ffff:192.168.77.1 is IPv4-mapped");
	ok(!rr_gid_is_v4mapped(ib), "fe80::1 is not IPv4-mapped");
	is_str(rr_gid_str(v4, buf, sizeof(buf)), "::ffff:192.168.77.1",
	       "v4-mapped gid text");
	is_str(rr_gid_str(ib, buf, sizeof(buf)), "fe80::1", "ib gid text");
}

int main(void)
{
	test_mtu();
	test_rate();
	test_port_rate();
	test_packet_life();
	test_names();
	return tap_done();
}
