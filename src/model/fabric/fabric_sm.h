/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The subnet manager a walk of the fabric asks (--sa --trace
 * --all-pairs): the one whose LID the local port last heard, asked now
 * for its SMInfo.  None answering as master is a finding: nothing
 * reroutes around a cable that goes, nor brings up a port that comes.
 */
#ifndef RR_FABRIC_SM_H
#define RR_FABRIC_SM_H

#include <stdbool.h>
#include <stdint.h>

struct rr_fabric_sm {
	bool asked;		/* false: the port could not be asked (why) */
	uint16_t lid;		/* as the port last heard it; 0: none */
	bool answered;		/* SMInfo came back */
	uint64_t guid;
	uint32_t activity;	/* its ActCount */
	unsigned int priority, state;
	double ms;		/* the question's round trip, or its wait */
	char why[160];		/* when not asked, or not answered */
};

/*
 * SMInfo's states are NOTACTIVE, DISCOVERING, STANDBY, MASTER;
 * rr_sm_state_name() returns STATE's name.
 */
#define RR_SM_STATE_MASTER 3
const char *rr_sm_state_name(unsigned int state);

/* Returns true if a master SM answered. */
static inline bool rr_fabric_sm_ok(const struct rr_fabric_sm *sm)
{
	return sm->answered && sm->state == RR_SM_STATE_MASTER;
}

#endif
