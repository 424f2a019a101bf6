// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/model/probe/hop.c: names and the bottleneck's judge. */
#include <string.h>

#include "model/probe/decode.h"
#include "model/probe/hop.h"
#include "../../tap.h"

static struct rr_hop link(double rate, unsigned int mtu)
{
	struct rr_hop h;

	memset(&h, 0, sizeof(h));
	h.have_link = true;
	h.rate_gbps = rate;
	h.mtu = mtu;
	return h;
}

static void names(void)
{
	is_str(rr_node_type_name(RR_NODE_SWITCH), "switch", "a switch");
	is_str(rr_node_type_name(RR_NODE_CA), "ca", "a CA");
	is_str(rr_node_type_name((enum rr_node_type)9), "unknown", "past the table");
	is_str(rr_link_width_name(2), "4x", "width 2 is 4x");
	is_str(rr_link_width_name(16), "2x", "width 16 is 2x");
	is_str(rr_link_width_name(3), "unknown", "no such width");
	is_str(rr_link_speed_name(4), "QDR", "speed 4 is QDR");
	is_str(rr_link_speed_name(32), "EDR", "speed 32 is EDR");
	is_str(rr_link_speed_name(128), "NDR", "speed 128 is NDR");
	is_str(rr_link_speed_name(3), "unknown", "no such speed");
	is_int(rr_port_info_speed(4, 0), 4, "QDR, no extended speed");
	is_int(rr_port_info_speed(4, 2), 32, "the extended speed EDR wins");
	is_int(rr_port_info_speed(4, 8), 128, "NDR");
}

static void judge(void)
{
	struct rr_hop h[5];

	/* 100 - 100 - 25 - 100, then the destination: the 25 Gb/s link. */
	h[0] = link(100, 4096);
	h[1] = link(100, 4096);
	h[2] = link(25, 4096);
	h[3] = link(100, 4096);
	memset(&h[4], 0, sizeof(h[4]));
	rr_hops_judge(h, 5, 25, 4096);
	ok(!h[0].bottleneck && !h[1].bottleneck && h[2].bottleneck &&
	   !h[3].bottleneck, "the slow link is the bottleneck, only it");
	ok(h[2].below_ends && !h[1].below_ends, "and below its ends");
	ok(!h[4].bottleneck && !h[4].below_ends, "the destination has no link");

	/* Every link alike: the path runs at their rate, nothing limits it. */
	h[2] = link(100, 4096);
	h[1] = link(100, 4096);
	h[0] = link(100, 4096);
	h[3] = link(100, 4096);
	rr_hops_judge(h, 5, 100, 4096);
	ok(!h[0].bottleneck && !h[1].bottleneck && !h[2].bottleneck &&
	   !h[3].bottleneck, "links alike: no bottleneck");

	/* The MTU: 2048 in the middle of a 4096 route. */
	h[0] = link(100, 4096);
	h[1] = link(100, 2048);
	h[2] = link(100, 4096);
	rr_hops_judge(h, 3, 100, 2048);
	ok(h[1].bottleneck && h[1].below_ends && !h[0].bottleneck,
	   "the narrow MTU is the bottleneck, below its ends");

	/* The first link itself is the slowest: it is the bottleneck, not below the ends. */
	h[0] = link(10, 4096);
	h[1] = link(100, 4096);
	h[2] = link(100, 4096);
	rr_hops_judge(h, 3, 10, 4096);
	ok(h[0].bottleneck && !h[0].below_ends && !h[1].below_ends,
	   "an end's own link: the bottleneck, no link below the ends");
}

static void counters(void)
{
	struct rr_hop h;
	char buf[128];

	memset(&h, 0, sizeof(h));
	is_int(rr_hop_errors(&h), 0, "no counters read: no errors");
	h.have_counters = true;
	h.counters[RR_HC_symbol_errors] = 1000;
	h.counters[RR_HC_link_downed] = 2;
	h.counters[RR_HC_xmit_wait] = 77;
	is_int(rr_hop_errors(&h), 2, "two error counters, xmit_wait is none");
	is_str(rr_hop_errors_text(&h, buf, sizeof(buf)),
	       "symbol_errors 1000, link_downed 2", "named in table order");
	is_str(rr_hop_counter_key(RR_HC_vl15_dropped), "vl15_dropped", "a key");
	ok(!rr_hop_counter_is_error(RR_HC_xmit_wait), "xmit_wait counts congestion");
}

int main(void)
{
	names();
	judge();
	counters();
	return tap_done();
}
