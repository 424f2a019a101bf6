// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/ib_port.h"
#include "model/probe/cause.h"
#include "model/probe/result.h"
#include "model/fabric/fabric_routes.h"

static bool holds(const struct rr_gport *p, uint16_t dlid)
{
	return p->lid && dlid >= p->lid && dlid < p->lid + (1U << p->lmc);
}

static void dies(struct rr_route *r, enum rr_cause cause, uint32_t node,
		 unsigned int port)
{
	r->cause = cause;
	r->at = node;
	r->at_port = (uint8_t)port;
}

/*
 * Out of port OUT of node N (its port P): to the node beyond, or the
 * route dies here.  True when it goes on, into *N and *IN.
 */
static bool leave(const struct rr_graph *g, struct rr_route *r, uint32_t *n,
		  unsigned int out, unsigned int *in)
{
	const struct rr_gport *p = rr_graph_port(g, *n, out);

	if (!p || !p->present)
		return dies(r, RR_CAUSE_ROUTE_BAD_PORT, *n, out), false;
	if (!rr_port_state_active(p->state) || p->peer == RR_NO_NODE)
		return dies(r, RR_CAUSE_ROUTE_LINK_DOWN, *n, out), false;
	*in = p->peer_port;
	*n = p->peer;
	return true;
}

/* Switch N, entered by IN: where does it send the DLID? */
static bool cross(const struct rr_graph *g, struct rr_route *r, uint32_t *n,
		  unsigned int *in, bool *arrived)
{
	const struct rr_gnode *sw = &g->nodes[*n];
	struct rr_route_step *st;
	unsigned int to;

	if (holds(rr_graph_port(g, *n, 0), r->dlid)) {
		*arrived = true;	/* the switch's own management port */
		return true;
	}
	if (!sw->lft_read)
		return dies(r, RR_CAUSE_SMP_TIMEOUT, *n, 0), false;
	to = r->dlid < sw->lft_len ? sw->lft[r->dlid] : RR_LFT_UNSET;
	if (to == RR_LFT_UNSET)
		return dies(r, RR_CAUSE_ROUTE_DEAD_END, *n, 0), false;
	if (!to || to > sw->num_ports)
		return dies(r, RR_CAUSE_ROUTE_BAD_PORT, *n, to), false;
	/* Counted as crossed only when it leaves: a dead link carries none. */
	st = &r->steps[r->num_steps];
	st->node = *n;
	st->in_port = (uint8_t)*in;
	st->out_port = (uint8_t)to;
	if (!leave(g, r, n, to, in))
		return false;
	r->num_steps++;
	return true;
}

void rr_route_walk(const struct rr_graph *g, const struct rr_endpoint *src,
		   uint16_t dlid, uint32_t *stamps, uint32_t stamp,
		   struct rr_route *r)
{
	uint32_t n = src->node;
	unsigned int in = 0;
	bool arrived = false;

	r->dlid = dlid;
	r->cause = RR_CAUSE_NONE;
	r->num_steps = 0;
	r->at = RR_NO_NODE;
	r->at_port = 0;
	if (!leave(g, r, &n, src->port, &in))
		return;
	while (!arrived) {
		if (g->nodes[n].type != RR_NODE_SWITCH) {
			/* A CA or router: the end, the right one or not. */
			if (!holds(rr_graph_port(g, n, in), dlid))
				dies(r, RR_CAUSE_ROUTE_DEAD_END, n, in);
			return;
		}
		if (stamps[n] == stamp ||
		    r->num_steps == RR_ROUTE_MAX_SWITCHES)
			return dies(r, RR_CAUSE_ROUTE_LOOP, n, 0);
		stamps[n] = stamp;
		if (!cross(g, r, &n, &in, &arrived))
			return;
	}
}

bool rr_routes_init(struct rr_routes *s, const struct rr_graph *g)
{
	memset(s, 0, sizeof(*s));
	s->num_loads = g->num_ports;
	s->loads = calloc(g->num_ports ? g->num_ports : 1, sizeof(*s->loads));
	return s->loads != NULL;
}

static size_t slot_of(enum rr_cause cause, uint32_t node, uint16_t aux,
		      size_t mask)
{
	uint64_t h = ((uint64_t)node << 24) ^ ((uint64_t)aux << 8) ^
		     (uint64_t)cause;

	h *= 0x9e3779b97f4a7c15ULL;
	return (size_t)(h >> 32) & mask;
}

