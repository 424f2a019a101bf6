// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --probe-links: the cables to check first, each with its evidence (the
 * probes lost beyond the cable before it, its ends' error counters),
 * and what was probed.
 */
#include <stdio.h>

#include "output/render_routes.h"

/* A node's name; its GUID when it has none (its description not read). */
static const char *name_of(const struct rr_routes_view *v, size_t n,
			   char *buf, size_t len)
{
	const char *name = rr_graph_name(v->g, v->names, n);

	if (name[0])
		return name;
	snprintf(buf, len, "0x%016llx", (unsigned long long)v->g->nodes[n].guid);
	return buf;
}

/* Graph port I as "Switch3 port 5". */
static const char *end_name(const struct rr_routes_view *v, size_t i,
			    char *buf, size_t len)
{
	unsigned int port;
	size_t node;
	char guid[20];

	if (i == SIZE_MAX) {
		snprintf(buf, len, "a node the discovery did not find");
		return buf;
	}
	rr_graph_port_at(v->g, i, &node, &port);
	snprintf(buf, len, "%s port %u", name_of(v, node, guid, sizeof(guid)),
		 port);
	return buf;
}

static void end_fields(struct printer *p, const struct rr_routes_view *v,
		       const char *side, size_t i, bool read, uint64_t errors)
{
	char key[32], guid[20];
	unsigned int port;
	size_t node;

	if (i == SIZE_MAX) {	/* behind a link up, not found: unknown */
		snprintf(key, sizeof(key), "%s_node", side);
		pr_str(p, key, NULL);
		return;
	}
	rr_graph_port_at(v->g, i, &node, &port);
	snprintf(key, sizeof(key), "%s_node", side);
	pr_str(p, key, name_of(v, node, guid, sizeof(guid)));
	snprintf(key, sizeof(key), "%s_guid", side);
	pr_hex(p, key, v->g->nodes[node].guid, 16);
	snprintf(key, sizeof(key), "%s_port", side);
	pr_int(p, key, port);
	snprintf(key, sizeof(key), "%s_port_guid", side);
	pr_hex(p, key, v->g->ports[i].guid, 16);
	snprintf(key, sizeof(key), "%s_errors", side);
	if (read)
		pr_int(p, key, (long long)errors);
	else
		pr_str(p, key, NULL);	/* not read: unknown, not 0 */
}

void rr_record_probe_rtt(struct printer *p, const struct rr_link_evidence *e)
{
	char text[32];
	double mean = e->answered ? e->rtt_sum_ms / e->answered : 0;

	if (!e->answered)
		return;
	snprintf(text, sizeof(text), "%.3f ms", mean);
	pr_num(p, "rtt_ms", mean, text);
	snprintf(text, sizeof(text), "%.3f ms", e->rtt_max_ms);
	pr_num(p, "rtt_max_ms", e->rtt_max_ms, text);
}

/* The end to check first, in words. */
static const char *check_first(const struct rr_routes_view *v,
			       const struct rr_suspect *s, char *buf,
			       size_t len)
{
	const struct rr_link_evidence *e = &v->link_ev[s->link];
	char a[160], b[160];

	if (s->end == RR_BLAME_NEAR)
		return end_name(v, e->near_port, buf, len);
	if (s->end == RR_BLAME_FAR)
		return end_name(v, e->far_port, buf, len);
	snprintf(buf, len, "either end (%s, %s)",
		 end_name(v, e->near_port, a, sizeof(a)),
		 end_name(v, e->far_port, b, sizeof(b)));
	return buf;
}

/* The routes that cross suspect S's cable, either way (leave by an end). */
static unsigned long long routes_across(const struct rr_routes_view *v,
					const struct rr_suspect *s)
{
	const struct rr_link_evidence *e = &v->link_ev[s->link];
	unsigned long long n = 0;

	if (s->why == RR_BLAME_DOWN)
		return e->routes_dead;
	if (e->near_port < v->s->num_loads)
		n += v->s->loads[e->near_port];
	if (e->far_port < v->s->num_loads)
		n += v->s->loads[e->far_port];
	return n;
}

