/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The named steps of a resolution and how a failed one failed: the words
 * the causes, the results and the renderers share.  No includes of the
 * project's: the bottom of the house.
 */
#ifndef RR_STEPS_H
#define RR_STEPS_H

/* Named steps; the rdma_cm names match librdmacm's cmtime for comparison. */
enum rr_step {
	RR_STEP_LOOKUP,		/* host name to address */
	RR_STEP_CREATE_ID,
	RR_STEP_BIND_ADDR,
	RR_STEP_RESOLVE_ADDR,
	RR_STEP_RESOLVE_ROUTE,
	/* The SA backend's steps (rdma-route --sa). */
	RR_STEP_OPEN_PORT,
	RR_STEP_FIND_SM,
	RR_STEP_SA_QUERY,
	RR_STEP_TOTAL,
	RR_STEP_COUNT
};

/* How a failed step failed. */
enum rr_fail_kind {
	RR_FAIL_NONE,
	RR_FAIL_CALL,		/* the library call returned an error (errno) */
	RR_FAIL_EVENT,		/* an error event arrived (event, status) */
	RR_FAIL_DEADLINE,	/* no event before the tool's own deadline */
};

/* "resolve addr", as cmtime names the step; "unknown" out of range. */
const char *rr_step_name(enum rr_step step);
/* "resolve_addr": its JSON key. */
const char *rr_step_key(enum rr_step step);

#endif
