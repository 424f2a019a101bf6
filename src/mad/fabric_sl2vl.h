/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Reads the SLtoVLMappingTables that the routes use (model/fabric/sl2vl.h's
 * wanted triples) with LID-routed SMPs through the MAD window, with as
 * many in flight as for the forwarding tables' blocks.  Never prints.
 */
#ifndef RR_FABRIC_SL2VL_H
#define RR_FABRIC_SL2VL_H

#include <stdbool.h>
#include <stddef.h>

#include "mad/fabric_tables.h"
#include "mad/sa_lib.h"
#include "model/fabric/sl2vl.h"

/*
 * Reads each wanted entry of M from its switch (by the switch's LID, the
 * table of its in and out port), or marks it lost, using P's port, window
 * and timeout through IB's functions.  Returns false, with the reason in
 * WHY, when the port cannot be opened or memory is short.
 */
bool rr_fabric_sl2vl_fill(const struct rr_sa_lib *ib,
			  const struct rr_fabric_tables_params *p,
			  const struct rr_graph *g, struct rr_sl2vl *m,
			  char *why, size_t why_len);
/*
 * Does the same as rr_fabric_sl2vl_fill() after loading the libraries
 * itself.  Returns false and sets *NO_LIBRARY when they cannot be loaded.
 */
bool rr_fabric_sl2vl_read(const struct rr_fabric_tables_params *p,
			  const struct rr_graph *g, struct rr_sl2vl *m,
			  bool *no_library, char *why, size_t why_len);

#endif
