// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --sa --trace whole: rr_sa_trace() (sa_trace.c) and the batches it sends
 * (mad_batch.c) through the MAD window (mad_window.c), against a fabric
 * of any shape that the input describes, answered by a fake of
 * libibumad's umad_send()/umad_recv(): the MADs are built and the
 * answers decoded by the real libibmad, as a run does.
 * Every SMP is answered as a node's SMA would from where its directed
 * route leads (NodeInfo, NodeDescription, PortInfo of any port, a
 * LinearForwardingTable block; an error status past a node's ports or for
 * a table a CA does not have), every PortCounters by the PMA at its LID;
 * field values of any width the wire allows (types, NumPorts up to 255,
 * LIDs of 16 bits, LMC, states, MTUs, speeds), descriptions of any 64
 * bytes, GUIDs that repeat.  The input also drops answers, gives error
 * statuses, answers twice, out of order, with the umad's own error, with
 * the answer to an SA query the window keeps aside in between, and
 * sets --from.
 * Checks: the trace ends (a bounded number of MADs, each a directed
 * route of at most 63 hops or a PMA query by LID); its hops are at most
 * as many as a directed route has nodes, each name ended; an arrival
 * ends at a port that holds the destination's LID; a failure is the
 * trace step's, its place said and ended; the SA's answer, when it
 * came, is kept whole.  The hops then judged against a path's rate and
 * MTU (rr_hops_judge()) as the SA backend does, and the result rendered:
 * its JSON parses.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <json-c/json.h>

#include "mad/sa_trace.h"
#include "model/probe/decode.h"
#include "output/printer.h"
#include "output/render.h"
#include "fuzz.h"

#define MAX_NODES 100
#define MAX_SENT 4000
#define NO_PEER UINT32_MAX

struct fport {
	bool present;
	uint16_t lid;
	uint8_t lmc, state, phys, width, speed, mtu;
	uint32_t peer;
	uint8_t peer_port;
};

struct fnode {
	uint8_t type;		/* NodeInfo's: 1 CA, 2 switch, 3 router */
	unsigned int num_ports;
	uint64_t guid;
	uint8_t desc[64];
	struct fport *ports;	/* 0 to num_ports */
	uint8_t fill;		/* a switch's table: every LID ... */
	uint16_t set_lid[8];	/* ... but these */
	uint8_t set_port[8];
	uint8_t faults;		/* below */
};

enum {
	F_NO_NODE_INFO = 1, F_PORT_ERROR = 2, F_NO_LFT = 4, F_NO_DESC = 8,
	F_NO_PMA = 16, F_UMAD_STATUS = 32, F_TWICE = 64,
};

struct answer {
	uint8_t umad[sizeof(struct ib_user_mad) + IB_MAD_SIZE];
	int len;
};

static struct fabric {
	struct fnode nodes[MAX_NODES];
	size_t n;
	int local_port;
	const struct rr_sa_lib *ib;
	struct answer *queue;
	size_t num_queued, cap_queued;
	unsigned int sent;
	bool lifo;
	/* The SA's answer, put in the queue after this many sends. */
	bool aside_due;
	unsigned int aside_at;
	uint32_t aside_trid;
} fab;

static struct answer *queue_slot(void)
{
	struct answer *a;

	if (fab.num_queued == fab.cap_queued) {
		fab.cap_queued = fab.cap_queued ? 2 * fab.cap_queued : 16;
		fab.queue = realloc(fab.queue, fab.cap_queued * sizeof(*a));
		if (!fab.queue)
			abort();
	}
	a = &fab.queue[fab.num_queued++];
	memset(a, 0, sizeof(*a));
	return a;
}

static bool link_up(const struct fport *p)
{
	return p->present && p->peer != NO_PEER && p->state >= 2 &&
	       p->state <= 5;
}

/* Where the directed route PATH (HOPS of it) leads: a node, its port in. */
static bool follow(const uint8_t *path, unsigned int hops, size_t *node,
		   unsigned int *in)
{
	size_t at = 0;
	unsigned int port = (unsigned int)fab.local_port, i, out;

	for (i = 1; i <= hops; i++) {
		const struct fnode *nd = &fab.nodes[at];

		out = path[i];
		/* Only a switch forwards; the origin sends by any port. */
		if ((i > 1 && nd->type != 2) || out > nd->num_ports ||
		    !link_up(&nd->ports[out]))
			return false;
		port = nd->ports[out].peer_port;
		at = nd->ports[out].peer;
	}
	*node = at;
	*in = port;
	return true;
}

