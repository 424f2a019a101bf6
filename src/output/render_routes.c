// SPDX-License-Identifier: GPL-2.0-or-later
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/ib_port.h"
#include "base/escape.h"
#include "model/explain/chain.h"
#include "model/probe/decode.h"
#include "output/render.h"
#include "output/render_routes.h"

static const char *name_of(const struct rr_routes_view *v, size_t n)
{
	return rr_graph_name(v->g, v->names, n);
}

static size_t count_links(const struct rr_graph *g)
{
	size_t i, n = 0;

	for (i = 0; i < g->num_ports; i++)
		if (g->ports[i].peer != RR_NO_NODE)
			n++;
	return n / 2;
}

static void fabric(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_graph_read *rd = v->read;
	size_t ca = 0, i, links = count_links(v->g);
	char title[160];

	for (i = 0; i < v->g->num_nodes; i++)
		ca += v->g->nodes[i].type != RR_NODE_SWITCH;
	snprintf(title, sizeof(title), "fabric: %zu nodes, %zu switches, %zu links",
		 v->g->num_nodes, rd->switches, links);
	pr_single_begin(p, "fabric", title, false);
	pr_int(p, "nodes", (long long)v->g->num_nodes);
	pr_int(p, "switches", (long long)rd->switches);
	pr_int(p, "channel_adapters", (long long)ca);
	pr_int(p, "links", (long long)links);
	pr_ms(p, "discover_ms", rd->discover_ms);
	pr_int(p, "table_blocks", (long long)rd->blocks);
	pr_int(p, "table_blocks_lost", (long long)rd->blocks_lost);
	pr_int(p, "tables_unread", (long long)rd->tables_unread);
	pr_ms(p, "tables_ms", rd->tables_ms);
	pr_record_end(p);
}

/* The share of the fair one, "1.02x", of a link between switches. */
static double share(const struct rr_routes_view *v, size_t port, double fair)
{
	return fair > 0 ? (double)v->s->loads[port] / fair : 0;
}

/* Where the pairs' SL came from, in words. */
static void sl_source(const struct rr_routes_view *v, char *buf, size_t len)
{
	const struct rr_pair_sls *p = v->sls;
	size_t used;
	unsigned int sl;

	if (!p || !p->sl) {
		snprintf(buf, len, "SL 0 assumed for every pair (the SM's default without QoS%s)",
			 p ? "" : "; --sl-from-sa asks the SA");
		return;
	}
	if (p->unread) {
		snprintf(buf, len, "SL 0 for every pair: the SA could not be asked (%s)",
			 p->why);
		return;
	}
	if (p->want)	/* only the pairs whose routes close the loops */
		used = (size_t)snprintf(buf, len, "the SLs of the %zu pairs whose routes close the loops on SL 0 from the SA's PathRecords (%zu asked, %zu lost: SL 0 there; the other pairs' SLs cannot close a loop), SLs in use:",
					p->wanted, p->asked, p->lost);
	else
		used = (size_t)snprintf(buf, len, "each pair's SL from the SA's PathRecord (%zu asked, %zu lost: SL 0 there), SLs in use:",
					p->asked, p->lost);
	if (!p->used && used < len)	/* every one lost: SL 0 for all */
		snprintf(buf + used, len - used, " none answered, SL 0 taken");
	for (sl = 0; sl < 16 && used < len; sl++)
		if (p->used & (1U << sl))
			used += (size_t)snprintf(buf + used, len - used, " %u", sl);
}

