// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/num_text.h"
#include "base/sockaddr.h"
#include "base/util.h"
#include "model/probe/decode.h"

unsigned int rr_mtu_bytes(uint8_t mtu)
{
	static const unsigned int bytes[] = { 0, 256, 512, 1024, 2048, 4096 };

	if (mtu >= ARRAY_SIZE(bytes))
		return 0;
	return bytes[mtu];
}

double rr_rate_gbps(uint8_t rate)
{
	/* IBA table 205 and its later additions (enum ibv_rate). */
	static const double gbps[] = {
		[2] = 2.5, [3] = 10, [4] = 30, [5] = 5, [6] = 20, [7] = 40,
		[8] = 60, [9] = 80, [10] = 120, [11] = 14, [12] = 56,
		[13] = 112, [14] = 168, [15] = 25, [16] = 100, [17] = 200,
		[18] = 300, [19] = 28, [20] = 50, [21] = 400, [22] = 600,
		[23] = 800, [24] = 1200,
	};

	if (rate >= ARRAY_SIZE(gbps))
		return 0;
	return gbps[rate];
}

/*
 * A port's speeds and widths (enum ib_port_speed, ib_port_width bits, as
 * ibv_query_port gives them): the kernel's rate_show() multiplies the
 * lane's Gb/s by the lanes.
 */
static const struct {
	unsigned int code;
	const char *name;
	double lane_gbps;
} speeds[] = {
	{ 1, "SDR", 2.5 }, { 2, "DDR", 5 }, { 4, "QDR", 10 },
	{ 8, "FDR10", 10 }, { 16, "FDR", 14 }, { 32, "EDR", 25 },
	{ 64, "HDR", 50 }, { 128, "NDR", 100 }, { 256, "XDR", 200 },
};

static const struct {
	unsigned int code;
	const char *name;
	unsigned int lanes;
} widths[] = {
	{ 1, "1x", 1 }, { 2, "4x", 4 }, { 4, "8x", 8 }, { 8, "12x", 12 },
	{ 16, "2x", 2 },
};

static int speed_at(unsigned int speed)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(speeds); i++)
		if (speeds[i].code == speed)
			return (int)i;
	return -1;
}

static int width_at(unsigned int width)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(widths); i++)
		if (widths[i].code == width)
			return (int)i;
	return -1;
}

double rr_port_rate_gbps(unsigned int speed, unsigned int width)
{
	int s = speed_at(speed), w = width_at(width);

	if (s < 0 || w < 0)
		return 0;
	return speeds[s].lane_gbps * widths[w].lanes;
}

unsigned int rr_port_info_speed(unsigned int active, unsigned int ext_active)
{
	switch (ext_active) {
	case 1: return 16;	/* FDR */
	case 2: return 32;	/* EDR */
	case 4: return 64;	/* HDR */
	case 8: return 128;	/* NDR */
	case 16: return 256;	/* XDR */
	default: return active;	/* SDR 1, DDR 2, QDR 4, as ibverbs */
	}
}

const char *rr_link_speed_name(unsigned int speed)
{
	int s = speed_at(speed);

	return s < 0 ? "unknown" : speeds[s].name;
}

const char *rr_link_width_name(unsigned int width)
{
	int w = width_at(width);

	return w < 0 ? "unknown" : widths[w].name;
}

double rr_packet_life_us(uint8_t plt)
{
	return 4.096 * (double)(UINT64_C(1) << (plt & 0x3f));
}

const char *rr_selector_name(uint8_t selector)
{
	static const char *const names[] = {
		"greater than", "less than", "exactly", "largest available",
	};

	if (selector >= ARRAY_SIZE(names))
		return "unknown";
	return names[selector];
}

const char *rr_pkey_membership(uint16_t pkey)
{
	return (pkey & 0x8000) ? "full" : "limited";
}

const char *rr_link_layer_name(enum rr_link_layer ll)
{
	static const char *const names[] = {
		[RR_LL_UNKNOWN] = "unknown",
		[RR_LL_INFINIBAND] = "InfiniBand",
		[RR_LL_ETHERNET] = "Ethernet",
		[RR_LL_IWARP] = "iWARP",
	};

	if ((unsigned int)ll >= ARRAY_SIZE(names))
		return "unknown";
	return names[ll];
}

const char *rr_gid_type_name(enum rr_gid_type type)
{
	static const char *const names[] = {
		[RR_GID_UNKNOWN] = "unknown",
		[RR_GID_IB] = "IB",
		[RR_GID_ROCE_V1] = "RoCE v1",
		[RR_GID_ROCE_V2] = "RoCE v2",
	};

	if ((unsigned int)type >= ARRAY_SIZE(names))
		return "unknown";
	return names[type];
}

const char *rr_tos_from_key(enum rr_tos_from from)
{
	switch (from) {
	case RR_TOS_OPTION:
		return "option";
	case RR_TOS_CONFIGFS:
		return "configfs";
	case RR_TOS_DEFAULT:
		return "default";
	default:
		return "unknown";
	}
}

bool rr_gid_is_v4mapped(const uint8_t gid[16])
{
	static const uint8_t prefix[12] = {
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff
	};

	return memcmp(gid, prefix, sizeof(prefix)) == 0;
}

const char *rr_gid_str(const uint8_t gid[16], char *buf, size_t len)
{
	if (!rr_ipv6_str(gid, buf, len))
		snprintf(buf, len, "?");
	return buf;
}

const char *rr_duration_str(double us, char *buf, size_t len)
{
	char num[40];

	if (us >= 1e6) {
		rr_fixed_text(us / 1e6, 2, num, NULL);
		snprintf(buf, len, "%s s", num);
	} else if (us >= 1e3) {
		rr_fixed_text(us / 1e3, 1, num, NULL);
		snprintf(buf, len, "%s ms", num);
	} else {
		rr_fixed_text(us, 1, num, NULL);
		snprintf(buf, len, "%s us", num);
	}
	return buf;
}
