// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/fabric/credit_loops.h"

#define UNSEEN UINT32_MAX

bool rr_cdg_init(struct rr_cdg *d, const struct rr_graph *g, unsigned int sl,
		 rr_vl_fn vl_of, const void *vl_ctx)
{
	memset(d, 0, sizeof(*d));
	d->num_channels = g->num_ports * RR_NUM_VLS;
	d->sl = sl;
	d->vl_of = vl_of;
	d->vl_ctx = vl_ctx;
	d->num_slots = 1024;
	d->slots = calloc(d->num_slots, sizeof(*d->slots));
	return d->slots != NULL;
}

void rr_cdg_free(struct rr_cdg *d)
{
	free(d->edges);
	free(d->slots);
	memset(d, 0, sizeof(*d));
}

static size_t slot_of(const struct rr_cdg *d, uint32_t from, uint32_t to)
{
	uint64_t key = (uint64_t)from << 32 | to;

	key *= 0x9e3779b97f4a7c15ULL;
	return (size_t)(key >> 32) & (d->num_slots - 1);
}

/* Twice the slots, every edge placed again; false: ENOMEM. */
static bool rehash(struct rr_cdg *d)
{
	size_t n = d->num_slots * 2, i, at;
	uint32_t *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return false;
	free(d->slots);
	d->slots = slots;
	d->num_slots = n;
	for (i = 0; i < d->num_edges; i++) {
		at = slot_of(d, d->edges[i].from, d->edges[i].to);
		while (d->slots[at])
			at = (at + 1) & (n - 1);
		d->slots[at] = (uint32_t)i + 1;
	}
	return true;
}

/* FROM -> TO, made by the route SRC -> DST, unless it is there; false: ENOMEM. */
static bool add_edge(struct rr_cdg *d, uint32_t from, uint32_t to,
		     size_t src, size_t dst)
{
	struct rr_cdg_edge *e;
	size_t at;

	if (2 * (d->num_edges + 1) > d->num_slots && !rehash(d))
		return false;
	at = slot_of(d, from, to);
	for (; d->slots[at]; at = (at + 1) & (d->num_slots - 1)) {
		e = &d->edges[d->slots[at] - 1];
		if (e->from == from && e->to == to)
			return true;
	}
	if (d->num_edges == d->cap_edges) {
		size_t cap = d->cap_edges ? 2 * d->cap_edges : 256;

		e = realloc(d->edges, cap * sizeof(*e));
		if (!e)
			return false;
		d->edges = e;
		d->cap_edges = cap;
	}
	d->edges[d->num_edges] = (struct rr_cdg_edge){
		.from = from, .to = to, .src = (uint32_t)src, .dst = (uint32_t)dst,
	};
	d->slots[at] = (uint32_t)++d->num_edges;
	return true;
}

static uint32_t channel(const struct rr_cdg *d, const struct rr_graph *g,
			uint32_t node, unsigned int in, unsigned int out)
{
	unsigned int vl = d->vl_of ? d->vl_of(d->vl_ctx, node, in, out, d->sl) : 0;

	return (uint32_t)((g->nodes[node].first_port + out) * RR_NUM_VLS +
			  vl % RR_NUM_VLS);
}

bool rr_cdg_add(struct rr_cdg *d, const struct rr_graph *g,
		const struct rr_endpoint *src, const struct rr_route *r,
		size_t src_i, size_t dst_i)
{
	uint32_t prev, next;
	unsigned int i;

	if (r->cause != RR_CAUSE_NONE)
		return true;
	d->routes++;
	prev = channel(d, g, src->node, 0, src->port);
	for (i = 0; i < r->num_steps; i++) {
		next = channel(d, g, r->steps[i].node, r->steps[i].in_port,
			       r->steps[i].out_port);
		if (!add_edge(d, prev, next, src_i, dst_i))
			return false;
		prev = next;
	}
	return true;
}

uint32_t *rr_credit_loops_by_channel(const struct rr_cdg *d,
				     const struct rr_credit_loop *loops,
				     size_t n)
{
	uint32_t *loop_of = calloc(d->num_channels ? d->num_channels : 1,
				   sizeof(*loop_of));
	size_t i, k;

	if (!loop_of)
		return NULL;
	for (i = 0; i < n; i++)
		for (k = 0; k < loops[i].channels; k++)
			if (loops[i].members[k] < d->num_channels)
				loop_of[loops[i].members[k]] = (uint32_t)i + 1;
	return loop_of;
}

