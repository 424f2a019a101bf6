// SPDX-License-Identifier: GPL-2.0-or-later
/* --sa and the options that ask the InfiniBand subnet administrator. */
#include <stdio.h>

#include "base/escape.h"
#include "base/numbers.h"
#include "base/util.h"
#include "input/option_groups.h"
#include "input/options.h"

enum {
	OPT_SA = 0x200,
	OPT_SL,
	OPT_PKEY,
	OPT_ALL_PATHS,
	OPT_FROM,
	OPT_ALL_PAIRS,
	OPT_TRACE,
	OPT_NODE_NAME_MAP,
	OPT_CONFIG,
};

static const struct argp_option rows[] = {
	{ NULL, 0, NULL, 0, "InfiniBand subnet administrator (--sa):", 1 },
	{ "sa", OPT_SA, NULL, 0,
	  "Ask the SA for the PathRecord of each DESTINATION (LID, GID or GUID)", 1 },
	{ "ca", 'C', "CA", 0, "Local CA to query from (default: the first)", 1 },
	{ "port", 'P', "PORT", 0, "Local CA port (default: the first active)", 1 },
	{ "sl", OPT_SL, "SL", 0, "Only paths with this service level (0-15)", 1 },
	{ "pkey", OPT_PKEY, "PKEY", 0, "Only paths in this partition (0x0001-0xffff)", 1 },
	{ "all-paths", OPT_ALL_PATHS, NULL, 0,
	  "List every path the SA offers (GetTable), not one", 1 },
	{ "from", OPT_FROM, "SRC", 0,
	  "The path from SRC (a LID, GID, port GUID or name), not from this port", 1 },
	{ "all-pairs", OPT_ALL_PAIRS, NULL, 0,
	  "The path of every ordered pair of the given ports; none given: of "
	  "every CA port of the fabric (discovered)", 1 },
	{ "trace", OPT_TRACE, NULL, 0,
	  "The route hop by hop through the switches (SMPs, as ibtracert), "
	  "each link's state, width, speed, rate and MTU; with --all-pairs, "
	  "every route of the ports from the forwarding tables read once", 1 },
	{ "node-name-map", OPT_NODE_NAME_MAP, "FILE", 0,
	  "Node names from FILE (GUID \"name\" lines, as ibnetdiscover takes)", 1 },
	{ "config", OPT_CONFIG, "FILE", 0,
	  "infiniband-diags' defaults (CA, Port, timeout) from FILE instead of "
	  "/etc/infiniband-diags/ibdiag.conf; options win", 1 },
	{ NULL, 0, NULL, 0, NULL, 0 }
};

#define OPT(field, kind) offsetof(struct rr_opts, field), kind

/* The options that mean nothing without --sa, as their users name them. */
static const struct rr_opt_ref sa_only[] = {
	{ "--ca", OPT(ca, RR_OPT_TEXT) },
	{ "--port", OPT(ca_port, RR_OPT_NONZERO) },
	{ "--sl", OPT(sl, RR_OPT_SET) },
	{ "--pkey", OPT(pkey, RR_OPT_SET) },
	{ "--all-paths", OPT(all_paths, RR_OPT_FLAG) },
	{ "--from", OPT(from, RR_OPT_TEXT) },
	{ "--all-pairs", OPT(all_pairs, RR_OPT_FLAG) },
	{ "--trace", OPT(trace, RR_OPT_FLAG) },
	{ "--node-name-map", OPT(node_name_map, RR_OPT_TEXT) },
	{ "--config", OPT(config, RR_OPT_TEXT) },
};

/* The --sa options given without --sa, every one named. */
static void check_sa_only(const struct rr_opts *opts, struct argp_state *state)
{
	size_t n = 0, i, given[ARRAY_SIZE(sa_only)];
	char list[200] = "";
	size_t used = 0;

	for (i = 0; i < ARRAY_SIZE(sa_only); i++)
		if (rr_opt_given(opts, &sa_only[i]))
			given[n++] = i;
	if (!n)
		return;
	for (i = 0; i < n; i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
					 !i ? "" : i == n - 1 ? " and " : ", ",
					 sa_only[given[i]].name);
	argp_error(state, "%s %s for the subnet administrator: add --sa", list,
		   n == 1 ? "asks" : "ask");
}

static void check(const struct rr_opts *opts, struct argp_state *state)
{
	if (!opts->sa)
		check_sa_only(opts, state);
	if (opts->all_pairs && opts->from)
		argp_error(state, "--all-pairs takes every port as a source: not with --from");
}

/* Which port asks, and which paths. */
static bool parse_path(int key, char *arg, struct argp_state *state,
		       struct rr_opts *opts)
{
	unsigned long long v;
	char buf[128];

	switch (key) {
	case 'C':
		opts->ca = arg;
		return true;
	case 'P':
		opts->ca_port = (int)rr_option_number(state, "port", arg, 1, 254,
						      "1 to 254");
		return true;
	case OPT_SL:
		opts->sl = (int)rr_option_number(state, "sl", arg, 0, 15, "0 to 15");
		return true;
	case OPT_PKEY:
		/* P_Keys are written in hex: 0x8001 as well as 32769. */
		if (!rr_parse_uint(arg, 1, 0xffff, &v))
			argp_error(state, "invalid --pkey '%s': want 0x0001 to 0xffff",
				   rr_shown(arg, buf, sizeof(buf)));
		opts->pkey = (int)v;
		return true;
	case OPT_FROM:
		opts->from = arg;	/* read as an SA destination, by the run */
		return true;
	}
	return false;
}

static const struct rr_flag_option flags[] = {
	RR_FLAG(OPT_SA, sa),
	RR_FLAG(OPT_ALL_PATHS, all_paths),
	RR_FLAG(OPT_ALL_PAIRS, all_pairs),
	RR_FLAG(OPT_TRACE, trace),
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct rr_opts *opts = state->input;

	if (rr_option_flag(flags, ARRAY_SIZE(flags), key, opts) ||
	    parse_path(key, arg, state, opts))
		return 0;
	switch (key) {
	case OPT_NODE_NAME_MAP:
		opts->node_name_map = rr_option_file(state, "node-name-map", arg);
		break;
	case OPT_CONFIG:
		opts->config = rr_option_file(state, "config", arg);
		break;
	case ARGP_KEY_END:
		check(opts, state);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

const struct argp rr_sa_options = { rows, parse, NULL, NULL, NULL, NULL, NULL };
