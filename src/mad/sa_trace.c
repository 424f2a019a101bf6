// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mad/mad_batch.h"
#include "mad/sa_trace.h"
#include "base/clock.h"
#include "base/ib_port.h"
#include "model/explain/chain.h"
#include "model/probe/decode.h"
#include "model/fabric/fabric_graph.h"

/* A directed route has room for 63 hops after the source. */
#define MAX_HOPS (IB_SUBNET_PATH_HOPS_MAX - 1)

/*
 * What a node is asked first, all at once: NodeInfo, NodeDescription,
 * and PortInfo of one port (port 0: a switch's own, a CA's the SMP came
 * in by); a node beyond the last also its forwarding table block of the
 * LID, which only a switch has (a CA answers it with an error status),
 * but asking before its type is known saves a round trip a switch.
 */
enum { Q_NODE, Q_DESC, Q_PORT, Q_LFT, Q_FIRST };
/*
 * Then, once NodeInfo and the table said: the ports in and out, and the
 * first round of the node beyond the out port (Q_FIRST more), at once.
 */
enum { Q_IN, Q_OUT, Q_THEN };

struct walk {
	const struct rr_sa_lib *ib;
	struct rr_mad_window *win;
	unsigned int timeout_ms;
	struct timespec deadline;	/* the walk's, then the counters' */
	uint16_t dlid;
	const struct rr_node_names *names;
	ib_portid_t at;			/* directed route to the node read */
	struct rr_outcome *out;		/* where hops go */
	struct rr_outcome *first;	/* the trace's own */
	bool back;			/* --from a CA: its switch is behind */
	/* The next node's first round, asked with this one's last. */
	struct rr_mad_q next[Q_FIRST];
	bool have_next;
};

/* What NodeInfo says of the node at W->at. */
struct node {
	enum rr_node_type type;
	unsigned int num_ports, in_port;
	uint64_t guid;
};

/* What PortInfo says of one of its ports. */
struct port {
	uint16_t lid;
	unsigned int lmc, state, phys_state, width, speed, mtu;
};

/* One round of the walk's MADs, at once, within its deadline. */
static void ask(struct walk *w, struct rr_mad_q *qs, int n)
{
	rr_mad_batch(w->win, w->ib, qs, n, w->timeout_ms, &w->deadline);
}

static unsigned int field(const struct walk *w, const struct rr_mad_q *q,
			  enum MAD_FIELDS f)
{
	return w->ib->mad_get_field((void *)q->data, 0, f);
}

static bool node_of(const struct walk *w, const struct rr_mad_q *q,
		    struct node *n)
{
	if (!q->ok)
		return false;
	n->type = (enum rr_node_type)field(w, q, IB_NODE_TYPE_F);
	n->num_ports = field(w, q, IB_NODE_NPORTS_F);
	n->in_port = field(w, q, IB_NODE_LOCAL_PORT_F);
	n->guid = w->ib->mad_get_field64((void *)q->data, 0, IB_NODE_GUID_F);
	return true;
}

/* The map's name, else NodeDescription: 64 bytes, not always ended. */
static void name_of(const struct walk *w, const struct rr_mad_q *q,
		    struct rr_hop *h)
{
	const char *mapped = w->names ? rr_node_names_find(w->names, h->guid) :
					NULL;

	if (mapped)
		snprintf(h->name, sizeof(h->name), "%s", mapped);
	else if (q->ok)
		snprintf(h->name, sizeof(h->name), "%.64s", (const char *)q->data);
}

static bool port_of(const struct walk *w, const struct rr_mad_q *q,
		    struct port *p)
{
	if (!q->ok)
		return false;
	p->lid = (uint16_t)field(w, q, IB_PORT_LID_F);
	p->lmc = field(w, q, IB_PORT_LMC_F);
	p->state = field(w, q, IB_PORT_STATE_F);
	p->phys_state = field(w, q, IB_PORT_PHYS_STATE_F);
	p->width = field(w, q, IB_PORT_LINK_WIDTH_ACTIVE_F);
	p->speed = rr_port_info_speed(field(w, q, IB_PORT_LINK_SPEED_ACTIVE_F),
				      field(w, q, IB_PORT_LINK_SPEED_EXT_ACTIVE_F));
	p->mtu = rr_mtu_bytes((uint8_t)field(w, q, IB_PORT_NEIGHBOR_MTU_F));
	return true;
}

