// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The options that name a run of their own: --list, --cm-defaults and
 * --listen (the modes' table, mode_table.c, says what each takes).
 */
#include "base/util.h"
#include "input/option_groups.h"
#include "input/options.h"

enum {
	OPT_LIST = 0x400,
	OPT_CM_DEFAULTS,
	OPT_LISTEN,
	OPT_REJECT,
};

static const struct argp_option rows[] = {
	{ "list", OPT_LIST, NULL, 0,
	  "List every RDMA device and port (no DESTINATION)", 0 },
	{ "cm-defaults", OPT_CM_DEFAULTS, NULL, 0,
	  "Show each RDMA port's RDMA CM defaults: the ToS and RoCE mode of "
	  "every connection that sets none (configfs), no DESTINATION", 0 },
	{ "listen", OPT_LISTEN, "PORT", OPTION_ARG_OPTIONAL,
	  "Answer --connect probes on PORT (default 7471) of ADDR (default "
	  "every address), a record per connection, until SIGINT/SIGTERM or "
	  "--count connections", 0 },
	{ "reject", OPT_REJECT, NULL, 0,
	  "With --listen: reject every request (a consumer reject)", 0 },
	{ NULL, 0, NULL, 0, NULL, 0 }
};

static const struct rr_flag_option flags[] = {
	RR_FLAG(OPT_LIST, list),
	RR_FLAG(OPT_CM_DEFAULTS, cm_defaults),
	RR_FLAG(OPT_REJECT, reject),
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct rr_opts *opts = state->input;

	if (rr_option_flag(flags, ARRAY_SIZE(flags), key, opts))
		return 0;
	switch (key) {
	case OPT_LISTEN:
		opts->listen_port = !arg ? RR_DEFAULT_CONNECT_PORT :
			(unsigned int)rr_option_number(state, "listen", arg, 1,
						       65535, "a port, 1 to 65535");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

const struct argp rr_mode_options = { rows, parse, NULL, NULL, NULL, NULL,
				      NULL };
