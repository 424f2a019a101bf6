/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Likely causes of a failed step, each with a one-line explanation and the
 * next thing an admin should check.  Pure functions: no I/O.
 */
#ifndef RR_CAUSE_H
#define RR_CAUSE_H

#include <stdbool.h>

#include "base/steps.h"

enum rr_cause {
	RR_CAUSE_NONE,
	RR_CAUSE_NO_RDMA_CM,
	RR_CAUSE_NO_RDMA_LIBRARY,
	RR_CAUSE_PERMISSION,
	RR_CAUSE_NAME_UNKNOWN,
	RR_CAUSE_NAME_TIMEOUT,
	RR_CAUSE_SRC_NOT_LOCAL,
	RR_CAUSE_NO_ROUTE,
	RR_CAUSE_NOT_RDMA_NETDEV,
	RR_CAUSE_NEIGH_TIMEOUT,
	RR_CAUSE_HOST_UNREACHABLE,
	RR_CAUSE_NOT_RDMA_ADDRESS,
	RR_CAUSE_ROUTE_TIMEOUT,
	RR_CAUSE_NO_EVENT,
	RR_CAUSE_BAD_ADDRESS,
	RR_CAUSE_OUT_OF_RESOURCES,
	RR_CAUSE_DEVICE_REMOVED,
	RR_CAUSE_ADDR_CHANGED,
	/* Known from the facts around a failure (rr_cause_refine). */
	RR_CAUSE_SRC_NOT_RDMA,
	RR_CAUSE_SRC_OTHER_NETDEV,
	RR_CAUSE_SUBNET_SEVERAL,
	RR_CAUSE_LINK_LOCAL_NO_SCOPE,
	RR_CAUSE_NO_SOURCE_ADDRESS,
	RR_CAUSE_LINK_DOWN,
	RR_CAUSE_RDMA_NETNS,
	RR_CAUSE_NEIGH_TIMEOUT_VLAN,
	/* A route or policy rule that refuses the destination on purpose. */
	RR_CAUSE_ROUTE_BLACKHOLE,
	RR_CAUSE_ROUTE_PROHIBITED,
	RR_CAUSE_ROUTE_UNREACHABLE,
	RR_CAUSE_ROUTE_THROW,
	/* InfiniBand, the kernel's own SA query (rdma_resolve_route). */
	RR_CAUSE_SA_QUERY_FAILED,
	/* InfiniBand subnet administrator (--sa) */
	RR_CAUSE_NO_MAD_LIBRARY,
	RR_CAUSE_NO_UMAD,
	RR_CAUSE_UMAD_PERMISSION,
	RR_CAUSE_PORT_NOT_ACTIVE,
	RR_CAUSE_NO_SM,
	RR_CAUSE_SA_TIMEOUT,
	RR_CAUSE_SA_REJECTED,
	RR_CAUSE_DEST_UNKNOWN,
	RR_CAUSE_NO_MATCHING_PATH,
	RR_CAUSE_NO_PATH,
	RR_CAUSE_NODE_UNKNOWN,
	RR_CAUSE_NODE_AMBIGUOUS,
	RR_CAUSE_NODE_UNREACHABLE,
	RR_CAUSE_DISCOVERY_FAILED,
	/* --sa --trace: where a route through the switches dies. */
	RR_CAUSE_ROUTE_DEAD_END,
	RR_CAUSE_ROUTE_LINK_DOWN,
	RR_CAUSE_ROUTE_LOOP,
	RR_CAUSE_ROUTE_BAD_PORT,
	RR_CAUSE_SMP_TIMEOUT,
	/* --connect */
	RR_CAUSE_NO_LISTENER,
	RR_CAUSE_REJECTED_BY_PEER,
	RR_CAUSE_LISTENER_BUSY,
	RR_CAUSE_CONNECT_REJECTED,
	RR_CAUSE_CONNECT_TIMEOUT,
	RR_CAUSE_CONNECT_UNREACHABLE,
	RR_CAUSE_CONNECT_ERROR,
	RR_CAUSE_NO_ROCE_ENDPOINT,
	RR_CAUSE_ROCE_FILTERED,
	/* --connect, decided from fresh evidence (model/probe/decide_connect.h). */
	RR_CAUSE_ROCE_UNANSWERED,
	RR_CAUSE_PEER_DOWN,
	RR_CAUSE_PEER_UNREACHABLE,
	RR_CAUSE_VLAN_MISMATCH,
	RR_CAUSE_LISTENER_STUCK,
	RR_CAUSE_PEER_CM_SILENT,
	RR_CAUSE_PEER_NO_RDMA_DEVICE,
	RR_CAUSE_DSCP_DROPPED,
	/* --connect --data: the messages over the connection. */
	RR_CAUSE_MTU_BLACK_HOLE,
	RR_CAUSE_DATA_NO_ACK,
	RR_CAUSE_NO_ECHO,
	RR_CAUSE_PEER_DISCONNECTED,
	RR_CAUSE_ECHO_CORRUPTED,
	RR_CAUSE_ECHO_LOST,
	RR_CAUSE_TRANSFER_TOO_SLOW,
	RR_CAUSE_TRANSFER_FAILED,
	RR_CAUSE_UNKNOWN,
	RR_CAUSE_COUNT
};

