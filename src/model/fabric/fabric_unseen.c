// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "model/fabric/fabric_unseen.h"

#define NODE_TYPE_CA 1
#define NODE_TYPE_SWITCH 2

void rr_unseen_init(struct rr_unseen *u, const uint16_t *lids, size_t n)
{
	size_t i;

	memset(u, 0, sizeof(*u));
	if (!n)
		return;
	u->lids = calloc(n, sizeof(*u->lids));
	if (!u->lids)
		return;
	for (i = 0; i < n; i++)
		u->lids[i].lid = lids[i];
	u->n = n;
}

/* Records I and J are one CA port (an LMC range holds several LIDs). */
static bool same_port(const struct rr_lid_node *a, const struct rr_lid_node *b)
{
	return a->node_guid == b->node_guid && a->port == b->port;
}

void rr_unseen_count(struct rr_unseen *u)
{
	size_t i, j;
	bool dup;

	u->answered = 0;
	u->ca_ports = 0;
	for (i = 0; i < u->n; i++) {
		u->answered += u->lids[i].answered;
		if (!u->lids[i].found || u->lids[i].type != NODE_TYPE_CA)
			continue;
		dup = false;
		for (j = 0; j < i && !dup; j++)
			dup = u->lids[j].found && u->lids[j].type == NODE_TYPE_CA &&
			      same_port(&u->lids[j], &u->lids[i]);
		u->ca_ports += !dup;
	}
}

const char *rr_unseen_said(const struct rr_unseen *u, size_t i)
{
	const struct rr_lid_node *l = &u->lids[i];

	if (!u->asked || i >= RR_UNSEEN_ASK_MAX)
		return "not asked";
	if (!l->answered)
		return "no answer";
	if (!l->found)
		return "no record";
	if (l->type == NODE_TYPE_CA)
		return "CA";
	return l->type == NODE_TYPE_SWITCH ? "switch" : "router";
}

void rr_unseen_free(struct rr_unseen *u)
{
	free(u->lids);
	memset(u, 0, sizeof(*u));
}

size_t rr_mapped_unseen(const struct rr_node_names *map,
			const struct rr_graph *g, size_t *shown, size_t max)
{
	size_t i, n = 0;

	for (i = 0; map && i < map->num; i++) {
		if (rr_graph_find(g, map->names[i].guid) != RR_NO_NODE)
			continue;
		if (n < max)
			shown[n] = i;
		n++;
	}
	return n;
}
