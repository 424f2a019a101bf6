// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --dot: the fabric as graphviz draws it (dot -Tsvg), a node a box
 * (switch) or an ellipse (CA), a cable an edge labelled with the routes
 * that leave by each end; the busier a cable, the thicker, a cable that
 * is not active drawn dashed and red, one degraded (slower than it
 * should be) orange, one gone since the run --compare read dotted grey,
 * labelled "gone"; a switch port whose link was lost (its counters say)
 * a dashed red stub, "lost"; a suspect cable of --probe-links bold
 * magenta, labelled "suspect N" (N its rank; a stub when nothing was
 * found behind it).  Nodes in tiers by their distance
 * from the CAs (the CAs at the bottom, a fat tree's leaves above them,
 * its spines on top), each tier a rank of its own.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/ib_port.h"
#include "output/render_routes.h"

/*
 * S as a dot string, showing what the text output shows: control
 * characters and bytes that are not UTF-8 as \xNN (its backslash doubled
 * for dot, as quotes and backslashes are escaped).
 */
static void put_quoted(FILE *f, const char *s)
{
	size_t len = strlen(s), i = 0, n, k;
	bool bad, control;

	fputc('"', f);
	while (i < len) {
		n = rr_utf8_unit(s + i, len - i, &bad, &control);
		if (bad || control) {
			for (k = 0; k < n; k++)
				fprintf(f, "\\\\x%02x", (unsigned char)s[i + k]);
		} else {
			if (s[i] == '"' || s[i] == '\\')
				fputc('\\', f);
			fwrite(s + i, 1, n, f);
		}
		i += n;
	}
	fputc('"', f);
}

static void nodes(FILE *f, const struct rr_routes_view *v)
{
	const struct rr_gnode *n;
	const struct rr_gport *p0;
	size_t i;

	for (i = 0; i < v->g->num_nodes; i++) {
		n = &v->g->nodes[i];
		p0 = rr_graph_port(v->g, i, n->type == RR_NODE_SWITCH ? 0 : 1);
		fprintf(f, "\tn%zu [label=", i);
		put_quoted(f, rr_graph_name(v->g, v->names, i));
		fprintf(f, ", tooltip=\"0x%016llx LID %u\", shape=%s];\n",
			(unsigned long long)n->guid, p0 ? p0->lid : 0,
			n->type == RR_NODE_SWITCH ? "box" : "ellipse");
	}
}

static uint64_t busiest(const struct rr_routes_view *v)
{
	uint64_t max = 1;
	size_t i;

	for (i = 0; i < v->g->num_ports; i++)
		if (v->s->loads[i] > max)
			max = v->s->loads[i];
	return max;
}

/*
 * Each node's tier: the cables between it and the nearest CA (a
 * breadth-first walk from all CAs at once); a node no CA reaches, the
 * tier above the highest.  NULL: ENOMEM.
 */
static uint32_t *tiers(const struct rr_graph *g, uint32_t *top)
{
	uint32_t *tier = malloc((g->num_nodes ? g->num_nodes : 1) * sizeof(*tier));
	uint32_t *queue = malloc((g->num_nodes ? g->num_nodes : 1) * sizeof(*queue));
	size_t i, head = 0, tail = 0;
	const struct rr_gport *p;
	unsigned int k;
	uint32_t v;

	if (!tier || !queue) {
		free(tier);
		free(queue);
		return NULL;
	}
	*top = 0;
	for (i = 0; i < g->num_nodes; i++) {
		tier[i] = UINT32_MAX;
		if (g->nodes[i].type != RR_NODE_SWITCH) {
			tier[i] = 0;
			queue[tail++] = (uint32_t)i;
		}
	}
	while (head < tail) {
		v = queue[head++];
		for (k = 1; k <= g->nodes[v].num_ports; k++) {
			p = rr_graph_port(g, v, k);
			if (!p || !p->present || p->peer == RR_NO_NODE ||
			    tier[p->peer] != UINT32_MAX)
				continue;
			tier[p->peer] = tier[v] + 1;
			if (tier[p->peer] > *top)
				*top = tier[p->peer];
			queue[tail++] = p->peer;
		}
	}
	for (i = 0; i < g->num_nodes; i++)
		if (tier[i] == UINT32_MAX)
			tier[i] = *top + 1;
	free(queue);
	return tier;
}

/* Each tier a rank: "{ rank=same; n1; n2; }", the CAs' first. */
static void ranks(FILE *f, const struct rr_graph *g, const uint32_t *tier,
		  uint32_t top)
{
	uint32_t t;
	size_t i;

	for (t = 0; t <= top + 1; t++) {
		bool any = false;

		for (i = 0; i < g->num_nodes; i++) {
			if (tier[i] != t)
				continue;
			fprintf(f, "%s n%zu;", any ? "" : "\t{ rank=same;", i);
			any = true;
		}
		if (any)
			fprintf(f, " }\n");
	}
}

/*
 * Each cable once, from the end of the lower index; drawn from its
 * higher tier's end (dot puts an edge's tail above its head).
 */
/* How a cable of ports A and B is drawn beyond its load. */
static const char *edge_style(const struct rr_routes_view *v,
			      const struct rr_gport *a, const struct rr_gport *b,
			      const bool *slow, const uint32_t *suspect,
			      char *buf, size_t len)
{
	size_t ia = (size_t)(a - v->g->ports), ib = (size_t)(b - v->g->ports);
	uint32_t rank = suspect[ia] ? suspect[ia] : suspect[ib];

	if (rank)
		snprintf(buf, len, ", style=bold, color=magenta, fontcolor=magenta, "
			 "xlabel=\"suspect %u\"", rank);
	else if (!rr_port_state_active(a->state) ||
		 !rr_port_state_active(b->state))
		snprintf(buf, len, ", style=dashed, color=red");
	else if (slow[ia] || slow[ib])
		snprintf(buf, len, ", color=orange");
	else
		buf[0] = '\0';
	return buf;
}

