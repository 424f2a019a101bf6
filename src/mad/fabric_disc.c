// SPDX-License-Identifier: GPL-2.0-or-later
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <infiniband/ibnetdisc.h>

#include "mad/fabric_disc.h"
#include "mad/mad_bound.h"
#include "mad/sa_lib.h"
#include "model/probe/decode.h"

/* The soname configure read from the library the header came with. */
#ifndef RR_IBNETDISC_SONAME
#define RR_IBNETDISC_SONAME "libibnetdisc.so.5"
#endif

struct netdisc_lib {
	void *so;
	__typeof__(ibnd_discover_fabric) *discover;
	__typeof__(ibnd_destroy_fabric) *destroy;
	rr_ibnd_iter_type_fn iter_type;
	rr_ibnd_iter_fn iter;
};

static bool load(struct netdisc_lib *lib, char *why, size_t why_len)
{
	const char *err;

	lib->so = dlopen(RR_IBNETDISC_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (lib->so) {
		*(void **)&lib->discover = dlsym(lib->so, "ibnd_discover_fabric");
		*(void **)&lib->destroy = dlsym(lib->so, "ibnd_destroy_fabric");
		*(void **)&lib->iter_type = dlsym(lib->so, "ibnd_iter_nodes_type");
		*(void **)&lib->iter = dlsym(lib->so, "ibnd_iter_nodes");
		if (lib->discover && lib->destroy && lib->iter_type && lib->iter)
			return true;
	}
	err = dlerror();
	snprintf(why, why_len, "%s", err ? err : "cannot load " RR_IBNETDISC_SONAME);
	if (lib->so)
		dlclose(lib->so);
	return false;
}

struct collect {
	struct rr_fabric *out;
	bool failed;
};

/* A CA node's ports with a LID; port 0 is a switch's only. */
static void add_node(ibnd_node_t *node, void *ctx)
{
	struct collect *c = ctx;
	struct rr_fabric_port fp;
	ibnd_port_t *port;
	int i;

	for (i = 1; i <= node->numports; i++) {
		port = node->ports[i];
		if (!port || !port->base_lid)
			continue;
		memset(&fp, 0, sizeof(fp));
		fp.node_guid = node->guid;
		fp.port_guid = port->guid;
		fp.lid = port->base_lid;
		fp.port = (uint8_t)port->portnum;
		/* NodeDescription is 64 bytes, NUL-padded or not at all. */
		memcpy(fp.desc, node->nodedesc, RR_NODE_DESC_LEN);
		fp.desc[RR_NODE_DESC_LEN] = '\0';
		if (!rr_fabric_add(c->out, &fp))
			c->failed = true;
	}
}

/* Ports by LID: the order ibnetdiscover's walk took says nothing. */
static int by_lid(const void *a, const void *b)
{
	const struct rr_fabric_port *pa = a, *pb = b;

	return (int)pa->lid - (int)pb->lid;
}

/* One discovery, run on a thread of its own (mad_bound.h). */
struct disc_job {
	__typeof__(ibnd_discover_fabric) *discover;
	char *ca;
	int port;
	struct ibnd_config cfg;
	ibnd_fabric_t *fabric;
	int err;
};

static void disc_run(void *arg)
{
	struct disc_job *j = arg;

	errno = 0;
	j->fabric = j->discover(j->ca, j->port, NULL, &j->cfg);
	j->err = errno ? errno : EIO;
}

/*
 * J run within P's bound (none: here, to its end); false when the bound
 * or a stop cut it (J is then the thread's: not freed), WHY says which.
 */
static bool disc_bounded(const struct rr_fabric_disc_params *p,
			 struct disc_job *j, char *why, size_t why_len)
{
	unsigned int tries = (unsigned int)j->cfg.retries + 1;

	if (!p->bound) {
		disc_run(j);
		return true;
	}
	rr_mad_bound_phase(p->bound, 0, rr_mad_discovery_ms(tries, p->timeout_ms));
	if (rr_mad_bounded_call(disc_run, j, p->bound))
		return true;
	if (p->bound->cut == RR_MAD_CUT_DEADLINE)
		snprintf(why, why_len, "the discovery did not end within %llu ms (%u steps of %u tries of %u ms)",
			 (unsigned long long)p->bound->bound_ms,
			 RR_DISCOVERY_STEPS, tries, p->timeout_ms);
	else
		snprintf(why, why_len, "the discovery was stopped");
	return false;
}

/*
 * The fabric as libibnetdisc finds it from P's port; NULL: WHY says, and
 * *NO_PORT when this host has no InfiniBand port to start from (no umad
 * device: ENOENT or ENODEV), which is no fabric failing; *LEFT when the
 * discovery was left running, cut by P's bound or a stop.  At most
 * RR_FABRIC_MAX_WINDOW SMPs in flight: ibsim and its client block each
 * other at 512, and libibnetdisc then waits for ever.
 */
static ibnd_fabric_t *discover(const struct netdisc_lib *lib,
			       const struct rr_fabric_disc_params *p,
			       bool *no_port, bool *left, char *why,
			       size_t why_len)
{
	struct disc_job *j = malloc(sizeof(*j));
	ibnd_fabric_t *fabric;
	int muted, err;

	*no_port = *left = false;
	if (!j) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		return NULL;
	}
	*j = (struct disc_job){
		.discover = lib->discover, .ca = (char *)p->ca, .port = p->port,
		.cfg = {
			.timeout_ms = p->timeout_ms,
			.retries = p->retries ? (int)p->retries : 1,
			.max_smps = p->max_smps < RR_FABRIC_MAX_WINDOW ?
				    p->max_smps : RR_FABRIC_MAX_WINDOW,
		},
	};
	muted = rr_mad_mute_stderr();
	*left = !disc_bounded(p, j, why, why_len);
	rr_mad_unmute_stderr(muted);
	if (*left)
		return NULL;	/* J is the thread's now */
	fabric = j->fabric;
	err = j->err;
	free(j);
	*no_port = !fabric && (err == ENOENT || err == ENODEV);
	if (*no_port)
		snprintf(why, why_len, "ibnd_discover_fabric(): %s: no InfiniBand CA with a usable port (see ibstat)",
			 strerror(err));
	else if (!fabric)
		snprintf(why, why_len, "ibnd_discover_fabric(): %s", strerror(err));
	return fabric;
}

