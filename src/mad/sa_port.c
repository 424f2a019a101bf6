// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mad/sa_decode.h"
#include "mad/sa_port.h"
#include "mad/umad_choice.h"
#include "base/ib_port.h"
#include "host/sysfs.h"
#include "model/probe/decode.h"

static const char *state_detail(unsigned int state)
{
	switch (state) {
	case RR_PORT_DOWN:
		return "port state DOWN: no link";
	case RR_PORT_INIT:
		return "port state INIT: the subnet manager has not activated it";
	case RR_PORT_ARMED:
		return "port state ARMED: the subnet manager has not activated it";
	default:
		return "port state unknown";
	}
}

/*
 * A port in INIT or ARMED with SM LID 0 has never heard from an SM: say
 * no_sm at the find-SM step, the cause, rather than port_not_active, the
 * symptom.  A port that is DOWN, or not active although an SM is known,
 * fails here.
 */
static bool waits_for_sm(const struct rr_sa_port *sp)
{
	return (sp->state == RR_PORT_INIT || sp->state == RR_PORT_ARMED) &&
	       !sp->sm_lid;
}

/* What sysfs says of CA's ports, for the choice of one (umad_choice.h). */
static void read_ca_facts(const char *ca, struct rr_umad_ca_facts *f)
{
	char path[256], line[64];
	int i;

	memset(f, 0, sizeof(*f));
	if (rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/node_type", ca) &&
	    !rr_sysfs_read_line(path, line, sizeof(line)))
		f->node_type = atoi(line);
	if (f->node_type == 2)
		return;		/* a switch: its port 0 */
	for (i = 1; i < RR_UMAD_MAX_PORTS; i++) {
		if (!rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%d/state",
				 ca, i) ||
		    rr_sysfs_read_line(path, line, sizeof(line)))
			continue;	/* no such port */
		f->ports[i].present = true;
		f->ports[i].state = atoi(line);	/* "4: ACTIVE" */
		if (rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%d/phys_state",
				ca, i) &&
		    !rr_sysfs_read_line(path, line, sizeof(line)))
			f->ports[i].phys_state = atoi(line);
		if (rr_sys_path(path, sizeof(path), RR_SYSFS_IB "/%s/ports/%d/link_layer",
				ca, i) &&
		    !rr_sysfs_read_line(path, line, sizeof(line)))
			f->ports[i].ib = !strcmp(line, "InfiniBand") ||
					 !strcmp(line, "IB");
	}
}

/*
 * -C and -P completed as libibumad completes them, from a few sysfs files
 * a port (see umad_choice.h); false leaves it to libibumad: both given,
 * a recorded tree (which libibumad does not read), nothing found.
 */
static bool choose_port(const struct rr_sa_lib *ib,
			const struct rr_backend_params *p, char *ca,
			size_t len, int *port)
{
	char names[RR_UMAD_MAX_CAS][UMAD_CA_NAME_LEN];
	struct rr_umad_ca_facts *facts;
	int n, i, at;
	bool ok;

	if ((p->ca && p->port) || rr_sys_recorded())
		return false;
	if (p->ca) {
		snprintf(names[0], sizeof(names[0]), "%s", p->ca);
		n = 1;
	} else {
		n = ib->umad_get_cas_names(names, RR_UMAD_MAX_CAS);
	}
	if (n <= 0)
		return false;
	facts = calloc((size_t)n, sizeof(*facts));
	if (!facts)
		return false;
	for (i = 0; i < n; i++)
		read_ca_facts(names[i], &facts[i]);
	*port = p->port;
	ok = rr_umad_choose(facts, n, &at, port);
	if (ok)
		snprintf(ca, len, "%s", names[at]);
	free(facts);
	return ok;
}

/* Which port, its state and name, from sysfs: no MAD needed. */
static bool find_port(struct rr_sa_port *sp, const struct rr_backend_params *p,
		      struct rr_result *sh)
{
	const struct rr_sa_lib *ib = &sp->ib;
	/* Static: the failure's detail points here until the run ends. */
	static char why[256];
	char ca[UMAD_CA_NAME_LEN];
	umad_port_t up;
	int ret, num;

	if (!rr_sa_lib_open(&sp->ib, why, sizeof(why))) {
		rr_fail_cause(&sh->out, RR_STEP_OPEN_PORT, "dlopen", ENOENT,
			      RR_CAUSE_NO_MAD_LIBRARY, why);
		return false;
	}
	if (ib->umad_init() < 0) {
		rr_fail_cause(&sh->out, RR_STEP_OPEN_PORT, "umad_init", ENODEV,
			      RR_CAUSE_NO_UMAD, NULL);
		return false;
	}
	/* Both named, libibumad reads that port alone. */
	if (choose_port(ib, p, ca, sizeof(ca), &num))
		ret = ib->umad_get_port(ca, num, &up);
	else
		ret = ib->umad_get_port(p->ca, p->port, &up);
	if (ret < 0) {
		rr_fail_cause(&sh->out, RR_STEP_OPEN_PORT, "umad_get_port", -ret,
			      RR_CAUSE_NO_UMAD,
			      p->ca || p->port ? "no such InfiniBand CA or port (see ibstat)" :
						 "no InfiniBand CA with a usable port (see ibstat)");
		return false;
	}
	snprintf(sp->ca, sizeof(sp->ca), "%s", up.ca_name);
	sp->num = up.portnum;
	sp->state = up.state;
	sp->sm_lid = up.sm_lid;
	sp->lid = (uint16_t)up.base_lid;
	sh->out.sa_local = (struct rr_sa_local){
		.known = true, .state = (uint8_t)up.state,
		.lid = (uint16_t)up.base_lid, .sm_lid = (uint16_t)up.sm_lid };
	/* GID index 0: the subnet prefix and the port GUID, both big-endian. */
	memcpy(sp->sgid, &up.gid_prefix, 8);
	memcpy(sp->sgid + 8, &up.port_guid, 8);
	sp->have_sgid = up.gid_prefix && up.port_guid;
	ib->umad_release_port(&up);

