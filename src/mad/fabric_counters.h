/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --sa --trace --all-pairs: the LinkDownedCounter of each switch port
 * that has no link (model/fabric/link_health.h's rr_links_unlinked), by PMA
 * PortCounters to the switch's LID, as many in flight as --parallel:
 * the ports that had a link which went down.
 */
#ifndef RR_FABRIC_COUNTERS_H
#define RR_FABRIC_COUNTERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mad/fabric_tables.h"
#include "model/fabric/fabric_graph.h"

/* An answer that did not come: its port's count unknown. */
#define RR_DOWNED_UNREAD UINT64_MAX

/*
 * The counters of G's ports PORTS (N graph port indices) into DOWNED
 * (N of them, RR_DOWNED_UNREAD where none came back).  False when the
 * port cannot be opened at all (WHY says, *NO_LIBRARY when libibumad or
 * libibmad is missing).
 */
bool rr_fabric_link_downed_read(const struct rr_fabric_tables_params *p,
				const struct rr_graph *g, const size_t *ports,
				size_t n, uint64_t *downed, bool *no_library,
				char *why, size_t why_len);

#endif
