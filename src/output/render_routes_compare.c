// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What --compare reads back (JSON: each switch's forwarding table, the CA
 * ports the pairs were made of) and what it found against it: the routes
 * that moved grouped by where they part, the cables gone or new, the
 * loads that moved most, the credit loops new or vanished.
 */
#include <stdio.h>
#include <stdlib.h>

#include "output/render_routes.h"

static const char *name_of(const struct rr_routes_view *v, size_t n)
{
	return rr_graph_name(v->g, v->names, n);
}

/* A table as hex, two digits a LID from LID 0 (ff: no entry); NULL: ENOMEM. */
static char *lft_hex(const struct rr_gnode *sw)
{
	static const char digits[] = "0123456789abcdef";
	char *s = malloc(2 * (size_t)sw->lft_len + 1);
	uint32_t i;

	if (!s)
		return NULL;
	for (i = 0; i < sw->lft_len; i++) {
		s[2 * i] = digits[sw->lft[i] >> 4];
		s[2 * i + 1] = digits[sw->lft[i] & 15];
	}
	s[2 * (size_t)sw->lft_len] = '\0';
	return s;
}

static void tables(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_gnode *sw;
	const struct rr_gport *p0;
	size_t i;
	char *hex;

	for (i = 0; i < v->g->num_nodes; i++) {
		sw = &v->g->nodes[i];
		if (sw->type != RR_NODE_SWITCH)
			continue;
		p0 = rr_graph_port(v->g, i, 0);
		hex = lft_hex(sw);
		pr_record_begin(p, "tables", NULL, false);
		pr_str(p, "node", name_of(v, i));
		pr_hex(p, "guid", sw->guid, 16);
		pr_int(p, "lid", p0->lid);
		pr_int(p, "lmc", p0->lmc);
		pr_int(p, "ports", sw->num_ports);
		pr_bool(p, "lft_read", sw->lft_read);
		/* Out of memory: an empty table, which --compare then reads as such. */
		pr_str(p, "lft", hex ? hex : "");
		pr_record_end(p);
		free(hex);
	}
}

static void endpoints(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_endpoint *e;
	char name[160];
	size_t i;

	for (i = 0; i < v->num_eps; i++) {
		e = &v->eps[i];
		rr_routes_port_name(v, i, name, sizeof(name));
		pr_record_begin(p, "endpoints", NULL, false);
		pr_str(p, "node", name);
		pr_hex(p, "node_guid", v->g->nodes[e->node].guid, 16);
		pr_hex(p, "port_guid", rr_graph_port(v->g, e->node, e->port)->guid, 16);
		pr_int(p, "port", e->port);
		pr_int(p, "lid", e->lid);
		pr_record_end(p);
	}
}

void rr_record_routes_saved(struct printer *p, const struct rr_routes_view *v)
{
	if (!pr_is_json(p))
		return;
	tables(p, v);
	endpoints(p, v);
}

/* How a route left the place, then or now: "port 3", "died at port 2 (route_link_down)". */
static void how(unsigned int port, enum rr_cause died, char *buf, size_t len)
{
	if (died != RR_CAUSE_NONE && port)
		snprintf(buf, len, "died at port %u (%s)", port, rr_cause_key(died));
	else if (died != RR_CAUSE_NONE)
		snprintf(buf, len, "died there (%s)", rr_cause_key(died));
	else if (port)
		snprintf(buf, len, "port %u", port);
	else
		snprintf(buf, len, "arrived before it");
}

static void group_title(const struct rr_routes_view *v,
			const struct rr_move_group *gr, char *buf, size_t len)
{
	char from[160], to[160], then[96], now[96];
	unsigned long long n = gr->routes;
	const char *s = n == 1 ? "" : "s";

	rr_routes_port_name(v, gr->src, from, sizeof(from));
	rr_routes_port_name(v, gr->dst, to, sizeof(to));
	if (gr->at_source) {
		snprintf(buf, len, "moved: %llu route%s part at their source, to another first switch (first %s -> %s)",
			 n, s, from, to);
		return;
	}
	if (gr->port_then && gr->port_then == gr->port_now &&
	    gr->cause_then == RR_CAUSE_NONE && gr->cause_now == RR_CAUSE_NONE) {
		snprintf(buf, len, "moved: %llu route%s part at %s: port %u leads to another switch now (first %s -> %s)",
			 n, s, name_of(v, gr->node), gr->port_now, from, to);
		return;
	}
	how(gr->port_then, gr->cause_then, then, sizeof(then));
	how(gr->port_now, gr->cause_now, now, sizeof(now));
	snprintf(buf, len, "moved: %llu route%s part at %s: %s then, %s now (first %s -> %s)",
		 n, s, gr->node == RR_NO_NODE ? "a switch gone" : name_of(v, gr->node),
		 then, now, from, to);
}