static void suspect_title(const struct rr_routes_view *v, size_t rank,
			  const struct rr_suspect *s, char *title, size_t len)
{
	const struct rr_link_evidence *e = &v->link_ev[s->link];
	char a[160], b[160], first[400], lost[160] = "", errors[96] = "";

	if (s->why == RR_BLAME_DOWN) {
		snprintf(title, len, "suspect link %zu: %s: its link is down while the tables send %u LIDs there, %llu routes die there (a cable cut or pulled, or the far end gone); check it first%s",
			 rank, end_name(v, e->near_port, a, sizeof(a)),
			 e->lids_routed, routes_across(v, s),
			 s->tied_with_next ? " (the next cannot be told from it)" : "");
		return;
	}
	if (s->why != RR_BLAME_COUNTERS)
		snprintf(lost, sizeof(lost), "%u of %u probes lost, %.0f %% beyond the cable before it (at least %.0f %%)",
			 e->sent - e->answered, e->sent, 100 * s->loss,
			 100 * s->loss_low);
	if (s->why != RR_BLAME_LOSS)
		snprintf(errors, sizeof(errors), "%serror counters +%llu",
			 lost[0] ? "; " : "", (unsigned long long)s->errors);
	snprintf(title, len, "suspect link %zu: %s - %s: %s%s; %llu routes cross it; check %s first%s",
		 rank, end_name(v, e->near_port, a, sizeof(a)),
		 end_name(v, e->far_port, b, sizeof(b)), lost, errors,
		 routes_across(v, s), check_first(v, s, first, sizeof(first)),
		 s->tied_with_next ? " (the next cannot be told from it)" : "");
}

static void suspect(struct printer *p, const struct rr_routes_view *v,
		    size_t rank, const struct rr_suspect *s)
{
	const struct rr_link_evidence *e = &v->link_ev[s->link];
	char title[1200], text[32], first[400];

	suspect_title(v, rank, s, title, sizeof(title));
	pr_use_err(p, true);
	pr_record_begin(p, "suspect_links", title, true);
	pr_int(p, "rank", (long long)rank);
	end_fields(p, v, "near", e->near_port, e->near_read, e->near_errors);
	end_fields(p, v, "far", e->far_port, e->far_read, e->far_errors);
	pr_str(p, "why", rr_blame_why_key(s->why));
	pr_str(p, "end", rr_blame_end_key(s->end));
	pr_str(p, "check_first", check_first(v, s, first, sizeof(first)));
	pr_int(p, "routes", (long long)routes_across(v, s));
	if (s->why == RR_BLAME_DOWN)
		pr_int(p, "lids_routed", e->lids_routed);
	pr_int(p, "sent", e->sent);
	pr_int(p, "answered", e->answered);
	rr_record_probe_rtt(p, e);
	snprintf(text, sizeof(text), "%.3f", s->loss);
	pr_num(p, "loss", s->loss, text);
	snprintf(text, sizeof(text), "%.3f", s->loss_low);
	pr_num(p, "loss_low", s->loss_low, text);
	pr_bool(p, "tied_with_next", s->tied_with_next);
	pr_str(p, "hint", "a cable that loses what crosses it, or whose port counts errors: reseat or replace it, or the port the counters name (`perfquery -x` both ends, `iblinkinfo`); a lossy link also cuts off what the discovery finds behind it");
	pr_record_end(p);
	pr_use_err(p, false);
}

/* What was probed, or why nothing was. */
static void probed(struct printer *p, const struct rr_routes_view *v)
{
	unsigned long long sent = 0, answered = 0;
	char title[320], text[32];
	double rtt = 0;
	size_t i;

	for (i = 0; i < v->num_cables; i++) {
		sent += v->link_ev[i].sent;
		answered += v->link_ev[i].answered;
		rtt += v->link_ev[i].rtt_sum_ms;
	}
	if (v->probe_why)
		snprintf(title, sizeof(title), "links not probed: %s",
			 v->probe_why);
	else
		snprintf(title, sizeof(title), "links probed: %zu cables, %u probes each, %llu sent, %llu answered, %zu suspect",
			 v->num_cables, v->probes, sent, answered,
			 v->num_suspects);
	pr_use_err(p, v->probe_why != NULL);
	pr_record_begin(p, "link_probe", title, true);
	pr_bool(p, "probed", !v->probe_why);
	if (v->probe_why)
		pr_str(p, "why", v->probe_why);
	pr_int(p, "probes_a_link", v->probes);
	pr_int(p, "cables", (long long)v->num_cables);
	pr_int(p, "sent", (long long)sent);
	pr_int(p, "answered", (long long)answered);
	snprintf(text, sizeof(text), "%.1f ms", v->probe_ms);
	pr_num(p, "probe_ms", v->probe_ms, text);
	if (answered) {
		snprintf(text, sizeof(text), "%.3f ms", rtt / answered);
		pr_num(p, "rtt_ms", rtt / answered, text);
	}
	pr_record_end(p);
	pr_use_err(p, false);
}

void rr_record_routes_probed(struct printer *p, const struct rr_routes_view *v)
{
	size_t i;

	if (!v->probes)
		return;
	for (i = 0; i < v->num_suspects; i++)
		suspect(p, v, i + 1, &v->suspects[i]);
	probed(p, v);
}
