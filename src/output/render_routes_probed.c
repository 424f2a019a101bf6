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

/* Each counter's rise at one end, XmitWait among them (NULL: unread). */
static void end_counters(struct printer *p, const char *key, bool read,
			 const uint64_t *rise)
{
	char title[400] = "", *at = title;
	size_t k;

	if (!read) {
		pr_str(p, key, NULL);
		return;
	}
	for (k = 0; k < RR_LINK_COUNTERS; k++)
		if (rise[k] && at < title + sizeof(title))
			at += snprintf(at, title + sizeof(title) - at, "%s%s +%llu",
				       at == title ? "" : ", ",
				       rr_link_counter_key((enum rr_link_counter)k),
				       (unsigned long long)rise[k]);
	pr_obj_begin(p, key, title[0] ? title : "none rose");
	for (k = 0; k < RR_LINK_COUNTERS; k++)
		pr_uint(p, rr_link_counter_key((enum rr_link_counter)k),
			rise[k]);
	pr_obj_end(p);
}

static void end_fields(struct printer *p, const struct rr_routes_view *v,
		       const char *side, size_t i, bool read, uint64_t errors,
		       const uint64_t *rise)
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
		pr_uint(p, key, errors);
	else
		pr_str(p, key, NULL);	/* not read: unknown, not 0 */
	snprintf(key, sizeof(key), "%s_counters", side);
	end_counters(p, key, read, rise);
}

static const char *ways_key(unsigned int ways)
{
	if (ways == (RR_WAY_OUT | RR_WAY_BACK_BIT))
		return "both";
	return ways == RR_WAY_OUT ? "near_to_far" : "far_to_near";
}

/* The ways cable C is crossed by target T's round trip (RR_WAY_OUT...). */
static unsigned int ways_of(const struct rr_lid_paths *lp, size_t t, size_t c)
{
	const struct rr_lid_target *x = &lp->targets[t];
	unsigned int ways = 0;
	size_t k, w;

	for (k = 0; k < x->len; k++) {
		w = lp->ways[x->first + k];
		if (RR_WAY_CABLE(w) == c)
			ways |= RR_WAY_BACK(w) ? RR_WAY_BACK_BIT : RR_WAY_OUT;
	}
	return ways;
}

/* Target T's probes: its LID, sent, answered, the ways across cable C. */
static void lid_fields(struct printer *p, const struct rr_routes_view *v,
		       size_t t, size_t c, const char *prefix)
{
	const struct rr_lid_evidence *e = &v->lid_ev[t];
	char key[48], text[32];

	snprintf(key, sizeof(key), "%slid", prefix);
	pr_int(p, key, v->lid_paths->targets[t].lid);
	snprintf(key, sizeof(key), "%ssent", prefix);
	pr_int(p, key, e->sent);
	snprintf(key, sizeof(key), "%sanswered", prefix);
	pr_int(p, key, e->answered);
	snprintf(key, sizeof(key), "%sways", prefix);
	pr_str(p, key, ways_key(ways_of(v->lid_paths, t, c)));
	if (!e->answered)
		return;
	snprintf(key, sizeof(key), "%srtt_ms", prefix);
	snprintf(text, sizeof(text), "%.3f ms", e->rtt_sum_ms / e->answered);
	pr_num(p, key, e->rtt_sum_ms / e->answered, text);
}

