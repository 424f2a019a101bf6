// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a result holds of its peer: the evidence asked when a connection
 * request got no answer (each question, its answer, how long) and the
 * facts the peer said of itself (its witness, or its REP).  JSON always;
 * text with --explain (a chain shown whole), the cause's detail naming
 * the evidence that decided it otherwise.
 */
#include <stdio.h>

#include "base/ib_port.h"
#include "base/util.h"
#include "model/explain/chain.h"
#include "model/probe/evidence.h"
#include "model/probe/peer_facts.h"
#include "output/render_evidence.h"

static void render_entry(struct printer *p, const struct rr_evidence_set *s,
			 enum rr_ev_kind k)
{
	const struct rr_evidence *e = &s->ev[k];
	char title[RR_EV_SAID_LEN + 96], ms[32] = "";

	if (e->ms >= 0)
		snprintf(ms, sizeof(ms), " in %.1f ms", e->ms);
	snprintf(title, sizeof(title), "%s: %s%s%s%s", rr_ev_kind_key(k),
		 rr_ev_answer_key(e->answer), ms, e->said[0] ? ": " : "",
		 e->said);
	pr_obj_begin(p, NULL, pr_titled(p) ? title : NULL);
	if (!pr_titled(p)) {
		pr_str(p, "asked", rr_ev_kind_key(k));
		pr_str(p, "answer", rr_ev_answer_key(e->answer));
		if (e->ms >= 0)
			pr_ms(p, "ms", e->ms);
		if (e->said[0])
			pr_str(p, "said", e->said);
	}
	pr_obj_end(p);
}

/* The witness's counters before and after the requests of the evidence. */
static void render_counters(struct printer *p, const struct rr_ev_counters *c)
{
	if (!c->have)
		return;
	pr_obj_begin(p, "peer_counters",
		     "the peer's counters before and after, as its witness says them");
	pr_uint(p, "cm_requests_before", c->cm_req_before);
	pr_uint(p, "cm_requests_after", c->cm_req_after);
	if (c->have_pkts) {
		pr_uint(p, "packets_before", c->pkts_before);
		pr_uint(p, "packets_after", c->pkts_after);
	}
	pr_obj_end(p);
}

static void render_list(struct printer *p, const struct rr_evidence_set *s)
{
	unsigned int k;

	pr_arr_begin(p, "evidence");
	for (k = 0; k < RR_EV_COUNT; k++)
		if (rr_ev_asked(s, k))
			render_entry(p, s, k);
	pr_arr_end(p);
	render_counters(p, &s->counters);
}

static void render_gid(struct printer *p, const struct rr_peer_facts *f)
{
	const char *type = rr_peer_gid_type_token(f->gid.type);

	pr_obj_begin(p, "gid", "gid");
	pr_str(p, "device", f->gid.device);
	pr_int(p, "port", f->gid.port);
	pr_int(p, "index", f->gid.index);
	pr_str(p, "type", type ? type : "unknown");
	if (f->gid.netdev[0])
		pr_str(p, "netdev", f->gid.netdev);
	if (f->gid.vlan >= 0)
		pr_int(p, "vlan", f->gid.vlan);
	pr_obj_end(p);
}

static void render_ports(struct printer *p, const struct rr_peer_facts *f)
{
	const struct rr_peer_port *pp;
	char title[160];
	unsigned int i;

	pr_arr_begin(p, "ports");
	for (i = 0; i < f->num_ports; i++) {
		pp = &f->ports[i];
		snprintf(title, sizeof(title), "%s port %u: %s, %s, MTU %u",
			 pp->device, pp->port, rr_port_state_name(pp->state),
			 pp->netdev[0] ? pp->netdev : "no netdev",
			 pp->active_mtu);
		pr_obj_begin(p, NULL, pr_titled(p) ? title : NULL);
		if (!pr_titled(p)) {
			pr_str(p, "device", pp->device);
			pr_int(p, "port", pp->port);
			pr_str(p, "state", rr_port_state_name(pp->state));
			if (pp->netdev[0])
				pr_str(p, "netdev", pp->netdev);
			pr_int(p, "active_mtu", pp->active_mtu);
		}
		pr_obj_end(p);
	}
	pr_arr_end(p);
}

/* What the witness adds to what a REP says. */
static void render_witness(struct printer *p, const struct rr_peer_facts *f)
{
	if (f->host[0])
		pr_str(p, "host", f->host);
	if (f->version[0])
		pr_str(p, "version", f->version);
	if (f->address[0])
		pr_str(p, "address", f->address);
	pr_bool(p, "listening", f->listening);
	if (f->listen_port)
		pr_int(p, "listen_port", f->listen_port);
	if (f->listen_error[0])
		pr_str(p, "listen_error", f->listen_error);
	if (f->port_state)
		pr_str(p, "port_state", rr_port_state_name(f->port_state));
	if (f->have_counters)
		pr_uint(p, "cm_requests_received", f->cm_rx_req);
	if (f->have_pkts)
		pr_uint(p, "packets_received", f->rcvd_pkts);
	render_ports(p, f);
}

/*
 * What the peer says of itself: its word, never measured here, and said
 * so in text (JSON says where it came from in "from").
 */
static void render_peer(struct printer *p, const struct rr_peer_facts *f)
{
	char title[RR_PEER_NAME_LEN + 96];

	if (f->from_witness)
		snprintf(title, sizeof(title),
			 "peer: what %s says of itself on its witness (its word, not measured here)",
			 f->host[0] ? f->host : "the peer");
	else
		snprintf(title, sizeof(title),
			 "peer: what the peer says of itself in its REP (its word, not measured here)");
	pr_obj_begin(p, "peer", pr_titled(p) ? title : "peer");
	pr_str(p, "from", f->from_witness ? "witness" : "rep");
	if (f->from_witness)
		render_witness(p, f);
	pr_int(p, "echo_max", f->echo_max);
	if (f->have_gid)
		render_gid(p, f);
	else if (f->withheld)
		pr_str(p, "gid", "withheld");	/* not told this host */
	else
		pr_str(p, "gid", "none holds the address");
	if (f->netdev_mtu)
		pr_int(p, "netdev_mtu", f->netdev_mtu);
	if (f->active_mtu)
		pr_int(p, "active_mtu", f->active_mtu);
	pr_obj_end(p);
}

void rr_render_evidence(struct printer *p, const struct rr_result *r)
{
	/* Text: with --explain; the detail names what decided otherwise. */
	bool shown = pr_is_json(p) ||
		     (r->notes.chain && r->notes.chain->full);

	if (!shown)
		return;
	if (r->out.evidence.gathered)
		render_list(p, &r->out.evidence);
	if (r->out.peer && r->out.peer->known)
		render_peer(p, r->out.peer);
}

void rr_render_decision(struct printer *p, const struct rr_failure *f)
{
	unsigned int i;

	if (f->decided_by) {
		pr_arr_begin(p, "decided_by");
		for (i = 0; i < RR_EV_COUNT; i++)
			if (f->decided_by & (1U << i))
				pr_str(p, "decided_by", rr_ev_kind_key(i));
		pr_arr_end(p);
	}
	if (f->num_could_be) {
		pr_arr_begin(p, "could_be");
		for (i = 0; i < f->num_could_be && i < RR_MAX_COULD_BE; i++)
			pr_str(p, "could_be", rr_cause_key(f->could_be[i]));
		pr_arr_end(p);
	}
}