/* Where the channels' VLs came from, and the tables read for them. */
static void vl_source(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_sl2vl *m = v->sl2vl;
	char text[512], sls[256];
	unsigned int sl, used;

	sl_source(v, sls, sizeof(sls));
	if (m && m->n && m->unread)
		snprintf(text, sizeof(text),
			 "VL 0 assumed: the SLtoVL tables could not be read (%s); %s",
			 m->why, sls);
	else if (m && m->n)
		snprintf(text, sizeof(text),
			 "the SLtoVL tables of the %zu (node, in port, out port) by which routes enter the loops' channels: %zu read, %zu lost (VL 0 assumed there); %s",
			 m->n, m->read, m->lost, sls);
	else if (v->num_loops)
		snprintf(text, sizeof(text),
			 "VL 0: the loops' ports run VL 0 alone (OperationalVLs), whatever the SL");
	else
		snprintf(text, sizeof(text),
			 "no loop even with every channel on one VL: no SLtoVL table or SL needed");
	pr_str(p, "vl_source", text);
	if (v->sls && v->sls->sl && !v->sls->unread) {
		pr_int(p, "path_records_asked", (long long)v->sls->asked);
		pr_int(p, "path_records_lost", (long long)v->sls->lost);
	}
	/* JSON's list; text has the SLs in vl_source's words.  None
	 * answered: SL 0 taken for every pair. */
	if (v->sls && v->sls->sl && !v->sls->unread && pr_is_json(p)) {
		used = v->sls->used ? v->sls->used : 1U;
		pr_arr_begin(p, "sls");
		for (sl = 0; sl < 16; sl++)
			if (used & (1U << sl))
				pr_int(p, NULL, sl);
		pr_arr_end(p);
	}
	if (!m || !m->n || m->unread)
		return;
	pr_int(p, "sl2vl_read", (long long)m->read);
	pr_int(p, "sl2vl_lost", (long long)m->lost);
	pr_int(p, "sl2vl_not_vl0", (long long)m->not_vl0);
}

/* The counts FROM to TO (fabric_counts.h's order) that were counted. */
static void counts(struct printer *p, const struct rr_routes_view *v,
		   enum rr_fabric_count from, enum rr_fabric_count to)
{
	enum rr_fabric_count i;

	for (i = from; i <= to; i++)
		if (v->counts.known[i])
			pr_int(p, rr_fabric_count_defs[i].name,
			       (long long)v->counts.v[i]);
}

/* "fault (no SM answered: sm_silent 1)", "ok": the verdict and its worst. */
static void verdict_text(const struct rr_routes_view *v, char *buf,
			 size_t len)
{
	const struct rr_fabric_verdict *vd = &v->verdict;
	size_t i;

	if (vd->worst_count < 0) {
		snprintf(buf, len, "ok");
		return;
	}
	for (i = 0; i < rr_num_findings; i++)
		if ((int)rr_finding_defs[i].count == vd->worst_count)
			break;
	snprintf(buf, len, "%s (%s: %s %llu%s)", rr_severity_name(vd->worst),
		 i < rr_num_findings ? rr_finding_defs[i].says : "?",
		 rr_fabric_count_defs[vd->worst_count].name,
		 (unsigned long long)v->counts.v[vd->worst_count],
		 vd->faults + vd->warnings > 1 ? ", and more" : "");
}

/* Each finding counted and not 0 with its severity (none too: counted). */
static void findings(struct printer *p, const struct rr_routes_view *v)
{
	enum rr_fabric_count k;
	size_t i;

	/* Text: the title says the verdict and its worst. */
	if (pr_is_json(p)) {
		pr_str(p, "verdict", v->verdict.worst == RR_SEV_NONE ? "ok" :
				     rr_severity_name(v->verdict.worst));
		if (v->verdict.worst_count >= 0)
			pr_str(p, "worst",
			       rr_fabric_count_defs[v->verdict.worst_count].name);
	}
	pr_int(p, "faults", (long long)v->verdict.faults);
	pr_int(p, "warnings", (long long)v->verdict.warnings);
	if (!pr_is_json(p))
		return;	/* text: the counts below say them */
	pr_arr_begin(p, "findings");
	for (i = 0; i < rr_num_findings; i++) {
		k = rr_finding_defs[i].count;
		if (!v->counts.known[k] || !v->counts.v[k])
			continue;
		pr_obj_begin(p, NULL, NULL);
		pr_str(p, "finding", rr_fabric_count_defs[k].name);
		pr_str(p, "severity", rr_severity_name(v->severity->of[k]));
		pr_int(p, "count", (long long)v->counts.v[k]);
		pr_str(p, "says", rr_finding_defs[i].says);
		pr_obj_end(p);
	}
	pr_arr_end(p);
}