/* What the classifier looks at; filled from struct rr_failure. */
struct rr_cause_input {
	enum rr_step step;
	enum rr_fail_kind kind;
	int err;		/* positive errno */
	int event;		/* enum rdma_cm_event_type or -1 */
	int status;		/* the event's, as the kernel gave it */
};

enum rr_cause rr_classify(const struct rr_cause_input *in);
/*
 * Returns true if a positive status of EVENT is a reason given by the
 * peer's CM, not an errno.
 */
bool rr_event_status_is_reason(int event);
/*
 * Returns an IB CM reject REASON (IBTA 12.6.7.2) in words, e.g.
 * "invalid service ID" for 8; NULL for a reason it does not know.
 */
const char *rr_reject_reason_str(int reason);
/* Returns an unsuccessful SIDR REP's STATUS in words; NULL when unknown. */
const char *rr_sidr_status_str(int status);
const char *rr_cause_key(enum rr_cause cause);
/*
 * Returns the cause whose key is KEY ("neighbour_timeout"), or
 * RR_CAUSE_UNKNOWN when none has it.
 */
enum rr_cause rr_cause_from_key(const char *key);
const char *rr_cause_summary(enum rr_cause cause);
const char *rr_cause_hint(enum rr_cause cause);
/*
 * Returns the hint for a --trace by a name that the fabric seen from here
 * does not have, but whose LID the SA gave: the route ends where the walk
 * says, and why.
 */
const char *rr_name_beyond_hint(void);
/*
 * Returns the hint for a --trace failure CAUSE (a dead end, a link down),
 * told together with what the SA said of the same destination: SA_CAUSE
 * (sa_timeout when the SM is down, dest_unknown when the LID is gone,
 * RR_CAUSE_NONE when it answered), and SA_PATHS when it gave a path.  The
 * SA's answer shows what the SM did: a dead end the SA knows nothing of
 * is a port the SM dropped; one it has a path for is a switch the SM has
 * not written since.  Otherwise returns the cause's own hint.
 */
const char *rr_trace_hint(enum rr_cause cause, enum rr_cause sa_cause,
			  bool sa_paths);
/*
 * For --connect over RoCE v2, when a connection request got no answer:
 * what a plain UDP datagram to the peer's port 4791 brought back
 * (host/udp_probe.h).
 */
enum rr_udp_answer {
	RR_UDP_NOT_SENT,
	RR_UDP_NO_ANSWER,		/* nothing, not even an ICMP error */
	RR_UDP_PORT_UNREACHABLE,	/* nothing serves UDP 4791 there */
	RR_UDP_HOST_UNREACHABLE,	/* another ICMP destination unreachable */
	RR_UDP_OTHER_ERROR,
};

/*
 * Returns UDP's key ("port_unreachable", "no_answer", ...), or NULL for
 * RR_UDP_NOT_SENT.
 */
const char *rr_udp_answer_key(enum rr_udp_answer udp);
/* Returns the answer whose key is KEY, or RR_UDP_NOT_SENT when none has it. */
enum rr_udp_answer rr_udp_answer_from_key(const char *key);
/*
 * Returns true when CAUSE means the host as a whole cannot do RDMA CM
 * (exit code 3).
 */
bool rr_cause_is_host_level(enum rr_cause cause);

#endif