/* The slots twice as many, every group put back. */
static bool rehash(struct rr_routes *s)
{
	size_t n = s->num_slots ? s->num_slots * 2 : 64, i, k;
	size_t *slots = calloc(n, sizeof(*slots));
	const struct rr_route_group *gr;

	if (!slots)
		return false;
	for (i = 0; i < s->num_groups; i++) {
		gr = &s->groups[i];
		k = slot_of(gr->cause, gr->node, gr->aux, n - 1);
		while (slots[k])
			k = (k + 1) & (n - 1);
		slots[k] = i + 1;
	}
	free(s->slots);
	s->slots = slots;
	s->num_slots = n;
	return true;
}

/* The group of R's failure, made the first time; NULL: ENOMEM. */
static struct rr_route_group *group_of(struct rr_routes *s,
				       const struct rr_route *r, size_t src,
				       size_t dst)
{
	uint16_t aux = r->cause == RR_CAUSE_ROUTE_DEAD_END ||
		       r->cause == RR_CAUSE_ROUTE_LOOP ? r->dlid : r->at_port;
	struct rr_route_group *gr, *grown;
	size_t k;

	if (2 * (s->num_groups + 1) > s->num_slots && !rehash(s))
		return NULL;
	k = slot_of(r->cause, r->at, aux, s->num_slots - 1);
	for (; s->slots[k]; k = (k + 1) & (s->num_slots - 1)) {
		gr = &s->groups[s->slots[k] - 1];
		if (gr->cause == r->cause && gr->node == r->at && gr->aux == aux)
			return gr;
	}
	if (s->num_groups == s->cap_groups) {
		size_t cap = s->cap_groups ? 2 * s->cap_groups : 16;

		grown = realloc(s->groups, cap * sizeof(*grown));
		if (!grown)
			return NULL;
		s->groups = grown;
		s->cap_groups = cap;
	}
	gr = &s->groups[s->num_groups++];
	*gr = (struct rr_route_group){ .cause = r->cause, .node = r->at,
				       .aux = aux, .src = src, .dst = dst };
	s->slots[k] = s->num_groups;
	return gr;
}

static uint64_t *cause_count(struct rr_routes *s, enum rr_cause cause)
{
	switch (cause) {
	case RR_CAUSE_ROUTE_DEAD_END: return &s->dead_ends;
	case RR_CAUSE_ROUTE_LINK_DOWN: return &s->links_down;
	case RR_CAUSE_ROUTE_LOOP: return &s->loops;
	case RR_CAUSE_ROUTE_BAD_PORT: return &s->bad_ports;
	default: return &s->unread;
	}
}

bool rr_routes_add(struct rr_routes *s, const struct rr_route *r, size_t src,
		   size_t dst)
{
	struct rr_route_group *gr;

	s->pairs++;
	if (r->cause == RR_CAUSE_NONE) {
		s->arrived++;
		s->crossed[r->num_steps]++;
		if (r->num_steps > s->max_crossed)
			s->max_crossed = r->num_steps;
		return true;
	}
	(*cause_count(s, r->cause))++;
	gr = group_of(s, r, src, dst);
	if (!gr)
		return false;
	gr->pairs++;
	return true;
}

void rr_routes_free(struct rr_routes *s)
{
	free(s->loads);
	free(s->groups);
	free(s->slots);
	memset(s, 0, sizeof(*s));
}

static int by_lid(const void *a, const void *b)
{
	const struct rr_endpoint *x = a, *y = b;

	return (int)x->lid - (int)y->lid;
}

bool rr_graph_endpoints(const struct rr_graph *g, struct rr_endpoint **eps,
			size_t *n)
{
	const struct rr_gport *p;
	size_t i, num = 0;
	unsigned int k;

	*eps = malloc((g->num_ports ? g->num_ports : 1) * sizeof(**eps));
	if (!*eps)
		return false;
	for (i = 0; i < g->num_nodes; i++) {
		if (g->nodes[i].type == RR_NODE_SWITCH)
			continue;
		for (k = 1; k <= g->nodes[i].num_ports; k++) {
			p = rr_graph_port(g, i, k);
			if (!p->present || !p->lid)
				continue;
			(*eps)[num++] = (struct rr_endpoint){
				.node = (uint32_t)i, .port = (uint8_t)k,
				.lid = p->lid };
		}
	}
	qsort(*eps, num, sizeof(**eps), by_lid);
	*n = num;
	return true;
}

