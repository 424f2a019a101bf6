/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --sl-from-sa: asks the SA for the PathRecord of every ordered pair of
 * the endpoints, by source and destination LID, as an application's
 * connection asks for it (reversible, one path), with many queries in
 * flight through the MAD window, and keeps each answer's SL
 * (model/fabric/pair_sls.h).
 */
#ifndef RR_FABRIC_PATH_SL_H
#define RR_FABRIC_PATH_SL_H

#include <stdbool.h>
#include <stddef.h>

#include "mad/fabric_tables.h"
#include "model/fabric/fabric_routes.h"
#include "model/fabric/pair_sls.h"

/*
 * Asks the SA, from P's port, for the PathRecord of every pair of the
 * OUT->n endpoints in EPS, and fills OUT with the answers.  Returns
 * false, with the reason in WHY, when the port or the SM cannot be
 * reached at all; sets *NO_LIBRARY when libibumad or libibmad is missing.
 */
bool rr_fabric_path_sl_read(const struct rr_fabric_tables_params *p,
			    const struct rr_endpoint *eps,
			    struct rr_pair_sls *out, bool *no_library,
			    char *why, size_t why_len);

#endif
