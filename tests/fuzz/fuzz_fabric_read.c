// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --sa --trace --all-pairs' reading of the fabric, apart from the SMPs
 * libibnetdisc sends: a discovered fabric of any shape (an ibnd_fabric_t
 * built here, walked by libibnetdisc's own iterators) made into the
 * graph (rr_fabric_graph_of(), fabric_disc.c) and into the CA ports
 * (rr_fabric_ports_of()), then every switch's forwarding table read
 * block by block (rr_fabric_tables_fill(), fabric_tables.c) through a
 * fake of umad_send()/umad_recv() that answers each SMP where its
 * directed route leads (MADs built and read by the real libibmad).  The
 * input gives nodes of every type with up to 255 ports, ports missing
 * (a CA's port 0 there), PortInfo of any field values, descriptions of
 * 64 bytes not ended, links to nodes the fabric does not list and to
 * ports past NumPorts, LinearFDBTop of 16 bits, directed routes that
 * lead elsewhere, switches that answer with an error, time out or
 * cannot be sent to, any window.  Checks:
 * - the graph holds the listed nodes in order, each its type, NumPorts,
 *   description (64 bytes at most, cut at a NUL), ports (port 0 a
 *   switch's only) with the PortInfo fields libibmad decodes, LIDs (a
 *   switch's on port 0), links both ways as the discovery found them
 *   (a later one replacing an earlier), LinearFDBTop + 1, paths;
 * - the CA ports are every listed CA's port with a LID, by LID;
 * - each switch's table is what the node its route leads to answers,
 *   block for block, up to its top rounded to a block (48K at most),
 *   or marked unread when a block did not come back; the counts agree;
 * - the routes of the graph walked (fabric_routes.c, checked on its own
 *   in fuzz_routes) without a fault.
 */
#include <arpa/inet.h>
#include <errno.h>

#include "mad/fabric_disc.h"
#include "mad/fabric_tables.h"
#include "model/fabric/fabric_routes.h"
#include "fuzz.h"

#define MAX_NODES 48
#define MAX_SENT (MAX_NODES * 1024)

enum { F_NO_LFT = 1, F_UMAD_STATUS = 2, F_SEND_FAILS = 4, F_UNLISTED = 8,
       F_BAD_PATH = 16, F_CA_PORT0 = 32, F_ODD_PORTNUM = 64 };

struct xnode {
	ibnd_node_t nd;
	uint8_t fill;
	uint16_t set_lid[8];
	uint8_t set_port[8];
	uint8_t faults;
	uint8_t state[256];	/* each port's, for the route's links */
};

struct answer {
	uint8_t umad[sizeof(struct ib_user_mad) + IB_MAD_SIZE];
};

static struct world {
	struct xnode nodes[MAX_NODES];
	size_t n;
	ibnd_fabric_t fabric;
	const struct rr_sa_lib *ib;
	struct answer *queue;
	size_t num_queued, cap_queued;
	unsigned int sent;
} w;

static void push(const void *umad)
{
	size_t size = w.ib->umad_size() + IB_MAD_SIZE;

	if (w.num_queued == w.cap_queued) {
		w.cap_queued = w.cap_queued ? 2 * w.cap_queued : 16;
		w.queue = realloc(w.queue, w.cap_queued * sizeof(*w.queue));
		if (!w.queue)
			abort();
	}
	memcpy(w.queue[w.num_queued++].umad, umad, size);
}

/* The node a directed route from node 0 leads to, or -1. */
static int follow(const uint8_t *path, unsigned int hops)
{
	unsigned int i, out;
	ibnd_port_t *p;
	int at = 0;

	for (i = 1; i <= hops; i++) {
		ibnd_node_t *nd = &w.nodes[at].nd;

		out = path[i];
		if ((i > 1 && nd->type != IB_NODE_SWITCH) ||
		    out > (unsigned int)nd->numports || !nd->ports[out] ||
		    !nd->ports[out]->remoteport)
			return -1;
		p = nd->ports[out]->remoteport;
		at = (int)((struct xnode *)p->node - w.nodes);
	}
	return at;
}

static uint8_t lft_entry(const struct xnode *x, uint32_t lid)
{
	uint8_t port = x->fill;
	int k;

	for (k = 0; k < 8; k++)
		if (x->set_lid[k] == lid)
			port = x->set_port[k];
	return port;
}

static int fake_send(int portid, int agentid, void *umad, int length,
		     int timeout_ms, int retries)
{
	const struct rr_sa_lib *ib = w.ib;
	uint8_t *mad = ib->umad_get_mad(umad);
	unsigned int hops, block, i, status = 0;
	int at;

	fuzz_check(++w.sent <= MAX_SENT);
	fuzz_check(length >= IB_MAD_SIZE);
	fuzz_check(ib->mad_get_field(mad, 0, IB_MAD_MGMTCLASS_F) ==
		   IB_SMI_DIRECT_CLASS);
	fuzz_check(ib->mad_get_field(mad, 0, IB_MAD_ATTRID_F) ==
		   IB_ATTR_LINEARFORWTBL);
	hops = ib->mad_get_field(mad, 0, IB_DRSMP_HOPCNT_F);
	block = ib->mad_get_field(mad, 0, IB_MAD_ATTRMOD_F);
	fuzz_check(block < (RR_MAX_UNICAST_LID + 1) / 64);
	at = follow(mad + 128, hops);
	if (at >= 0 && (w.nodes[at].faults & F_SEND_FAILS))
		return -EIO;
	/* As the kernel hands back a MAD unanswered: its status set. */
	if (at < 0 || (w.nodes[at].faults & F_UMAD_STATUS)) {
		((struct ib_user_mad *)umad)->status = ETIMEDOUT;
		push(umad);
		((struct ib_user_mad *)umad)->status = 0;
		return 0;
	}
	ib->mad_set_field(mad, 0, IB_MAD_METHOD_F, IB_MAD_METHOD_GET_RESPONSE);
	if (w.nodes[at].nd.type != IB_NODE_SWITCH ||
	    (w.nodes[at].faults & F_NO_LFT))
		status = 0x1c;
	else
		for (i = 0; i < 64; i++)
			mad[IB_SMP_DATA_OFFS + i] =
				lft_entry(&w.nodes[at], block * 64 + i);
	ib->mad_set_field(mad, 0, IB_DRSMP_STATUS_F, status);
	push(umad);
	return 0;
}

static int fake_recv(int portid, void *umad, int *length, int timeout_ms)
{
	fuzz_check(*length >= IB_MAD_SIZE && timeout_ms > 0);
	if (!w.num_queued)
		return -ETIMEDOUT;
	memcpy(umad, w.queue[0].umad, w.ib->umad_size() + IB_MAD_SIZE);
	memmove(w.queue, w.queue + 1, --w.num_queued * sizeof(*w.queue));
	*length = IB_MAD_SIZE;
	return 0;
}

static int fake_portid(struct ibmad_port *p)
{
	return 3;
}

static int fake_agent(struct ibmad_port *p, int cls)
{
	return cls;
}

static struct ibmad_port *fake_open(char *ca, int port, int *classes, int n)
{
	return (struct ibmad_port *)&w;
}

static void fake_close(struct ibmad_port *p)
{
	fuzz_check(p == (struct ibmad_port *)&w);
}

static void set(uint8_t *data, enum MAD_FIELDS f, unsigned int v)
{
	w.ib->mad_set_field(data, 0, f, v);
}

static ibnd_port_t *new_port(struct xnode *x, int k, struct fuzz_in *in)
{
	ibnd_port_t *p = calloc(1, sizeof(*p));
	uint8_t f = k < 8 ? fuzz_byte(in) : 0x10, v;

	if (!p)
		abort();
	p->guid = x->nd.guid + (uint64_t)k + 1;
	p->portnum = k;
	if ((x->faults & F_ODD_PORTNUM) && k == 1)
		p->portnum = (int)(int8_t)fuzz_byte(in);
	p->node = &x->nd;
	p->base_lid = k < 8 ? fuzz_lid(in) : 0;
	p->lmc = f & 0x80 ? fuzz_byte(in) % 8 : 0;
	x->state[k] = f & 2 ? (f >> 2) % 8 : 4;
	set(p->info, IB_PORT_STATE_F, x->state[k]);
	set(p->info, IB_PORT_PHYS_STATE_F, f & 0x40 ? fuzz_byte(in) % 16 : 5);
	v = f & 0x20 ? fuzz_byte(in) : 0x42;
	set(p->info, IB_PORT_LINK_WIDTH_ACTIVE_F, v % 32);
	set(p->info, IB_PORT_LINK_SPEED_ACTIVE_F, v >> 4);
	set(p->info, IB_PORT_LINK_SPEED_EXT_ACTIVE_F, (v >> 2) % 16);
	return p;
}

/* Directed routes from node 0 by breadth, as a discovery finds them. */
static void find_paths(void)
{
	int queue[MAX_NODES], head = 0, tail = 0, k;
	bool seen[MAX_NODES] = { true };

	queue[tail++] = 0;
	while (head < tail) {
		struct xnode *x = &w.nodes[queue[head++]];

		if (x != w.nodes && x->nd.type != IB_NODE_SWITCH)
			continue;	/* a CA forwards nothing */
		for (k = 1; k <= x->nd.numports; k++) {
			ibnd_port_t *p = x->nd.ports[k];
			int to;

			if (!p || !p->remoteport ||
			    x->nd.path_portid.drpath.cnt >= 63)
				continue;
			to = (int)((struct xnode *)p->remoteport->node - w.nodes);
			if (seen[to])
				continue;
			seen[to] = true;
			w.nodes[to].nd.path_portid = x->nd.path_portid;
			w.nodes[to].nd.path_portid.drpath.p
				[++w.nodes[to].nd.path_portid.drpath.cnt] =
				(uint8_t)k;
			queue[tail++] = to;
		}
	}
}

static void read_world(struct fuzz_in *in)
{
	ibnd_node_t **tail = &w.fabric.nodes, **types[4] = {
		NULL, &w.fabric.ch_adapters, &w.fabric.switches,
		&w.fabric.routers };
	size_t i, links;
	int k;

	w.n = 1 + fuzz_byte(in) % MAX_NODES;
	for (i = 0; i < w.n; i++) {
		struct xnode *x = &w.nodes[i];
		uint8_t t = fuzz_byte(in), np = fuzz_byte(in), d;

		x->nd.type = t & 3;
		x->nd.numports = np < 0xf0 ? np % 7 : np;
		x->nd.guid = 0x10000 + i * 0x1000;
		x->faults = t & 0x80 ? fuzz_byte(in) : 0;
		memset(x->nd.nodedesc, 'a' + (int)(i % 26), 64);
		d = fuzz_byte(in);
		if (d < 64)
			x->nd.nodedesc[d] = '\0';
		set(x->nd.switchinfo, IB_SW_LINEAR_FDB_TOP_F,
		    t & 0x40 ? fuzz_lid(in) : 63 + 64 * (fuzz_byte(in) % 4));
		x->nd.ports = calloc((size_t)x->nd.numports + 1,
				     sizeof(*x->nd.ports));
		if (!x->nd.ports)
			abort();
		for (k = 0; k <= x->nd.numports; k++) {
			bool want = k || x->nd.type == IB_NODE_SWITCH ||
				    (x->faults & F_CA_PORT0);

			if (want && !(k < 8 && (t & 0x20) && k == 1 + (t & 3)))
				x->nd.ports[k] = new_port(x, k, in);
		}
		x->fill = fuzz_byte(in);
		for (k = 0; k < 8; k++) {
			x->set_lid[k] = fuzz_lid(in);
			x->set_port[k] = fuzz_byte(in);
		}
	}
	links = fuzz_byte(in);
	for (i = 0; i < links; i++) {
		struct xnode *a = &w.nodes[fuzz_byte(in) % w.n], *c;
		int pa = fuzz_byte(in) % (a->nd.numports + 1), pc;

		c = &w.nodes[fuzz_byte(in) % w.n];
		pc = fuzz_byte(in) % (c->nd.numports + 1);
		if (!a->nd.ports[pa] || !c->nd.ports[pc])
			continue;
		a->nd.ports[pa]->remoteport = c->nd.ports[pc];
		c->nd.ports[pc]->remoteport = a->nd.ports[pa];
	}
	find_paths();
	for (i = 0; i < w.n; i++) {
		struct xnode *x = &w.nodes[i];

		if (x->faults & F_BAD_PATH)
			x->nd.path_portid.drpath.p[1 + fuzz_byte(in) % 3] = fuzz_byte(in);
		if (i && (x->faults & F_UNLISTED))
			continue;	/* a remote port's node it does not list */
		*tail = &x->nd;
		tail = &x->nd.next;
		if (types[x->nd.type]) {
			*types[x->nd.type] = &x->nd;
			types[x->nd.type] = &x->nd.type_next;
		}
	}
}

static void free_world(void)
{
	size_t i;
	int k;

	for (i = 0; i < w.n; i++) {
		for (k = 0; k <= w.nodes[i].nd.numports; k++)
			free(w.nodes[i].nd.ports[k]);
		free(w.nodes[i].nd.ports);
	}
	free(w.queue);
}

static bool listed(const struct xnode *x)
{
	const ibnd_node_t *nd;

	for (nd = w.fabric.nodes; nd; nd = nd->next)
		if (nd == &x->nd)
			return true;
	return false;
}

/* Graph index of a listed node: its place in the list. */
static uint32_t index_of(const ibnd_node_t *node)
{
	const ibnd_node_t *nd;
	uint32_t i = 0;

	for (nd = w.fabric.nodes; nd; nd = nd->next, i++)
		if (nd == node)
			return i;
	return RR_NO_NODE;
}

static enum rr_node_type type_of(int t)
{
	return t == IB_NODE_CA ? RR_NODE_CA : t == IB_NODE_SWITCH ?
	       RR_NODE_SWITCH : t == IB_NODE_ROUTER ? RR_NODE_ROUTER :
	       RR_NODE_UNKNOWN;
}

/* What the discovery's links make of each port's peer, in its order. */
struct peer {
	uint32_t node;
	uint8_t port;
};

static void check_graph(const struct rr_graph *g, const ib_portid_t *paths)
{
	static struct peer peers[MAX_NODES][256];
	const ibnd_node_t *nd;
	uint32_t a, b;
	size_t i;
	int k;

	for (i = 0; i < MAX_NODES; i++)
		for (k = 0; k < 256; k++)
			peers[i][k] = (struct peer){ RR_NO_NODE, 0 };
	for (nd = w.fabric.nodes, a = 0; nd; nd = nd->next, a++) {
		for (k = 1; k <= nd->numports; k++) {
			const ibnd_port_t *rp;

			if (!nd->ports[k] || !nd->ports[k]->remoteport)
				continue;
			rp = nd->ports[k]->remoteport;
			b = index_of(rp->node);
			if (b == RR_NO_NODE || rp->portnum < 0 ||
			    rp->portnum > rp->node->numports)
				continue;
			peers[a][k] = (struct peer){ b, (uint8_t)rp->portnum };
			peers[b][rp->portnum] = (struct peer){ a, (uint8_t)k };
		}
	}
	i = 0;
	for (nd = w.fabric.nodes; nd; nd = nd->next, i++) {
		const struct rr_gnode *gn = &g->nodes[i];
		bool sw = nd->type == IB_NODE_SWITCH;

		fuzz_check(i < g->num_nodes);
		fuzz_check(gn->guid == nd->guid && gn->type == type_of(nd->type));
		fuzz_check(gn->num_ports == (unsigned int)nd->numports);
		fuzz_check(strlen(gn->desc) == strnlen(nd->nodedesc, 64) &&
			   !memcmp(gn->desc, nd->nodedesc, strlen(gn->desc)));
		fuzz_check(!memcmp(&paths[i], &nd->path_portid,
				   sizeof(paths[i])));
		fuzz_check(rr_graph_find(g, nd->guid) == i);
		for (k = 0; k <= nd->numports; k++) {
			const struct rr_gport *p = rr_graph_port(g, i,
								 (unsigned int)k);
			const ibnd_port_t *ip = nd->ports[k];
			bool has = ip && (sw || k);

			fuzz_check(p && p->present == has);
			fuzz_check(p->peer == peers[i][k].node &&
				   (p->peer == RR_NO_NODE ||
				    p->peer_port == peers[i][k].port));
			if (!has)
				continue;
			fuzz_check(p->guid == ip->guid);
			fuzz_check(p->lid == (!sw || !k ? ip->base_lid : 0));
			fuzz_check(p->lmc == (!sw || !k ? ip->lmc : 0));
			fuzz_check(p->state == mad_get_field((void *)ip->info, 0,
							     IB_PORT_STATE_F));
			fuzz_check(p->width ==
				   mad_get_field((void *)ip->info, 0,
						 IB_PORT_LINK_WIDTH_ACTIVE_F));
		}
		fuzz_check(gn->lft_len ==
			   (sw ? mad_get_field((void *)nd->switchinfo, 0,
					       IB_SW_LINEAR_FDB_TOP_F) + 1 : 0));
	}
	fuzz_check(i == g->num_nodes);
}

static int by_lid(const void *a, const void *b)
{
	const struct rr_fabric_port *x = a, *y = b;

	if (x->lid != y->lid)
		return x->lid < y->lid ? -1 : 1;
	return x->port_guid < y->port_guid ? -1 : x->port_guid > y->port_guid;
}

static void check_ports(struct rr_fabric *f)
{
	struct rr_fabric_port *want = fuzz_alloc(MAX_NODES * 256 * sizeof(*want));
	const ibnd_node_t *nd;
	size_t num = 0, i;
	int k;

	for (nd = w.fabric.ch_adapters; nd; nd = nd->type_next)
		for (k = 1; k <= nd->numports; k++) {
			const ibnd_port_t *p = nd->ports[k];

			if (!p || !p->base_lid)
				continue;
			memset(&want[num], 0, sizeof(want[num]));
			want[num].node_guid = nd->guid;
			want[num].port_guid = p->guid;
			want[num].lid = p->base_lid;
			want[num].port = (uint8_t)p->portnum;
			memcpy(want[num].desc, nd->nodedesc, 64);
			num++;
		}
	fuzz_check(f->num == num);
	for (i = 1; i < num; i++)
		fuzz_check(f->ports[i - 1].lid <= f->ports[i].lid);
	if (num) {
		qsort(f->ports, num, sizeof(*f->ports), by_lid);
		qsort(want, num, sizeof(*want), by_lid);
	}
	for (i = 0; i < num; i++)
		fuzz_check(f->ports[i].node_guid == want[i].node_guid &&
			   f->ports[i].port_guid == want[i].port_guid &&
			   f->ports[i].lid == want[i].lid &&
			   f->ports[i].port == want[i].port &&
			   !strcmp(f->ports[i].desc, want[i].desc));
	free(want);
}

static void check_tables(const struct rr_graph *g, const ib_portid_t *paths,
			 const struct rr_graph_read *info,
			 const uint32_t *tops)
{
	size_t i, switches = 0, unread = 0, total = 0;
	uint32_t len, lid;
	int at;

	for (i = 0; i < g->num_nodes; i++) {
		const struct rr_gnode *gn = &g->nodes[i];

		if (gn->type != RR_NODE_SWITCH) {
			fuzz_check(!gn->lft && !gn->lft_len);
			continue;
		}
		switches++;
		len = tops[i] > RR_MAX_UNICAST_LID + 1 ?
		      RR_MAX_UNICAST_LID + 1 : tops[i];
		len = (len + 63) / 64 * 64;
		total += len / 64;
		at = follow(paths[i].drpath.p, paths[i].drpath.cnt);
		if (!gn->lft_read) {
			unread++;
			fuzz_check(!gn->lft && !gn->lft_len);
			/* Only a table that cannot come back whole. */
			fuzz_check(at < 0 || w.nodes[at].faults ||
				   w.nodes[at].nd.type != IB_NODE_SWITCH);
			continue;
		}
		fuzz_check(at >= 0 && gn->lft && gn->lft_len == len);
		for (lid = 0; lid < len; lid++)
			fuzz_check(gn->lft[lid] == lft_entry(&w.nodes[at], lid));
	}
	fuzz_check(info->switches == switches);
	fuzz_check(info->tables_unread == unread);
	fuzz_check(info->blocks_lost <= info->blocks && info->blocks <= total);
	fuzz_check(!unread == !info->blocks_lost);
	fuzz_check(unread || info->blocks == total);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rr_sa_lib ib = {
		.umad_get_mad = umad_get_mad,
		.umad_size = umad_size,
		.umad_status = umad_status,
		.umad_send = fake_send,
		.umad_recv = fake_recv,
		.mad_rpc_open_port = fake_open,
		.mad_rpc_close_port = fake_close,
		.mad_rpc_portid = fake_portid,
		.mad_rpc_class_agent = fake_agent,
		.mad_build_pkt = mad_build_pkt,
		.mad_set_field = mad_set_field,
		.mad_set_field64 = mad_set_field64,
		.mad_get_field64 = mad_get_field64,
		.mad_get_field = mad_get_field,
		.mad_decode_field = mad_decode_field,
	};
	struct fuzz_in in = { data, size, 0 };
	struct rr_fabric_tables_params params = { .timeout_ms = 1000 };
	struct rr_graph_read info = { 0 };
	struct rr_endpoint *eps;
	struct rr_routes routes;
	struct rr_fabric ports;
	ib_portid_t *paths;
	struct rr_graph g;
	uint32_t tops[MAX_NODES];
	char why[64];
	size_t i, n;

	memset(&w, 0, sizeof(w));
	w.ib = &ib;
	read_world(&in);
	params.window = 1 + fuzz_byte(&in) % 16;

	memset(&ports, 0, sizeof(ports));
	fuzz_check(rr_fabric_ports_of(&w.fabric, ibnd_iter_nodes_type, &ports));
	check_ports(&ports);
	rr_fabric_free(&ports);

	fuzz_check(rr_fabric_graph_of(&w.fabric, ibnd_iter_nodes,
				      ibnd_iter_nodes_type, &ib, &g, &paths));
	check_graph(&g, paths);
	for (i = 0; i < g.num_nodes; i++)
		tops[i] = g.nodes[i].lft_len;
	fuzz_check(rr_fabric_tables_fill(&ib, &params, &g, paths, &info, why,
					 sizeof(why)));
	check_tables(&g, paths, &info, tops);

	fuzz_check(rr_graph_endpoints(&g, &eps, &n));
	fuzz_check(rr_routes_init(&routes, &g));
	fuzz_check(rr_routes_all_pairs(&g, eps, n > 24 ? 24 : n, &routes,
				       NULL, NULL));
	rr_routes_free(&routes);
	free(eps);
	free(paths);
	rr_graph_free(&g);
	for (i = 0; i < w.n; i++)
		if (!listed(&w.nodes[i]))
			fuzz_check(i);	/* node 0, the discovery's own, is */
	free_world();
	return 0;
}