/* The load of each port a route leaves by: the source's, each switch's. */
static void add_loads(struct rr_routes *s, const struct rr_graph *g,
		      const struct rr_endpoint *src, const struct rr_route *r)
{
	unsigned int i;

	if (r->num_steps || r->cause != RR_CAUSE_ROUTE_LINK_DOWN ||
	    r->at != src->node)	/* it left the source */
		s->loads[g->nodes[src->node].first_port + src->port]++;
	for (i = 0; i < r->num_steps; i++)
		s->loads[g->nodes[r->steps[i].node].first_port +
			 r->steps[i].out_port]++;
}

bool rr_routes_each(const struct rr_graph *g, const struct rr_endpoint *eps,
		    size_t n, rr_route_fn fn, void *ctx)
{
	uint32_t *stamps, stamp = 0;
	struct rr_route r;
	size_t i, j;
	bool ok = true;

	stamps = calloc(g->num_nodes ? g->num_nodes : 1, sizeof(*stamps));
	if (!stamps)
		return false;
	for (i = 0; i < n && ok; i++) {
		for (j = 0; j < n && ok; j++) {
			if (i == j)
				continue;
			if (++stamp == 0) {	/* wrapped: old marks would match */
				memset(stamps, 0, g->num_nodes * sizeof(*stamps));
				stamp = 1;
			}
			rr_route_walk(g, &eps[i], eps[j].lid, stamps, stamp, &r);
			ok = fn(&r, i, j, ctx);
		}
	}
	free(stamps);
	return ok;
}

/* What rr_routes_all_pairs() hands each route to. */
struct counting {
	const struct rr_graph *g;
	const struct rr_endpoint *eps;
	struct rr_routes *s;
	rr_route_fn fn;
	void *ctx;
};

static bool count_route(const struct rr_route *r, size_t src, size_t dst,
			void *ctx)
{
	struct counting *c = ctx;

	add_loads(c->s, c->g, &c->eps[src], r);
	if (!rr_routes_add(c->s, r, src, dst)) {
		errno = ENOMEM;
		return false;
	}
	return !c->fn || c->fn(r, src, dst, c->ctx);
}

bool rr_routes_all_pairs(const struct rr_graph *g,
			 const struct rr_endpoint *eps, size_t n,
			 struct rr_routes *s, rr_route_fn fn, void *ctx)
{
	struct counting c = { g, eps, s, fn, ctx };

	return rr_routes_each(g, eps, n, count_route, &c);
}

uint64_t rr_routes_dead_at(const struct rr_routes *s, const struct rr_graph *g,
			   size_t i)
{
	const struct rr_route_group *gr;
	uint64_t n = 0;
	size_t k;

	for (k = 0; k < s->num_groups; k++) {
		gr = &s->groups[k];
		if (gr->cause == RR_CAUSE_ROUTE_LINK_DOWN &&
		    g->nodes[gr->node].first_port + gr->aux == i)
			n += gr->pairs;
	}
	return n;
}

static bool between_switches(const struct rr_graph *g, size_t node,
			     const struct rr_gport *p)
{
	return g->nodes[node].type == RR_NODE_SWITCH && p->present &&
	       rr_port_state_active(p->state) && p->peer != RR_NO_NODE &&
	       g->nodes[p->peer].type == RR_NODE_SWITCH;
}

double rr_routes_fair_share(const struct rr_routes *s, const struct rr_graph *g,
			    size_t *links)
{
	uint64_t total = 0;
	size_t i, k, n = 0;

	for (i = 0; i < g->num_nodes; i++) {
		for (k = 1; k <= g->nodes[i].num_ports; k++) {
			size_t at = g->nodes[i].first_port + k;

			if (!between_switches(g, i, &g->ports[at]))
				continue;
			total += s->loads[at];
			n++;
		}
	}
	*links = n;
	return n ? (double)total / (double)n : 0;
}

