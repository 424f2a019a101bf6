/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The command line into struct rr_opts, its mode decided (argp). */
#ifndef RR_INPUT_COMMAND_LINE_H
#define RR_INPUT_COMMAND_LINE_H

#include "input/options.h"

/* Parses argv; on a usage error prints it and exits with RR_EXIT_USAGE. */
void rr_parse_options(int argc, char **argv, struct rr_opts *opts);

/* A usage error found after the parse (WHY), said as the parse says one: exits. */
__attribute__((noreturn)) void rr_options_refuse(const char *why);

#endif
