// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The command line: argp with the option groups as its children (their
 * rows and parsers in options_*.c), the mode decided once they are all
 * read (the modes' table, mode_table.c).
 */
#include <argp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "input/command_line.h"
#include "input/mode_table.h"
#include "input/option_groups.h"
#include "input/options.h"

const char *argp_program_version = PACKAGE_STRING;
const char *argp_program_bug_address = NULL;

static const char doc[] =
	"Show how the RDMA stack resolves each DESTINATION: the device and port "
	"the kernel chose, the PathRecord, the time each step took and, when a "
	"step fails, which one, what the kernel said and its likely cause."
	"\v"
	"DESTINATION is an IPv4 or IPv6 address (fe80::1%eth0 for a scope) or a "
	"host name; with --sa, a LID (12 or 0xc), a GID (fe80::2:c903:a:1b2), "
	"a port GUID (0x0002c903000a01b2) or a node's name (its node description "
	"or its name in --node-name-map; NAME/PORT for one of its ports).\n\n"
	"Exit status:\n"
	"  0  every destination resolved\n"
	"  1  at least one destination did not resolve\n"
	"  2  usage error (bad option or address)\n"
	"  3  this host cannot do RDMA CM at all (no RDMA device, rdma_cm not "
	"available, permission denied)\n"
	"  4  everything resolved but an --expect or --max-ms failed\n"
	"  130, 143  stopped by SIGINT, SIGTERM (what finished is printed)\n"
	"  141       the reader went away (SIGPIPE), quietly\n"
	"  When several apply: 3 first, then 2, then 1, then 4.\n\n"
	"FIELD is a JSON field name of a result, its time_ms or its paths (e.g. "
	"mtu, rate, sl, pkey, hop_limit, numb_path, device, port, gid_type); OP is "
	"one of = != < <= > >=.\n\n"
	"See rdma-route(8) for the output fields and the causes.";

/* The usage lines, one a mode, from the modes' table. */
static char args_doc[512];

static const struct argp_child groups[] = {
	{ &rr_probe_options, 0, NULL, 0 },
	{ &rr_mode_options, 0, NULL, 0 },
	{ &rr_output_options, 0, NULL, 0 },
	/* Last: its end, the first called, names the --sa options given alone. */
	{ &rr_sa_options, 0, NULL, 0 },
	{ NULL, 0, NULL, 0 }
};

/*
 * Every group has checked its own options (their ends come first): the
 * mode is named, and a mode that needs a destination is given one.
 */
static void decide_mode(struct rr_opts *opts, struct argp_state *state)
{
	const struct rr_mode_rule *row;

	opts->mode = rr_mode_of(opts);
	row = rr_mode_rule(opts->mode);
	if (!opts->num_targets && !(row->runs_bare && row->runs_bare(opts)))
		argp_error(state, "no DESTINATION given");
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	struct rr_opts *opts = state->input;
	size_t i;

	switch (key) {
	case ARGP_KEY_INIT:
		/* One program name in every message, however it was called. */
		state->name = "rdma-route";
		for (i = 0; i < ARRAY_SIZE(groups) - 1; i++)
			state->child_inputs[i] = opts;
		break;
	case ARGP_KEY_ARGS:
		opts->targets = state->argv + state->next;
		opts->num_targets = state->argc - state->next;
		break;
	case ARGP_KEY_END:
		decide_mode(opts, state);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp argp = { NULL, parse_opt, args_doc, doc, groups,
				  NULL, NULL };

void rr_parse_options(int argc, char **argv, struct rr_opts *opts)
{
	*opts = (struct rr_opts){
		.timeout_ms = RR_DEFAULT_TIMEOUT_MS,
		.tos = -1,
		.count = 1,
		.interval_ms = RR_DEFAULT_INTERVAL_MS,
		.sl = -1,
		.pkey = -1,
		.ps = RR_PS_TCP,
		.format = RR_FORMAT_TEXT,
		.matrix_grid = RR_DEFAULT_MATRIX_GRID,
	};
	rr_severities_default(&opts->severity);
	/* argp exits with argp_err_exit_status on usage errors. */
	argp_err_exit_status = RR_EXIT_USAGE;
	/*
	 * getopt names the program by argv[0] ("./rdma-route: unrecognized
	 * option"), argp and the run by its name: one name for all.
	 */
	if (argc > 0)
		argv[0] = (char *)"rdma-route";
	rr_mode_usage(args_doc, sizeof(args_doc));
	argp_parse(&argp, argc, argv, 0, NULL, opts);
}

void rr_options_refuse(const char *why)
{
	/* As argp_error words it: the program, the reason, where help is. */
	fprintf(stderr, "rdma-route: %s\n", why);
	argp_help(&argp, stderr, ARGP_HELP_STD_ERR, (char *)"rdma-route");
	exit(RR_EXIT_USAGE);
}