/*
 * The library loaded, then the fabric; NULL: WHY says, *NO_LIBRARY when
 * the library or a local port is missing (nothing to discover with).  A
 * discovery left running keeps the library loaded.
 */
static ibnd_fabric_t *load_and_discover(struct netdisc_lib *lib,
					const struct rr_fabric_disc_params *p,
					bool *no_library, char *why,
					size_t why_len)
{
	ibnd_fabric_t *fabric;
	bool left;

	*no_library = !load(lib, why, why_len);
	if (*no_library)
		return NULL;
	fabric = discover(lib, p, no_library, &left, why, why_len);
	if (!fabric && !left)
		dlclose(lib->so);
	return fabric;
}

bool rr_fabric_ports_of(ibnd_fabric_t *fabric, rr_ibnd_iter_type_fn iter_type,
			struct rr_fabric *out)
{
	struct collect c = { .out = out };

	iter_type(fabric, add_node, IB_NODE_CA, &c);
	if (c.failed) {
		rr_fabric_free(out);
		return false;
	}
	if (out->num)
		qsort(out->ports, out->num, sizeof(*out->ports), by_lid);
	return true;
}

bool rr_fabric_discover(const struct rr_fabric_disc_params *p,
			struct rr_fabric *out, bool *no_library, char *why,
			size_t why_len)
{
	struct netdisc_lib lib = { 0 };
	ibnd_fabric_t *fabric;
	bool ok;

	memset(out, 0, sizeof(*out));
	fabric = load_and_discover(&lib, p, no_library, why, why_len);
	if (!fabric)
		return false;
	ok = rr_fabric_ports_of(fabric, lib.iter_type, out);
	lib.destroy(fabric);
	/*
	 * Not unloaded: it is loaded once a run, and libibnetdisc 44 leaks a
	 * few bytes per discovery that a leak checker can name (and its
	 * suppression match) only while the library is mapped.
	 */
	if (!ok) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		return false;
	}
	return true;
}

struct graph_collect {
	const struct rr_sa_lib *ib;
	struct rr_graph *g;
	ib_portid_t *paths;	/* each node's directed route, as found */
	size_t cap_paths;
	bool failed;
};

/* What PortInfo (as libibnetdisc read it) says of the link. */
static void port_facts(const struct rr_sa_lib *ib, const ibnd_port_t *ip,
		       struct rr_gport *gp, bool lid)
{
	const uint8_t *info = ip->info;

	gp->present = true;
	gp->guid = ip->guid;
	if (lid) {
		gp->lid = ip->base_lid;
		gp->lmc = ip->lmc;
	}
	gp->state = (uint8_t)ib->mad_get_field((void *)info, 0, IB_PORT_STATE_F);
	gp->phys_state = (uint8_t)ib->mad_get_field((void *)info, 0,
						    IB_PORT_PHYS_STATE_F);
	gp->width = (uint8_t)ib->mad_get_field((void *)info, 0,
					       IB_PORT_LINK_WIDTH_ACTIVE_F);
	gp->speed = rr_port_info_speed(
		ib->mad_get_field((void *)info, 0, IB_PORT_LINK_SPEED_ACTIVE_F),
		ib->mad_get_field((void *)info, 0, IB_PORT_LINK_SPEED_EXT_ACTIVE_F));
	gp->widths_enabled = (uint8_t)ib->mad_get_field((void *)info, 0,
						IB_PORT_LINK_WIDTH_ENABLED_F);
	gp->oper_vls = (uint8_t)ib->mad_get_field((void *)info, 0,
						  IB_PORT_OPER_VLS_F);
	/* SDR, DDR, QDR in the low bits; FDR, EDR, HDR, NDR, XDR above. */
	gp->speeds_enabled = (uint16_t)(
		(ib->mad_get_field((void *)info, 0, IB_PORT_LINK_SPEED_ENABLED_F) & 0x7) |
		(ib->mad_get_field((void *)info, 0, IB_PORT_LINK_SPEED_EXT_ENABLED_F) & 0x1f) << 4);
}

