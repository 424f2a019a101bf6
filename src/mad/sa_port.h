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
	uint16_t lid;		/* the port's own */
	bool have_sgid;		/* from the kernel's port attributes */
	ibmad_gid_t sgid;
	ib_portid_t sm;
};

/*
 * Loads the libraries, then finds and opens the port as SH's open port
 * step, which records the device and port, or the failure with its cause
 * and detail.  Returns false when that fails; SH says why.
 */
bool rr_sa_port_open(struct rr_sa_port *sp, const struct rr_backend_params *p,
		     struct rr_result *sh);
/*
 * Finds the SM's LID, as the port last heard it or by asking for it, as
 * SH's find sm step.  Returns false when that fails; SH says why.
 */
bool rr_sa_port_find_sm(struct rr_sa_port *sp,
			const struct rr_backend_params *p, struct rr_result *sh);
/*
 * Builds the PathRecord query for PROBE from this port: its data into
 * REQ and its RPC into RPC.
 */
void rr_sa_port_request(const struct rr_sa_port *sp, const struct rr_probe *probe,
			const struct rr_backend_params *p, uint8_t *req,
			ib_rpc_t *rpc);
/* Closes the port and unloads the libraries; a second call is harmless. */
void rr_sa_port_close(struct rr_sa_port *sp);

#endif
