/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --sa --trace --all-pairs: reads the LinkDownedCounter of each switch
 * port that has no link (model/fabric/link_health.h's rr_links_unlinked)
 * with PMA PortCounters queries to the switch's LID, as many in flight as
 * --parallel, to find the ports that had a link which went down.
 */
#ifndef RR_FABRIC_COUNTERS_H
#define RR_FABRIC_COUNTERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mad/fabric_tables.h"
#include "model/fabric/fabric_graph.h"

/* The count of a port whose answer did not come: unknown. */
#define RR_DOWNED_UNREAD UINT64_MAX

/*
 * Reads the LinkDownedCounter of the N ports of G listed in PORTS (graph
 * port indices) into DOWNED, which holds N values; a port whose answer
 * did not come back gets RR_DOWNED_UNREAD.  Returns false, with the
 * reason in WHY, when the local port cannot be opened at all; sets
 * *NO_LIBRARY when libibumad or libibmad is missing.
 */
bool rr_fabric_link_downed_read(const struct rr_fabric_tables_params *p,
				const struct rr_graph *g, const size_t *ports,
				size_t n, uint64_t *downed, bool *no_library,
				char *why, size_t why_len);

#endif
