/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --sa --trace --all-pairs' own state: --dot's file. */
#ifndef RR_APP_RUN_ROUTES_H
#define RR_APP_RUN_ROUTES_H

#include "app/output_file.h"

struct run_routes {
	struct rr_output_file dot;	/* written beside it, renamed in */
};

#endif
