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
#include <stddef.h>
#include <stdint.h>

/*
 * X(key, field, error): the PortCounters (PMA, as perfquery reads them)
 * of each hop's out port, by JSON key.  FIELD is libibmad's field, which
 * only the backend expands.  ERROR is true for a count of something that
 * went wrong (not PortXmitWait, which counts congestion).
 */
#define RR_HOP_COUNTERS(X)						\
	X(symbol_errors, IB_PC_ERR_SYM_F, true)				\
	X(link_error_recovery, IB_PC_LINK_RECOVERS_F, true)		\
	X(link_downed, IB_PC_LINK_DOWNED_F, true)			\
	X(rcv_errors, IB_PC_ERR_RCV_F, true)				\
	X(rcv_remote_phys_errors, IB_PC_ERR_PHYSRCV_F, true)		\
	X(rcv_switch_relay_errors, IB_PC_ERR_SWITCH_REL_F, true)	\
	X(xmit_discards, IB_PC_XMT_DISCARDS_F, true)			\
	X(xmit_constraint_errors, IB_PC_ERR_XMTCONSTR_F, true)		\
	X(rcv_constraint_errors, IB_PC_ERR_RCVCONSTR_F, true)		\
	X(local_link_integrity_errors, IB_PC_ERR_LOCALINTEG_F, true)	\
	X(excessive_buffer_overrun_errors, IB_PC_ERR_EXCESS_OVR_F, true) \
	X(vl15_dropped, IB_PC_VL15_DROPPED_F, true)			\
	X(xmit_wait, IB_PC_XMT_WAIT_F, false)

#define RR_HOP_COUNTER_ENUM(key, field, error) RR_HC_##key,
enum rr_hop_counter {
	RR_HOP_COUNTERS(RR_HOP_COUNTER_ENUM)
	RR_HC_COUNT
};
#undef RR_HOP_COUNTER_ENUM

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
	uint16_t lid;		/* the port's; a switch's is its port 0's */
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
	/* The out port's PortCounters, when its PMA answered. */
	bool have_counters;
	uint32_t counters[RR_HC_COUNT];
};

/* Returns counter C's key, e.g. "symbol_errors". */
const char *rr_hop_counter_key(enum rr_hop_counter c);
/* Returns true if C counts errors (every counter but xmit_wait). */
bool rr_hop_counter_is_error(enum rr_hop_counter c);
/* Returns how many of H's error counters are not 0. */
int rr_hop_errors(const struct rr_hop *h);
/*
 * Writes H's error counters that are not 0 into BUF (LEN bytes), as
 * "symbol_errors 1000, link_downed 2", or "" when there are none.
 * Returns BUF.
 */
const char *rr_hop_errors_text(const struct rr_hop *h, char *buf, size_t len);

/* Returns TYPE's name: "ca", "switch", "router" or "unknown". */
const char *rr_node_type_name(enum rr_node_type type);
/*
 * Marks, among the N HOPS, the bottleneck: the first link whose rate is
 * the path's RATE_GBPS or whose MTU is the path's MTU (0: unknown).  Also
 * marks each link that is below what the links at the route's two ends
 * have.
 */
void rr_hops_judge(struct rr_hop *hops, int n, double rate_gbps,
		   unsigned int mtu);

#endif
