/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --sa --trace --all-pairs' own state: --dot's file, --compare's run. */
#ifndef RR_APP_RUN_ROUTES_H
#define RR_APP_RUN_ROUTES_H

#include "model/fabric/route_compare.h"

struct run_routes {
	struct rr_routes_before before;	/* --compare FILE, read first */
	bool compare;			/* --compare given: BEFORE holds it */
};

#endif
