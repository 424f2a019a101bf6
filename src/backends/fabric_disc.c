// SPDX-License-Identifier: GPL-2.0-or-later
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <infiniband/ibnetdisc.h>

#include "backends/fabric_disc.h"
#include "backends/sa_lib.h"

/* The soname configure read from the library the header came with. */
#ifndef RR_IBNETDISC_SONAME
#define RR_IBNETDISC_SONAME "libibnetdisc.so.5"
#endif

struct netdisc_lib {
	void *so;
	__typeof__(ibnd_discover_fabric) *discover;
	__typeof__(ibnd_destroy_fabric) *destroy;
	__typeof__(ibnd_iter_nodes_type) *iter_type;
};

static bool load(struct netdisc_lib *lib, char *why, size_t why_len)
{
	const char *err;

	lib->so = dlopen(RR_IBNETDISC_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (lib->so) {
		*(void **)&lib->discover = dlsym(lib->so, "ibnd_discover_fabric");
		*(void **)&lib->destroy = dlsym(lib->so, "ibnd_destroy_fabric");
		*(void **)&lib->iter_type = dlsym(lib->so, "ibnd_iter_nodes_type");
		if (lib->discover && lib->destroy && lib->iter_type)
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

bool rr_fabric_discover(const struct rr_fabric_disc_params *p,
			struct rr_fabric *out, bool *no_library, char *why,
			size_t why_len)
{
	struct ibnd_config cfg = { .timeout_ms = p->timeout_ms, .retries = 1 };
	struct netdisc_lib lib = { 0 };
	struct collect c = { .out = out };
	ibnd_fabric_t *fabric;
	int muted, err;

	memset(out, 0, sizeof(*out));
	*no_library = !load(&lib, why, why_len);
	if (*no_library)
		return false;
	muted = rr_mad_mute_stderr();
	errno = 0;
	fabric = lib.discover((char *)p->ca, p->port, NULL, &cfg);
	err = errno ? errno : EIO;
	rr_mad_unmute_stderr(muted);
	if (!fabric) {
		snprintf(why, why_len, "ibnd_discover_fabric(): %s", strerror(err));
		dlclose(lib.so);
		return false;
	}
	lib.iter_type(fabric, add_node, IB_NODE_CA, &c);
	lib.destroy(fabric);
	/*
	 * Not unloaded: it is loaded once a run, and libibnetdisc 44 leaks a
	 * few bytes per discovery that a leak checker can name (and its
	 * suppression match) only while the library is mapped.
	 */
	if (c.failed) {
		rr_fabric_free(out);
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		return false;
	}
	if (out->num)
		qsort(out->ports, out->num, sizeof(*out->ports), by_lid);
	return true;
}
