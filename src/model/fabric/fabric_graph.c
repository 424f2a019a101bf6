// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/fabric/fabric_graph.h"

/* Room for one more of SIZE bytes in *ITEMS (NUM used of *CAP). */
static bool grow(void **items, size_t *cap, size_t num, size_t more,
		 size_t size)
{
	size_t want = *cap ? *cap : 64;
	void *p;

	while (want < num + more)
		want *= 2;
	if (want == *cap)
		return true;
	p = realloc(*items, want * size);
	if (!p)
		return false;
	*items = p;
	*cap = want;
	return true;
}

bool rr_graph_add_node(struct rr_graph *g, uint64_t guid,
		       enum rr_node_type type, unsigned int num_ports,
		       const char *desc, size_t *idx)
{
	struct rr_gnode *n;
	size_t i;

	if (!grow((void **)&g->nodes, &g->cap_nodes, g->num_nodes, 1,
		  sizeof(*g->nodes)) ||
	    !grow((void **)&g->ports, &g->cap_ports, g->num_ports,
		  num_ports + 1, sizeof(*g->ports)))
		return false;
	n = &g->nodes[g->num_nodes];
	memset(n, 0, sizeof(*n));
	n->guid = guid;
	n->type = type;
	n->num_ports = num_ports;
	/* NodeDescription is 64 bytes, NUL-padded or not at all. */
	snprintf(n->desc, sizeof(n->desc), "%.*s", RR_NODE_DESC_LEN, desc);
	n->first_port = g->num_ports;
	for (i = 0; i <= num_ports; i++) {
		memset(&g->ports[g->num_ports + i], 0, sizeof(*g->ports));
		g->ports[g->num_ports + i].peer = RR_NO_NODE;
	}
	g->num_ports += num_ports + 1;
	*idx = g->num_nodes++;
	free(g->by_guid);	/* a node more: the index is out of date */
	g->by_guid = NULL;
	return true;
}

struct rr_gport *rr_graph_port(const struct rr_graph *g, size_t n,
			       unsigned int port)
{
	if (n >= g->num_nodes || port > g->nodes[n].num_ports)
		return NULL;
	return &g->ports[g->nodes[n].first_port + port];
}

void rr_graph_link(struct rr_graph *g, size_t a, unsigned int pa, size_t b,
		   unsigned int pb)
{
	struct rr_gport *x = rr_graph_port(g, a, pa), *y = rr_graph_port(g, b, pb);

	if (!x || !y)
		return;
	x->peer = (uint32_t)b;
	x->peer_port = (uint8_t)pb;
	y->peer = (uint32_t)a;
	y->peer_port = (uint8_t)pa;
}

static const struct rr_graph *sorting;

static int by_guid(const void *a, const void *b)
{
	uint64_t ga = sorting->nodes[*(const uint32_t *)a].guid;
	uint64_t gb = sorting->nodes[*(const uint32_t *)b].guid;

	return ga < gb ? -1 : ga > gb;
}

bool rr_graph_index(struct rr_graph *g)
{
	size_t i;

	free(g->by_guid);
	g->by_guid = malloc((g->num_nodes ? g->num_nodes : 1) *
			    sizeof(*g->by_guid));
	if (!g->by_guid)
		return false;
	for (i = 0; i < g->num_nodes; i++)
		g->by_guid[i] = (uint32_t)i;
	sorting = g;
	qsort(g->by_guid, g->num_nodes, sizeof(*g->by_guid), by_guid);
	sorting = NULL;
	return true;
}

uint32_t rr_graph_find(const struct rr_graph *g, uint64_t guid)
{
	size_t lo = 0, hi = g->num_nodes, mid, i;

	if (!g->by_guid) {
		for (i = 0; i < g->num_nodes; i++)
			if (g->nodes[i].guid == guid)
				return (uint32_t)i;
		return RR_NO_NODE;
	}
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (g->nodes[g->by_guid[mid]].guid < guid)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < g->num_nodes && g->nodes[g->by_guid[lo]].guid == guid)
		return g->by_guid[lo];
	return RR_NO_NODE;
}

const char *rr_graph_name(const struct rr_graph *g,
			  const struct rr_node_names *map, size_t n)
{
	const char *mapped = map ? rr_node_names_find(map, g->nodes[n].guid) :
				   NULL;

	return mapped ? mapped : g->nodes[n].desc;
}

void rr_graph_set_lft(struct rr_graph *g, size_t n, uint8_t *lft,
		      uint32_t len, bool read)
{
	free(g->nodes[n].lft);
	g->nodes[n].lft = lft;
	g->nodes[n].lft_len = lft ? len : 0;
	g->nodes[n].lft_read = read;
}

static void mark_routed(const struct rr_gnode *nd, uint8_t *bits)
{
	uint32_t lid, top = nd->lft_len;

	if (top > RR_MAX_UNICAST_LID + 1)
		top = RR_MAX_UNICAST_LID + 1;
	for (lid = 1; lid < top; lid++)
		if (nd->lft[lid] != RR_LFT_UNSET)
			bits[lid / 8] |= (uint8_t)(1U << (lid % 8));
}

static void unmark_held(const struct rr_gport *p, uint8_t *bits)
{
	uint32_t lid, end;

	if (!p->present || !p->lid)
		return;
	end = (uint32_t)p->lid + (1U << (p->lmc & 7));
	for (lid = p->lid; lid < end && lid <= RR_MAX_UNICAST_LID; lid++)
		bits[lid / 8] &= (uint8_t)~(1U << (lid % 8));
}

bool rr_graph_lids_unseen(const struct rr_graph *g, uint16_t **out,
			  size_t *n)
{
	uint8_t *bits;
	size_t i, k = 0;
	uint32_t lid;

	*out = NULL;
	*n = 0;
	bits = calloc(RR_MAX_UNICAST_LID / 8 + 1, 1);
	if (!bits)
		return false;
	for (i = 0; i < g->num_nodes; i++)
		if (g->nodes[i].type == RR_NODE_SWITCH && g->nodes[i].lft)
			mark_routed(&g->nodes[i], bits);
	for (i = 0; i < g->num_ports; i++)
		unmark_held(&g->ports[i], bits);
	for (lid = 1; lid <= RR_MAX_UNICAST_LID; lid++)
		k += (bits[lid / 8] >> (lid % 8)) & 1;
	if (k) {
		*out = malloc(k * sizeof(**out));
		if (!*out) {
			free(bits);
			return false;
		}
	}
	for (lid = 1; lid <= RR_MAX_UNICAST_LID && *n < k; lid++)
		if ((bits[lid / 8] >> (lid % 8)) & 1)
			(*out)[(*n)++] = (uint16_t)lid;
	free(bits);
	return true;
}

void rr_graph_free(struct rr_graph *g)
{
	size_t i;

	for (i = 0; i < g->num_nodes; i++)
		free(g->nodes[i].lft);
	free(g->nodes);
	free(g->ports);
	free(g->by_guid);
	memset(g, 0, sizeof(*g));
}
