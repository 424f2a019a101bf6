// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "model/fabric/sl2vl.h"

bool rr_sl2vl_init(struct rr_sl2vl *m, unsigned int sl)
{
	memset(m, 0, sizeof(*m));
	m->sl = sl % 16;
	m->sls = (uint16_t)(1U << m->sl);
	m->num_slots = 1024;
	m->slots = calloc(m->num_slots, sizeof(*m->slots));
	return m->slots != NULL;
}

void rr_sl2vl_free(struct rr_sl2vl *m)
{
	free(m->e);
	free(m->slots);
	memset(m, 0, sizeof(*m));
}

static uint64_t key_of(uint32_t node, unsigned int in, unsigned int out)
{
	return (uint64_t)node << 16 | (in & 0xff) << 8 | (out & 0xff);
}

static size_t slot_of(const struct rr_sl2vl *m, uint64_t key)
{
	return (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 32) &
	       (m->num_slots - 1);
}

/* The slot that holds KEY's entry, or the empty one where it would go. */
static size_t find(const struct rr_sl2vl *m, uint64_t key)
{
	size_t at = slot_of(m, key);
	const struct rr_sl2vl_entry *e;

	while (m->slots[at]) {
		e = &m->e[m->slots[at] - 1];
		if (key_of(e->node, e->in, e->out) == key)
			return at;
		at = (at + 1) & (m->num_slots - 1);
	}
	return at;
}

/* Twice the slots, each entry placed again; false: ENOMEM. */
static bool rehash(struct rr_sl2vl *m)
{
	uint32_t *old = m->slots;
	size_t i;

	m->slots = calloc(m->num_slots * 2, sizeof(*m->slots));
	if (!m->slots) {
		m->slots = old;
		return false;
	}
	free(old);
	m->num_slots *= 2;
	for (i = 0; i < m->n; i++)
		m->slots[find(m, key_of(m->e[i].node, m->e[i].in,
					m->e[i].out))] = (uint32_t)i + 1;
	return true;
}

static bool want(struct rr_sl2vl *m, uint32_t node, unsigned int in,
		 unsigned int out)
{
	struct rr_sl2vl_entry *grown;
	size_t at;

	if (m->slots[find(m, key_of(node, in, out))])
		return true;
	if (2 * (m->n + 1) > m->num_slots && !rehash(m))
		return false;
	if (m->n == m->cap) {
		grown = realloc(m->e, (m->cap ? 2 * m->cap : 256) * sizeof(*grown));
		if (!grown)
			return false;
		m->e = grown;
		m->cap = m->cap ? 2 * m->cap : 256;
	}
	at = find(m, key_of(node, in, out));
	m->e[m->n] = (struct rr_sl2vl_entry){ .node = node, .in = (uint8_t)in,
					       .out = (uint8_t)out,
					       .state = RR_SL2VL_WANTED };
	m->slots[at] = (uint32_t)++m->n;
	return true;
}

bool rr_sl2vl_want_loops(struct rr_sl2vl *m, const struct rr_cdg *d,
			 const struct rr_graph *g,
			 const struct rr_credit_loop *loops, size_t n)
{
	const struct rr_cdg_edge *e;
	size_t i, j, port, node;
	unsigned int k;
	bool *in_loop;

	if (!n)
		return true;
	in_loop = calloc(g->num_ports ? g->num_ports : 1, sizeof(*in_loop));
	if (!in_loop)
		return false;
	for (i = 0; i < n; i++)
		for (j = 0; j < loops[i].channels; j++)
			in_loop[rr_channel_port(loops[i].members[j])] = true;
	for (i = 0; i < d->num_edges; i++) {
		e = &d->edges[i];
		port = rr_channel_port(e->to);
		if (!in_loop[port] || g->ports[port].oper_vls <= 1)
			continue;
		/* The packet left by FROM and came in by its peer's port. */
		rr_graph_port_at(g, port, &node, &k);
		if (!want(m, (uint32_t)node,
			  g->ports[rr_channel_port(e->from)].peer_port, k)) {
			free(in_loop);
			return false;
		}
	}
	free(in_loop);
	return true;
}

void rr_sl2vl_use_sls(struct rr_sl2vl *m, uint16_t sls)
{
	m->sls = sls ? sls : 1;
}

/* SL's VL in an SLtoVLMappingTable: SL 0 in the high nibble of byte 0. */
static unsigned int vl_of(const uint8_t *table, unsigned int sl)
{
	uint8_t b = table[(sl % 16) / 2];

	return sl % 2 ? b & 0xf : b >> 4;
}

/* Entry E's table sends an SL the routes are on elsewhere than VL 0. */
static bool leaves_vl0(const struct rr_sl2vl *m,
		       const struct rr_sl2vl_entry *e)
{
	unsigned int sl;

	for (sl = 0; sl < 16; sl++)
		if ((m->sls & (1U << sl)) && vl_of(e->table, sl))
			return true;
	return false;
}

/* Entry I no longer counted as read (it is read again, or lost). */
static void unread(struct rr_sl2vl *m, size_t i)
{
	if (m->e[i].state == RR_SL2VL_READ) {
		m->read--;
		m->not_vl0 -= m->e[i].not_vl0;
	} else if (m->e[i].state == RR_SL2VL_LOST) {
		m->lost--;
	}
}

void rr_sl2vl_set(struct rr_sl2vl *m, size_t i,
		  const uint8_t table[RR_SL2VL_LEN])
{
	unread(m, i);
	memcpy(m->e[i].table, table, RR_SL2VL_LEN);
	m->e[i].not_vl0 = leaves_vl0(m, &m->e[i]);
	m->e[i].state = RR_SL2VL_READ;
	m->read++;
	m->not_vl0 += m->e[i].not_vl0;
}

void rr_sl2vl_lost(struct rr_sl2vl *m, size_t i)
{
	if (m->e[i].state == RR_SL2VL_LOST)
		return;
	unread(m, i);
	m->e[i].state = RR_SL2VL_LOST;
	m->lost++;
}

unsigned int rr_sl2vl_vl(const void *ctx, uint32_t node, unsigned int in_port,
			 unsigned int out_port, unsigned int sl)
{
	const struct rr_sl2vl *m = ctx;
	uint32_t at;

	at = m->slots[find(m, key_of(node, in_port, out_port))];
	if (!at || m->e[at - 1].state != RR_SL2VL_READ)
		return 0;
	return vl_of(m->e[at - 1].table, sl);
}
