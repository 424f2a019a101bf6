/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --sa --trace --all-pairs: asks the SM that the local port knows (its
 * SMLID) for its SMInfo with a LID-routed SMP, as sminfo(8) does.
 */
#ifndef RR_MAD_FABRIC_SM_H
#define RR_MAD_FABRIC_SM_H

#include <stdbool.h>

#include "mad/fabric_tables.h"
#include "model/fabric/fabric_sm.h"

/*
 * Asks the SM through P's port and fills SM with its answer.  It tries
 * twice, with half of P's timeout each, so that one lost MAD does not
 * make the SM look dead.  Sets *NO_LIBRARY when libibumad or libibmad is
 * missing; SM->asked says whether the port could be asked at all.
 */
void rr_fabric_sm_read(const struct rr_fabric_tables_params *p,
		       struct rr_fabric_sm *sm, bool *no_library);

#endif
