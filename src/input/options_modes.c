// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The options that name a run of their own: --list, --cm-defaults and
 * --listen with its own (the modes' table, mode_table.c, says what each
 * takes).
 */
#include <string.h>

#include "base/escape.h"
#include "base/util.h"
#include "input/option_groups.h"
#include "input/options.h"

enum {
	OPT_LIST = 0x400,
	OPT_CM_DEFAULTS,
	OPT_LISTEN,
	OPT_REJECT,
	OPT_WITNESS_ALLOW,
	OPT_NO_WITNESS,
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
	{ "witness-allow", OPT_WITNESS_ALLOW, "PREFIX[,PREFIX...]", 0,
	  "With --listen: tell this host's facts (its witness on TCP, each "
	  "REP) only to sources in these networks, CIDR, IPv4 or IPv6 "
	  "(repeatable); others are denied (default: any source)", 0 },
	{ "no-witness", OPT_NO_WITNESS, NULL, 0,
	  "With --listen: no witness on TCP, and no facts in a REP but its "
	  "echo", 0 },
	{ NULL, 0, NULL, 0, NULL, 0 }
};

static const struct rr_flag_option flags[] = {
	RR_FLAG(OPT_LIST, list),
	RR_FLAG(OPT_CM_DEFAULTS, cm_defaults),
	RR_FLAG(OPT_REJECT, reject),
	RR_FLAG(OPT_NO_WITNESS, no_witness),
};

/* --witness-allow PREFIX[,PREFIX...], added to those given before. */
static void witness_allow(struct argp_state *state, struct rr_opts *opts,
			  const char *arg)
{
	char why[160], buf[256];

	if (rr_prefix_list_add(&opts->witness_allow, arg, why, sizeof(why)))
		return;
	/* A prefix alone: the reason names it already. */
	if (why[0] == '\'' && !strchr(arg, ','))
		argp_error(state, "invalid --witness-allow %s", why);
	else
		argp_error(state, "invalid --witness-allow '%s': %s",
			   rr_shown(arg, buf, sizeof(buf)), why);
}

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
	case OPT_WITNESS_ALLOW:
		witness_allow(state, opts, arg);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

const struct argp rr_mode_options = { rows, parse, NULL, NULL, NULL, NULL,
				      NULL };
