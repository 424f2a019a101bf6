// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/base/steps.c: the step table, read every way. */
#include <string.h>

#include "base/steps.h"
#include "../tap.h"

int main(void)
{
	const struct rr_step_info *info;
	enum rr_step step, next;
	int i;

	for (i = 0; i < RR_STEP_COUNT; i++) {
		ok(rr_step_from_key(rr_step_key(i), &step) && step == (enum rr_step)i,
		   "%s names itself", rr_step_key(i));
		info = rr_step_info(i);
		ok(info->ends_on == RR_CM_EV_NONE ? !*info->ends_on_name :
			(info->by == RR_BY_CM || info->by == RR_BY_CONNECT),
		   "%s: only an rdma_cm step ends on an event", info->key);
	}
	is_str(rr_step_name(RR_STEP_RESOLVE_ADDR), "resolve addr", "cmtime's label");
	is_str(rr_step_key(RR_STEP_RESOLVE_ROUTE), "resolve_route", "a JSON key");
	is_str(rr_step_info(RR_STEP_RESOLVE_ROUTE)->call, "rdma_resolve_route",
	       "the call that starts it");
	is_str(rr_step_info(RR_STEP_RESOLVE_ADDR)->ends_on_name, "ADDR_RESOLVED",
	       "the event that ends it");
	is_int(rr_step_info(RR_STEP_SA_QUERY)->by, RR_BY_SA, "the SA runs sa_query");
	is_str(rr_step_key(RR_STEP_COUNT), "unknown", "out of range");
	is_str(rr_step_name((enum rr_step)-1), "unknown", "below range");
	ok(!rr_step_from_key("resolve addr", &step) && !rr_step_from_key("", &step),
	   "a label is not a key");

	/* The CM's steps in the table's order; --connect's after the route. */
	next = rr_step_next(RR_STEP_BIND_ADDR, RR_BY(RR_BY_CM));
	is_int(next, RR_STEP_RESOLVE_ADDR, "the CM's first wait");
	next = rr_step_next(next, RR_BY(RR_BY_CM));
	is_int(next, RR_STEP_RESOLVE_ROUTE, "its second");
	is_int(rr_step_next(next, RR_BY(RR_BY_CM)), RR_STEP_COUNT,
	       "and its last without --connect");
	next = rr_step_next(next, RR_BY(RR_BY_CM) | RR_BY(RR_BY_CONNECT));
	is_int(next, RR_STEP_CREATE_QP, "with --connect: create qp");
	next = rr_step_next(next, RR_BY(RR_BY_CONNECT));
	is_int(next, RR_STEP_CONNECT, "connect");
	is_str(rr_step_info(next)->ends_on_name, "CONNECT_RESPONSE", "ends on the REP");
	next = rr_step_next(next, RR_BY(RR_BY_CONNECT));
	is_int(next, RR_STEP_ESTABLISH, "establish");
	next = rr_step_next(next, RR_BY(RR_BY_CONNECT));
	is_int(next, RR_STEP_DISCONNECT, "disconnect");
	is_int(rr_step_next(next, RR_BY(RR_BY_CONNECT)), RR_STEP_COUNT, "the last");
	is_int(rr_step_next(RR_STEP_COUNT, RR_BY(RR_BY_SA)), RR_STEP_OPEN_PORT,
	       "from the start: the SA's first");
	is_int(rr_step_next(RR_STEP_COUNT, RR_BY(RR_BY_INPUT)), RR_STEP_LOOKUP,
	       "and the look-up");
	return tap_done();
}
