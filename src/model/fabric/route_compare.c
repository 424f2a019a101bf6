// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/fabric/route_compare.h"

void rr_routes_before_free(struct rr_routes_before *b)
{
	size_t i;

	for (i = 0; i < b->num_loops; i++) {
		free(b->loops[i].cycle);
		free(b->loops[i].title);
	}
	free(b->loops);
	free(b->loads);
	free(b->eps);
	rr_graph_free(&b->g);
	memset(b, 0, sizeof(*b));
}

static uint64_t port_guid(const struct rr_graph *g, const struct rr_endpoint *e)
{
	return rr_graph_port(g, e->node, e->port)->guid;
}

/* The earlier endpoints' indices by port GUID, for bsearch. */
static const struct rr_graph *sorting_g;
static const struct rr_endpoint *sorting_eps;

static int by_guid(const void *a, const void *b)
{
	uint64_t x = port_guid(sorting_g, &sorting_eps[*(const size_t *)a]);
	uint64_t y = port_guid(sorting_g, &sorting_eps[*(const size_t *)b]);

	return (x > y) - (x < y);
}

static size_t find_then(const struct rr_routes_before *b, const size_t *order,
			uint64_t guid)
{
	size_t lo = 0, hi = b->num_eps, mid;
	uint64_t at;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		at = port_guid(&b->g, &b->eps[order[mid]]);
		if (at == guid)
			return order[mid];
		if (at < guid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return SIZE_MAX;
}

/*
 * An earlier CA port missing today is gone when its node or its cable's
 * other end is seen now (the cable is down: seen from here), unreachable
 * when neither is (cut off beyond a link that is down, or gone: from
 * here no one can tell).  False: ENOMEM.
 */
static bool ports_missing(struct rr_compare *c)
{
	const struct rr_routes_before *b = c->b;
	const struct rr_gport *gp;
	bool *seen;
	size_t i;

	seen = calloc(b->num_eps ? b->num_eps : 1, sizeof(*seen));
	if (!seen) {
		rr_compare_free(c);
		return false;
	}
	for (i = 0; i < b->g.num_nodes; i++)
		c->nodes_shared += rr_graph_find(c->g, b->g.nodes[i].guid) != RR_NO_NODE;
	for (i = 0; i < c->num_eps; i++)
		if (c->then_of[i] != SIZE_MAX)
			seen[c->then_of[i]] = true;
	for (i = 0; i < b->num_eps; i++) {
		if (seen[i])
			continue;
		gp = rr_graph_port(&b->g, b->eps[i].node, b->eps[i].port);
		if (rr_graph_find(c->g, b->g.nodes[b->eps[i].node].guid) != RR_NO_NODE ||
		    (gp->peer != RR_NO_NODE &&
		     rr_graph_find(c->g, b->g.nodes[gp->peer].guid) != RR_NO_NODE))
			c->ports_gone++;
		else
			c->ports_unreachable++;
	}
	free(seen);
	return true;
}

bool rr_compare_init(struct rr_compare *c, const struct rr_routes_before *b,
		     const struct rr_graph *g, const struct rr_endpoint *eps,
		     size_t n)
{
	size_t *order, i, matched = 0;

	memset(c, 0, sizeof(*c));
	c->b = b;
	c->g = g;
	c->eps = eps;
	c->num_eps = n;
	order = malloc((b->num_eps ? b->num_eps : 1) * sizeof(*order));
	c->then_of = malloc((n ? n : 1) * sizeof(*c->then_of));
	c->stamps = calloc(b->g.num_nodes ? b->g.num_nodes : 1,
			   sizeof(*c->stamps));
	if (!order || !c->then_of || !c->stamps) {
		free(order);
		rr_compare_free(c);
		return false;
	}
	for (i = 0; i < b->num_eps; i++)
		order[i] = i;
	sorting_g = &b->g;
	sorting_eps = b->eps;
	qsort(order, b->num_eps, sizeof(*order), by_guid);
	for (i = 0; i < n; i++) {
		c->then_of[i] = find_then(b, order, port_guid(g, &eps[i]));
		matched += c->then_of[i] != SIZE_MAX;
	}
	c->ports_new = n - matched;
	free(order);
	return ports_missing(c);
}

static size_t slot_of(const struct rr_move_group *k, size_t mask)
{
	uint64_t h = ((uint64_t)k->node << 20) ^ ((uint64_t)k->port_then << 9) ^
		     ((uint64_t)k->port_now << 1) ^ k->at_source ^
		     ((uint64_t)k->cause_then << 40) ^ ((uint64_t)k->cause_now << 48);

	h *= 0x9e3779b97f4a7c15ULL;
	return (size_t)(h >> 32) & mask;
}

static bool same_place(const struct rr_move_group *a,
		       const struct rr_move_group *b)
{
	return a->node == b->node && a->port_then == b->port_then &&
	       a->port_now == b->port_now && a->at_source == b->at_source &&
	       a->cause_then == b->cause_then && a->cause_now == b->cause_now;
}

static bool rehash(struct rr_compare *c)
{
	size_t n = c->num_slots ? c->num_slots * 2 : 64, i, k;
	size_t *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return false;
	for (i = 0; i < c->num_groups; i++) {
		k = slot_of(&c->groups[i], n - 1);
		while (slots[k])
			k = (k + 1) & (n - 1);
		slots[k] = i + 1;
	}
	free(c->slots);
	c->slots = slots;
	c->num_slots = n;
	return true;
}

/* The group of KEY's place, made the first time; NULL: ENOMEM. */
static struct rr_move_group *group_of(struct rr_compare *c,
				      const struct rr_move_group *key)
{
	struct rr_move_group *gr, *grown;
	size_t k, cap;

	if (2 * (c->num_groups + 1) > c->num_slots && !rehash(c))
		return NULL;
	k = slot_of(key, c->num_slots - 1);
	for (; c->slots[k]; k = (k + 1) & (c->num_slots - 1)) {
		gr = &c->groups[c->slots[k] - 1];
		if (same_place(gr, key))
			return gr;
	}
	if (c->num_groups == c->cap_groups) {
		cap = c->cap_groups ? 2 * c->cap_groups : 16;
		grown = realloc(c->groups, cap * sizeof(*grown));
		if (!grown)
			return NULL;
		c->groups = grown;
		c->cap_groups = cap;
	}
	gr = &c->groups[c->num_groups++];
	*gr = *key;
	gr->routes = 0;
	c->slots[k] = c->num_groups;
	return gr;
}

/* Step K of NOW and THEN: the same switch, left by the same port. */
static bool same_step(const struct rr_compare *c, const struct rr_route *now,
		      const struct rr_route *then, unsigned int k)
{
	return c->g->nodes[now->steps[k].node].guid ==
		       c->b->g.nodes[then->steps[k].node].guid &&
	       now->steps[k].out_port == then->steps[k].out_port;
}

/*
 * Where route R is at step K: the switch it crosses there, else where it
 * died (a link down or a bad port: the port it tried), else nowhere
 * (RR_NO_NODE: it arrived).  Nodes of graph G.
 */
static uint32_t step_at(const struct rr_route *r, unsigned int k,
			uint8_t *port, enum rr_cause *died)
{
	if (k < r->num_steps) {
		*port = r->steps[k].out_port;
		return r->steps[k].node;
	}
	*died = r->cause;
	*port = r->cause == RR_CAUSE_ROUTE_LINK_DOWN ||
		r->cause == RR_CAUSE_ROUTE_BAD_PORT ? r->at_port : 0;
	return r->cause == RR_CAUSE_NONE ? RR_NO_NODE : r->at;
}

/*
 * Where NOW and THEN part, their first K steps alike: the switch of step
 * K (or where one died there) and the port each left it by; at the
 * source SRC when their first nodes differ; at the switch before when a
 * cable between took them to different switches.
 */
static void place(const struct rr_compare *c, const struct rr_route *now,
		  const struct rr_route *then, unsigned int k, uint32_t src,
		  struct rr_move_group *key)
{
	uint32_t n = step_at(now, k, &key->port_now, &key->cause_now);
	uint32_t t = step_at(then, k, &key->port_then, &key->cause_then);
	uint64_t ng = n == RR_NO_NODE ? 0 : c->g->nodes[n].guid;
	uint64_t tg = t == RR_NO_NODE ? 0 : c->b->g.nodes[t].guid;

	if (ng && tg && ng != tg) {
		key->cause_now = key->cause_then = RR_CAUSE_NONE;
		if (!k) {
			key->at_source = true;
			key->node = src;
			key->port_now = key->port_then = 0;
			return;
		}
		key->node = now->steps[k - 1].node;
		key->port_now = key->port_then = now->steps[k - 1].out_port;
		return;
	}
	key->node = ng ? n : tg ? rr_graph_find(c->g, tg) : RR_NO_NODE;
}

bool rr_compare_route(struct rr_compare *c, const struct rr_route *r,
		      size_t src, size_t dst)
{
	const struct rr_routes_before *b = c->b;
	size_t os = c->then_of[src], od = c->then_of[dst];
	struct rr_move_group key = { 0 }, *gr;
	struct rr_route then;
	unsigned int k = 0;

	if (os == SIZE_MAX || od == SIZE_MAX)
		return true;
	if (++c->stamp == 0) {	/* wrapped: old marks would match */
		memset(c->stamps, 0, b->g.num_nodes * sizeof(*c->stamps));
		c->stamp = 1;
	}
	rr_route_walk(&b->g, &b->eps[os], b->eps[od].lid, c->stamps, c->stamp,
		      &then);
	c->compared++;
	while (k < r->num_steps && k < then.num_steps && same_step(c, r, &then, k))
		k++;
	if (k == r->num_steps && k == then.num_steps && r->cause == then.cause)
		return true;
	c->moved++;
	place(c, r, &then, k, c->eps[src].node, &key);
	key.src = src;
	key.dst = dst;
	gr = group_of(c, &key);
	if (!gr)
		return false;
	gr->routes++;
	return true;
}

/* Node N's port P of graph A, and the port of graph B with the same GUIDs. */
static const struct rr_gport *same_port(const struct rr_graph *b, uint64_t guid,
					unsigned int port, size_t *at)
{
	uint32_t n = rr_graph_find(b, guid);
	const struct rr_gport *p;

	if (n == RR_NO_NODE)
		return NULL;
	p = rr_graph_port(b, n, port);
	if (p && at)
		*at = (size_t)(p - b->ports);
	return p;
}

/* Port I of A cabled as it is in B: the same peer by GUID and port. */
static bool cabled_alike(const struct rr_graph *a, size_t i,
			 const struct rr_graph *b, size_t *at)
{
	const struct rr_gport *pa = &a->ports[i], *pb;
	unsigned int port;
	size_t node;

	rr_graph_port_at(a, i, &node, &port);
	pb = same_port(b, a->nodes[node].guid, port, at);
	return pb && pb->peer != RR_NO_NODE &&
	       b->nodes[pb->peer].guid == a->nodes[pa->peer].guid &&
	       pb->peer_port == pa->peer_port;
}

/* A cable once: by the end with the lower (GUID, port). */
static bool first_end(const struct rr_graph *g, size_t i)
{
	const struct rr_gport *p = &g->ports[i];
	uint64_t guid, peer;
	unsigned int port;
	size_t node;

	rr_graph_port_at(g, i, &node, &port);
	guid = g->nodes[node].guid;
	peer = g->nodes[p->peer].guid;
	return guid < peer || (guid == peer && port < p->peer_port);
}

static void cable_name(const struct rr_graph *g, size_t i, char *buf,
		       size_t len)
{
	const struct rr_gport *p = &g->ports[i];
	unsigned int port;
	size_t node;

	rr_graph_port_at(g, i, &node, &port);
	snprintf(buf, len, "%s port %u -> %s port %u", g->nodes[node].desc,
		 port, g->nodes[p->peer].desc, p->peer_port);
}

/*
 * The cables of A that B does not have, into *OUT (*N); false: ENOMEM.
 * UNSEEN, when not NULL, counts instead those with neither end in B (a
 * cable beyond what B could reach, not known to be gone).
 */
static bool cables_missing(const struct rr_graph *a, const struct rr_graph *b,
			   const struct rr_node_names *names,
			   struct rr_cable_change **out, size_t *n,
			   size_t *unseen)
{
	struct rr_cable_change *x, *grown;
	unsigned int port;
	size_t i, node, cap = 0;

	*out = NULL;
	*n = 0;
	for (i = 0; i < a->num_ports; i++) {
		if (a->ports[i].peer == RR_NO_NODE || !first_end(a, i) ||
		    cabled_alike(a, i, b, NULL))
			continue;
		rr_graph_port_at(a, i, &node, &port);
		if (unseen && rr_graph_find(b, a->nodes[node].guid) == RR_NO_NODE &&
		    rr_graph_find(b, a->nodes[a->ports[i].peer].guid) == RR_NO_NODE) {
			(*unseen)++;
			continue;
		}
		if (*n == cap) {
			cap = cap ? 2 * cap : 8;
			grown = realloc(*out, cap * sizeof(*grown));
			if (!grown)
				return false;
			*out = grown;
		}
		x = &(*out)[(*n)++];
		x->guid = a->nodes[node].guid;
		x->port = (uint8_t)port;
		x->peer_guid = a->nodes[a->ports[i].peer].guid;
		x->peer_port = a->ports[i].peer_port;
		if (names)
			snprintf(x->name, sizeof(x->name), "%s port %u -> %s port %u",
				 rr_graph_name(a, names, node), port,
				 rr_graph_name(a, names, a->ports[i].peer),
				 a->ports[i].peer_port);
		else
			cable_name(a, i, x->name, sizeof(x->name));
	}
	return true;
}

static uint64_t distance(uint64_t a, uint64_t b)
{
	return a > b ? a - b : b - a;
}

/* Port I's load against the earlier one, kept when among the most moved. */
static void keep_load(struct rr_compare *c, size_t i, uint64_t then,
		      uint64_t now)
{
	uint64_t d = distance(then, now);
	size_t k;

	if (!d)
		return;
	if (c->num_loads == RR_COMPARE_LOADS &&
	    d <= distance(c->loads[c->num_loads - 1].then,
			  c->loads[c->num_loads - 1].now))
		return;
	k = c->num_loads < RR_COMPARE_LOADS ? c->num_loads++ : c->num_loads - 1;
	for (; k > 0 && d > distance(c->loads[k - 1].then, c->loads[k - 1].now);
	     k--)
		c->loads[k] = c->loads[k - 1];
	c->loads[k] = (struct rr_load_move){ .port = i, .then = then, .now = now };
}

static void loads_moved(struct rr_compare *c, const struct rr_routes *s)
{
	size_t i, at;

	for (i = 0; i < c->g->num_ports; i++)
		if (c->g->ports[i].peer != RR_NO_NODE &&
		    cabled_alike(c->g, i, &c->b->g, &at))
			keep_load(c, i, c->b->loads[at], s->loads[i]);
}

/* Whether channel K (by GUID) is one of LOOP's. */
static bool holds(const struct rr_graph *g, const struct rr_credit_loop *loop,
		  const struct rr_channel_key *k)
{
	size_t port, i;
	uint32_t ch;

	if (!same_port(g, k->guid, k->port, &port))
		return false;
	ch = (uint32_t)(port * RR_NUM_VLS + k->vl);
	for (i = 0; i < loop->channels; i++)
		if (loop->members[i] == ch)
			return true;
	return false;
}

/* An earlier loop and one of today's are the same when today's holds a channel of the earlier's cycle. */
static bool related(const struct rr_graph *g, const struct rr_loop_before *then,
		    const struct rr_credit_loop *now)
{
	size_t k;

	for (k = 0; k < then->cycle_len; k++)
		if (holds(g, now, &then->cycle[k]))
			return true;
	return false;
}

static bool loops_changed(struct rr_compare *c,
			  const struct rr_credit_loop *loops, size_t n)
{
	const struct rr_routes_before *b = c->b;
	size_t i, k;

	c->loops_vanished = malloc((b->num_loops ? b->num_loops : 1) *
				   sizeof(*c->loops_vanished));
	c->loops_new = malloc((n ? n : 1) * sizeof(*c->loops_new));
	if (!c->loops_vanished || !c->loops_new)
		return false;
	for (i = 0; i < b->num_loops; i++) {
		for (k = 0; k < n && !related(c->g, &b->loops[i], &loops[k]); k++)
			;
		if (k == n)
			c->loops_vanished[c->num_vanished++] = i;
	}
	for (k = 0; k < n; k++) {
		for (i = 0; i < b->num_loops &&
			    !related(c->g, &b->loops[i], &loops[k]); i++)
			;
		if (i == b->num_loops)
			c->loops_new[c->num_new++] = k;
	}
	return true;
}

bool rr_compare_finish(struct rr_compare *c, const struct rr_routes *s,
		       const struct rr_node_names *names,
		       const struct rr_credit_loop *loops, size_t n)
{
	if (!cables_missing(&c->b->g, c->g, NULL, &c->gone, &c->num_gone,
			    &c->links_unreachable) ||
	    !cables_missing(c->g, &c->b->g, names, &c->added, &c->num_added,
			    NULL))
		return false;
	loads_moved(c, s);
	return loops_changed(c, loops, n);
}

static int by_routes(const void *a, const void *b)
{
	const struct rr_move_group *x = a, *y = b;

	if (x->routes != y->routes)
		return x->routes < y->routes ? 1 : -1;
	if (x->src != y->src)
		return x->src < y->src ? -1 : 1;
	return (x->dst > y->dst) - (x->dst < y->dst);
}

void rr_compare_sort_groups(struct rr_compare *c)
{
	free(c->slots);		/* the order changes: no more lookups */
	c->slots = NULL;
	c->num_slots = 0;
	if (c->num_groups)	/* none: no array to give qsort */
		qsort(c->groups, c->num_groups, sizeof(*c->groups), by_routes);
}

void rr_compare_free(struct rr_compare *c)
{
	free(c->then_of);
	free(c->stamps);
	free(c->groups);
	free(c->slots);
	free(c->gone);
	free(c->added);
	free(c->loops_vanished);
	free(c->loops_new);
	memset(c, 0, sizeof(*c));
}
