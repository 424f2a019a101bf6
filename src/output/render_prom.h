/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Prometheus output: the metrics of results, statistics, the run and the
 * ports, named after the field table (fields.h) with their units, and the
 * few that are not fields of a result (success, failure, the run's).
 * Every destination has the same label set whether it resolved or failed:
 * the run's labels (the host, what the run was told), destination, and
 * address with -A; what the kernel chose is in _info series.
 */
#ifndef RR_RENDER_PROM_H
#define RR_RENDER_PROM_H

#include <stddef.h>

#include "model/explain/host_facts.h"
#include "model/probe/dest_stats.h"
#include "model/probe/result.h"
#include "model/probe/tally.h"
#include "output/printer.h"
#include "output/render_matrix.h"

/*
 * Writes the metrics of one probe of a destination; nothing for a probe
 * of --count.  BRIEF is for text and is ignored here.
 */
void rr_prom_result(struct printer *p, const struct rr_result *r, bool brief);
/*
 * Writes the metrics of a destination probed more than once: its last
 * probe's metrics, how many probes failed, and a summary of each step's
 * times over the probes that resolved.
 */
void rr_prom_statistics(struct printer *p, const struct rr_dest_stats *d);
/* Writes the run's metrics: counts, failures by cause, its time, version. */
void rr_prom_summary(struct printer *p, const struct rr_tally *t,
		     size_t destinations, size_t input_errors, const char *host);
/*
 * Writes when the run started and which version made it (--trace
 * --all-pairs, --list, --cm-defaults).
 */
void rr_prom_run_info(struct printer *p);
/* Writes --list's metrics: each port's state, MTU and GID counts. */
void rr_prom_ports(struct printer *p, const struct rr_port *ports, int n);
/* Writes --matrix's metrics: each pair's success and MTU, findings by kind. */
void rr_prom_matrix(struct printer *p, const struct rr_matrix_view *v);

/*
 * Calls FN once for every family Prometheus output can hold, with its
 * TYPE (the man page's list is checked against it).
 */
void rr_prom_families(void (*fn)(const char *name, const char *type,
				 void *ctx), void *ctx);

#endif
