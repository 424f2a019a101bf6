/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --sa --trace --all-pairs: the SM the local port knows (its SMLID),
 * asked for its SMInfo by a LID-routed SMP, as sminfo(8) asks it.
 */
#ifndef RR_MAD_FABRIC_SM_H
#define RR_MAD_FABRIC_SM_H

#include <stdbool.h>

#include "mad/fabric_tables.h"
#include "model/fabric/fabric_sm.h"

/*
 * The SM into SM, asked through P's port with P's timeout (twice, half
 * of it each: a lost MAD is no dead SM).  *NO_LIBRARY when libibumad or
 * libibmad is missing; SM's asked says whether the port could be asked.
 */
void rr_fabric_sm_read(const struct rr_fabric_tables_params *p,
		       struct rr_fabric_sm *sm, bool *no_library);

#endif
