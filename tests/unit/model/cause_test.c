// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/cause.c: each kernel answer to its likely cause. */
#include <errno.h>
#include <rdma/rdma_cma.h>

#include "model/cause.h"
#include "model/result.h"
#include "../tap.h"

static void check(int step, int kind, int err, int event, const char *want,
		  const char *what)
{
	struct rr_cause_input in = {
		.step = step, .kind = kind, .err = err, .event = event,
	};

	is_str(rr_cause_key(rr_classify(&in)), want, what);
}

int main(void)
{
	check(RR_STEP_CREATE_ID, RR_FAIL_CALL, ENODEV, -1, "no_rdma_cm",
	      "create id ENODEV");
	check(RR_STEP_CREATE_ID, RR_FAIL_CALL, EACCES, -1, "permission_denied",
	      "create id EACCES");
	check(RR_STEP_LOOKUP, RR_FAIL_CALL, 0, -1, "name_unknown",
	      "lookup failure");
	check(RR_STEP_LOOKUP, RR_FAIL_DEADLINE, 0, -1, "name_timeout",
	      "lookup deadline");
	check(RR_STEP_BIND_ADDR, RR_FAIL_CALL, EADDRNOTAVAIL, -1,
	      "source_not_local", "bind EADDRNOTAVAIL");
	check(RR_STEP_RESOLVE_ADDR, RR_FAIL_CALL, ENETUNREACH, -1, "no_route",
	      "resolve addr ENETUNREACH");
	check(RR_STEP_RESOLVE_ADDR, RR_FAIL_EVENT, ENODEV,
	      RDMA_CM_EVENT_ADDR_ERROR, "not_rdma_netdev", "ADDR_ERROR ENODEV");
	check(RR_STEP_RESOLVE_ADDR, RR_FAIL_EVENT, ETIMEDOUT,
	      RDMA_CM_EVENT_ADDR_ERROR, "neighbour_timeout",
	      "ADDR_ERROR ETIMEDOUT");
	check(RR_STEP_RESOLVE_ADDR, RR_FAIL_EVENT, EHOSTUNREACH,
	      RDMA_CM_EVENT_ADDR_ERROR, "host_unreachable",
	      "ADDR_ERROR EHOSTUNREACH");
	check(RR_STEP_RESOLVE_ROUTE, RR_FAIL_CALL, ENODEV, -1,
	      "not_rdma_address", "resolve route ENODEV (loopback)");
	check(RR_STEP_RESOLVE_ROUTE, RR_FAIL_EVENT, ETIMEDOUT,
	      RDMA_CM_EVENT_ROUTE_ERROR, "route_timeout",
	      "ROUTE_ERROR ETIMEDOUT");
	check(RR_STEP_RESOLVE_ADDR, RR_FAIL_DEADLINE, 0, -1, "no_event",
	      "no event before the deadline");
	check(RR_STEP_RESOLVE_ADDR, RR_FAIL_CALL, EIO, -1, "unknown",
	      "an errno with no known meaning");
	ok(rr_cause_is_host_level(RR_CAUSE_NO_RDMA_CM), "no_rdma_cm is host level");
	ok(!rr_cause_is_host_level(RR_CAUSE_NO_ROUTE), "no_route is not");
	is_str(rr_cause_key(RR_CAUSE_COUNT + 3), "unknown",
	       "out-of-range cause");
	ok(rr_cause_hint(RR_CAUSE_NO_ROUTE)[0] != '\0', "no_route has a hint");
	return tap_done();
}