static void edges(FILE *f, const struct rr_routes_view *v,
		  const uint32_t *tier, const bool *slow,
		  const uint32_t *suspect)
{
	char style[128];
	uint64_t max = busiest(v), there, back;
	const struct rr_gport *a, *b;
	unsigned int k;
	size_t i;
	bool down;

	for (i = 0; i < v->g->num_nodes; i++) {
		for (k = 1; k <= v->g->nodes[i].num_ports; k++) {
			a = rr_graph_port(v->g, i, k);
			if (a->peer == RR_NO_NODE || a->peer < i ||
			    (a->peer == i && a->peer_port < k))
				continue;
			b = rr_graph_port(v->g, a->peer, a->peer_port);
			there = v->s->loads[a - v->g->ports];
			back = v->s->loads[b - v->g->ports];
			down = tier[i] >= tier[a->peer];
			fprintf(f, "\tn%zu -- n%zu [taillabel=\"%u\", headlabel=\"%u\", "
				"label=\"%llu / %llu\", penwidth=%.2f%s];\n",
				down ? i : (size_t)a->peer, down ? (size_t)a->peer : i,
				down ? k : a->peer_port, down ? a->peer_port : k,
				(unsigned long long)(down ? there : back),
				(unsigned long long)(down ? back : there),
				1.0 + 5.0 * (double)(there > back ? there : back) /
					(double)max,
				edge_style(v, a, b, slow, suspect, style,
					   sizeof(style)));
		}
	}
}

/* Switch ports whose link was lost (their counters say): a red stub. */
static void lost(FILE *f, const struct rr_routes_view *v)
{
	unsigned int port;
	size_t i, node;

	for (i = 0; i < v->num_lost; i++) {
		rr_graph_port_at(v->g, v->lost[i].port, &node, &port);
		fprintf(f, "\tlost%zu [shape=point, color=red];\n"
			"\tn%zu -- lost%zu [taillabel=\"%u\", label=\"lost\", "
			"style=dashed, color=red, constraint=false];\n",
			i, node, i, port);
	}
}

/* --compare's cables gone, between nodes still there: dotted, "gone". */
static void gone(FILE *f, const struct rr_routes_view *v)
{
	const struct rr_cable_change *x;
	uint32_t a, b;
	size_t i;

	for (i = 0; v->cmp && i < v->cmp->num_gone; i++) {
		x = &v->cmp->gone[i];
		a = rr_graph_find(v->g, x->guid);
		b = rr_graph_find(v->g, x->peer_guid);
		if (a == RR_NO_NODE || b == RR_NO_NODE)
			continue;
		fprintf(f, "\tn%u -- n%u [taillabel=\"%u\", headlabel=\"%u\", "
			"label=\"gone\", style=dotted, color=grey50, constraint=false];\n",
			a, b, x->port, x->peer_port);
	}
}

/* A suspect cable with nothing found behind it: a magenta stub. */
static void suspect_stubs(FILE *f, const struct rr_routes_view *v)
{
	const struct rr_link_evidence *e;
	unsigned int port;
	size_t i, node;

	for (i = 0; i < v->num_suspects; i++) {
		e = &v->link_ev[v->suspects[i].link];
		if (e->far_port != SIZE_MAX)
			continue;
		rr_graph_port_at(v->g, e->near_port, &node, &port);
		fprintf(f, "\tsuspect%zu [shape=point, color=magenta];\n"
			"\tn%zu -- suspect%zu [taillabel=\"%u\", label=\"suspect %zu\", "
			"style=bold, color=magenta, fontcolor=magenta];\n",
			i + 1, node, i + 1, port, i + 1);
	}
}

/* Each suspect cable's two ports marked with its rank (1 the first). */
static void mark_suspects(const struct rr_routes_view *v, uint32_t *rank)
{
	const struct rr_link_evidence *e;
	size_t i;

	for (i = v->num_suspects; i-- > 0;) {
		e = &v->link_ev[v->suspects[i].link];
		rank[e->near_port] = (uint32_t)i + 1;
		if (e->far_port != SIZE_MAX)
			rank[e->far_port] = (uint32_t)i + 1;
	}
}

int rr_render_routes_dot(FILE *f, const struct rr_routes_view *v)
{
	fprintf(f, "// rdma-route --sa --trace --all-pairs: %llu routes; "
		   "an edge's label: routes leaving by its tail (the upper end) / by its head\n",
		(unsigned long long)v->s->pairs);
	uint32_t *tier, top, *suspect;
	size_t i, n = v->g->num_ports ? v->g->num_ports : 1;
	bool *slow;

	tier = tiers(v->g, &top);
	slow = calloc(n, sizeof(*slow));
	suspect = calloc(n, sizeof(*suspect));
	if (!tier || !slow || !suspect) {
		free(tier);
		free(slow);
		free(suspect);
		return -1;
	}
	for (i = 0; i < v->num_degraded; i++)
		slow[v->degraded[i].port] = true;
	mark_suspects(v, suspect);
	fputs("graph fabric {\n\tnode [fontsize=10];\n\tedge [fontsize=8];\n", f);
	nodes(f, v);
	ranks(f, v->g, tier, top);
	edges(f, v, tier, slow, suspect);
	gone(f, v);
	lost(f, v);
	suspect_stubs(f, v);
	fputs("}\n", f);
	free(tier);
	free(slow);
	free(suspect);
	return fflush(f) || ferror(f) ? -1 : 0;
}
