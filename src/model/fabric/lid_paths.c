// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "base/ib_port.h"
#include "model/fabric/fabric_routes.h"
#include "model/fabric/lid_paths.h"

/* Every LID tried, kept while the cables choose among them. */
struct tried {
	struct rr_lid_target *t;
	size_t num, cap;
	size_t *ways;
	size_t num_ways, cap_ways;
};

/* What makes a LID a good probe of one cable, best first. */
struct score {
	bool both, own;
	size_t len;
	size_t target;
};

struct chooser {
	const struct rr_graph *g;
	const struct rr_probe_cable *cables;
	size_t n;
	size_t *cable_of_port;	/* graph port -> cable, or SIZE_MAX */
	uint32_t *stamps;
	uint32_t stamp;
	struct rr_endpoint local;
	struct tried tried;
	struct score *best;	/* per cable */
};

static bool grow(void **p, size_t *cap, size_t need, size_t size)
{
	size_t cap2 = *cap ? *cap : 64;
	void *q;

	if (need <= *cap)
		return true;
	while (cap2 < need)
		cap2 *= 2;
	q = realloc(*p, cap2 * size);
	if (!q)
		return false;
	*p = q;
	*cap = cap2;
	return true;
}

/* The way out of graph port GP, when it is an end of a cable. */
static bool add_way(struct chooser *ch, size_t gp)
{
	struct tried *t = &ch->tried;
	size_t c = gp < ch->g->num_ports ? ch->cable_of_port[gp] : SIZE_MAX;

	/* A cable past a directed route's reach is not one of ours. */
	if (c == SIZE_MAX)
		return true;
	if (!grow((void **)&t->ways, &t->cap_ways, t->num_ways + 1,
		  sizeof(*t->ways)))
		return false;
	t->ways[t->num_ways++] = RR_WAY(c, ch->cables[c].near_port != gp);
	return true;
}

/* Route R's ways, from node SRC's port OUT; false when it does not arrive. */
static bool add_route(struct chooser *ch, const struct rr_route *r,
		      size_t src, unsigned int out, bool *ok)
{
	const struct rr_graph *g = ch->g;
	unsigned int k;

	*ok = true;
	if (r->cause != RR_CAUSE_NONE)
		return false;
	*ok = add_way(ch, g->nodes[src].first_port + out);
	for (k = 0; *ok && k < r->num_steps; k++)
		*ok = add_way(ch, g->nodes[r->steps[k].node].first_port +
				   r->steps[k].out_port);
	return true;
}

/*
 * The port a reply from node N leaves by towards the local LID: a CA's
 * own PORT, a switch's table's; 0 when it has none.
 */
static unsigned int reply_port(const struct chooser *ch, size_t n,
			       unsigned int port)
{
	const struct rr_gnode *sw = &ch->g->nodes[n];
	unsigned int to;

	if (sw->type != RR_NODE_SWITCH)
		return port;
	if (!sw->lft_read || ch->local.lid >= sw->lft_len)
		return 0;
	to = sw->lft[ch->local.lid];
	return to == RR_LFT_UNSET || to > sw->num_ports ? 0 : to;
}

/* LID of node N (its PORT): its round trip's ways, kept when it arrives. */
static bool try_lid(struct chooser *ch, size_t n, unsigned int port,
		    uint16_t lid)
{
	struct tried *t = &ch->tried;
	struct rr_endpoint back = { .node = (uint32_t)n, .lid = lid };
	size_t mark = t->num_ways;
	struct rr_route r;
	bool ok;

	back.port = (uint8_t)reply_port(ch, n, port);
	if (!back.port)
		return true;
	rr_route_walk(ch->g, &ch->local, lid, ch->stamps, ++ch->stamp, &r);
	if (!add_route(ch, &r, ch->local.node, ch->local.port, &ok))
		return true;
	if (ok) {
		rr_route_walk(ch->g, &back, ch->local.lid, ch->stamps,
			      ++ch->stamp, &r);
		if (!add_route(ch, &r, n, back.port, &ok)) {
			t->num_ways = mark;	/* no way back: not a probe */
			return true;
		}
	}
	if (!ok || !grow((void **)&t->t, &t->cap, t->num + 1, sizeof(*t->t)))
		return false;
	t->t[t->num++] = (struct rr_lid_target){
		.lid = lid, .node = n, .port = ch->g->nodes[n].type == RR_NODE_SWITCH ? 0 : port,
		.first = mark, .len = t->num_ways - mark,
	};
	return true;
}

/* Every LID of G but the local node's: each CA port's, each switch's. */
static bool try_all(struct chooser *ch)
{
	const struct rr_graph *g = ch->g;
	const struct rr_gport *p;
	unsigned int k;
	size_t n;

	for (n = 0; n < g->num_nodes; n++) {
		if (n == ch->local.node)
			continue;
		if (g->nodes[n].type == RR_NODE_SWITCH) {
			p = rr_graph_port(g, n, 0);
			if (p && p->lid && !try_lid(ch, n, 0, p->lid))
				return false;
			continue;
		}
		for (k = 1; k <= g->nodes[n].num_ports; k++) {
			p = rr_graph_port(g, n, k);
			if (p->present && p->lid &&
			    rr_port_state_active(p->state) &&
			    !try_lid(ch, n, k, p->lid))
				return false;
		}
	}
	return true;
}

