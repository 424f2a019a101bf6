/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one result structure: what a backend learned about one destination.
 * Backends fill it, renderers read it; neither knows about the other.
 */
#ifndef RR_RESULT_H
#define RR_RESULT_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <sys/socket.h>

#include "cause.h"
#include "steps.h"

struct rr_chain;

struct rr_timing {
	struct timespec start;
	struct timespec end;
	bool started;
	bool ended;
};

enum rr_link_layer {
	RR_LL_UNKNOWN,
	RR_LL_INFINIBAND,
	RR_LL_ETHERNET,
	RR_LL_IWARP,
};

enum rr_gid_type {
	RR_GID_UNKNOWN,
	RR_GID_IB,
	RR_GID_ROCE_V1,
	RR_GID_ROCE_V2,
};

/* One PathRecord in host byte order, fields as in struct ibv_sa_path_rec. */
struct rr_path {
	uint8_t dgid[16];
	uint8_t sgid[16];
	uint16_t dlid;
	uint16_t slid;
	bool raw_traffic;
	uint32_t flow_label;
	uint8_t hop_limit;
	uint8_t traffic_class;
	bool reversible;
	uint8_t numb_path;
	uint16_t pkey;
	uint8_t sl;
	uint8_t mtu_selector;
	uint8_t mtu;
	uint8_t rate_selector;
	uint8_t rate;
	uint8_t packet_life_time_selector;
	uint8_t packet_life_time;
	uint8_t preference;
};

struct rr_failure {
	enum rr_step step;
	enum rr_fail_kind kind;
	const char *call;	/* the library call that failed or waited */
	const char *detail;	/* static text beyond errno (a MAD status) */
	int err;		/* positive errno: the call's, or -status */
	int event;		/* enum rdma_cm_event_type, -1 when none */
	int status;		/* the event's status as the kernel gave it */
	enum rr_cause cause;
};

/* An --expect or --max-ms that did not hold. */
struct rr_expect_failure {
	char field[48];
	char op[3];
	char expected[128];
	char actual[64];
};

struct rr_result {
	const char *target;		/* as the user wrote it */
	unsigned int seq;		/* probe number (1..) with --count */
	uint64_t start_offset_ms;	/* when to start, from the first */
	double start_ms;		/* when it started, after the run began */
	bool have_start;
	bool done;			/* the backend is through with it */
	struct sockaddr_storage dst;
	bool have_dst;
	/* A host name: how many addresses it has, how many were not probed. */
	unsigned int name_addresses;
	unsigned int name_skipped;
	struct sockaddr_storage src;
	bool have_src;			/* src filled in (given, or resolved) */

	struct rr_timing steps[RR_STEP_COUNT];
	unsigned int timeout_ms;	/* what each step was given */
	unsigned int deadline_ms;	/* the tool's own limit per step */

	char device[64];
	uint8_t port;
	enum rr_link_layer link_layer;
	enum rr_gid_type gid_type;

	int num_paths;
	struct rr_path *paths;

	bool ok;
	/* Success only at the timeout: the kernel's uncached-neighbour race. */
	bool late_success;
	struct rr_failure fail;

	struct rr_expect_failure *expect_failures;
	int num_expect_failures;

	/* --explain, or a failure: the root-cause chain (src/chain.h). */
	struct rr_chain *chain;
};

void rr_step_begin(struct rr_result *r, enum rr_step step);
void rr_step_end(struct rr_result *r, enum rr_step step);
/* Ends STEP at AT (when its event was read, not when it was handled). */
void rr_step_end_at(struct rr_result *r, enum rr_step step,
		    const struct timespec *at);
double rr_step_ms(const struct rr_result *r, enum rr_step step);

/* A call failed with ERR (positive errno; 0 with STATUS for a resolver). */
void rr_fail_call(struct rr_result *r, enum rr_step step, const char *call,
		  int err, int status);
/* An error event (or an unexpected one) arrived for the step. */
void rr_fail_event(struct rr_result *r, enum rr_step step, const char *call,
		   int event, int status);
/*
 * A failure whose cause the backend knows better than errno tells (the SA
 * backend); DETAIL is a static string or NULL.
 */
void rr_fail_cause(struct rr_result *r, enum rr_step step, const char *call,
		   int err, enum rr_cause cause, const char *detail);
/* Nothing arrived before the tool's own deadline. */
void rr_fail_deadline(struct rr_result *r, enum rr_step step,
		      const char *call);
void rr_result_release(struct rr_result *r);

#endif
