// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The all-pairs walk over a fabric of any shape: nodes of every type
 * (up to 255 ports), ports absent or down, links anywhere (to a port past
 * a node's NumPorts, twice from one port, to itself), forwarding tables
 * unread, empty, short or 48K LIDs long, naming port 0, ports past
 * NumPorts or no port; LIDs anywhere in 16 bits, LMC 0-7.  Built through
 * fabric_graph.h (rr_graph_add_node, _link, _set_lft, _index) and walked
 * by fabric_routes.c, each verdict checked against a brute-force walk
 * written here from the rules fabric_routes.h states, over the harness's
 * own copy of the fabric:
 * - a route leaves its source by its port (absent: a bad port; down or
 *   unlinked: a link down), then: a CA or router ends it (the right one
 *   when its port in holds the LID in its LMC range, else a dead end); a
 *   switch whose port 0 holds the LID ends it; else its table names the
 *   port out (unread: no table; unset or past its length: a dead end; 0
 *   or past NumPorts, or a port absent: a bad port; down: a link down);
 * - a switch met a second time, or a 65th one, is a loop;
 * - the switches crossed, their ports in and out, where it died.
 * Then rr_graph_endpoints() (every CA port with a LID, by LID), and
 * rr_routes_all_pairs(): each pair's route as the oracle walks it, the
 * counts (pairs, arrivals, causes, switches crossed), each port's load,
 * the failures grouped by cause and place in order of first appearance,
 * each group's place in words within any buffer size; the hottest ports
 * and the fair share over the links between switches.
 */
#include "model/fabric/fabric_graph.h"
#include "model/fabric/fabric_routes.h"
#include "fuzz.h"

#define MAX_NODES 100
#define MAX_VISITS (RR_ROUTE_MAX_SWITCHES + 1)

/* The fabric as the harness keeps it. */
struct mport {
	bool present;
	uint16_t lid;
	uint8_t lmc, state;
	uint32_t peer;
	uint8_t peer_port;
};

struct mnode {
	enum rr_node_type type;
	unsigned int num_ports;
	struct mport *ports;	/* 0 to num_ports */
	uint8_t *lft;
	uint32_t lft_len;
	bool lft_read;
};

struct link {
	uint32_t a, b;
	unsigned int pa, pb;
};

struct model {
	struct mnode nodes[MAX_NODES];
	size_t n;
	struct link links[256];
	size_t num_links;
};

static bool active(uint8_t state)
{
	return state == 4 || state == 5;	/* Active, ActiveDefer */
}

static bool in_range(const struct mport *p, uint16_t dlid)
{
	return p->lid != 0 && dlid >= p->lid &&
	       (uint32_t)dlid - p->lid < (uint32_t)1 << p->lmc;
}

/* The oracle's verdict. */
struct verdict {
	enum rr_cause cause;
	uint32_t at;
	unsigned int at_port;
	unsigned int num_steps;
	struct rr_route_step steps[MAX_VISITS];
	bool left_source;
};

static void ends(struct verdict *v, enum rr_cause cause, uint32_t at,
		 unsigned int port)
{
	v->cause = cause;
	v->at = at;
	v->at_port = port;
}

/*
 * The route followed hop by hop with no marks, as far as it goes (at most
 * MAX_VISITS switches); the loop is judged from the list of switches met.
 */
static void oracle(const struct model *m, uint32_t src, unsigned int port,
		   uint16_t dlid, struct verdict *v)
{
	const struct mnode *nd = &m->nodes[src];
	const struct mport *p;
	uint32_t at, seen[MAX_VISITS];
	unsigned int in, to, met = 0, i;

	memset(v, 0, sizeof(*v));
	v->cause = RR_CAUSE_NONE;
	v->at = RR_NO_NODE;
	if (port > nd->num_ports || !nd->ports[port].present)
		return ends(v, RR_CAUSE_ROUTE_BAD_PORT, src, port);
	p = &nd->ports[port];
	if (!active(p->state) || p->peer == RR_NO_NODE)
		return ends(v, RR_CAUSE_ROUTE_LINK_DOWN, src, port);
	v->left_source = true;
	at = p->peer;
	in = p->peer_port;
	for (;;) {
		nd = &m->nodes[at];
		if (nd->type != RR_NODE_SWITCH) {
			if (!in_range(&nd->ports[in], dlid))
				ends(v, RR_CAUSE_ROUTE_DEAD_END, at, in);
			return;
		}
		for (i = 0; i < met; i++)
			if (seen[i] == at)
				return ends(v, RR_CAUSE_ROUTE_LOOP, at, 0);
		if (met == RR_ROUTE_MAX_SWITCHES)
			return ends(v, RR_CAUSE_ROUTE_LOOP, at, 0);
		seen[met++] = at;
		if (in_range(&nd->ports[0], dlid))
			return;
		if (!nd->lft_read)
			return ends(v, RR_CAUSE_SMP_TIMEOUT, at, 0);
		to = dlid < nd->lft_len ? nd->lft[dlid] : RR_LFT_UNSET;
		if (to == RR_LFT_UNSET)
			return ends(v, RR_CAUSE_ROUTE_DEAD_END, at, 0);
		if (to == 0 || to > nd->num_ports || !nd->ports[to].present)
			return ends(v, RR_CAUSE_ROUTE_BAD_PORT, at, to);
		p = &nd->ports[to];
		if (!active(p->state) || p->peer == RR_NO_NODE)
			return ends(v, RR_CAUSE_ROUTE_LINK_DOWN, at, to);
		v->steps[v->num_steps++] = (struct rr_route_step){
			.node = at, .in_port = (uint8_t)in, .out_port = (uint8_t)to };
		at = p->peer;
		in = p->peer_port;
	}
}

static void check_route(const struct rr_route *r, const struct verdict *v,
			uint16_t dlid)
{
	unsigned int i;

	fuzz_check(r->dlid == dlid);
	fuzz_check(r->cause == v->cause);
	fuzz_check(r->num_steps == v->num_steps);
	for (i = 0; i < v->num_steps; i++)
		fuzz_check(r->steps[i].node == v->steps[i].node &&
			   r->steps[i].in_port == v->steps[i].in_port &&
			   r->steps[i].out_port == v->steps[i].out_port);
	if (v->cause == RR_CAUSE_NONE)
		return;
	fuzz_check(r->at == v->at && r->at_port == v->at_port);
}

static void read_model(struct fuzz_in *in, struct model *m)
{
	size_t i, links;
	unsigned int k, b;

	m->n = 1 + fuzz_byte(in) % MAX_NODES;
	for (i = 0; i < m->n; i++) {
		struct mnode *nd = &m->nodes[i];
		uint8_t t = fuzz_byte(in), np = fuzz_byte(in);

		nd->type = (enum rr_node_type)(t & 3);
		nd->num_ports = np < 0xf0 ? np % 7 : np;
		nd->ports = fuzz_alloc((nd->num_ports + 1) * sizeof(*nd->ports));
		for (k = 0; k <= nd->num_ports; k++) {
			struct mport *p = &nd->ports[k];
			uint8_t f = k < 8 ? fuzz_byte(in) : 0;

			p->present = !(f & 1);
			p->state = f & 2 ? (uint8_t)((f >> 2) % 7) : 4;
			p->lmc = f & 0x80 ? (uint8_t)((f >> 4) & 7) : 0;
			p->lid = k < 8 ? fuzz_lid(in) : 0;
			p->peer = RR_NO_NODE;
			p->peer_port = 0;
		}
	}
	links = fuzz_byte(in);
	for (i = 0; i < links; i++) {
		uint32_t a = fuzz_byte(in) % m->n, c;
		unsigned int pa = fuzz_byte(in) % (m->nodes[a].num_ports + 2), pc;

		c = fuzz_byte(in) % m->n;
		pc = fuzz_byte(in) % (m->nodes[c].num_ports + 2);
		m->links[m->num_links++] = (struct link){ a, c, pa, pc };
		if (pa > m->nodes[a].num_ports || pc > m->nodes[c].num_ports)
			continue;	/* no such port: no cable */
		m->nodes[a].ports[pa].peer = c;
		m->nodes[a].ports[pa].peer_port = (uint8_t)pc;
		m->nodes[c].ports[pc].peer = a;
		m->nodes[c].ports[pc].peer_port = (uint8_t)pa;
	}
	for (i = 0; i < m->n; i++) {
		struct mnode *nd = &m->nodes[i];
		uint8_t s, fill, sets;
		uint16_t l;

		if (nd->type != RR_NODE_SWITCH)
			continue;
		s = fuzz_byte(in);
		if (!s)
			continue;	/* did not come back */
		nd->lft_read = true;
		switch (s & 3) {
		case 0: nd->lft_len = 64U * (1 + fuzz_byte(in) % 4); break;
		case 1: nd->lft_len = RR_MAX_UNICAST_LID + 1; break;
		case 2: nd->lft_len = fuzz_u16(in); break;
		default: nd->lft_len = 0; break;
		}
		fill = fuzz_byte(in);
		fill = fill < 0xc0 ? fill % (nd->num_ports + 2) : fill;
		nd->lft = fuzz_alloc(nd->lft_len);
		memset(nd->lft, fill, nd->lft_len);
		sets = fuzz_byte(in);
		for (b = 0; b < sets; b++) {
			l = fuzz_lid(in);
			fill = fuzz_byte(in);
			if (l < nd->lft_len)
				nd->lft[l] = fill < 0xc0 ?
					(uint8_t)(fill % (nd->num_ports + 2)) : fill;
		}
	}
}

static void build(const struct model *m, struct rr_graph *g, struct fuzz_in *in)
{
	size_t i, idx;
	unsigned int k;
	char desc[70];

	memset(g, 0, sizeof(*g));
	for (i = 0; i < m->n; i++) {
		const struct mnode *nd = &m->nodes[i];

		/* Descriptions of any bytes, 64 of them not always ended. */
		memset(desc, 'a' + (int)(i % 26), sizeof(desc));
		desc[fuzz_byte(in) % sizeof(desc)] = '\0';
		desc[0] = (char)(fuzz_byte(in) | 1);
		desc[sizeof(desc) - 1] = '\0';
		fuzz_check(rr_graph_add_node(g, 0x1000 + i * 7919, nd->type,
					     nd->num_ports, desc, &idx));
		fuzz_check(idx == i);
		for (k = 0; k <= nd->num_ports; k++) {
			struct rr_gport *p = rr_graph_port(g, i, k);

			fuzz_check(p && p->peer == RR_NO_NODE);
			p->present = nd->ports[k].present;
			p->lid = nd->ports[k].lid;
			p->lmc = nd->ports[k].lmc;
			p->state = nd->ports[k].state;
			p->phys_state = 5;
			p->width = 2;
			p->speed = 4;
		}
		fuzz_check(!rr_graph_port(g, i, nd->num_ports + 1));
		fuzz_check(strlen(g->nodes[i].desc) <= RR_NODE_DESC_LEN);
	}
	fuzz_check(rr_graph_index(g));
}

/* The links again, through rr_graph_link(), in the model's order. */
static void link_all(const struct model *m, struct rr_graph *g)
{
	size_t i;

	for (i = 0; i < m->num_links; i++)
		rr_graph_link(g, m->links[i].a, m->links[i].pa, m->links[i].b,
			      m->links[i].pb);
}

/* Counts the model expects of every pair. */
struct group {
	enum rr_cause cause;
	uint32_t node;
	uint16_t aux;
	uint64_t pairs;
	size_t src, dst;
};

struct expect {
	const struct model *m;
	const struct rr_graph *g;
	const struct rr_endpoint *eps;
	uint64_t pairs, arrived, causes[5];
	uint64_t crossed[RR_ROUTE_MAX_SWITCHES + 1];
	uint64_t *loads;
	struct group *groups;
	size_t num_groups;
	size_t last_src, last_dst;
};

static int cause_slot(enum rr_cause c)
{
	switch (c) {
	case RR_CAUSE_ROUTE_DEAD_END: return 0;
	case RR_CAUSE_ROUTE_LINK_DOWN: return 1;
	case RR_CAUSE_ROUTE_LOOP: return 2;
	case RR_CAUSE_ROUTE_BAD_PORT: return 3;
	default: return 4;
	}
}

static bool each_pair(const struct rr_route *r, size_t src, size_t dst,
		      void *ctx)
{
	struct expect *e = ctx;
	const struct rr_endpoint *s = &e->eps[src];
	struct verdict v;
	unsigned int i;
	uint16_t aux;
	size_t k;

	/* Every ordered pair of two ports, once, in order. */
	fuzz_check(src != dst);
	fuzz_check(!e->pairs || src > e->last_src ||
		   (src == e->last_src && dst > e->last_dst));
	e->last_src = src;
	e->last_dst = dst;
	oracle(e->m, s->node, s->port, e->eps[dst].lid, &v);
	check_route(r, &v, e->eps[dst].lid);
	e->pairs++;
	if (v.left_source)
		e->loads[e->g->nodes[s->node].first_port + s->port]++;
	for (i = 0; i < v.num_steps; i++)
		e->loads[e->g->nodes[v.steps[i].node].first_port +
			 v.steps[i].out_port]++;
	if (v.cause == RR_CAUSE_NONE) {
		e->arrived++;
		e->crossed[v.num_steps]++;
		return true;
	}
	e->causes[cause_slot(v.cause)]++;
	aux = v.cause == RR_CAUSE_ROUTE_DEAD_END ||
	      v.cause == RR_CAUSE_ROUTE_LOOP ? e->eps[dst].lid :
					       (uint16_t)v.at_port;
	for (k = 0; k < e->num_groups; k++)
		if (e->groups[k].cause == v.cause &&
		    e->groups[k].node == v.at && e->groups[k].aux == aux)
			break;
	if (k == e->num_groups)
		e->groups[e->num_groups++] = (struct group){
			.cause = v.cause, .node = v.at, .aux = aux,
			.src = src, .dst = dst };
	e->groups[k].pairs++;
	return true;
}

/* The model's endpoints: every present CA (or router) port with a LID. */
static int by_place(const void *a, const void *b)
{
	const struct rr_endpoint *x = a, *y = b;

	if (x->lid != y->lid)
		return x->lid < y->lid ? -1 : 1;
	if (x->node != y->node)
		return x->node < y->node ? -1 : 1;
	return (x->port > y->port) - (x->port < y->port);
}

static void check_endpoints(const struct model *m, struct rr_endpoint *eps,
			    size_t n)
{
	struct rr_endpoint *want = fuzz_alloc(MAX_NODES * 256 * sizeof(*want));
	size_t i, num = 0;
	unsigned int k;

	for (i = 0; i < m->n; i++) {
		if (m->nodes[i].type == RR_NODE_SWITCH)
			continue;
		for (k = 1; k <= m->nodes[i].num_ports; k++)
			if (m->nodes[i].ports[k].present &&
			    m->nodes[i].ports[k].lid)
				want[num++] = (struct rr_endpoint){
					(uint32_t)i, (uint8_t)k,
					m->nodes[i].ports[k].lid };
	}
	fuzz_check(n == num);
	for (i = 1; i < n; i++)
		fuzz_check(eps[i - 1].lid <= eps[i].lid);
	/* The same ports, whatever the order among equal LIDs. */
	qsort(eps, n, sizeof(*eps), by_place);
	qsort(want, num, sizeof(*want), by_place);
	for (i = 0; i < n; i++)
		fuzz_check(eps[i].node == want[i].node &&
			   eps[i].port == want[i].port &&
			   eps[i].lid == want[i].lid);
	free(want);
}

/* A port between two switches, up: where the fair share counts. */
static bool between(const struct model *m, size_t i, unsigned int k)
{
	const struct mport *p = &m->nodes[i].ports[k];

	return m->nodes[i].type == RR_NODE_SWITCH && p->present &&
	       active(p->state) && p->peer != RR_NO_NODE &&
	       m->nodes[p->peer].type == RR_NODE_SWITCH;
}

static void check_hottest(const struct model *m, const struct rr_graph *g,
			  const struct rr_routes *s, size_t max)
{
	size_t out[8], got, i, at, node, num = 0, links;
	uint64_t total = 0, least;
	unsigned int k, port;
	double share;

	got = rr_routes_hottest(s, g, out, max);
	for (i = 0; i < m->n; i++)
		for (k = 1; k <= m->nodes[i].num_ports; k++)
			if (between(m, i, k)) {
				num++;
				total += s->loads[g->nodes[i].first_port + k];
			}
	fuzz_check(got == (num < max ? num : max));
	for (i = 0; i < got; i++) {
		rr_graph_port_at(g, out[i], &node, &port);
		fuzz_check(g->nodes[node].first_port + port == out[i]);
		fuzz_check(port >= 1 && between(m, node, port));
		if (i)
			fuzz_check(s->loads[out[i - 1]] > s->loads[out[i]] ||
				   (s->loads[out[i - 1]] == s->loads[out[i]] &&
				    out[i - 1] < out[i]));
	}
	/* None left out is hotter than the last one kept. */
	least = got ? s->loads[out[got - 1]] : 0;
	for (i = 0; max && got == max && i < m->n; i++)
		for (k = 1; k <= m->nodes[i].num_ports; k++) {
			at = g->nodes[i].first_port + k;
			if (between(m, i, k) && s->loads[at] > least) {
				size_t j;
				bool kept = false;

				for (j = 0; j < got; j++)
					kept = kept || out[j] == at;
				fuzz_check(kept);
			}
		}
	share = rr_routes_fair_share(s, g, &links);
	fuzz_check(links == num);
	fuzz_check(share == (num ? (double)total / (double)num : 0));
}

static void all_pairs(struct fuzz_in *in, const struct model *m,
		      const struct rr_graph *g, struct rr_endpoint *eps,
		      size_t n)
{
	struct expect e = { .m = m, .g = g, .eps = eps };
	struct rr_routes s;
	size_t i, len;
	char buf[200];

	if (n > 40)
		n = 40;	/* 1560 routes at most */
	e.loads = calloc(g->num_ports + 1, sizeof(*e.loads));
	e.groups = fuzz_alloc((n * n + 1) * sizeof(*e.groups));
	fuzz_check(e.loads && rr_routes_init(&s, g));
	fuzz_check(rr_routes_all_pairs(g, eps, n, &s, each_pair, &e));
	fuzz_check(e.pairs == (n ? n * (n - 1) : 0));
	fuzz_check(s.pairs == e.pairs && s.arrived == e.arrived);
	fuzz_check(s.dead_ends == e.causes[0] && s.links_down == e.causes[1] &&
		   s.loops == e.causes[2] && s.bad_ports == e.causes[3] &&
		   s.unread == e.causes[4]);
	for (i = 0; i <= RR_ROUTE_MAX_SWITCHES; i++) {
		fuzz_check(s.crossed[i] == e.crossed[i]);
		fuzz_check(!e.crossed[i] || s.max_crossed >= i);
	}
	fuzz_check(s.max_crossed <= RR_ROUTE_MAX_SWITCHES &&
		   (!s.max_crossed || e.crossed[s.max_crossed]));
	fuzz_check(s.num_loads == g->num_ports);
	for (i = 0; i < g->num_ports; i++)
		fuzz_check(s.loads[i] == e.loads[i]);
	fuzz_check(s.num_groups == e.num_groups);
	for (i = 0; i < s.num_groups; i++) {
		const struct rr_route_group *gr = &s.groups[i];

		fuzz_check(gr->cause == e.groups[i].cause &&
			   gr->node == e.groups[i].node &&
			   gr->aux == e.groups[i].aux &&
			   gr->pairs == e.groups[i].pairs &&
			   gr->src == e.groups[i].src &&
			   gr->dst == e.groups[i].dst);
		len = 1 + fuzz_byte(in) % sizeof(buf);
		memset(buf, 0x55, sizeof(buf));
		rr_route_place(g, NULL, gr->cause, gr->node, gr->aux, buf, len);
		fuzz_check(memchr(buf, '\0', len));
	}
	check_hottest(m, g, &s, fuzz_byte(in) % 9);
	rr_routes_free(&s);
	free(e.loads);
	free(e.groups);
}

/* Walks from anywhere (a switch, port 0, a port past NumPorts) to any LID. */
static void some_walks(struct fuzz_in *in, const struct model *m,
		       const struct rr_graph *g)
{
	uint32_t *stamps = fuzz_alloc(m->n * sizeof(*stamps)), stamp;
	struct rr_endpoint src;
	struct verdict v;
	struct rr_route r;
	unsigned int walks = fuzz_byte(in) % 16, w;
	uint16_t dlid;
	size_t i;

	for (w = 0; w < walks; w++) {
		src.node = fuzz_byte(in) % (uint32_t)m->n;
		src.port = (uint8_t)(fuzz_byte(in) %
				     (m->nodes[src.node].num_ports + 2));
		src.lid = 0;
		/* Marks left by other walks: any but this walk's own. */
		stamp = fuzz_byte(in);
		for (i = 0; i < m->n; i++)
			stamps[i] = (uint32_t)fuzz_byte(in) % 4 + stamp + 1;
		memset(&r, 0xa5, sizeof(r));
		dlid = fuzz_lid(in);
		rr_route_walk(g, &src, dlid, stamps, stamp, &r);
		oracle(m, src.node, src.port, dlid, &v);
		check_route(&r, &v, dlid);
	}
	free(stamps);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size, 0 };
	struct model *m = calloc(1, sizeof(*m));
	struct rr_endpoint *eps;
	struct rr_graph g;
	uint8_t *copy;
	size_t i, n;

	if (!m)
		abort();
	read_model(&in, m);
	build(m, &g, &in);
	link_all(m, &g);
	for (i = 0; i < m->n; i++) {
		const struct mnode *nd = &m->nodes[i];

		if (nd->type != RR_NODE_SWITCH)
			continue;
		copy = NULL;
		if (nd->lft_read) {
			copy = fuzz_alloc(nd->lft_len);
			memcpy(copy, nd->lft, nd->lft_len);
		}
		rr_graph_set_lft(&g, i, copy, nd->lft_len, nd->lft_read);
	}
	for (i = 0; i < m->n; i++)
		fuzz_check(rr_graph_find(&g, 0x1000 + i * 7919) == i);
	fuzz_check(rr_graph_find(&g, 1) == RR_NO_NODE);

	some_walks(&in, m, &g);
	fuzz_check(rr_graph_endpoints(&g, &eps, &n));
	check_endpoints(m, eps, n);
	/* In LID order again, as the run walks them. */
	free(eps);
	fuzz_check(rr_graph_endpoints(&g, &eps, &n));
	all_pairs(&in, m, &g, eps, n);
	free(eps);

	rr_graph_free(&g);
	for (i = 0; i < m->n; i++) {
		free(m->nodes[i].ports);
		free(m->nodes[i].lft);
	}
	free(m);
	return 0;
}
