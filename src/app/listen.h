/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rdma-route --listen: the responder for --connect probes, so that every
 * host of a fleet can answer them without rping or cmtime.
 */
#ifndef RR_APP_LISTEN_H
#define RR_APP_LISTEN_H

#include <stdio.h>

#include "input/options.h"

/*
 * Listens until SIGINT or SIGTERM, or until --count connections; returns
 * the exit code.
 */
int rr_listen_run(const struct rr_opts *opts, FILE *out, const char *host);

#endif
