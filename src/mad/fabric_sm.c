// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/clock.h"
#include "mad/fabric_sm.h"

/* The SM's LID as the port last heard it into SM; false: no port. */
static bool sm_lid(const struct rr_sa_lib *ib,
		   const struct rr_fabric_tables_params *p,
		   struct rr_fabric_sm *sm)
{
	umad_port_t up;

	if (ib->umad_init() < 0 || ib->umad_get_port(p->ca, p->port, &up) < 0) {
		snprintf(sm->why, sizeof(sm->why), "umad_get_port(): %s",
			 strerror(errno ? errno : ENODEV));
		return false;
	}
	sm->lid = (uint16_t)up.sm_lid;
	ib->umad_release_port(&up);
	return true;
}

static void decode(const struct rr_sa_lib *ib, const uint8_t *data,
		   struct rr_fabric_sm *sm)
{
	uint32_t v = 0;

	ib->mad_decode_field((uint8_t *)data, IB_SMINFO_GUID_F, &sm->guid);
	ib->mad_decode_field((uint8_t *)data, IB_SMINFO_ACT_F, &sm->activity);
	ib->mad_decode_field((uint8_t *)data, IB_SMINFO_PRIO_F, &v);
	sm->priority = v;
	v = 0;
	ib->mad_decode_field((uint8_t *)data, IB_SMINFO_STATE_F, &v);
	sm->state = v;
}

static void ask(const struct rr_sa_lib *ib,
		const struct rr_fabric_tables_params *p,
		struct rr_fabric_sm *sm)
{
	int classes[] = { IB_SMI_CLASS, IB_SMI_DIRECT_CLASS };
	unsigned int half = p->timeout_ms / 2 ? p->timeout_ms / 2 : 1;
	uint8_t data[IB_SMP_DATA_SIZE] = { 0 };
	ib_portid_t to = { 0 };
	struct ibmad_port *mad;
	struct timespec t0, t1;
	int muted;

	mad = ib->mad_rpc_open_port((char *)p->ca, p->port, classes, 2);
	if (!mad) {
		snprintf(sm->why, sizeof(sm->why), "mad_rpc_open_port(): %s",
			 strerror(errno ? errno : EIO));
		return;
	}
	sm->asked = true;
	ib->mad_rpc_set_retries(mad, 2);
	to.lid = sm->lid;
	/* libibmad warns of the lost MAD on stderr; the result says it. */
	muted = rr_mad_mute_stderr();
	t0 = rr_now();
	sm->answered = ib->smp_query_via(data, &to, IB_ATTR_SMINFO, 0, half,
					 mad) != NULL;
	t1 = rr_now();
	rr_mad_unmute_stderr(muted);
	sm->ms = rr_ts_ms(&t1, &t0);
	ib->mad_rpc_close_port(mad);
	if (sm->answered)
		decode(ib, data, sm);
	else
		snprintf(sm->why, sizeof(sm->why),
			 "SMInfo at LID %u not answered (2 tries, %u ms each at most)",
			 sm->lid, half);
}

void rr_fabric_sm_read(const struct rr_fabric_tables_params *p,
		       struct rr_fabric_sm *sm, bool *no_library)
{
	struct rr_sa_lib ib;

	memset(sm, 0, sizeof(*sm));
	*no_library = !rr_sa_lib_open(&ib, sm->why, sizeof(sm->why));
	if (*no_library)
		return;
	if (!sm_lid(&ib, p, sm))
		goto out;
	if (!sm->lid) {
		sm->asked = true;	/* the port's answer: it knows none */
		snprintf(sm->why, sizeof(sm->why),
			 "the port knows no SM (its SMLID is 0)");
		goto out;
	}
	ask(&ib, p, sm);
out:
	rr_sa_lib_close(&ib);
}
