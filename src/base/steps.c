// SPDX-License-Identifier: GPL-2.0-or-later
#include "base/steps.h"

/* Names as librdmacm's cmtime prints them, so numbers compare directly. */
static const char *const step_names[RR_STEP_COUNT] = {
	[RR_STEP_LOOKUP] = "lookup",
	[RR_STEP_CREATE_ID] = "create id",
	[RR_STEP_BIND_ADDR] = "bind addr",
	[RR_STEP_RESOLVE_ADDR] = "resolve addr",
	[RR_STEP_RESOLVE_ROUTE] = "resolve route",
	[RR_STEP_OPEN_PORT] = "open port",
	[RR_STEP_FIND_SM] = "find sm",
	[RR_STEP_SA_QUERY] = "sa query",
	[RR_STEP_TOTAL] = "total",
};

static const char *const step_keys[RR_STEP_COUNT] = {
	[RR_STEP_LOOKUP] = "lookup",
	[RR_STEP_CREATE_ID] = "create_id",
	[RR_STEP_BIND_ADDR] = "bind_addr",
	[RR_STEP_RESOLVE_ADDR] = "resolve_addr",
	[RR_STEP_RESOLVE_ROUTE] = "resolve_route",
	[RR_STEP_OPEN_PORT] = "open_port",
	[RR_STEP_FIND_SM] = "find_sm",
	[RR_STEP_SA_QUERY] = "sa_query",
	[RR_STEP_TOTAL] = "total",
};

const char *rr_step_name(enum rr_step step)
{
	if ((unsigned int)step >= RR_STEP_COUNT)
		return "unknown";
	return step_names[step];
}

const char *rr_step_key(enum rr_step step)
{
	if ((unsigned int)step >= RR_STEP_COUNT)
		return "unknown";
	return step_keys[step];
}