/* The first round's queries (Q_FIRST) to the node at AT, PortInfo of PORT. */
static void first_queries(const struct walk *w, struct rr_mad_q *qs,
			  const ib_portid_t *at, unsigned int port)
{
	rr_mad_q_smp(&qs[Q_NODE], at, IB_ATTR_NODE_INFO, 0);
	rr_mad_q_smp(&qs[Q_DESC], at, IB_ATTR_NODE_DESC, 0);
	rr_mad_q_smp(&qs[Q_PORT], at, IB_ATTR_PORT_INFO, port);
	rr_mad_q_smp(&qs[Q_LFT], at, IB_ATTR_LINEARFORWTBL, w->dlid / 64U);
}

/*
 * The first round of the node beyond W->at's port PORT, added to the
 * round QS (N queries) going to W->at, which holds PortInfo of PORT at
 * GATE: a round trip a hop saved.  When the gate says the link is not
 * Active, the round waits for them no longer.  Returns the round's size.
 */
static int ask_ahead(const struct walk *w, struct rr_mad_q *qs, int n,
		     int gate, unsigned int port)
{
	ib_portid_t beyond = w->at;

	if (beyond.drpath.cnt >= MAX_HOPS)
		return n;
	beyond.drpath.p[++beyond.drpath.cnt] = (uint8_t)port;
	first_queries(w, qs + n, &beyond, 0);
	qs[gate].gate = true;
	return n + Q_FIRST;
}

/* What the round QS (N) asked ahead, at QS + AT, kept for the next node. */
static void keep_ahead(struct walk *w, const struct rr_mad_q *qs, int n,
		       int at)
{
	w->have_next = n > at;
	if (w->have_next)
		memcpy(w->next, qs + at, sizeof(w->next));
}

static struct rr_hop *add_hop(struct walk *w)
{
	struct rr_outcome *o = w->out;
	struct rr_hop *grown;

	grown = realloc(o->hops, (size_t)(o->num_hops + 1) * sizeof(*grown));
	if (!grown)
		return NULL;
	o->hops = grown;
	memset(&grown[o->num_hops], 0, sizeof(*grown));
	return &grown[o->num_hops++];
}

/* The link H leaves by, as its out port P says. */
static void set_link(struct rr_hop *h, const struct port *p)
{
	h->have_link = true;
	h->state = (uint8_t)p->state;
	h->phys_state = (uint8_t)p->phys_state;
	h->width = (uint8_t)p->width;
	h->speed = p->speed;
	h->rate_gbps = rr_port_rate_gbps(p->speed, p->width);
	h->mtu = p->mtu;
}

/*
 * The route dies where an SMP's answer shows it (or no answer came):
 * CALL names that SMP as an admin reads it, SubnGet(PortInfo) for a port
 * that is down, SubnGet(LinearForwardingTable) for an entry unset.
 */
static const char SMP_NODE[] = "SubnGet(NodeInfo)";
static const char SMP_PORT[] = "SubnGet(PortInfo)";
static const char SMP_LFT[] = "SubnGet(LinearForwardingTable)";

static bool died(struct walk *w, const char *call, enum rr_cause cause,
		 const char *fmt, ...)
{
	va_list ap;

	rr_fail_cause(w->out, RR_STEP_TRACE, call, 0, cause, NULL);
	va_start(ap, fmt);
	vsnprintf(w->out->fail.where, sizeof(w->out->fail.where), fmt, ap);
	va_end(ap);
	return false;
}

static const char *hop_name(const struct rr_hop *h, char *buf, size_t len)
{
	if (h->name[0])
		snprintf(buf, len, "%s", h->name);
	else
		snprintf(buf, len, "0x%016llx", (unsigned long long)h->guid);
	return buf;
}

/* One step further along the directed route, out of PORT. */
static bool step_out(struct walk *w, unsigned int port)
{
	if (w->at.drpath.cnt >= MAX_HOPS)
		return false;
	w->at.drpath.p[++w->at.drpath.cnt] = (uint8_t)port;
	return true;
}

/* A CA (or router) port holds DLID in its LID range. */
static bool holds(const struct port *p, uint16_t dlid)
{
	return p->lid && dlid >= p->lid && dlid < p->lid + (1U << p->lmc);
}

static bool seen(const struct rr_outcome *o, uint64_t guid)
{
	int i;

	for (i = 0; i + 1 < o->num_hops; i++)
		if (o->hops[i].guid == guid)
			return true;
	return false;
}

/* The out port a switch's table block (first round) names; 0: none. */
static unsigned int table_port(const struct walk *w, const struct rr_mad_q *qs,
			       const struct node *n)
{
	unsigned int to;

	if (n->type != RR_NODE_SWITCH || !qs[Q_LFT].ok)
		return 0;
	to = qs[Q_LFT].data[w->dlid % 64U];
	return to == RR_LFT_UNSET || to > n->num_ports ? 0 : to;
}