static void set(uint8_t *data, enum MAD_FIELDS f, unsigned int v)
{
	fab.ib->mad_set_field(data, 0, f, v);
}

/* PortInfo of node ND's port PORT (its port in for a CA's 0). */
static bool port_info(const struct fnode *nd, unsigned int port,
		      unsigned int in, uint8_t *data)
{
	const struct fport *p;

	if (nd->type != 2 && port == 0)
		port = in;
	if (port > nd->num_ports || (nd->faults & F_PORT_ERROR))
		return false;
	p = &nd->ports[port];
	set(data, IB_PORT_LID_F, p->lid);
	set(data, IB_PORT_LMC_F, p->lmc);
	set(data, IB_PORT_STATE_F, p->state);
	set(data, IB_PORT_PHYS_STATE_F, p->phys);
	set(data, IB_PORT_LINK_WIDTH_ACTIVE_F, p->width);
	set(data, IB_PORT_LINK_SPEED_ACTIVE_F, p->speed & 0xf);
	set(data, IB_PORT_LINK_SPEED_EXT_ACTIVE_F, p->speed >> 4);
	set(data, IB_PORT_NEIGHBOR_MTU_F, p->mtu);
	set(data, IB_PORT_LOCAL_PORT_F, port);
	return true;
}

/* The SMA's answer at node ND (in by IN) to ATTR (MOD); false: an error. */
static bool smp_answer(const struct fnode *nd, unsigned int in,
		       unsigned int attr, unsigned int mod, uint8_t *data)
{
	unsigned int i, k;
	uint32_t lid;

	switch (attr) {
	case IB_ATTR_NODE_INFO:
		set(data, IB_NODE_TYPE_F, nd->type);
		set(data, IB_NODE_NPORTS_F, nd->num_ports);
		set(data, IB_NODE_LOCAL_PORT_F, in);
		fab.ib->mad_set_field64(data, 0, IB_NODE_GUID_F, nd->guid);
		return !(nd->faults & F_NO_NODE_INFO);
	case IB_ATTR_NODE_DESC:
		memcpy(data, nd->desc, 64);
		return !(nd->faults & F_NO_DESC);
	case IB_ATTR_PORT_INFO:
		return port_info(nd, mod, in, data);
	case IB_ATTR_LINEARFORWTBL:
		if (nd->type != 2 || (nd->faults & F_NO_LFT))
			return false;
		for (i = 0; i < 64; i++) {
			lid = mod * 64 + i;
			data[i] = nd->fill;
			for (k = 0; k < 8; k++)
				if (nd->set_lid[k] == lid)
					data[i] = nd->set_port[k];
		}
		return true;
	default:
		fuzz_fail(__FILE__, __LINE__, "an SMP the trace does not send");
		return false;
	}
}

/* The node whose port holds LID, and which port (a switch's: 0). */
static bool by_lid(uint16_t lid, size_t *node)
{
	size_t i;
	unsigned int k;

	for (i = 0; i < fab.n; i++)
		for (k = 0; k <= fab.nodes[i].num_ports; k++) {
			const struct fport *p = &fab.nodes[i].ports[k];

			if ((fab.nodes[i].type == 2) != (k == 0))
				continue;
			if (p->present && p->lid && lid >= p->lid &&
			    lid - p->lid < 1U << p->lmc) {
				*node = i;
				return true;
			}
		}
	return false;
}