/* The SM asked: who answered, or why none did. */
static void sm_fields(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_fabric_sm *sm = v->sm;
	char text[256];

	if (!sm)
		return;
	if (sm->answered)
		snprintf(text, sizeof(text), "LID %u: %s, priority %u, GUID 0x%016llx (%.1f ms)",
			 sm->lid, rr_sm_state_name(sm->state), sm->priority,
			 (unsigned long long)sm->guid, sm->ms);
	else
		snprintf(text, sizeof(text), "%s", sm->why);
	if (!pr_is_json(p)) {	/* text: the one line says it */
		pr_str(p, "sm", text);
		return;
	}
	pr_obj_begin(p, "sm", NULL);
	pr_str(p, "said", text);
	pr_bool(p, "asked", sm->asked);
	pr_int(p, "lid", sm->lid);
	pr_bool(p, "answered", sm->answered);
	if (sm->answered) {
		pr_str(p, "state", rr_sm_state_name(sm->state));
		pr_int(p, "priority", sm->priority);
		pr_hex(p, "guid", sm->guid, 16);
		pr_int(p, "activity", sm->activity);
	}
	if (sm->asked && sm->lid)
		pr_ms(p, "ms", sm->ms);
	pr_obj_end(p);
}

/* --compare found CA ports beyond reach: this port's side and the rest. */
static void partition(struct printer *p, const struct rr_routes_view *v)
{
	char text[160];

	if (!v->cmp || !v->cmp->ports_unreachable)
		return;
	snprintf(text, sizeof(text), "this port's side %zu CA ports, %zu beyond (not reachable from here)",
		 v->num_eps, v->cmp->ports_unreachable);
	if (!pr_is_json(p)) {
		pr_str(p, "partition", text);
		return;
	}
	pr_obj_begin(p, "partition", NULL);
	pr_str(p, "said", text);
	pr_int(p, "this_side", (long long)v->num_eps);
	pr_int(p, "beyond", (long long)v->cmp->ports_unreachable);
	pr_obj_end(p);
}

/* The unseen LIDs the report names; the rest counted. */
#define UNSEEN_SHOWN 16

/* One unseen LID as text: "LID 7: Hca5 (CA port 1, the SA's record)". */
static void unseen_text(const struct rr_unseen *u, size_t i, char *buf,
			size_t len)
{
	const struct rr_lid_node *l = &u->lids[i];
	char desc[sizeof(l->desc) * 4];

	if (!l->found) {
		snprintf(buf, len, "LID %u: %s", l->lid, rr_unseen_said(u, i));
		return;
	}
	rr_shown(l->desc, desc, sizeof(desc));
	snprintf(buf, len, "LID %u: %s (%s port %u, GUID 0x%016" PRIx64 ")",
		 l->lid, desc, rr_unseen_said(u, i), l->port, l->node_guid);
}

/*
 * The LIDs the tables route that no port seen from here holds, and what
 * the SA said of each: what should be there and is out of sight.
 */