/*
 * The switch at W->at: where does it send DLID?  FIRST holds its port 0
 * (Q_PORT) and table block, THEN its out port.
 */
static bool cross_switch(struct walk *w, struct rr_hop *h,
			 const struct node *n, const struct rr_mad_q *first,
			 const struct rr_mad_q *then, bool *arrived)
{
	struct port self, out;
	unsigned int to;
	char name[128];

	hop_name(h, name, sizeof(name));
	if (!port_of(w, &first[Q_PORT], &self))
		return died(w, SMP_PORT, RR_CAUSE_SMP_TIMEOUT,
			    "%s gave no PortInfo of port 0", name);
	h->lid = self.lid;
	if (holds(&self, w->dlid)) {
		*arrived = true;	/* the switch's own management port */
		return true;
	}
	if (seen(w->out, h->guid))
		return died(w, SMP_NODE, RR_CAUSE_ROUTE_LOOP,
			    "the route to LID %u comes back to %s", w->dlid, name);
	if (!first[Q_LFT].ok)
		return died(w, SMP_LFT, RR_CAUSE_SMP_TIMEOUT,
			    "%s gave no forwarding table block", name);
	to = first[Q_LFT].data[w->dlid % 64U];
	if (to == RR_LFT_UNSET)
		return died(w, SMP_LFT, RR_CAUSE_ROUTE_DEAD_END,
			    "%s has no route for LID %u", name, w->dlid);
	if (!to || to > n->num_ports)
		return died(w, SMP_LFT, RR_CAUSE_ROUTE_BAD_PORT,
			    "%s sends LID %u to port %u of its %u", name,
			    w->dlid, to, n->num_ports);
	h->out_port = (uint8_t)to;
	if (!port_of(w, &then[Q_OUT], &out))
		return died(w, SMP_PORT, RR_CAUSE_SMP_TIMEOUT,
			    "%s gave no PortInfo of port %u", name, to);
	set_link(h, &out);
	if (!rr_port_state_active((int)out.state))
		return died(w, SMP_PORT, RR_CAUSE_ROUTE_LINK_DOWN,
			    "%s port %u is %s (physical state %s)", name, to,
			    rr_port_state_name((int)out.state),
			    rr_phys_state_name((int)out.phys_state));
	return true;
}

/* One hop back to the switch before a source CA (--from); its port. */
static unsigned int step_back(struct walk *w)
{
	/*
	 * A CA forwards no directed route: the switch beyond the source is
	 * one hop back on the path to it, entered (for the route) by the
	 * port that path left it by.
	 */
	w->back = false;
	return w->at.drpath.p[w->at.drpath.cnt--];
}

/*
 * A CA's (or router's) PortInfo of port 0 is of the port the SMP came in
 * by, as its LocalPortNum says: the port in, asked already.
 */
static bool in_port_known(const struct walk *w, const struct rr_mad_q *first,
			  const struct node *n)
{
	return n->type != RR_NODE_SWITCH && first[Q_PORT].ok &&
	       field(w, &first[Q_PORT], IB_PORT_LOCAL_PORT_F) == n->in_port;
}

/*
 * The node beyond the last hop's out port: its hop, the MTU of the link
 * into it (the smaller end), and on to the next unless it is the end.
 * Two rounds of SMPs: what it is (a switch's port 0 and table block
 * asked with it; asked with the last node's second round, mostly), then
 * its ports in and out (a CA's in, mostly, was in the first).
 */