bool rr_cdg_route_closes(const struct rr_cdg *d, const struct rr_graph *g,
			 const struct rr_endpoint *src,
			 const struct rr_route *r, const uint32_t *loop_of)
{
	uint32_t prev, next;
	unsigned int i;

	if (r->cause != RR_CAUSE_NONE)
		return false;
	prev = channel(d, g, src->node, 0, src->port);
	for (i = 0; i < r->num_steps; i++) {
		next = channel(d, g, r->steps[i].node, r->steps[i].in_port,
			       r->steps[i].out_port);
		if (loop_of[prev] && loop_of[prev] == loop_of[next])
			return true;
		prev = next;
	}
	return false;
}

/* The edges by their FROM channel: OUT[FIRST[c] .. FIRST[c + 1]). */
struct adjacency {
	uint32_t *first;	/* num_channels + 1 */
	uint32_t *out;		/* edge indices */
};

static bool adjacency(const struct rr_cdg *d, struct adjacency *a)
{
	size_t i, c;

	a->first = calloc(d->num_channels + 1, sizeof(*a->first));
	a->out = malloc((d->num_edges ? d->num_edges : 1) * sizeof(*a->out));
	if (!a->first || !a->out)
		return false;
	for (i = 0; i < d->num_edges; i++)
		a->first[d->edges[i].from + 1]++;
	for (c = 0; c < d->num_channels; c++)
		a->first[c + 1] += a->first[c];
	for (i = 0; i < d->num_edges; i++)
		a->out[a->first[d->edges[i].from]++] = (uint32_t)i;
	/* The counting moved each start to the next's: back one. */
	for (c = d->num_channels; c > 0; c--)
		a->first[c] = a->first[c - 1];
	a->first[0] = 0;
	return true;
}

/* Tarjan's strongly connected components, without recursion. */
struct tarjan {
	const struct rr_cdg *d;
	const struct adjacency *a;
	uint32_t *index, *low, *comp;	/* by channel; comp: UNSEEN until done */
	uint32_t *stack, depth;		/* the component's channels */
	uint32_t *call, *next_edge;	/* the walk's own stack */
	uint32_t *queue;		/* a cycle's search */
	uint32_t counter, num_comps;
	struct rr_credit_loop *loops;
	size_t num_loops;
};

/*
 * One cycle through ROOT inside its component COMP, by the fewest
 * channels (a breadth-first walk back to it), into L; false: ENOMEM.
 */
static bool name_cycle(struct tarjan *t, uint32_t root, uint32_t comp,
		       struct rr_credit_loop *l)
{
	const struct rr_cdg *d = t->d;
	uint32_t *queue = t->queue, *via = t->next_edge, *seen = t->low;
	size_t head = 0, tail = 0, n;
	uint32_t v, e = UNSEEN, k, w, last = UNSEEN;

	/*
	 * LOW and NEXT_EDGE of a component's channels are not read again
	 * once it is done: they mark and link this search.
	 */
	seen[root] = comp | 0x80000000U;
	queue[tail++] = root;
	while (head < tail && last == UNSEEN) {
		v = queue[head++];
		for (k = t->a->first[v]; k < t->a->first[v + 1]; k++) {
			e = t->a->out[k];
			w = d->edges[e].to;
			if (t->comp[w] != comp)
				continue;
			if (w == root) {
				last = e;
				break;
			}
			if (seen[w] == (comp | 0x80000000U))
				continue;
			seen[w] = comp | 0x80000000U;
			via[w] = e;
			queue[tail++] = w;
		}
	}
	if (last == UNSEEN)
		return true;	/* cannot be: a component of two has a cycle */
	for (n = 1, v = d->edges[last].from; v != root; v = d->edges[via[v]].from)
		n++;
	l->cycle = malloc(n * sizeof(*l->cycle));
	if (!l->cycle)
		return false;
	l->cycle_len = n;
	l->a_src = l->b_src = d->edges[last].src;
	l->a_dst = l->b_dst = d->edges[last].dst;
	for (v = d->edges[last].from; n > 0; v = d->edges[via[v]].from) {
		l->cycle[--n] = v;
		e = v == root ? last : via[v];
		if (d->edges[e].src != l->a_src || d->edges[e].dst != l->a_dst) {
			l->b_src = d->edges[e].src;
			l->b_dst = d->edges[e].dst;
		}
		if (v == root)
			break;
	}
	return true;
}