static int fake_send(int portid, int agentid, void *umad, int length,
		     int timeout_ms, int retries)
{
	const struct rr_sa_lib *ib = fab.ib;
	uint8_t *mad = ib->umad_get_mad(umad), *rmad;
	unsigned int cls, attr, mod, hops, in = 0, status = 0;
	struct answer *a;
	size_t node;
	bool known;

	fuzz_check(length >= IB_MAD_SIZE && timeout_ms > 0);
	fuzz_check(++fab.sent <= MAX_SENT);
	cls = ib->mad_get_field(mad, 0, IB_MAD_MGMTCLASS_F);
	attr = ib->mad_get_field(mad, 0, IB_MAD_ATTRID_F);
	mod = ib->mad_get_field(mad, 0, IB_MAD_ATTRMOD_F);
	if (cls == IB_SA_CLASS) {
		/* The SA's query before the walk: answered a few sends later. */
		fab.aside_trid = (uint32_t)ib->mad_get_field64(mad, 0,
							       IB_MAD_TRID_F);
		fab.aside_at += fab.sent;
		fab.aside_due = true;
		return 0;
	}
	if (fab.aside_due && fab.sent == fab.aside_at) {
		a = queue_slot();
		a->len = IB_MAD_SIZE;
		ib->mad_set_field64(ib->umad_get_mad(a->umad), 0, IB_MAD_TRID_F,
				    fab.aside_trid);
		fab.aside_due = false;
	}
	if (cls == IB_SMI_DIRECT_CLASS) {
		hops = ib->mad_get_field(mad, 0, IB_DRSMP_HOPCNT_F);
		fuzz_check(hops <= IB_SUBNET_PATH_HOPS_MAX - 1);
		known = follow(mad + 128, hops, &node, &in);
	} else {
		fuzz_check(cls == IB_PERFORMANCE_CLASS &&
			   attr == IB_GSI_PORT_COUNTERS);
		known = by_lid(ntohs(((struct ib_user_mad *)umad)->addr.lid),
			       &node) && !(fab.nodes[node].faults & F_NO_PMA);
	}
	if (!known)
		return 0;	/* sent; no answer comes */
	a = queue_slot();
	a->len = IB_MAD_SIZE;
	rmad = ib->umad_get_mad(a->umad);
	memcpy(rmad, mad, IB_MAD_SIZE);
	ib->mad_set_field(rmad, 0, IB_MAD_METHOD_F, IB_MAD_METHOD_GET_RESPONSE);
	if (cls == IB_SMI_DIRECT_CLASS) {
		memset(rmad + IB_SMP_DATA_OFFS, 0, IB_SMP_DATA_SIZE);
		if (!smp_answer(&fab.nodes[node], in, attr, mod,
				rmad + IB_SMP_DATA_OFFS))
			status = 0x1c;	/* invalid attribute or modifier */
		ib->mad_set_field(rmad, 0, IB_DRSMP_DIRECTION_F, 1);
		ib->mad_set_field(rmad, 0, IB_DRSMP_STATUS_F, status);
	} else {
		/* Counters: bytes of the node's description, any values. */
		memcpy(rmad + IB_PC_DATA_OFFS + 8, fab.nodes[node].desc, 64);
	}
	if (fab.nodes[node].faults & F_UMAD_STATUS)
		((struct ib_user_mad *)a->umad)->status = 110;	/* ETIMEDOUT */
	if (fab.nodes[node].faults & F_TWICE) {
		struct answer again = *a;	/* the queue may move */

		*queue_slot() = again;
	}
	return 0;
}