static void moved(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_compare *c = v->cmp;
	const struct rr_move_group *gr;
	char title[1024], name[160];
	size_t i;

	for (i = 0; i < c->num_groups && i < RR_COMPARE_GROUPS; i++) {
		gr = &c->groups[i];
		group_title(v, gr, title, sizeof(title));
		pr_record_begin(p, "moved", title, true);
		if (gr->node != RR_NO_NODE) {
			pr_str(p, "node", name_of(v, gr->node));
			pr_hex(p, "guid", v->g->nodes[gr->node].guid, 16);
		}
		pr_bool(p, "at_source", gr->at_source);
		if (!gr->at_source) {
			pr_int(p, "port_then", gr->port_then);
			pr_int(p, "port_now", gr->port_now);
		}
		if (gr->cause_then != RR_CAUSE_NONE)
			pr_str(p, "cause_then", rr_cause_key(gr->cause_then));
		if (gr->cause_now != RR_CAUSE_NONE)
			pr_str(p, "cause_now", rr_cause_key(gr->cause_now));
		pr_int(p, "routes", (long long)gr->routes);
		rr_routes_port_name(v, gr->src, name, sizeof(name));
		pr_str(p, "from", name);
		rr_routes_port_name(v, gr->dst, name, sizeof(name));
		pr_str(p, "to", name);
		pr_record_end(p);
	}
}

static void cables(struct printer *p, const char *key, const char *what,
		   const struct rr_cable_change *x, size_t n)
{
	char title[256];
	size_t i;

	for (i = 0; i < n; i++) {
		snprintf(title, sizeof(title), "%s: %s", what, x[i].name);
		pr_record_begin(p, key, title, true);
		pr_str(p, "link", x[i].name);
		pr_hex(p, "guid", x[i].guid, 16);
		pr_int(p, "port", x[i].port);
		pr_hex(p, "peer_guid", x[i].peer_guid, 16);
		pr_int(p, "peer_port", x[i].peer_port);
		pr_record_end(p);
	}
}

static void loads(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_compare *c = v->cmp;
	const struct rr_load_move *m;
	char title[320], name[256];
	size_t i;

	for (i = 0; i < c->num_loads; i++) {
		m = &c->loads[i];
		rr_routes_link_name(v, m->port, name, sizeof(name));
		snprintf(title, sizeof(title), "load moved: %s: %llu routes then, %llu now",
			 name, (unsigned long long)m->then,
			 (unsigned long long)m->now);
		pr_record_begin(p, "loads_moved", title, true);
		pr_str(p, "link", name);
		pr_int(p, "routes_then", (long long)m->then);
		pr_int(p, "routes_now", (long long)m->now);
		pr_record_end(p);
	}
}

static void loops(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_compare *c = v->cmp;
	char title[2048], text[2100];
	size_t i;

	for (i = 0; i < c->num_new; i++) {
		rr_routes_loop_title(v, &v->loops[c->loops_new[i]], title,
				     sizeof(title));
		snprintf(text, sizeof(text), "new %s", title);
		pr_record_begin(p, "credit_loops_new", text, true);
		pr_str(p, "loop", title);
		pr_record_end(p);
	}
	for (i = 0; i < c->num_vanished; i++) {
		snprintf(text, sizeof(text), "credit loop vanished: %s",
			 c->b->loops[c->loops_vanished[i]].title);
		pr_record_begin(p, "credit_loops_vanished", text, true);
		pr_str(p, "loop", c->b->loops[c->loops_vanished[i]].title);
		pr_record_end(p);
	}
}

void rr_record_routes_compared(struct printer *p, const struct rr_routes_view *v)
{
	const struct rr_compare *c = v->cmp;

	if (!c)
		return;
	if (!v->quiet)
		moved(p, v);
	cables(p, "links_gone", "link gone", c->gone, c->num_gone);
	cables(p, "links_new", "link new", c->added, c->num_added);
	if (!v->quiet)
		loads(p, v);
	loops(p, v);
}
