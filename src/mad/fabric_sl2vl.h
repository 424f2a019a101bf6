/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SLtoVLMappingTables the routes use (model/fabric/sl2vl.h's wanted
 * triples), read with LID-routed SMPs through the MAD window, as many in
 * flight as the forwarding tables' blocks.  Never prints.
 */
#ifndef RR_FABRIC_SL2VL_H
#define RR_FABRIC_SL2VL_H

#include <stdbool.h>
#include <stddef.h>

#include "mad/fabric_tables.h"
#include "mad/sa_lib.h"
#include "model/fabric/sl2vl.h"

/*
 * Each wanted entry of M read from its switch (by the switch's LID, the
 * table of its in and out port), or marked lost, with P's port,
 * window and timeout through IB's functions.  False with WHY when the
 * port cannot be opened or memory is short.
 */
bool rr_fabric_sl2vl_fill(const struct rr_sa_lib *ib,
			  const struct rr_fabric_tables_params *p,
			  const struct rr_graph *g, struct rr_sl2vl *m,
			  char *why, size_t why_len);
/* The same, the libraries loaded for it; *NO_LIBRARY when they are not. */
bool rr_fabric_sl2vl_read(const struct rr_fabric_tables_params *p,
			  const struct rr_graph *g, struct rr_sl2vl *m,
			  bool *no_library, char *why, size_t why_len);

#endif
