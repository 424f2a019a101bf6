// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>

#include "rdmacm/cm_collect.h"
#include "model/probe/decode.h"

/*
 * The ToS the id went out with: its own (--tos), else on RoCE the port's
 * configfs default_roce_tos, else the kernel's 0.
 */
static void collect_tos(struct rr_used *u, const struct rr_cm_port *port,
			const struct rr_cm_asked *asked)
{
	if (asked->tos >= 0) {
		u->tos = asked->tos;
		u->tos_from = RR_TOS_OPTION;
	} else if (port->ll == RR_LL_ETHERNET && port->defaults &&
		   port->defaults->configfs) {
		u->tos = port->defaults->tos;
		u->tos_from = RR_TOS_CONFIGFS;
	} else {
		u->tos = 0;
		u->tos_from = RR_TOS_DEFAULT;
	}
}

void rr_cm_collect_port(struct rr_result *r, const struct rr_cm_port *port,
			const struct rr_cm_asked *asked)
{
	struct rr_used *u = &r->out.used;

	snprintf(r->out.device, sizeof(r->out.device), "%s", port->device);
	r->out.port = port->port;
	r->out.link_layer = port->ll;
	u->port_space = asked->port_space;
	u->port_rate_gbps = port->rate_gbps;
	collect_tos(u, port, asked);
	if (port->ll == RR_LL_ETHERNET) {
		u->roce_mode = port->defaults ? port->defaults->roce_mode :
						RR_GID_ROCE_V2;
		u->roce_mode_configfs = port->defaults && port->defaults->configfs;
	}
}

static void copy_path(struct rr_path *out, const struct ibv_sa_path_rec *in)
{
	memcpy(out->dgid, in->dgid.raw, 16);
	memcpy(out->sgid, in->sgid.raw, 16);
	out->dlid = ntohs(in->dlid);
	out->slid = ntohs(in->slid);
	out->raw_traffic = in->raw_traffic;
	out->flow_label = ntohl(in->flow_label);
	out->hop_limit = in->hop_limit;
	out->traffic_class = in->traffic_class;
	out->reversible = in->reversible;
	out->numb_path = in->numb_path;
	out->pkey = ntohs(in->pkey);
	out->sl = in->sl;
	out->mtu_selector = in->mtu_selector;
	out->mtu = in->mtu;
	out->rate_selector = in->rate_selector;
	out->rate = in->rate;
	out->packet_life_time_selector = in->packet_life_time_selector;
	out->packet_life_time = in->packet_life_time;
	out->preference = in->preference;
}

/*
 * The entry of PORT's table the source GID came from.  Several entries
 * may hold the same GID (one per RoCE type): the CM takes the one of its
 * default mode, on InfiniBand the IB one.
 */
static const struct rr_gid_entry *sgid_entry(const struct rr_cm_port *port,
					     const uint8_t sgid[16],
					     enum rr_gid_type want)
{
	const struct rr_gid_entry *found = NULL;
	size_t i;

	for (i = 0; i < port->num_gids; i++) {
		const struct rr_gid_entry *e = &port->gids[i];

		if (memcmp(e->gid, sgid, 16))
			continue;
		if (!found || (e->type == want && found->type != want))
			found = e;
	}
	return found;
}

static void collect_sgid(struct rr_result *r, const struct rr_cm_port *port)
{
	const struct rr_gid_entry *e;
	enum rr_gid_type want;

	if (port->ll == RR_LL_INFINIBAND)
		r->out.gid_type = RR_GID_IB;
	if (!r->out.num_paths ||
	    (port->ll != RR_LL_INFINIBAND && port->ll != RR_LL_ETHERNET))
		return;
	want = port->ll == RR_LL_INFINIBAND ? RR_GID_IB : r->out.used.roce_mode;
	e = sgid_entry(port, r->out.paths[0].sgid, want);
	if (e) {
		r->out.used.sgid_index = e->index;
		r->out.used.have_sgid_index = true;
		if (port->ll == RR_LL_ETHERNET)
			r->out.gid_type = e->type;
	} else if (port->ll == RR_LL_ETHERNET &&
		   rr_gid_is_v4mapped(r->out.paths[0].sgid)) {
		/* Only RoCE v2 carries IPv4: the table is not needed. */
		r->out.gid_type = RR_GID_ROCE_V2;
	}
}

void rr_cm_collect_route(struct rr_result *r, const struct rdma_route *route,
			 const struct rr_cm_port *port)
{
	int i, n = route->num_paths;

	memcpy(&r->out.src, &route->addr.src_storage, sizeof(r->out.src));
	r->out.have_src = true;
	if (n > 0 && route->path_rec) {
		r->out.paths = calloc((size_t)n, sizeof(*r->out.paths));
		if (r->out.paths) {
			for (i = 0; i < n; i++)
				copy_path(&r->out.paths[i], &route->path_rec[i]);
			r->out.num_paths = n;
		}
	}
	collect_sgid(r, port);
}
