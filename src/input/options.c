// SPDX-License-Identifier: GPL-2.0-or-later
/* What the option groups share: struct rr_opts read by name, numbers, files. */
#include <stdio.h>

#include "base/escape.h"
#include "base/numbers.h"
#include "input/option_groups.h"
#include "input/options.h"

unsigned long long rr_option_number(struct argp_state *state, const char *name,
				    const char *arg, unsigned long long min,
				    unsigned long long max, const char *want)
{
	unsigned long long v;
	char buf[128];

	if (!rr_parse_decimal(arg, min, max, &v))
		argp_error(state, "invalid --%s '%s': want %s", name,
			   rr_shown(arg, buf, sizeof(buf)), want);
	return v;
}

const char *rr_option_file(struct argp_state *state, const char *name,
			   const char *arg)
{
	if (!arg[0])
		argp_error(state, "invalid --%s '': want a file name", name);
	return arg;
}

bool rr_option_flag(const struct rr_flag_option *flags, size_t n, int key,
		    struct rr_opts *opts)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (flags[i].key != key)
			continue;
		*(bool *)((char *)opts + flags[i].offset) = true;
		return true;
	}
	return false;
}

bool rr_opt_given(const struct rr_opts *opts, const struct rr_opt_ref *ref)
{
	const char *at = (const char *)opts + ref->offset;

	switch (ref->kind) {
	case RR_OPT_FLAG:
		return *(const bool *)at;
	case RR_OPT_TEXT:
		return *(const char *const *)at != NULL;
	case RR_OPT_NONZERO:
		return *(const int *)at != 0;
	case RR_OPT_SET:
		return *(const int *)at != -1;
	}
	return false;
}


/* The side files, in enum rr_side's order. */
static const struct rr_opt_ref sides[RR_NUM_SIDES] = {
	[RR_SIDE_SVG] = { "--svg", offsetof(struct rr_opts, svg), RR_OPT_TEXT },
	[RR_SIDE_DOT] = { "--dot", offsetof(struct rr_opts, dot), RR_OPT_TEXT },
};

const char *rr_side_option(enum rr_side side)
{
	return sides[side].name;
}

const char *rr_side_path(const struct rr_opts *opts, enum rr_side side)
{
	return *(const char *const *)((const char *)opts + sides[side].offset);
}
