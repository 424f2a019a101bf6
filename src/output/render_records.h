/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The record renderers: what text, JSON and JSON Lines make of a result,
 * a destination's statistics, the summary, the ports and the matrix, on
 * the printer's record calls.  Prometheus has its own (render_prom.h);
 * render_dispatch.c picks one set for the printer's format, once.
 */
#ifndef RR_RENDER_RECORDS_H
#define RR_RENDER_RECORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/probe/dest_stats.h"
#include "model/explain/host_facts.h"
#include "model/probe/result.h"
#include "model/probe/tally.h"
#include "output/printer.h"
#include "output/render_matrix.h"

void rr_record_result(struct printer *p, const struct rr_result *r,
		      bool brief);
void rr_record_statistics(struct printer *p, const struct rr_dest_stats *d);
void rr_record_summary(struct printer *p, const struct rr_tally *t,
		       size_t destinations, size_t input_errors,
		       const char *host);
void rr_record_ports(struct printer *p, const struct rr_port *ports, int n);
void rr_record_matrix(struct printer *p, const struct rr_matrix_view *v);

#endif