static void unseen(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_unseen *u = v->unseen;
	char text[400];
	size_t i, shown;

	if (!u)
		return;
	if (!v->cmp && v->counts.known[RR_FC_PORTS_UNREACHABLE])
		pr_int(p, "ports_unreachable",
		       (long long)v->counts.v[RR_FC_PORTS_UNREACHABLE]);
	if (!u->n)
		return;
	shown = u->n < UNSEEN_SHOWN ? u->n : UNSEEN_SHOWN;
	if (!pr_is_json(p)) {
		/* Text: a line each, under one label. */
		for (i = 0; i < shown; i++) {
			unseen_text(u, i, text, sizeof(text));
			pr_str(p, "unseen", text);
		}
	} else {
		pr_arr_begin(p, "unseen");
		for (i = 0; i < shown; i++) {
			pr_obj_begin(p, NULL, NULL);
			pr_int(p, "lid", u->lids[i].lid);
			pr_str(p, "said", rr_unseen_said(u, i));
			if (u->lids[i].found) {
				pr_str(p, "name", u->lids[i].desc);
				pr_hex(p, "node_guid", u->lids[i].node_guid, 16);
				pr_int(p, "port", u->lids[i].port);
			}
			pr_obj_end(p);
		}
		pr_arr_end(p);
	}
	if (u->n > shown)
		pr_int(p, "unseen_more", (long long)(u->n - shown));
}

/* The node-name map's nodes not seen from here, by name. */
static void mapped_unseen(struct printer *p, const struct rr_routes_view *v)
{
	size_t shown[UNSEEN_SHOWN], n, i, k;
	const struct rr_node_name *nm;
	char text[320], name[256];

	if (!v->names || !v->names->num)
		return;
	n = rr_mapped_unseen(v->names, v->g, shown, UNSEEN_SHOWN);
	k = n < UNSEEN_SHOWN ? n : UNSEEN_SHOWN;
	if (!k)
		return;
	if (pr_is_json(p))
		pr_arr_begin(p, "mapped_unseen_nodes");
	for (i = 0; i < k; i++) {
		nm = &v->names->names[shown[i]];
		if (pr_is_json(p)) {
			pr_obj_begin(p, NULL, NULL);
			pr_str(p, "name", nm->name);
			pr_hex(p, "node_guid", nm->guid, 16);
			pr_obj_end(p);
			continue;
		}
		snprintf(text, sizeof(text), "%s (GUID 0x%016" PRIx64 ")",
			 rr_shown(nm->name, name, sizeof(name)), nm->guid);
		pr_str(p, "mapped_unseen_node", text);
	}
	if (pr_is_json(p))
		pr_arr_end(p);
}

static void summary(struct printer *p, const struct rr_routes_view *v,
		    double fair)
{
	const struct rr_routes *s = v->s;
	char title[320], verdict[200], text[64], key[16];
	unsigned int k;

	verdict_text(v, verdict, sizeof(verdict));
	snprintf(title, sizeof(title), "routes: %s; %llu pairs, %llu arrive, %llu fail, %zu credit loop%s",
		 verdict, (unsigned long long)s->pairs,
		 (unsigned long long)s->arrived,
		 (unsigned long long)(s->pairs - s->arrived), v->num_loops,
		 v->num_loops == 1 ? "" : "s");
	pr_single_begin(p, "summary", title, v->brief);
	findings(p, v);
	sm_fields(p, v);
	partition(p, v);
	counts(p, v, RR_FC_PORTS, RR_FC_STOPPED);
	unseen(p, v);
	mapped_unseen(p, v);
	pr_ms(p, "walk_ms", v->walk_ms);
	if (v->cdg) {
		counts(p, v, RR_FC_CREDIT_LOOPS, RR_FC_CHANNEL_DEPENDENCIES);
		vl_source(p, v);
		pr_ms(p, "vl_read_ms", v->vl_ms);
		pr_ms(p, "credit_loop_check_ms", v->loops_ms);
	}
	pr_map_begin(p, "switches_crossed", "switches crossed", "switches");
	for (k = 0; k <= s->max_crossed; k++) {
		if (!s->crossed[k])
			continue;
		snprintf(key, sizeof(key), "%u", k);
		snprintf(text, sizeof(text), "%llu routes (%.1f%%)",
			 (unsigned long long)s->crossed[k],
			 100.0 * (double)s->crossed[k] / (double)s->arrived);
		pr_num(p, key, (double)s->crossed[k], text);
	}
	pr_obj_end(p);
	counts(p, v, RR_FC_LONGER_THAN_FEWEST, RR_FC_LOAD_MIN);
	if (v->spread.links) {
		snprintf(text, sizeof(text), "%.1f", v->spread.median);
		pr_num(p, "load_median", v->spread.median, text);
	}
	counts(p, v, RR_FC_LOAD_MAX, RR_FC_LINKS_HOT);
	if (v->cmp) {
		pr_str(p, "compared_with", v->compared_with);
		counts(p, v, RR_FC_ROUTES_COMPARED, RR_FC_CREDIT_LOOPS_VANISHED);
	}
	snprintf(text, sizeof(text), "%.1f routes a link", fair);
	pr_num(p, "fair_share", fair, text);
	rr_render_expect_failed(p, v->expect_failed, v->num_expect_failed);
	pr_record_end(p);
}

