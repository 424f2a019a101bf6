/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The options in groups, each an argp with its rows next to its parser;
 * command_line.c's argp has them as children.  At its end each group checks
 * that its own options agree with each other; which options a mode takes
 * is decided by the modes' table (mode_table.c).
 */
#ifndef RR_INPUT_OPTION_GROUPS_H
#define RR_INPUT_OPTION_GROUPS_H

#include <argp.h>
#include <stdbool.h>
#include <stddef.h>

#include "input/options.h"

/* How to probe: the source, the deadline, --connect, -f, --count, checks. */
extern const struct argp rr_probe_options;
/* --sa and what asks the subnet administrator. */
extern const struct argp rr_sa_options;
/* The formats, -o, --matrix and the routes' report. */
extern const struct argp rr_output_options;
/* The modes that run on their own: --list, --cm-defaults, --listen. */
extern const struct argp rr_mode_options;

/*
 * Returns ARG, the decimal value of --NAME, when it is in [MIN, MAX];
 * otherwise reports a usage error that names the option and WANT.
 */
unsigned long long rr_option_number(struct argp_state *state, const char *name,
				    const char *arg, unsigned long long min,
				    unsigned long long max, const char *want);
/* Returns ARG, a file name for --NAME; an empty name is a usage error. */
const char *rr_option_file(struct argp_state *state, const char *name,
			   const char *arg);

/* An option that only sets a flag: KEY sets the bool at OFFSET of OPTS. */
struct rr_flag_option {
	int key;
	size_t offset;
};
#define RR_FLAG(key, member) { key, offsetof(struct rr_opts, member) }

/*
 * Sets the flag of OPTS that KEY names among FLAGS (N of them).  Returns
 * false when KEY is none of them.
 */
bool rr_option_flag(const struct rr_flag_option *flags, size_t n, int key,
		    struct rr_opts *opts);

#endif
