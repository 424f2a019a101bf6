/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One node a route crosses through an InfiniBand fabric, and the link it
 * leaves by (--sa --trace), as the switches' forwarding tables and the
 * ports' PortInfo say: what ibtracert prints, with each link's state,
 * width, speed and MTU beside it.
 */
#ifndef RR_HOP_H
#define RR_HOP_H

#include <stdbool.h>
#include <stdint.h>

/* NodeInfo's node types. */
enum rr_node_type {
	RR_NODE_UNKNOWN,
	RR_NODE_CA,
	RR_NODE_SWITCH,
	RR_NODE_ROUTER,
};

struct rr_hop {
	char name[128];		/* node-name map, else NodeDescription */
	uint64_t guid;		/* node GUID */
	enum rr_node_type type;
	uint16_t lid;		/* the port's; a switch's port 0 */
	uint8_t in_port;	/* 0: the source, where the route starts */
	uint8_t out_port;	/* 0: the destination, where it ends */
	/* The link leaving by out_port (not at the destination). */
	bool have_link;
	uint8_t state;		/* PortInfo LinkState: 4 ACTIVE */
	uint8_t phys_state;	/* PortPhysicalState: 5 LINK_UP */
	uint8_t width;		/* LinkWidthActive: 1 1x, 2 4x, 4 8x, 8 12x, 16 2x */
	unsigned int speed;	/* as ibverbs: 1 SDR ... 32 EDR, 64 HDR, 128 NDR */
	double rate_gbps;	/* width times speed */
	unsigned int mtu;	/* bytes: the smaller of both ends' active MTU */
	bool bottleneck;	/* the link whose rate or MTU the path carries */
	bool below_ends;	/* its rate or MTU is below the path's ends' */
};

/* "ca", "switch", "router"; "unknown". */
const char *rr_node_type_name(enum rr_node_type type);
/* "4x"; "unknown". */
const char *rr_link_width_name(unsigned int width);
/* "QDR" (ibverbs' speed encoding); "unknown". */
const char *rr_link_speed_name(unsigned int speed);
/*
 * Marks the bottleneck among HOPS (N of them): the first link whose rate
 * is the path's RATE_GBPS or whose MTU is the path's MTU (0: unknown),
 * and each link below what the route's two ends' links have.
 */
void rr_hops_judge(struct rr_hop *hops, int n, double rate_gbps,
		   unsigned int mtu);

#endif