/* Port I's link and load, as a link record and a hottest one have them. */
static void link_fields(struct printer *p, const struct rr_routes_view *v,
			size_t i, double fair)
{
	const struct rr_gport *gp = &v->g->ports[i];
	unsigned int port;
	size_t node;
	char text[64];

	rr_graph_port_at(v->g, i, &node, &port);
	pr_str(p, "node", name_of(v, node));
	pr_str(p, "node_type", rr_node_type_name(v->g->nodes[node].type));
	pr_hex(p, "guid", v->g->nodes[node].guid, 16);
	pr_int(p, "port", port);
	if (gp->peer != RR_NO_NODE) {
		pr_str(p, "peer", name_of(v, gp->peer));
		pr_hex(p, "peer_guid", v->g->nodes[gp->peer].guid, 16);
		pr_int(p, "peer_port", gp->peer_port);
	}
	pr_str(p, "state", rr_port_state_name(gp->state));
	pr_str(p, "width", rr_link_width_name(gp->width));
	pr_str(p, "speed", rr_link_speed_name(gp->speed));
	snprintf(text, sizeof(text), "%g Gb/s",
		 rr_port_rate_gbps(gp->speed, gp->width));
	pr_num(p, "rate_gbps", rr_port_rate_gbps(gp->speed, gp->width), text);
	pr_int(p, "routes", (long long)v->s->loads[i]);
	if (v->probe_of_port && v->probe_of_port[i] != SIZE_MAX) {
		const struct rr_link_evidence *e =
			&v->link_ev[v->probe_of_port[i]];

		pr_int(p, "probes_sent", e->sent);
		pr_int(p, "probes_answered", e->answered);
		pr_str(p, "probe_verdict",
		       rr_link_verdict_key(v->link_verdict[v->probe_of_port[i]]));
		rr_record_probe_rtt(p, e);
		rr_record_probe_lid(p, v, v->probe_of_port[i]);
	}
	if (fair > 0 && gp->peer != RR_NO_NODE &&
	    v->g->nodes[node].type == RR_NODE_SWITCH &&
	    v->g->nodes[gp->peer].type == RR_NODE_SWITCH) {
		snprintf(text, sizeof(text), "%.2f", share(v, i, fair));
		pr_num(p, "fair_share_ratio", share(v, i, fair), text);
	}
}

static void hottest(struct printer *p, const struct rr_routes_view *v,
		    double fair)
{
	size_t hot[RR_ROUTES_HOTTEST], n, i;
	char title[320], name[256];

	/* Most first: those that stand out are the first. */
	n = rr_routes_hottest(v->s, v->g, hot, RR_ROUTES_HOTTEST);
	for (i = 0; i < n; i++) {
		if (!rr_link_hot(v->s->loads[hot[i]], fair, v->spread.median))
			break;
		rr_routes_link_name(v, hot[i], name, sizeof(name));
		snprintf(title, sizeof(title), "hottest: %s: %llu routes, %.2f of the fair share",
			 name, (unsigned long long)v->s->loads[hot[i]],
			 share(v, hot[i], fair));
		pr_record_begin(p, "hottest", title, true);
		link_fields(p, v, hot[i], fair);
		pr_record_end(p);
	}
}

