/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * This host's RDMA ports to a printer: --list's records and
 * --cm-defaults'; the format chooses how (render_dispatch.c).
 */
#ifndef RR_RENDER_PORTS_H
#define RR_RENDER_PORTS_H

#include "model/explain/host_facts.h"
#include "output/printer.h"

/* One record per port, in the top-level list "ports". */
void rr_render_ports(struct printer *p, const struct rr_port *ports, int n);
/* One record per port, in the top-level list "cm_defaults". */
void rr_render_cm_defaults(struct printer *p,
			   const struct rr_port_cm_defaults *ports, int n);

/* Each format's own renderers, called by render_dispatch.c. */
void rr_record_cm_defaults(struct printer *p,
			   const struct rr_port_cm_defaults *ports, int n);
void rr_prom_cm_defaults(struct printer *p,
			 const struct rr_port_cm_defaults *ports, int n);
/*
 * Calls FN with each family --cm-defaults writes and its type, for
 * rr_prom_families().
 */
void rr_prom_cm_defaults_families(void (*fn)(const char *name,
					     const char *type, void *ctx),
				  void *ctx);

#endif