static int by_load(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

bool rr_routes_load_spread(const struct rr_routes *s, const struct rr_graph *g,
			   struct rr_load_spread *out)
{
	uint64_t *loads;
	size_t i, k, n = 0;

	memset(out, 0, sizeof(*out));
	loads = malloc((g->num_ports ? g->num_ports : 1) * sizeof(*loads));
	if (!loads)
		return false;
	for (i = 0; i < g->num_nodes; i++)
		for (k = 1; k <= g->nodes[i].num_ports; k++)
			if (between_switches(g, i, &g->ports[g->nodes[i].first_port + k]))
				loads[n++] = s->loads[g->nodes[i].first_port + k];
	if (n) {
		qsort(loads, n, sizeof(*loads), by_load);
		out->links = n;
		out->min = loads[0];
		out->max = loads[n - 1];
		out->median = n % 2 ? (double)loads[n / 2] :
			((double)loads[n / 2 - 1] + (double)loads[n / 2]) / 2;
	}
	free(loads);
	return true;
}

const char *rr_dead_end_hint(int dest_state)
{
	switch (dest_state) {
	case 2:		/* INIT */
	case 3:		/* ARMED */
		return "the destination's port is up but not ACTIVE: the SM has not swept since it came up (or is not running): make it sweep, and check that one runs (`sminfo`)";
	case 4:		/* ACTIVE */
		return "the destination's port is ACTIVE, so the SM swept since it came up, yet this switch has no entry for its LID: a routing engine that failed for it, a table the SM could not write (lost SMPs), or one set by hand: check the SM's log and `ibroute SWITCH-LID`, then make it sweep again";
	default:
		return rr_cause_hint(RR_CAUSE_ROUTE_DEAD_END);
	}
}

bool rr_link_hot(uint64_t load, double fair, double median)
{
	return load >= 2 && (double)load > median &&
	       (double)load >= RR_HOT_SHARE * fair;
}

size_t rr_routes_hot_count(const struct rr_routes *s, const struct rr_graph *g,
			   double fair, double median)
{
	size_t i, k, at, n = 0;

	for (i = 0; i < g->num_nodes; i++)
		for (k = 1; k <= g->nodes[i].num_ports; k++) {
			at = g->nodes[i].first_port + k;
			if (between_switches(g, i, &g->ports[at]) &&
			    rr_link_hot(s->loads[at], fair, median))
				n++;
		}
	return n;
}

size_t rr_routes_hottest(const struct rr_routes *s, const struct rr_graph *g,
			 size_t *out, size_t max)
{
	size_t i, k, at, num = 0, pos;

	for (i = 0; i < g->num_nodes; i++) {
		for (k = 1; k <= g->nodes[i].num_ports; k++) {
			at = g->nodes[i].first_port + k;
			if (!between_switches(g, i, &g->ports[at]))
				continue;
			/* Insertion into the MAX kept, most first. */
			pos = num < max ? num : max;
			while (pos > 0 && s->loads[out[pos - 1]] < s->loads[at])
				pos--;
			if (pos >= max)
				continue;
			if (num < max)
				num++;
			memmove(&out[pos + 1], &out[pos],
				(num - 1 - pos) * sizeof(*out));
			out[pos] = at;
		}
	}
	return num;
}

void rr_graph_port_at(const struct rr_graph *g, size_t i, size_t *node,
		      unsigned int *port)
{
	size_t lo = 0, hi = g->num_nodes, mid;

	/* The last node whose ports start at or before I. */
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (g->nodes[mid].first_port <= i)
			lo = mid;
		else
			hi = mid;
	}
	*node = lo;
	*port = (unsigned int)(i - g->nodes[lo].first_port);
}

void rr_route_place(const struct rr_graph *g, const struct rr_node_names *map,
		    enum rr_cause cause, uint32_t node, uint16_t aux,
		    char *buf, size_t len)
{
	const char *name = node < g->num_nodes ? rr_graph_name(g, map, node) : "?";
	const struct rr_gport *p = rr_graph_port(g, node, aux), *end;

	switch (cause) {
	case RR_CAUSE_ROUTE_DEAD_END:
		if (g->nodes[node].type == RR_NODE_SWITCH)
			snprintf(buf, len, "%s has no route for LID %u", name, aux);
		else
			snprintf(buf, len, "LID %u is delivered to %s, not to its port",
				 aux, name);
		return;
	case RR_CAUSE_ROUTE_LOOP:
		snprintf(buf, len, "the route to LID %u comes back to %s", aux, name);
		return;
	case RR_CAUSE_ROUTE_LINK_DOWN:
		if (p && p->peer != RR_NO_NODE) {
			end = rr_graph_port(g, p->peer, p->peer_port);
			snprintf(buf, len, "%s port %u -> %s port %u is %s", name, aux,
				 rr_graph_name(g, map, p->peer), p->peer_port,
				 rr_port_state_name(end && end->state < p->state ?
						    end->state : p->state));
		} else {
			snprintf(buf, len, "%s port %u is %s (physical state %s)",
				 name, aux, rr_port_state_name(p ? p->state : 0),
				 rr_phys_state_name(p ? p->phys_state : 0));
		}
		return;
	case RR_CAUSE_ROUTE_BAD_PORT:
		snprintf(buf, len, "%s sends a LID to port %u of its %u", name,
			 aux, g->nodes[node].num_ports);
		return;
	default:
		snprintf(buf, len, "%s gave no forwarding table", name);
		return;
	}
}
