/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Describes the root-cause chain (--explain) and the RDMA ports (--list,
 * whose entry point is render_ports.h) to a printer.  Reads plain
 * structures only; calls no library.
 */
#ifndef RR_RENDER_CHAIN_H
#define RR_RENDER_CHAIN_H

#include "model/explain/chain.h"
#include "output/printer.h"
#include "model/probe/result.h"

/*
 * Renders R's root-cause chain: all of it as "explain" with --explain,
 * or only its broken link, as "root_cause", when R failed.
 */
void rr_render_chain(struct printer *p, const struct rr_result *r);

#endif