static enum rr_node_type node_type(int type)
{
	switch (type) {
	case IB_NODE_CA: return RR_NODE_CA;
	case IB_NODE_SWITCH: return RR_NODE_SWITCH;
	case IB_NODE_ROUTER: return RR_NODE_ROUTER;
	default: return RR_NODE_UNKNOWN;
	}
}

/* A node and its ports into the graph; its links come after. */
static void add_graph_node(ibnd_node_t *node, void *ctx)
{
	struct graph_collect *c = ctx;
	bool sw = node->type == IB_NODE_SWITCH;
	ib_portid_t *grown;
	size_t idx;
	int i;

	if (c->failed)
		return;
	if (!rr_graph_add_node(c->g, node->guid, node_type(node->type),
			       (unsigned int)node->numports, node->nodedesc,
			       &idx)) {
		c->failed = true;
		return;
	}
	if (idx == c->cap_paths) {
		c->cap_paths = c->cap_paths ? 2 * c->cap_paths : 64;
		grown = realloc(c->paths, c->cap_paths * sizeof(*grown));
		if (!grown) {
			c->failed = true;
			return;
		}
		c->paths = grown;
	}
	c->paths[idx] = node->path_portid;
	for (i = sw ? 0 : 1; i <= node->numports; i++)
		if (node->ports[i])
			/* A switch's LID is its port 0's. */
			port_facts(c->ib, node->ports[i],
				   rr_graph_port(c->g, idx, (unsigned int)i),
				   !sw || i == 0);
}

static void add_graph_links(ibnd_node_t *node, void *ctx)
{
	struct graph_collect *c = ctx;
	uint32_t a = rr_graph_find(c->g, node->guid), b;
	ibnd_port_t *rp;
	int i;

	for (i = 1; i <= node->numports && a != RR_NO_NODE; i++) {
		if (!node->ports[i] || !node->ports[i]->remoteport)
			continue;
		rp = node->ports[i]->remoteport;
		b = rr_graph_find(c->g, rp->node->guid);
		if (b != RR_NO_NODE)
			rr_graph_link(c->g, a, (unsigned int)i, b,
				      (unsigned int)rp->portnum);
	}
}

/* Switch N's LinearFDBTop, as libibnetdisc read its SwitchInfo. */
static void note_fdb_top(const struct rr_sa_lib *ib, ibnd_node_t *node,
			 struct rr_graph *g)
{
	uint32_t n = rr_graph_find(g, node->guid);

	if (n != RR_NO_NODE)
		g->nodes[n].lft_len = ib->mad_get_field(node->switchinfo, 0,
							IB_SW_LINEAR_FDB_TOP_F) + 1;
}

static void add_fdb_top(ibnd_node_t *node, void *ctx)
{
	struct graph_collect *c = ctx;

	note_fdb_top(c->ib, node, c->g);
}

/* The node and port the discovery went out from: where probes start. */
static void note_local(const ibnd_fabric_t *fabric, struct rr_graph *g)
{
	uint32_t n;

	if (!fabric->from_node)
		return;
	n = rr_graph_find(g, fabric->from_node->guid);
	if (n == RR_NO_NODE || fabric->from_portnum < 1 ||
	    (unsigned int)fabric->from_portnum > g->nodes[n].num_ports)
		return;
	g->have_local = true;
	g->local = n;
	g->local_port = (unsigned int)fabric->from_portnum;
}

bool rr_fabric_graph_of(ibnd_fabric_t *fabric, rr_ibnd_iter_fn iter,
			rr_ibnd_iter_type_fn iter_type,
			const struct rr_sa_lib *ib, struct rr_graph *g,
			ib_portid_t **paths)
{
	struct graph_collect c = { .ib = ib, .g = g };

	memset(g, 0, sizeof(*g));
	*paths = NULL;
	iter(fabric, add_graph_node, &c);
	if (!c.failed && !rr_graph_index(g))
		c.failed = true;
	if (!c.failed) {
		iter(fabric, add_graph_links, &c);
		iter_type(fabric, add_fdb_top, IB_NODE_SWITCH, &c);
		note_local(fabric, g);
	}
	if (c.failed) {
		rr_graph_free(g);
		free(c.paths);
		return false;
	}
	*paths = c.paths;
	return true;
}

bool rr_fabric_discover_graph(const struct rr_fabric_disc_params *p,
			      const struct rr_sa_lib *ib, struct rr_graph *g,
			      ib_portid_t **paths, bool *no_library,
			      char *why, size_t why_len)
{
	struct netdisc_lib lib = { 0 };
	ibnd_fabric_t *fabric;
	bool ok;

	memset(g, 0, sizeof(*g));
	*paths = NULL;
	fabric = load_and_discover(&lib, p, no_library, why, why_len);
	if (!fabric)
		return false;
	ok = rr_fabric_graph_of(fabric, lib.iter, lib.iter_type, ib, g, paths);
	lib.destroy(fabric);	/* kept loaded, as above */
	if (!ok) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		return false;
	}
	return true;
}