static bool better(const struct score *a, const struct score *b)
{
	if (b->target == SIZE_MAX)
		return true;
	if (a->both != b->both)
		return a->both;
	if (a->own != b->own)
		return a->own;
	return a->len < b->len;
}

/* Each cable's best LID among those tried. */
static void choose(struct chooser *ch)
{
	const struct tried *t = &ch->tried;
	const struct rr_lid_target *x;
	struct score s;
	size_t i, k, j, c;

	for (c = 0; c < ch->n; c++)
		ch->best[c].target = SIZE_MAX;
	for (i = 0; i < t->num; i++) {
		x = &t->t[i];
		for (k = 0; k < x->len; k++) {
			c = RR_WAY_CABLE(t->ways[x->first + k]);
			s = (struct score){
				.own = ch->cables[c].far_node == x->node,
				.len = x->len, .target = i,
			};
			for (j = 0; j < x->len; j++)
				if (t->ways[x->first + j] == (t->ways[x->first + k] ^ 1))
					s.both = true;
			if (better(&s, &ch->best[c]))
				ch->best[c] = s;
		}
	}
}

/* The LIDs chosen, and their ways, into OUT. */
static bool keep(const struct chooser *ch, struct rr_lid_paths *out)
{
	const struct tried *t = &ch->tried;
	size_t *index = malloc((t->num ? t->num : 1) * sizeof(*index));
	size_t i, c, ways = 0, n = 0;

	out->targets = calloc(t->num ? t->num : 1, sizeof(*out->targets));
	out->ways = malloc((t->num_ways ? t->num_ways : 1) * sizeof(*out->ways));
	out->of_cable = malloc((ch->n ? ch->n : 1) * sizeof(*out->of_cable));
	if (!index || !out->targets || !out->ways || !out->of_cable) {
		free(index);
		rr_lid_paths_free(out);
		return false;
	}
	for (i = 0; i < t->num; i++)
		index[i] = SIZE_MAX;
	for (c = 0; c < ch->n; c++) {
		i = ch->best[c].target;
		if (i != SIZE_MAX && index[i] == SIZE_MAX) {
			index[i] = n;
			out->targets[n] = t->t[i];
			out->targets[n].first = ways;
			memcpy(out->ways + ways, t->ways + t->t[i].first,
			       t->t[i].len * sizeof(*out->ways));
			ways += t->t[i].len;
			n++;
		}
		out->of_cable[c] = i == SIZE_MAX ? SIZE_MAX : index[i];
	}
	out->num_targets = n;
	out->num_ways = ways;
	out->num_cables = ch->n;
	free(index);
	return true;
}

static bool set_up(struct chooser *ch)
{
	const struct rr_graph *g = ch->g;
	size_t c;

	ch->cable_of_port = malloc((g->num_ports ? g->num_ports : 1) *
				   sizeof(*ch->cable_of_port));
	ch->stamps = calloc(g->num_nodes ? g->num_nodes : 1,
			    sizeof(*ch->stamps));
	ch->best = malloc((ch->n ? ch->n : 1) * sizeof(*ch->best));
	if (!ch->cable_of_port || !ch->stamps || !ch->best)
		return false;
	for (c = 0; c < g->num_ports; c++)
		ch->cable_of_port[c] = SIZE_MAX;
	for (c = 0; c < ch->n; c++) {
		if (ch->cables[c].near_port < g->num_ports)
			ch->cable_of_port[ch->cables[c].near_port] = c;
		if (ch->cables[c].far_port < g->num_ports)
			ch->cable_of_port[ch->cables[c].far_port] = c;
	}
	return true;
}

/* No LID to probe by (the local port has none): every cable without. */
static bool keep_none(struct rr_lid_paths *out, size_t n)
{
	size_t c;

	out->of_cable = malloc((n ? n : 1) * sizeof(*out->of_cable));
	if (!out->of_cable)
		return false;
	for (c = 0; c < n; c++)
		out->of_cable[c] = SIZE_MAX;
	return true;
}

bool rr_lid_paths(const struct rr_graph *g, const struct rr_probe_cable *cables,
		  size_t n, struct rr_lid_paths *out)
{
	struct chooser ch = { .g = g, .cables = cables, .n = n };
	const struct rr_gport *lp;
	bool ok = false;

	memset(out, 0, sizeof(*out));
	out->num_cables = n;
	if (!g->have_local || g->local >= g->num_nodes)
		return keep_none(out, n);
	lp = rr_graph_port(g, g->local, g->local_port);
	if (!lp || !lp->lid)
		return keep_none(out, n);
	ch.local = (struct rr_endpoint){
		.node = g->local, .port = (uint8_t)g->local_port, .lid = lp->lid,
	};
	if (set_up(&ch) && try_all(&ch)) {
		choose(&ch);
		ok = keep(&ch, out);
	}
	free(ch.cable_of_port);
	free(ch.stamps);
	free(ch.best);
	free(ch.tried.t);
	free(ch.tried.ways);
	return ok;
}

void rr_lid_paths_free(struct rr_lid_paths *lp)
{
	free(lp->targets);
	free(lp->ways);
	free(lp->of_cable);
	memset(lp, 0, sizeof(*lp));
}
