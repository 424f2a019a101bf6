// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdbool.h>
#include <string.h>

#include "base/steps.h"

#define RR_STEP_ROW(id, k, l, c, e, b) \
	[RR_STEP_##id] = { .key = k, .label = l, .call = c,		\
			   .ends_on = RR_CM_EV_##e,			\
			   .ends_on_name = RR_CM_EV_##e == RR_CM_EV_NONE ? "" : #e, \
			   .by = b },
static const struct rr_step_info steps[RR_STEP_COUNT] = {
	RR_STEP_TABLE(RR_STEP_ROW)
};
#undef RR_STEP_ROW

static const struct rr_step_info unknown = {
	.key = "unknown", .label = "unknown", .call = "", .ends_on = RR_CM_EV_NONE,
	.ends_on_name = "",
	.by = RR_BY_ALL,
};

const struct rr_step_info *rr_step_info(enum rr_step step)
{
	if ((unsigned int)step >= RR_STEP_COUNT)
		return &unknown;
	return &steps[step];
}

enum rr_step rr_step_next(enum rr_step after, unsigned int by_set)
{
	unsigned int s = after >= RR_STEP_COUNT ? 0 : (unsigned int)after + 1;

	for (; s < RR_STEP_COUNT; s++)
		if (by_set & RR_BY(steps[s].by))
			return (enum rr_step)s;
	return RR_STEP_COUNT;
}

const char *rr_step_name(enum rr_step step)
{
	return rr_step_info(step)->label;
}

const char *rr_step_key(enum rr_step step)
{
	return rr_step_info(step)->key;
}

bool rr_step_from_key(const char *key, enum rr_step *step)
{
	unsigned int i;

	for (i = 0; i < RR_STEP_COUNT; i++)
		if (!strcmp(key, steps[i].key)) {
			*step = (enum rr_step)i;
			return true;
		}
	return false;
}
