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
						     info->by == RR_BY_CM,
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

	/* The CM waits in its evented steps in the table's order, then ends. */
	next = rr_step_next_cm_wait(RR_STEP_COUNT);
	is_int(next, RR_STEP_RESOLVE_ADDR, "the CM's first wait");
	next = rr_step_next_cm_wait(next);
	is_int(next, RR_STEP_RESOLVE_ROUTE, "its second");
	is_int(rr_step_next_cm_wait(next), RR_STEP_COUNT, "and its last");
	is_int(rr_step_next_cm_wait(RR_STEP_LOOKUP), RR_STEP_RESOLVE_ADDR,
	       "from a step it does not wait in");
	return tap_done();
}