static bool next_node(struct walk *w, bool *arrived)
{
	struct rr_hop *prev = &w->out->hops[w->out->num_hops - 1], *h;
	struct rr_mad_q first[Q_FIRST], then[Q_THEN + Q_FIRST];
	struct port in = { 0 };
	unsigned int back = 0, to;
	struct node n;
	int nq;
	char name[128];

	hop_name(prev, name, sizeof(name));
	if (w->back)
		back = step_back(w);
	else if (!step_out(w, prev->out_port))
		return died(w, SMP_LFT, RR_CAUSE_ROUTE_LOOP,
			    "the route to LID %u is longer than %d hops",
			    w->dlid, MAX_HOPS);
	if (w->have_next) {
		memcpy(first, w->next, sizeof(first));
		w->have_next = false;
	} else {
		first_queries(w, first, &w->at, 0);
		ask(w, first, Q_FIRST);
	}
	if (!node_of(w, &first[Q_NODE], &n))
		return died(w, SMP_NODE, RR_CAUSE_SMP_TIMEOUT,
			    "the node beyond %s port %u gave no NodeInfo",
			    name, prev->out_port);
	if (back)
		n.in_port = back;
	to = table_port(w, first, &n);
	rr_mad_q_smp(&then[Q_IN], &w->at, IB_ATTR_PORT_INFO, n.in_port);
	rr_mad_q_smp(&then[Q_OUT], &w->at, IB_ATTR_PORT_INFO, to);
	nq = to ? ask_ahead(w, then, Q_THEN, Q_OUT, to) : Q_OUT;
	if (in_port_known(w, first, &n))
		then[Q_IN] = first[Q_PORT];	/* to=0: nothing more to ask */
	else
		ask(w, then, nq);
	keep_ahead(w, then, nq, Q_THEN);
	h = add_hop(w);
	if (!h)
		return died(w, "realloc", RR_CAUSE_UNKNOWN, "out of memory");
	prev = &w->out->hops[w->out->num_hops - 2];
	h->type = n.type;
	h->guid = n.guid;
	h->in_port = (uint8_t)n.in_port;
	name_of(w, &first[Q_DESC], h);
	if (!port_of(w, &then[Q_IN], &in))
		return died(w, SMP_PORT, RR_CAUSE_SMP_TIMEOUT,
			    "the node beyond %s port %u gave no PortInfo",
			    name, prev->out_port);
	if (in.mtu && in.mtu < prev->mtu)
		prev->mtu = in.mtu;
	if (n.type == RR_NODE_SWITCH)
		return cross_switch(w, h, &n, first, then, arrived);
	h->lid = in.lid;
	if (holds(&in, w->dlid)) {
		*arrived = true;
		return true;
	}
	hop_name(h, name, sizeof(name));
	return died(w, SMP_PORT, RR_CAUSE_ROUTE_DEAD_END,
		    "LID %u is delivered to %s (LID %u), not to its port",
		    w->dlid, name, in.lid);
}

/*
 * Each hop's out port's PortCounters, from its PMA by LID, as perfquery
 * reads them, all asked at once: what a hop that answers none of them
 * (no LID yet, a PMA that is not there) lacks is only its counters.
 */
static void read_counters(struct walk *w)
{
#define COUNTER_FIELD(key, field, error) field,
	static const enum MAD_FIELDS fields[] = { RR_HOP_COUNTERS(COUNTER_FIELD) };
#undef COUNTER_FIELD
	struct rr_mad_q *qs;
	int i, c, n = 0, *hop;
	uint32_t v;

	qs = calloc((size_t)w->out->num_hops + 1, sizeof(*qs));
	hop = calloc((size_t)w->out->num_hops + 1, sizeof(*hop));
	if (!qs || !hop)
		goto out;
	for (i = 0; i < w->out->num_hops; i++) {
		const struct rr_hop *h = &w->out->hops[i];

		if (!h->have_link || !h->lid)
			continue;
		rr_mad_q_counters(&qs[n], w->ib, h->lid, h->out_port);
		hop[n++] = i;
	}
	w->deadline = rr_ts_add_ms(rr_now(), w->timeout_ms);
	ask(w, qs, n);
	for (i = 0; i < n; i++) {
		struct rr_hop *h = &w->out->hops[hop[i]];

		if (!qs[i].ok)
			continue;
		h->have_counters = true;
		for (c = 0; c < RR_HC_COUNT; c++) {
			v = 0;
			w->ib->mad_decode_field(qs[i].data, fields[c], &v);
			h->counters[c] = v;
		}
	}
out:
	free(qs);
	free(hop);
}

/*
 * --from a switch: the route starts at its port 0, as ibtracert's does,
 * and leaves by the port its table names for DLID; the directed route
 * goes on from the switch itself (no step back, as from a CA).  FIRST
 * holds its port 0 and table block.
 */
static bool from_switch(struct walk *w, struct rr_hop *h, const struct node *n,
			const struct rr_mad_q *first, bool *arrived)
{
	struct rr_mad_q then[Q_THEN + Q_FIRST];
	unsigned int to = table_port(w, first, n);

	memset(then, 0, sizeof(then));
	w->back = false;
	h->in_port = 0;
	if (to) {
		int nq;

		rr_mad_q_smp(&then[Q_OUT], &w->at, IB_ATTR_PORT_INFO, to);
		nq = ask_ahead(w, then, Q_THEN, Q_OUT, to);
		ask(w, then + Q_OUT, nq - Q_OUT);
		keep_ahead(w, then, nq, Q_THEN);
	}
	return cross_switch(w, h, n, first, then, arrived);
}