/* Channel C (a graph port, a VL) as its link, "S1 port 3 -> S3 port 1". */
static void channel_fields(struct printer *p, const struct rr_routes_view *v,
			   uint32_t c)
{
	const struct rr_gport *gp = &v->g->ports[rr_channel_port(c)];
	unsigned int port;
	size_t node;

	rr_graph_port_at(v->g, rr_channel_port(c), &node, &port);
	pr_obj_begin(p, NULL, NULL);
	pr_str(p, "node", name_of(v, node));
	pr_hex(p, "guid", v->g->nodes[node].guid, 16);
	pr_int(p, "port", port);
	if (gp->peer != RR_NO_NODE) {
		pr_str(p, "peer", name_of(v, gp->peer));
		pr_int(p, "peer_port", gp->peer_port);
	}
	pr_int(p, "vl", rr_channel_vl(c));
	pr_obj_end(p);
}

static void route_fields(struct printer *p, const struct rr_routes_view *v,
			 const char *key, uint32_t src, uint32_t dst)
{
	char name[160];

	pr_obj_begin(p, key, NULL);
	rr_routes_port_name(v, src, name, sizeof(name));
	pr_str(p, "from", name);
	rr_routes_port_name(v, dst, name, sizeof(name));
	pr_str(p, "to", name);
	pr_obj_end(p);
}

static void credit_loops(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_credit_loop *l;
	char title[2048];
	unsigned int vl;
	size_t i, k;

	for (i = 0; i < v->num_loops; i++) {
		l = &v->loops[i];
		rr_routes_loop_title(v, l, title, sizeof(title));
		pr_use_err(p, true);
		pr_record_begin(p, "credit_loops", title, true);
		pr_arr_begin(p, "vls");
		for (vl = 0; vl < RR_NUM_VLS; vl++)
			if (l->vls & (1U << vl))
				pr_int(p, NULL, vl);
		pr_arr_end(p);
		pr_int(p, "channels", (long long)l->channels);
		pr_arr_begin(p, "cycle");
		for (k = 0; k < l->cycle_len; k++)
			channel_fields(p, v, l->cycle[k]);
		pr_arr_end(p);
		route_fields(p, v, "route_a", l->a_src, l->a_dst);
		route_fields(p, v, "route_b", l->b_src, l->b_dst);
		pr_str(p, "hint", "the routes' channel dependencies go round: a lossless fabric can deadlock on this VL; route with an engine that breaks cycles (updn, ftree, dfsssp, lash) or spread the loop over VLs");
		pr_record_end(p);
		pr_use_err(p, false);
	}
}

static const char *fault_words(enum rr_link_fault f)
{
	switch (f) {
	case RR_LINK_NOT_ACTIVE:
		return "physically up at both ends but not ACTIVE (no SM has brought it up)";
	case RR_LINK_BELOW_ENABLED:
		return "trained below what both its ends enable";
	case RR_LINK_SLOWER_THAN_NEIGHBOURS:
		return "slower than every other link at both its ends";
	}
	return "";
}

static void degraded(struct printer *p, const struct rr_routes_view *v,
		     double fair)
{
	const struct rr_degraded_link *d;
	char title[512], name[256], text[64];
	size_t i;

	for (i = 0; i < v->num_degraded; i++) {
		d = &v->degraded[i];
		rr_routes_link_name(v, d->port, name, sizeof(name));
		if (d->expected_gbps > 0)
			snprintf(title, sizeof(title), "degraded link: %s: %g Gb/s, %s (%g Gb/s)",
				 name, d->rate_gbps, fault_words(d->fault),
				 d->expected_gbps);
		else
			snprintf(title, sizeof(title), "degraded link: %s: %s",
				 name, fault_words(d->fault));
		pr_use_err(p, true);
		pr_record_begin(p, "degraded_links", title, true);
		pr_str(p, "fault", rr_link_fault_key(d->fault));
		link_fields(p, v, d->port, fair);
		if (d->expected_gbps > 0) {
			snprintf(text, sizeof(text), "%g Gb/s", d->expected_gbps);
			pr_num(p, "expected_gbps", d->expected_gbps, text);
		}
		pr_record_end(p);
		pr_use_err(p, false);
	}
}

