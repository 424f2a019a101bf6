/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The local InfiniBand port --sa asks from: chosen as libibumad chooses
 * it (from sysfs, no MAD), opened through libibmad for the SA's, SMPs'
 * and PMA's classes, its SM found; and the PathRecord query built for a
 * destination from it.  Each step timed, and failed, in a result.
 */
#ifndef RR_SA_PORT_H
#define RR_SA_PORT_H

#include <stdbool.h>
#include <stdint.h>

#include "backends/backend.h"
#include "mad/sa_lib.h"
#include "model/probe/result.h"

struct rr_sa_port {
	struct rr_sa_lib ib;	/* loaded by find_port() */
	struct ibmad_port *mad;
	char ca[UMAD_CA_NAME_LEN];
	int num;
	unsigned int state;
	unsigned int sm_lid;	/* as the port last heard it */
	uint16_t lid;		/* its own */
	bool have_sgid;		/* from the kernel's port attributes */
	ibmad_gid_t sgid;
	ib_portid_t sm;
};

/*
 * The libraries loaded, the port found and opened (SH's open port step,
 * its device and port; its failure, cause and detail).  False: SH says
 * why.
 */
bool rr_sa_port_open(struct rr_sa_port *sp, const struct rr_backend_params *p,
		     struct rr_result *sh);
/* The SM's LID, as the port last heard it or asked (find sm step). */
bool rr_sa_port_find_sm(struct rr_sa_port *sp,
			const struct rr_backend_params *p, struct rr_result *sh);
/* The PathRecord query for PROBE from this port: its data and RPC. */
void rr_sa_port_request(const struct rr_sa_port *sp, const struct rr_probe *probe,
			const struct rr_backend_params *p, uint8_t *req,
			ib_rpc_t *rpc);
/* Closed, the libraries unloaded; again is harmless. */
void rr_sa_port_close(struct rr_sa_port *sp);

#endif
