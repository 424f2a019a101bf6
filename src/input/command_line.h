/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Parses the command line into struct rr_opts and decides the mode (argp). */
#ifndef RR_INPUT_COMMAND_LINE_H
#define RR_INPUT_COMMAND_LINE_H

#include "input/options.h"

/*
 * Parses ARGV into OPTS.  On a usage error, prints it and exits with
 * RR_EXIT_USAGE.
 */
void rr_parse_options(int argc, char **argv, struct rr_opts *opts);

/*
 * Reports WHY, a usage error found after parsing, the way the parser
 * reports one, and exits with RR_EXIT_USAGE.
 */
__attribute__((noreturn)) void rr_options_refuse(const char *why);

#endif