/* Switch ports with no link now that had one (their LinkDownedCounter). */
static void lost(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_gport *gp;
	char title[320];
	unsigned int port;
	size_t i, node;

	for (i = 0; i < v->num_lost; i++) {
		gp = &v->g->ports[v->lost[i].port];
		rr_graph_port_at(v->g, v->lost[i].port, &node, &port);
		snprintf(title, sizeof(title), "link lost: %s port %u: no link now (%s, physical state %s), LinkDownedCounter %llu: it had one",
			 name_of(v, node), port, rr_port_state_name(gp->state),
			 rr_phys_state_name(gp->phys_state),
			 (unsigned long long)v->lost[i].downed);
		pr_use_err(p, true);
		pr_record_begin(p, "lost_links", title, true);
		pr_str(p, "node", name_of(v, node));
		pr_hex(p, "guid", v->g->nodes[node].guid, 16);
		pr_int(p, "port", port);
		pr_str(p, "state", rr_port_state_name(gp->state));
		pr_str(p, "physical_state", rr_phys_state_name(gp->phys_state));
		pr_int(p, "link_downed", (long long)v->lost[i].downed);
		pr_str(p, "hint", "a link that was up went down (a cable pulled or cut, the far end's port or node gone): check both ends (`iblinkinfo`, `ibportstate`); `perfquery -R` clears the count once it is known");
		pr_record_end(p);
		pr_use_err(p, false);
	}
}

/* The LinkState of endpoint EP's port, as discovery read it. */
static int dest_state(const struct rr_routes_view *v, size_t ep)
{
	const struct rr_endpoint *e = &v->eps[ep];

	return v->g->ports[v->g->nodes[e->node].first_port + e->port].state;
}

static void failures(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_route_group *gr;
	char title[1024], where[256], from[160], to[160];
	size_t i;
	int state;

	for (i = 0; i < v->s->num_groups; i++) {
		gr = &v->s->groups[i];
		rr_route_place(v->g, v->names, gr->cause, gr->node, gr->aux,
			       where, sizeof(where));
		rr_routes_port_name(v, gr->src, from, sizeof(from));
		rr_routes_port_name(v, gr->dst, to, sizeof(to));
		snprintf(title, sizeof(title), "%s: %s: %llu pairs, first %s -> %s",
			 rr_cause_key(gr->cause), where,
			 (unsigned long long)gr->pairs, from, to);
		pr_use_err(p, true);
		pr_record_begin(p, "failures", title, true);
		pr_str(p, "cause", rr_cause_key(gr->cause));
		pr_str(p, "where", where);
		pr_str(p, "node", name_of(v, gr->node));
		pr_hex(p, "guid", v->g->nodes[gr->node].guid, 16);
		pr_int(p, gr->cause == RR_CAUSE_ROUTE_DEAD_END ||
			  gr->cause == RR_CAUSE_ROUTE_LOOP ? "lid" : "port",
		       gr->aux);
		pr_int(p, "pairs", (long long)gr->pairs);
		pr_str(p, "first_from", from);
		pr_str(p, "first_to", to);
		if (gr->cause == RR_CAUSE_ROUTE_DEAD_END) {
			state = dest_state(v, gr->dst);
			pr_str(p, "dest_state", rr_port_state_name(state));
			pr_str(p, "hint", rr_dead_end_hint(state));
		} else {
			pr_str(p, "hint", rr_cause_hint(gr->cause));
		}
		pr_record_end(p);
		pr_use_err(p, false);
	}
}