void rr_record_probe_lid(struct printer *p, const struct rr_routes_view *v,
			 size_t c)
{
	size_t t;

	if (!v->lid_paths || c >= v->lid_paths->num_cables)
		return;
	t = v->lid_paths->of_cable[c];
	if (t == SIZE_MAX) {
		/* No route of the local port's crosses it: no LID lane. */
		pr_str(p, "lid_probe_lid", NULL);
		return;
	}
	lid_fields(p, v, t, c, "lid_probe_");
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

/*
 * The routes that cross suspect S's cable, either way (leave by an end),
 * or die at an end (its link down, or its state lost with a MAD): as
 * model/fabric/pairs_across.h lists them.
 */
static unsigned long long routes_across(const struct rr_routes_view *v,
					const struct rr_suspect *s)
{
	const struct rr_link_evidence *e = &v->link_ev[s->link];
	size_t ends[2] = { e->near_port, e->far_port }, i;
	unsigned long long n = 0;

	for (i = 0; i < 2; i++)
		if (ends[i] < v->s->num_loads)
			n += v->s->loads[ends[i]] +
			     rr_routes_dead_at(v->s, v->g, ends[i]);
	return n;
}

/*
 * "; LID 5 across it both ways: 21 of 200 lost" for a suspect by loss
 * whose cable a LID's round trip crosses (lid_loss says it already).
 */
static void lid_lane(const struct rr_routes_view *v, const struct rr_suspect *s,
		     char *buf, size_t len)
{
	const struct rr_lid_evidence *e;
	size_t t, c = s->link;
	unsigned int ways;

	buf[0] = 0;
	if (s->why == RR_BLAME_LID_LOSS || !v->lid_paths ||
	    c >= v->lid_paths->num_cables)
		return;
	t = v->lid_paths->of_cable[c];
	if (t == SIZE_MAX || !v->lid_ev[t].sent)
		return;
	e = &v->lid_ev[t];
	ways = ways_of(v->lid_paths, t, c);
	snprintf(buf, len, "; LID %u's probes across it %s: %u of %u lost",
		 v->lid_paths->targets[t].lid,
		 ways == (RR_WAY_OUT | RR_WAY_BACK_BIT) ? "both ways" :
		 ways == RR_WAY_OUT ? "near to far" : "far to near",
		 e->sent - e->answered, e->sent);
}

/* " (Hca1 -> Hca9, Hca2 -> Hca9, ...)": the first two pairs of suspect K. */
static void first_pairs(const struct rr_routes_view *v, size_t k, char *buf,
			size_t len)
{
	const struct rr_pairs_across *pa;
	char src[2][160], dst[2][160];
	unsigned int i;

	buf[0] = 0;
	if (!v->suspect_pairs || !v->suspect_pairs[k].num)
		return;
	pa = &v->suspect_pairs[k];
	for (i = 0; i < 2 && i < pa->num; i++) {
		rr_routes_port_name(v, pa->pairs[i].src, src[i], sizeof(src[i]));
		rr_routes_port_name(v, pa->pairs[i].dst, dst[i], sizeof(dst[i]));
	}
	if (pa->num == 1)
		snprintf(buf, len, " (%s -> %s)", src[0], dst[0]);
	else
		snprintf(buf, len, " (%s -> %s, %s -> %s%s)", src[0], dst[0],
			 src[1], dst[1], pa->num > 2 ? ", ..." : "");
}

static void suspect_title(const struct rr_routes_view *v, size_t rank,
			  const struct rr_suspect *s, char *title, size_t len)
{
	const struct rr_link_evidence *e = &v->link_ev[s->link];
	char a[160], b[160], first[400], lost[240] = "", errors[96] = "";
	char lid[120], some[680];

	if (s->why == RR_BLAME_DOWN) {
		snprintf(title, len, "suspect link %zu: %s: its link is down while the tables send %u LIDs there, %llu routes die there (a cable cut or pulled, or the far end gone); check it first%s",
			 rank, end_name(v, e->near_port, a, sizeof(a)),
			 e->lids_routed, routes_across(v, s),
			 s->tied_with_next ? " (the next cannot be told from it)" : "");
		return;
	}
	if (s->why == RR_BLAME_LID_LOSS)
		snprintf(lost, sizeof(lost), "%u of %u LID-routed probes (LID %u, a data VL) lost, %.0f %% (at least %.0f %%), nothing else on their round trip to blame; its directed-route probes passed",
			 v->lid_ev[s->by_lid].sent - v->lid_ev[s->by_lid].answered,
			 v->lid_ev[s->by_lid].sent,
			 v->lid_paths->targets[s->by_lid].lid, 100 * s->loss,
			 100 * s->loss_low);
	else if (s->why != RR_BLAME_COUNTERS)
		snprintf(lost, sizeof(lost), "%u of %u probes lost, %.0f %% beyond the cable before it (at least %.0f %%)",
			 e->sent - e->answered, e->sent, 100 * s->loss,
			 100 * s->loss_low);
	if (s->why != RR_BLAME_LOSS)
		snprintf(errors, sizeof(errors), "%serror counters +%llu",
			 lost[0] ? "; " : "", (unsigned long long)s->errors);
	lid_lane(v, s, lid, sizeof(lid));
	first_pairs(v, rank - 1, some, sizeof(some));
	snprintf(title, len, "suspect link %zu: %s - %s: %s%s%s; %llu routes cross it%s; check %s first%s",
		 rank, end_name(v, e->near_port, a, sizeof(a)),
		 end_name(v, e->far_port, b, sizeof(b)), lost, errors, lid,
		 routes_across(v, s), some,
		 check_first(v, s, first, sizeof(first)),
		 s->tied_with_next ? " (the next cannot be told from it)" : "");
}

/* The first pairs whose routes cross suspect K (rank K + 1). */
static void pairs(struct printer *p, const struct rr_routes_view *v, size_t k)
{
	const struct rr_pairs_across *pa;
	char src[160], dst[160], title[360];
	unsigned int i;

	if (!v->suspect_pairs)
		return;
	pa = &v->suspect_pairs[k];
	pr_arr_begin(p, "pairs");
	for (i = 0; i < pa->num; i++) {
		rr_routes_port_name(v, pa->pairs[i].src, src, sizeof(src));
		rr_routes_port_name(v, pa->pairs[i].dst, dst, sizeof(dst));
		snprintf(title, sizeof(title), "%s (LID %u) -> %s (LID %u)",
			 src, v->eps[pa->pairs[i].src].lid, dst,
			 v->eps[pa->pairs[i].dst].lid);
		pr_obj_begin(p, NULL, title);
		pr_str(p, "src", src);
		pr_int(p, "src_lid", v->eps[pa->pairs[i].src].lid);
		pr_str(p, "dst", dst);
		pr_int(p, "dst_lid", v->eps[pa->pairs[i].dst].lid);
		pr_obj_end(p);
	}
	pr_arr_end(p);
}

static void suspect(struct printer *p, const struct rr_routes_view *v,
		    size_t rank, const struct rr_suspect *s)
{
	const struct rr_link_evidence *e = &v->link_ev[s->link];
	char title[2400], text[32], first[400];

	suspect_title(v, rank, s, title, sizeof(title));
	pr_use_err(p, true);
	pr_record_begin(p, "suspect_links", title, true);
	pr_int(p, "rank", (long long)rank);
	end_fields(p, v, "near", e->near_port, e->near_read, e->near_errors,
		   e->near_rise);
	end_fields(p, v, "far", e->far_port, e->far_read, e->far_errors,
		   e->far_rise);
	pr_str(p, "why", rr_blame_why_key(s->why));
	pr_str(p, "end", rr_blame_end_key(s->end));
	pr_str(p, "check_first", check_first(v, s, first, sizeof(first)));
	pr_int(p, "routes", (long long)routes_across(v, s));
	pairs(p, v, rank - 1);
	if (s->why == RR_BLAME_DOWN)
		pr_int(p, "lids_routed", e->lids_routed);
	pr_int(p, "sent", e->sent);
	pr_int(p, "answered", e->answered);
	rr_record_probe_rtt(p, e);
	if (s->why == RR_BLAME_LID_LOSS)
		lid_fields(p, v, s->by_lid, s->link, "lid_probe_");
	else
		rr_record_probe_lid(p, v, s->link);
	snprintf(text, sizeof(text), "%.3f", s->loss);
	pr_num(p, "loss", s->loss, text);
	snprintf(text, sizeof(text), "%.3f", s->loss_low);
	pr_num(p, "loss_low", s->loss_low, text);
	pr_bool(p, "tied_with_next", s->tied_with_next);
	pr_str(p, "hint", s->why == RR_BLAME_LID_LOSS ?
	       "what rides a data VL is lost on a round trip where only this cable (or those tied with it) was not cleared, while its directed-route probes (VL15) pass: a VL's buffers or credits at an end (`perfquery -x`, `smpquery sl2vl`, `smpquery vlarb` both ends), or a cable that drops what it carries one way; the LID's route both ways: `ibtracert`" :
	       "a cable that loses what crosses it, or whose port counts errors: reseat or replace it, or the port the counters name (`perfquery -x` both ends, `iblinkinfo`); a lossy link also cuts off what the discovery finds behind it");
	pr_record_end(p);
	pr_use_err(p, false);
}

/* What was probed, or why nothing was. */
static void probed(struct printer *p, const struct rr_routes_view *v)
{
	unsigned long long sent = 0, answered = 0, lid_sent = 0, lid_answered = 0;
	size_t lid_less = 0, lids = v->lid_paths ? v->lid_paths->num_targets : 0;
	char title[480], text[32], cut[64] = "";
	double rtt = 0;
	size_t i;

	if (!v->probe_why && v->probe_rounds < v->probes)
		snprintf(cut, sizeof(cut), " asked, cut short after %u rounds",
			 v->probe_rounds);
	for (i = 0; i < v->num_cables; i++) {
		sent += v->link_ev[i].sent;
		answered += v->link_ev[i].answered;
		rtt += v->link_ev[i].rtt_sum_ms;
	}
	for (i = 0; v->lid_paths && i < v->lid_paths->num_targets; i++) {
		lid_sent += v->lid_ev[i].sent;
		lid_answered += v->lid_ev[i].answered;
	}
	for (i = 0; v->lid_paths && i < v->lid_paths->num_cables; i++)
		lid_less += v->lid_paths->of_cable[i] == SIZE_MAX;
	if (v->probe_why)
		snprintf(title, sizeof(title), "links not probed: %s",
			 v->probe_why);
	else
		snprintf(title, sizeof(title), "links probed: %zu cables, %u probes each%s, %llu sent, %llu answered; %zu LIDs across %zu of them, %llu sent, %llu answered; %zu suspect",
			 v->num_cables, v->probes, cut, sent, answered, lids,
			 v->num_cables - lid_less, lid_sent, lid_answered,
			 v->num_suspects);
	pr_use_err(p, v->probe_why != NULL);
	pr_record_begin(p, "link_probe", title, true);
	pr_bool(p, "probed", !v->probe_why);
	if (v->probe_why)
		pr_str(p, "why", v->probe_why);
	pr_int(p, "probes_a_link", v->probes);
	pr_int(p, "rounds", v->probe_rounds);
	pr_int(p, "cables", (long long)v->num_cables);
	pr_int(p, "sent", (long long)sent);
	pr_int(p, "answered", (long long)answered);
	pr_int(p, "lids", (long long)lids);
	pr_int(p, "cables_without_lid", (long long)(v->probe_why ? 0 : lid_less));
	pr_int(p, "lid_sent", (long long)lid_sent);
	pr_int(p, "lid_answered", (long long)lid_answered);
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