/*
 * The route's first hop: this port's node (PORT), or --from's source
 * (0), reached already by directed route; ARRIVED when it holds DLID.
 */
static bool source_hop(struct walk *w, int port, bool *arrived)
{
	struct rr_mad_q first[Q_LFT + Q_FIRST];
	struct rr_hop *h;
	struct port p;
	struct node n;
	int nq;

	/*
	 * This port's node, and the one beyond this port at once; --from's
	 * source with its table block instead, in case it is a switch.
	 */
	first_queries(w, first, &w->at, (unsigned int)port);
	if (port) {
		nq = ask_ahead(w, first, Q_LFT, Q_PORT, (unsigned int)port);
		ask(w, first, nq);
		keep_ahead(w, first, nq, Q_LFT);
	} else {
		ask(w, first, Q_FIRST);
	}
	if (!node_of(w, &first[Q_NODE], &n))
		return died(w, SMP_NODE, RR_CAUSE_SMP_TIMEOUT,
			    "%s gave no NodeInfo", port ? "this node" : "the source");
	h = add_hop(w);
	if (!h)
		return died(w, "realloc", RR_CAUSE_UNKNOWN, "out of memory");
	h->type = n.type;
	h->guid = n.guid;
	name_of(w, &first[Q_DESC], h);
	if (!port && n.type == RR_NODE_SWITCH)
		return from_switch(w, h, &n, first, arrived);
	if (!port) {
		port = (int)n.in_port;
		rr_mad_q_smp(&first[Q_PORT], &w->at, IB_ATTR_PORT_INFO,
			     (unsigned int)port);
		ask(w, &first[Q_PORT], 1);
	}
	if (!port_of(w, &first[Q_PORT], &p))
		return died(w, SMP_PORT, RR_CAUSE_SMP_TIMEOUT,
			    "this node gave no PortInfo of port %d", port);
	h->lid = p.lid;
	*arrived = holds(&p, w->dlid);
	if (*arrived)
		return true;
	h->out_port = (uint8_t)port;
	set_link(h, &p);
	if (!rr_port_state_active((int)p.state))
		return died(w, SMP_PORT, RR_CAUSE_ROUTE_LINK_DOWN,
			    "this port (%d) is %s", port,
			    rr_port_state_name((int)p.state));
	return true;
}

/*
 * The walk, to DLID or to where the route dies.  From another port (PORT
 * 0), reached by directed route: a CA leaves by the port the SMP came in
 * by, a switch by its table's.
 */
static bool walk(struct walk *w, int port)
{
	bool arrived = false;

	if (!source_hop(w, port, &arrived))
		return false;
	while (!arrived)
		if (!next_node(w, &arrived))
			return false;
	return true;
}

/*
 * --from: the directed route to the source port first, walked as any
 * route is (to its LID, from this port), as ibtracert finds it; the
 * route asked for then goes on from there, out of the port the SMPs came
 * in by.  Only a failure of that first walk is kept, named as such.
 */
static bool reach_source(struct walk *w, const struct rr_sa_trace_ends *ends)
{
	struct rr_outcome there;
	char why[sizeof(there.fail.where)];
	bool ok;

	memset(&there, 0, sizeof(there));
	w->out = &there;
	w->dlid = ends->from_lid;
	ok = walk(w, ends->port);
	snprintf(why, sizeof(why), "%s", there.fail.where);
	free(there.hops);
	w->out = w->first;
	w->dlid = ends->dlid;
	if (ok)
		return true;
	return died(w, there.fail.call, there.fail.cause,
		    "the source (LID %u) cannot be reached: %s",
		    ends->from_lid, why);
}

bool rr_sa_trace(const struct rr_sa_lib *ib, struct rr_mad_window *win,
		 const struct rr_sa_trace_ends *ends, unsigned int timeout_ms,
		 const struct rr_node_names *names, struct rr_outcome *out)
{
	struct walk w = {
		.ib = ib, .win = win, .timeout_ms = timeout_ms,
		.dlid = ends->dlid, .names = names, .out = out, .first = out,
	};
	bool ok;

	rr_step_begin(out, RR_STEP_TRACE);
	w.deadline = rr_ts_add_ms(rr_now(), timeout_ms);
	if (ends->from_lid) {
		ok = reach_source(&w, ends);
		w.back = w.at.drpath.cnt > 0;
		ok = ok && walk(&w, 0);
	}
	else
		ok = walk(&w, ends->port);
	read_counters(&w);
	if (ok)
		rr_step_end(out, RR_STEP_TRACE);
	return ok;
}
