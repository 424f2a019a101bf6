/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The steps of a probe, described once: the table below makes the enum,
 * the JSON keys, the text labels, the timing fields (model/probe/fields.c), the
 * step each backend waits in, the --max-ms names and the Prometheus step
 * label.  A new step is a new row here, its backend's code and its tests.
 * No includes of the project's: the bottom of the house.
 */
#ifndef RR_STEPS_H
#define RR_STEPS_H

#include <stdbool.h>

/* Which part of the tool runs a step. */
enum rr_step_by {
	RR_BY_INPUT,		/* before any backend: name look-up */
	RR_BY_CM,		/* the kernel's RDMA CM (librdmacm) */
	RR_BY_CONNECT,		/* the CM again, with --connect */
	RR_BY_DATA,		/* the connection's QP, with --data */
	RR_BY_SA,		/* the subnet administrator (--sa) */
	RR_BY_TRACE,		/* the switches, by SMPs (--sa --trace) */
	RR_BY_ALL,		/* every probe, as a whole */
};

/*
 * The rdma_cm events that end a step, by librdmacm's numbers (enum
 * rdma_cm_event_type; the CM backend checks that they agree).
 */
enum rr_cm_event {
	RR_CM_EV_NONE = -1,	/* the call itself ends the step */
	RR_CM_EV_ADDR_RESOLVED = 0,
	RR_CM_EV_ROUTE_RESOLVED = 2,
	RR_CM_EV_CONNECT_RESPONSE = 5,
	RR_CM_EV_ESTABLISHED = 9,
	RR_CM_EV_DISCONNECTED = 10,
};

/*
 * X(id, key, label, call, ends_on, by), one row per step, in the order a
 * probe takes them.  key is the step's JSON key and --max-ms name; label
 * is its name as cmtime prints it, so numbers compare directly; call is
 * the call that starts it; ends_on is the rdma_cm event that ends it, or
 * NONE when the call itself does (transfer ends with its messages' work
 * completions, not with an event).  The CM backend takes its steps in
 * this order, those of --connect after the route.
 */
#define RR_STEP_TABLE(X)						\
	X(LOOKUP, "lookup", "lookup", "getaddrinfo_a", NONE, RR_BY_INPUT) \
	X(CREATE_ID, "create_id", "create id", "rdma_create_id", NONE,	\
	  RR_BY_CM)							\
	X(BIND_ADDR, "bind_addr", "bind addr", "rdma_bind_addr", NONE,	\
	  RR_BY_CM)							\
	X(RESOLVE_ADDR, "resolve_addr", "resolve addr",			\
	  "rdma_resolve_addr", ADDR_RESOLVED, RR_BY_CM)			\
	X(RESOLVE_ROUTE, "resolve_route", "resolve route",		\
	  "rdma_resolve_route", ROUTE_RESOLVED, RR_BY_CM)		\
	X(CREATE_QP, "create_qp", "create qp", "ibv_create_qp", NONE,	\
	  RR_BY_CONNECT)						\
	X(CONNECT, "connect", "connect", "rdma_connect",		\
	  CONNECT_RESPONSE, RR_BY_CONNECT)				\
	X(ESTABLISH, "establish", "establish", "rdma_establish", NONE,	\
	  RR_BY_CONNECT)						\
	X(TRANSFER, "transfer", "transfer", "ibv_post_send", NONE,	\
	  RR_BY_DATA)							\
	X(DISCONNECT, "disconnect", "disconnect", "rdma_disconnect",	\
	  DISCONNECTED, RR_BY_CONNECT)					\
	X(OPEN_PORT, "open_port", "open port", "umad_get_port", NONE,	\
	  RR_BY_SA)							\
	X(FIND_SM, "find_sm", "find sm", "mad_rpc", NONE, RR_BY_SA)	\
	X(SA_QUERY, "sa_query", "sa query", "umad_send", NONE, RR_BY_SA) \
	X(TRACE, "trace", "trace", "umad_send", NONE, RR_BY_TRACE)	\
	X(TOTAL, "total", "total", "", NONE, RR_BY_ALL)

#define RR_STEP_ENUM(id, key, label, call, ends_on, by) RR_STEP_##id,
enum rr_step {
	RR_STEP_TABLE(RR_STEP_ENUM)
	RR_STEP_COUNT
};
#undef RR_STEP_ENUM

struct rr_step_info {
	const char *key;
	const char *label;
	const char *call;
	enum rr_cm_event ends_on;
	const char *ends_on_name;	/* "ADDR_RESOLVED"; "" for none */
	enum rr_step_by by;
};

/* How a failed step failed. */
enum rr_fail_kind {
	RR_FAIL_NONE,
	RR_FAIL_CALL,		/* the library call returned an error (errno) */
	RR_FAIL_EVENT,		/* an error event arrived (event, status) */
	RR_FAIL_DEADLINE,	/* no event before the tool's own deadline */
};

/* Returns STEP's row of the table, or a row of "unknown" out of range. */
const struct rr_step_info *rr_step_info(enum rr_step step);
/* A set of enum rr_step_by, for rr_step_next(). */
#define RR_BY(by) (1U << (by))
/*
 * Returns the first step after AFTER that is run by one of the parts in
 * BY_SET, or RR_STEP_COUNT when none is left.  An AFTER of RR_STEP_COUNT
 * starts from the first step.
 */
enum rr_step rr_step_next(enum rr_step after, unsigned int by_set);
/*
 * Returns STEP's name as cmtime prints it ("resolve addr"), or "unknown"
 * out of range.
 */
const char *rr_step_name(enum rr_step step);
/* Returns STEP's JSON key ("resolve_addr"). */
const char *rr_step_key(enum rr_step step);
/* Stores the step whose key is KEY in *STEP.  Returns false if none has it. */
bool rr_step_from_key(const char *key, enum rr_step *step);

#endif
