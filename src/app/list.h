/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --list: every RDMA device and port, the start of any troubleshooting;
 * --cm-defaults: each port's RDMA CM defaults.
 */
#ifndef RR_LIST_H
#define RR_LIST_H

#include "input/options.h"
#include "output/printer.h"

/* Prints the ports in O's format; returns the exit code. */
int rr_list_run(const struct rr_opts *o, FILE *out, const char *host_label);
/* Prints each port's RDMA CM defaults in O's format; returns the exit code. */
int rr_list_cm_defaults(const struct rr_opts *o, FILE *out,
			const char *host_label);

#endif
