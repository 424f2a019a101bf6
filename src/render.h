/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Describes results, field by field, to a printer.  Calls no RDMA library. */
#ifndef RR_RENDER_H
#define RR_RENDER_H

#include "printer.h"
#include "result.h"

void rr_render(struct printer *p, const struct rr_result *results, int n,
	       const struct rr_opts *opts);

#endif
