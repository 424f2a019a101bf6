/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * infiniband-diags' defaults for --sa: /etc/infiniband-diags/ibdiag.conf
 * (or --config FILE), "name=value" lines as its tools read them: CA,
 * Port, timeout, and node_name_map (rdma-route's: a map its tools take
 * with --node-name-map).  Options given on the command line win.
 */
#ifndef RR_IBDIAG_CONF_H
#define RR_IBDIAG_CONF_H

#include <stdbool.h>
#include <stddef.h>

#include "input/options.h"

#define RR_IBDIAG_CONF "/etc/infiniband-diags/ibdiag.conf"

struct rr_ibdiag_conf {
	char ca[64];		/* "" when not set */
	int port;		/* 0 when not set */
	unsigned int timeout_ms;	/* 0 when not set */
	char node_name_map[4096];	/* "" when not set */
};

/*
 * Reads one LINE of LEN bytes, without its newline, into CONF.  Returns
 * false, with the reason in WHY, when a known name has an invalid value.
 */
bool rr_ibdiag_conf_line(const char *line, size_t len,
			 struct rr_ibdiag_conf *conf, char *why, size_t why_len);
/*
 * Fills in, from FILE, the options OPTS does not set already; with FILE
 * NULL, from the default file, which is skipped silently when missing,
 * as infiniband-diags skips it.  Returns false with a message in WHY.
 */
bool rr_ibdiag_conf_apply(struct rr_opts *opts, const char *file, char *why,
			  size_t why_len);

#endif