/*
 * Each phase cut short: what stopped it (SIGINT, SIGTERM, its bound),
 * and how far it went (text: a line each on standard error).
 */
static void stops(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_fabric_cut *c;
	char title[320], text[256], by[24];
	size_t i;

	for (i = 0; v->stops && i < v->stops->n; i++) {
		c = &v->stops->cut[i];
		rr_fabric_cut_text(c, text, sizeof(text));
		snprintf(title, sizeof(title), "stopped: %s", text);
		pr_use_err(p, true);
		pr_record_begin(p, "stops", title, true);
		pr_str(p, "by", rr_fabric_cut_by(c, by, sizeof(by)));
		pr_str(p, "during", rr_fabric_phase_key(c->phase));
		pr_int(p, "done", (long long)c->done);
		pr_int(p, "planned", (long long)c->planned);
		pr_str(p, "unit", rr_fabric_phase_unit(c->phase));
		if (c->bound_ms)
			pr_ms(p, "bound_ms", (double)c->bound_ms);
		pr_str(p, "said", text);
		pr_record_end(p);
		pr_use_err(p, false);
	}
}

/* Every port with a cable: JSON and JSON Lines (text names the hottest). */
static void links(struct printer *p, const struct rr_routes_view *v,
		  double fair)
{
	size_t i;

	if (!pr_is_json(p))
		return;
	for (i = 0; i < v->g->num_ports; i++) {
		if (v->g->ports[i].peer == RR_NO_NODE)
			continue;
		pr_record_begin(p, "links", NULL, false);
		link_fields(p, v, i, fair);
		pr_record_end(p);
	}
}

void rr_record_routes(struct printer *p, const struct rr_routes_view *v)
{
	size_t num_links;
	double fair = rr_routes_fair_share(v->s, v->g, &num_links);

	if (!v->quiet)
		fabric(p, v);
	stops(p, v);
	failures(p, v);
	degraded(p, v, fair);
	lost(p, v);
	rr_record_routes_probed(p, v);
	credit_loops(p, v);
	rr_record_routes_compared(p, v);
	links(p, v, fair);
	rr_record_routes_saved(p, v);
	if (!v->quiet)
		hottest(p, v, fair);
	summary(p, v, fair);
}

void rr_record_route(struct printer *p, const struct rr_routes_view *v,
		     const struct rr_route *r, size_t src, size_t dst)
{
	char name[160], where[256];
	unsigned int i;

	pr_record_begin(p, "routes", NULL, false);
	rr_routes_port_name(v, src, name, sizeof(name));
	pr_str(p, "from", name);
	pr_int(p, "from_lid", v->eps[src].lid);
	rr_routes_port_name(v, dst, name, sizeof(name));
	pr_str(p, "to", name);
	pr_int(p, "to_lid", v->eps[dst].lid);
	pr_bool(p, "ok", r->cause == RR_CAUSE_NONE);
	if (r->cause != RR_CAUSE_NONE) {
		rr_route_place(v->g, v->names, r->cause, r->at,
			       r->cause == RR_CAUSE_ROUTE_DEAD_END ||
			       r->cause == RR_CAUSE_ROUTE_LOOP ? r->dlid :
								 r->at_port,
			       where, sizeof(where));
		pr_str(p, "cause", rr_cause_key(r->cause));
		pr_str(p, "where", where);
	}
	pr_int(p, "switches_crossed", r->num_steps);
	pr_arr_begin(p, "hops");
	for (i = 0; i < r->num_steps; i++) {
		pr_obj_begin(p, NULL, NULL);
		pr_str(p, "name", name_of(v, r->steps[i].node));
		pr_int(p, "in_port", r->steps[i].in_port);
		pr_int(p, "out_port", r->steps[i].out_port);
		pr_obj_end(p);
	}
	pr_arr_end(p);
	pr_record_end(p);
}
