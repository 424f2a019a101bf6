/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --matrix's own state: every pair, printed last, and --svg's file. */
#ifndef RR_APP_RUN_MATRIX_H
#define RR_APP_RUN_MATRIX_H

#include "model/matrix/matrix.h"

struct run_matrix {
	struct rr_matrix m;
};

#endif