	snprintf(sh->out.device, sizeof(sh->out.device), "%s", sp->ca);
	sh->out.port = (uint8_t)sp->num;
	sh->out.link_layer = RR_LL_INFINIBAND;
	sh->out.gid_type = RR_GID_IB;
	return true;
}

bool rr_sa_port_open(struct rr_sa_port *sp, const struct rr_backend_params *p,
		     struct rr_result *sh)
{
	const struct rr_sa_lib *ib = &sp->ib;
	/* --trace reads each hop's PortCounters too (the last class). */
	int classes[] = { IB_SMI_CLASS, IB_SMI_DIRECT_CLASS, IB_SA_CLASS,
			  IB_PERFORMANCE_CLASS };
	ib_portid_t self = { 0 };
	int err, portnum;

	rr_step_begin(&sh->out, RR_STEP_OPEN_PORT);
	if (!find_port(sp, p, sh))
		return false;

	sp->mad = ib->mad_rpc_open_port(sp->ca, sp->num, classes,
					p->trace ? 4 : 3);
	if (!sp->mad) {
		err = errno ? errno : EIO;
		rr_fail_cause(&sh->out, RR_STEP_OPEN_PORT, "mad_rpc_open_port", err,
			      err == EACCES || err == EPERM ?
				RR_CAUSE_UMAD_PERMISSION : RR_CAUSE_NO_UMAD,
			      NULL);
		return false;
	}
	/* One try of timeout_ms per MAD: the user's timeout bounds each wait. */
	ib->mad_rpc_set_timeout(sp->mad, (int)p->timeout_ms);
	ib->mad_rpc_set_retries(sp->mad, 1);

	if (!rr_port_state_active((int)sp->state) && !waits_for_sm(sp)) {
		rr_fail_cause(&sh->out, RR_STEP_OPEN_PORT, "umad_get_port", 0,
			      RR_CAUSE_PORT_NOT_ACTIVE, state_detail(sp->state));
		return false;
	}
	/*
	 * The SGID as the kernel keeps it; only when it has none, as the
	 * port's SMA says it (two MADs, each a round trip).
	 */
	if (!sp->have_sgid &&
	    ib->ib_resolve_self_via(&self, &portnum, &sp->sgid, sp->mad) < 0) {
		rr_fail_cause(&sh->out, RR_STEP_OPEN_PORT, "ib_resolve_self_via",
			      errno ? errno : EIO, RR_CAUSE_UNKNOWN, NULL);
		return false;
	}
	rr_step_end(&sh->out, RR_STEP_OPEN_PORT);
	return true;
}

bool rr_sa_port_find_sm(struct rr_sa_port *sp,
			const struct rr_backend_params *p, struct rr_result *sh)
{
	const struct rr_sa_lib *ib = &sp->ib;
	int err;

	rr_step_begin(&sh->out, RR_STEP_FIND_SM);
	/*
	 * The SM LID the kernel heard last saves a PortInfo query (saquery
	 * makes it); a port without one asks, for libibmad's precise answer.
	 */
	if (sp->sm_lid && rr_port_state_active((int)sp->state)) {
		memset(&sp->sm, 0, sizeof(sp->sm));
		sp->sm.lid = (int)sp->sm_lid;
	} else if (ib->ib_resolve_smlid_via(&sp->sm, (int)p->timeout_ms,
					    sp->mad) < 0) {
		err = errno ? errno : EIO;
		/* libibmad says ENXIO when PortInfo:MasterSMLID is 0. */
		if (err == ENXIO)
			rr_fail_cause(&sh->out, RR_STEP_FIND_SM, "ib_resolve_smlid_via",
				      err, RR_CAUSE_NO_SM,
				      rr_port_state_active((int)sp->state) ? NULL :
					"SM LID 0 and port state INIT or ARMED: no subnet manager has configured the port");
		else
			rr_fail_cause(&sh->out, RR_STEP_FIND_SM, "ib_resolve_smlid_via",
				      err, RR_CAUSE_UNKNOWN, NULL);
		return false;
	}
	/* An SM appeared since sysfs was read, but the port is still down. */
	if (!rr_port_state_active((int)sp->state)) {
		rr_fail_cause(&sh->out, RR_STEP_FIND_SM, "umad_get_port", 0,
			      RR_CAUSE_PORT_NOT_ACTIVE, state_detail(sp->state));
		return false;
	}
	/* The SA listens on QP1 of the SM's port (GSI). */
	sp->sm.qp = 1;
	sp->sm.qkey = IB_DEFAULT_QP1_QKEY;
	sh->out.sa_local.sm_lid = (uint16_t)sp->sm.lid;
	sh->out.sa_local.sm_found = true;
	sh->out.sa_local.sm_asked = !(sp->sm_lid && rr_port_state_active((int)sp->state));
	rr_step_end(&sh->out, RR_STEP_FIND_SM);
	return true;
}