/* The component rooted at V popped; a loop when it can go round. */
static bool component(struct tarjan *t, uint32_t v)
{
	struct rr_credit_loop l = { 0 }, *grown;
	uint32_t comp = t->num_comps++, w, k;
	bool self = false;

	do {
		w = t->stack[--t->depth];
		t->comp[w] = comp;
		l.channels++;
		l.vls |= (uint16_t)(1U << rr_channel_vl(w));
	} while (w != v);
	for (k = t->a->first[v]; k < t->a->first[v + 1]; k++)
		self |= t->d->edges[t->a->out[k]].to == v;
	if (l.channels < 2 && !self)
		return true;
	/* Its channels, still where the stack held them. */
	l.members = malloc(l.channels * sizeof(*l.members));
	if (!l.members)
		return false;
	memcpy(l.members, t->stack + t->depth, l.channels * sizeof(*l.members));
	if (!name_cycle(t, v, comp, &l)) {
		free(l.members);
		return false;
	}
	grown = realloc(t->loops, (t->num_loops + 1) * sizeof(*grown));
	if (!grown) {
		free(l.cycle);
		free(l.members);
		return false;
	}
	t->loops = grown;
	t->loops[t->num_loops++] = l;
	return true;
}

/* Every channel reachable from ROOT given its component. */
static bool strong_connect(struct tarjan *t, uint32_t root)
{
	const struct adjacency *a = t->a;
	uint32_t sp = 0, v, w;

	t->call[sp++] = root;
	t->index[root] = t->low[root] = t->counter++;
	t->next_edge[root] = a->first[root];
	t->stack[t->depth++] = root;
	while (sp) {
		v = t->call[sp - 1];
		if (t->next_edge[v] < a->first[v + 1]) {
			w = t->d->edges[a->out[t->next_edge[v]++]].to;
			if (t->index[w] == UNSEEN) {
				t->index[w] = t->low[w] = t->counter++;
				t->next_edge[w] = a->first[w];
				t->stack[t->depth++] = w;
				t->call[sp++] = w;
			} else if (t->comp[w] == UNSEEN && t->index[w] < t->low[v]) {
				t->low[v] = t->index[w];	/* on the stack */
			}
			continue;
		}
		sp--;
		if (sp && t->low[v] < t->low[t->call[sp - 1]])
			t->low[t->call[sp - 1]] = t->low[v];
		if (t->low[v] == t->index[v] && !component(t, v))
			return false;
	}
	return true;
}

static uint32_t *channels_of(size_t n, int fill)
{
	uint32_t *p = malloc((n ? n : 1) * sizeof(*p));

	if (p)
		memset(p, fill, (n ? n : 1) * sizeof(*p));
	return p;
}

bool rr_cdg_loops(const struct rr_cdg *d, struct rr_credit_loop **loops,
		  size_t *n)
{
	struct adjacency a = { 0 };
	struct tarjan t = { .d = d, .a = &a };
	size_t c, nc = d->num_channels;
	bool ok = false;

	*loops = NULL;
	*n = 0;
	t.index = channels_of(nc, 0xff);
	t.low = channels_of(nc, 0xff);
	t.comp = channels_of(nc, 0xff);
	t.stack = channels_of(nc, 0);
	t.call = channels_of(nc, 0);
	t.next_edge = channels_of(nc, 0);
	t.queue = channels_of(nc, 0);
	if (!t.index || !t.low || !t.comp || !t.stack || !t.call ||
	    !t.next_edge || !t.queue || !adjacency(d, &a))
		goto out;
	for (c = 0; c < nc; c++)
		if (t.index[c] == UNSEEN && a.first[c] < a.first[c + 1] &&
		    !strong_connect(&t, (uint32_t)c))
			goto out;
	ok = true;
out:
	if (ok) {
		*loops = t.loops;
		*n = t.num_loops;
	} else {
		rr_credit_loops_free(t.loops, t.num_loops);
		errno = ENOMEM;
	}
	free(t.index);
	free(t.low);
	free(t.comp);
	free(t.stack);
	free(t.call);
	free(t.next_edge);
	free(t.queue);
	free(a.first);
	free(a.out);
	return ok;
}

void rr_credit_loops_free(struct rr_credit_loop *loops, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(loops[i].cycle);
		free(loops[i].members);
	}
	free(loops);
}
