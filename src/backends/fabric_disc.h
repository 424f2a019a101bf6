/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The fabric's CA ports, discovered from a local port with libibnetdisc
 * (the library behind ibnetdiscover): directed-route SMPs, no SA, so that
 * it works where SA GetTable answers come back cut (the simulator).
 * Loaded only when a run needs it: names, --all-pairs without ports.
 */
#ifndef RR_FABRIC_DISC_H
#define RR_FABRIC_DISC_H

#include <stdbool.h>
#include <stddef.h>

#include "model/fabric.h"

struct rr_fabric_disc_params {
	const char *ca;		/* -C, NULL: the first */
	int port;		/* -P, 0: the first active */
	unsigned int timeout_ms;	/* each SMP */
};

/*
 * Every CA port with a LID into OUT (empty first), by LID.  False with the reason
 * in WHY; *NO_LIBRARY when libibnetdisc could not be loaded.
 */
bool rr_fabric_discover(const struct rr_fabric_disc_params *p,
			struct rr_fabric *out, bool *no_library, char *why,
			size_t why_len);

#endif