static int fake_recv(int portid, void *umad, int *length, int timeout_ms)
{
	struct answer *a;
	int len;

	fuzz_check(timeout_ms >= 0);
	if (!fab.num_queued)
		return -ETIMEDOUT;	/* nothing came in time */
	a = &fab.queue[fab.lifo ? fab.num_queued - 1 : 0];
	len = a->len;
	if (len > *length)
		len = *length;	/* as the kernel cuts it: the MAD fits */
	/* libibumad's header is umad_size(), not the header's struct. */
	memcpy(umad, a->umad, fab.ib->umad_size() + (size_t)len);
	*length = len;
	if (!fab.lifo)
		memmove(fab.queue, fab.queue + 1,
			(fab.num_queued - 1) * sizeof(*a));
	fab.num_queued--;
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

static void read_fabric(struct fuzz_in *in)
{
	size_t i, links;
	unsigned int k;

	fab.n = 1 + fuzz_byte(in) % MAX_NODES;
	for (i = 0; i < fab.n; i++) {
		struct fnode *nd = &fab.nodes[i];
		uint8_t t = fuzz_byte(in), np = fuzz_byte(in), x;

		/* NodeInfo's type, the four known or, now and then, any. */
		nd->type = t & 0x20 && (t & 3) == 0 ? fuzz_byte(in) : t & 3;
		nd->num_ports = np < 0xf0 ? np % 7 : np;
		nd->guid = t & 0x40 ? 0x1000 : 0x1000 + i * 7919;
		memset(nd->desc, 'A' + (int)(i % 26), sizeof(nd->desc));
		x = fuzz_byte(in);
		if (x < 64)
			nd->desc[x] = '\0';
		else if (x >= 0xf0)
			nd->desc[x % 64] = (char)0xc3;	/* half a character */
		nd->faults = t & 0x80 ? fuzz_byte(in) : 0;
		nd->ports = fuzz_alloc((nd->num_ports + 1) * sizeof(*nd->ports));
		for (k = 0; k <= nd->num_ports; k++) {
			struct fport *p = &nd->ports[k];
			uint8_t f = k < 8 ? fuzz_byte(in) : 0;

			memset(p, 0, sizeof(*p));
			p->present = !(f & 1);
			p->state = f & 2 ? (uint8_t)((f >> 2) % 8) : 4;
			p->lid = k < 8 ? fuzz_lid(in) : 0;
			p->lmc = f & 0x80 ? (uint8_t)(fuzz_byte(in) % 8) : 0;
			p->phys = f & 0x40 ? (uint8_t)(fuzz_byte(in) % 16) : 5;
			x = f & 0x20 ? fuzz_byte(in) : 0x42;
			p->width = (uint8_t)(1 << (x % 5));
			p->speed = (uint8_t)((x >> 3) % 6 ? 1 << ((x >> 3) % 6) : 0);
			p->mtu = (uint8_t)(x >> 4);
			if (f & 0x10) {
				/* Any width, speed and extended speed codes. */
				p->width = fuzz_byte(in);
				p->speed = fuzz_byte(in);
			}
			p->peer = NO_PEER;
		}
		nd->fill = fuzz_byte(in);
		for (k = 0; k < 8; k++) {
			nd->set_lid[k] = fuzz_lid(in);
			nd->set_port[k] = fuzz_byte(in);
		}
	}
	links = fuzz_byte(in);
	for (i = 0; i < links; i++) {
		uint32_t a = fuzz_byte(in) % fab.n, c;
		unsigned int pa = fuzz_byte(in) % (fab.nodes[a].num_ports + 1), pc;

		c = fuzz_byte(in) % fab.n;
		pc = fuzz_byte(in) % (fab.nodes[c].num_ports + 1);
		fab.nodes[a].ports[pa].peer = c;
		fab.nodes[a].ports[pa].peer_port = (uint8_t)pc;
		fab.nodes[c].ports[pc].peer = a;
		fab.nodes[c].ports[pc].peer_port = (uint8_t)pa;
	}
}

static void check_outcome(const struct rr_outcome *o, bool ok, uint16_t dlid)
{
	const struct rr_hop *last;
	int i;

	/* The source, and a node a hop of a directed route (63). */
	fuzz_check(o->num_hops >= 0 && o->num_hops <= IB_SUBNET_PATH_HOPS_MAX);
	for (i = 0; i < o->num_hops; i++)
		fuzz_check(memchr(o->hops[i].name, '\0',
				  sizeof(o->hops[i].name)));
	fuzz_check(memchr(o->fail.where, '\0', sizeof(o->fail.where)));
	if (!ok) {
		fuzz_check(o->fail.step == RR_STEP_TRACE && o->fail.call &&
			   o->fail.where[0]);
		return;
	}
	fuzz_check(o->num_hops >= 1);
	last = &o->hops[o->num_hops - 1];
	fuzz_check(last->lid && dlid >= last->lid && dlid - last->lid < 128);
	fuzz_check(!last->out_port || o->num_hops == 1);
}

/* The trace into a result, as the SA backend takes it, then shown. */
static void render(struct rr_outcome *t, bool ok, struct fuzz_in *in)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *doc;
	char *buf = NULL, *ebuf = NULL;
	size_t len = 0, elen = 0;
	struct rr_result r;
	struct printer *p;
	FILE *out, *err;
	int k;

	memset(&r, 0, sizeof(r));
	r.probe.target = "5";
	r.probe.kind = RR_PROBE_SA;
	r.probe.sa.kind = RR_SA_LID;
	r.probe.sa.lid = 5;
	r.out = *t;
	r.out.ok = ok;
	rr_hops_judge(r.out.hops, r.out.num_hops, rr_rate_gbps(fuzz_byte(in) % 32),
		      rr_mtu_bytes(fuzz_byte(in) % 8));
	for (k = 0; k < 2; k++) {
		out = open_memstream(&buf, &len);
		err = open_memstream(&ebuf, &elen);
		if (!out || !err)
			abort();
		p = pr_new(k ? RR_FORMAT_TEXT : RR_FORMAT_JSON, out, err);
		if (!p)
			abort();
		rr_render_begin(p, 5000, 1, 200);
		rr_render_result(p, &r, false);
		pr_finish(p);
		fclose(out);
		fclose(err);
		if (!k) {
			json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
						    JSON_TOKENER_VALIDATE_UTF8);
			doc = json_tokener_parse_ex(tok, buf, (int)len);
			fuzz_check(doc && json_tokener_get_error(tok) ==
					  json_tokener_success);
			json_object_put(doc);
		}
		free(buf);
		free(ebuf);
		buf = ebuf = NULL;
	}
	json_tokener_free(tok);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rr_sa_lib ib = {
		.umad_get_mad = umad_get_mad,
		.umad_size = umad_size,
		.umad_status = umad_status,
		.umad_send = fake_send,
		.umad_recv = fake_recv,
		.mad_rpc_portid = fake_portid,
		.mad_rpc_class_agent = fake_agent,
		.mad_build_pkt = mad_build_pkt,
		.mad_encode_field = mad_encode_field,
		.mad_set_field = mad_set_field,
		.mad_set_field64 = mad_set_field64,
		.mad_get_field64 = mad_get_field64,
		.mad_get_field = mad_get_field,
		.mad_decode_field = mad_decode_field,
	};
	struct fuzz_in in = { data, size, 0 };
	struct rr_sa_trace_ends ends = { 0 };
	struct rr_mad_window *win;
	struct rr_mad_reply rep;
	struct rr_outcome out;
	uint8_t flags;
	size_t i;
	bool ok;

	memset(&fab, 0, sizeof(fab));
	fab.ib = &ib;
	read_fabric(&in);
	flags = fuzz_byte(&in);
	fab.local_port = fuzz_byte(&in) % (fab.nodes[0].num_ports + 1);
	fab.lifo = flags & 1;
	ends.port = fab.local_port;
	ends.self_lid = fab.nodes[0].ports[fab.local_port].lid;
	ends.dlid = fuzz_lid(&in);
	if (flags & 2)
		ends.from_lid = fuzz_lid(&in);
	win = rr_mad_window_new(&ib, (struct ibmad_port *)&fab, 2 * IB_MAD_SIZE);
	fuzz_check(win != NULL);
	if (flags & 4) {
		/* An SA query in flight, sent as the SA backend sends it. */
		ib_rpc_t rpc = { .mgtclass = IB_SA_CLASS,
				 .method = IB_MAD_METHOD_GET,
				 .attr.id = IB_SA_ATTR_PATHRECORD };
		ib_portid_t sm = { .lid = 1, .qp = 1,
				   .qkey = IB_DEFAULT_QP1_QKEY };

		fab.aside_at = 1 + fuzz_byte(&in) % 8;
		fuzz_check(!rr_mad_send(win, RR_MAD_SA, 42, &rpc, &sm, NULL,
					rr_mad_now_ms() + 5000));
	}

	memset(&out, 0, sizeof(out));
	ok = rr_sa_trace(&ib, win, &ends, 5000, NULL, &out);
	check_outcome(&out, ok, ends.dlid);
	fuzz_check(rr_mad_in_flight(win, RR_MAD_TRACE) == 0);
	if ((flags & 4) && !fab.aside_due) {
		/* Its answer came during the walk: kept for the SA, whole. */
		rr_mad_next(win, RR_MAD_SA, rr_mad_now_ms() + 5000, &rep);
		fuzz_check(rep.event == RR_MAD_ANSWER && rep.cookie == 42);
		fuzz_check(rep.len == IB_MAD_SIZE);
		fuzz_check((uint32_t)mad_get_field64((void *)rep.mad, 0,
						     IB_MAD_TRID_F) ==
			   fab.aside_trid);
	}
	rr_mad_window_free(win);

	render(&out, ok, &in);
	free(out.hops);
	free(fab.queue);
	for (i = 0; i < fab.n; i++)
		free(fab.nodes[i].ports);
	return 0;
}