/*
 * The path's source: this port's GID, or --from's LID, GID or port GUID
 * (on this port's subnet, as a destination's GUID).  Returns its mask.
 */
static uint64_t set_source(const struct rr_sa_port *sp,
			   const struct rr_sa_dest *from, uint8_t *req)
{
	const struct rr_sa_lib *ib = &sp->ib;
	ibmad_gid_t sgid;

	if (!from) {
		/* libibmad takes the value by a pointer it does not write. */
		memcpy(sgid, sp->sgid, sizeof(sgid));
		ib->mad_encode_field(req, IB_SA_PR_SGID_F, sgid);
		return RR_PR_COMP_SGID;
	}
	switch (from->kind) {
	case RR_SA_LID:
		ib->mad_set_field(req, 0, IB_SA_PR_SLID_F, from->lid);
		return RR_PR_COMP_SLID;
	case RR_SA_GUID:
		memcpy(sgid, sp->sgid, 8);
		ib->mad_set_field64(sgid, 0, IB_GID_GUID_F, from->guid);
		break;
	default:
		memcpy(sgid, from->gid, sizeof(sgid));
		break;
	}
	ib->mad_encode_field(req, IB_SA_PR_SGID_F, sgid);
	return RR_PR_COMP_SGID;
}

void rr_sa_port_request(const struct rr_sa_port *sp, const struct rr_probe *probe,
			const struct rr_backend_params *p, uint8_t *req,
			ib_rpc_t *rpc)
{
	const struct rr_sa_lib *ib = &sp->ib;
	const struct rr_sa_dest *d = &probe->sa;
	uint64_t mask;
	ibmad_gid_t dgid;

	mask = set_source(sp, probe->have_sa_from ? &probe->sa_from : NULL, req);
	switch (d->kind) {
	case RR_SA_LID:
		ib->mad_set_field(req, 0, IB_SA_PR_DLID_F, d->lid);
		mask |= RR_PR_COMP_DLID;
		break;
	case RR_SA_GUID:
		/* A port GUID is taken to be on this port's subnet. */
		memcpy(dgid, sp->sgid, 8);
		ib->mad_set_field64(dgid, 0, IB_GID_GUID_F, d->guid);
		ib->mad_encode_field(req, IB_SA_PR_DGID_F, dgid);
		mask |= RR_PR_COMP_DGID;
		break;
	default:	/* a GID; names were looked up before */
		memcpy(dgid, d->gid, sizeof(dgid));
		ib->mad_encode_field(req, IB_SA_PR_DGID_F, dgid);
		mask |= RR_PR_COMP_DGID;
		break;
	}
	if (p->sl >= 0) {
		ib->mad_set_field(req, 0, IB_SA_PR_SL_F, (uint32_t)p->sl);
		mask |= RR_PR_COMP_SL;
	}
	if (p->pkey >= 0) {
		rr_sa_pr_set_pkey(req, (uint16_t)p->pkey);
		mask |= RR_PR_COMP_PKEY;
	}
	if (p->tos >= 0) {
		rr_sa_pr_set_qos_class(req, (uint16_t)p->tos);
		mask |= RR_PR_COMP_QOS_CLASS;
	}
	/* As rdma_cm asks for a connection: one reversible path, its
	 * port space's ServiceID; --all-paths as many as NumbPath takes. */
	rr_sa_pr_set_query(req, rr_sa_service_id(rr_ps_number(p->ps)),
			   p->all_paths ? RR_SA_MAX_NUMB_PATH : 1);
	mask |= RR_PR_COMP_SERVICE_ID | RR_PR_COMP_REVERSIBLE |
		RR_PR_COMP_NUMBPATH;

	memset(rpc, 0, sizeof(*rpc));
	rpc->mgtclass = IB_SA_CLASS;
	rpc->method = p->all_paths ? IB_MAD_METHOD_GET_TABLE :
				     IB_MAD_METHOD_GET;
	rpc->attr.id = IB_SA_ATTR_PATHRECORD;
	rpc->mask = mask;
	rpc->timeout = (int)p->timeout_ms;
	rpc->datasz = IB_SA_DATA_SIZE;
	rpc->dataoffs = IB_SA_DATA_OFFS;
}

void rr_sa_port_close(struct rr_sa_port *sp)
{
	if (sp->mad)
		sp->ib.mad_rpc_close_port(sp->mad);
	sp->mad = NULL;
	rr_sa_lib_close(&sp->ib);
}
