// SPDX-License-Identifier: GPL-2.0-or-later
/* The unseen LIDs and what the SA said of them: the CA ports counted. */
#include <stdlib.h>
#include <string.h>

#include "model/fabric/fabric_unseen.h"
#include "../../tap.h"

static void record(struct rr_lid_node *l, uint8_t type, uint64_t guid,
		   uint8_t port)
{
	l->answered = true;
	l->found = true;
	l->type = type;
	l->node_guid = guid;
	l->port = port;
}

/* The map's nodes a graph of two does not have. */
static void mapped(void)
{
	struct rr_node_names map = { 0 };
	struct rr_graph g = { 0 };
	size_t idx, shown[2];

	rr_graph_add_node(&g, 0x10, RR_NODE_SWITCH, 2, "sw", &idx);
	rr_graph_add_node(&g, 0x20, RR_NODE_CA, 1, "ca", &idx);
	rr_graph_index(&g);
	is_int(rr_mapped_unseen(&map, &g, shown, 2), 0, "an empty map: none");
	is_int(rr_mapped_unseen(NULL, &g, shown, 2), 0, "no map: none");
	rr_node_names_add(&map, 0x20, strdup("seen"));
	rr_node_names_add(&map, 0x30, strdup("cut"));
	rr_node_names_add(&map, 0x40, strdup("gone"));
	rr_node_names_add(&map, 0x50, strdup("far"));
	is_int(rr_mapped_unseen(&map, &g, shown, 2), 3, "three not in the graph");
	is_str(map.names[shown[0]].name, "cut", "the first, in the map's order");
	is_str(map.names[shown[1]].name, "gone", "the second; no more room");
	is_int(rr_mapped_unseen(&map, &g, NULL, 0), 3, "counted with no room");
	rr_node_names_free(&map);
	rr_graph_free(&g);
}

int main(void)
{
	static const uint16_t lids[] = { 4, 7, 8, 9, 12, 20 };
	struct rr_unseen u;

	rr_unseen_init(&u, lids, 6);
	is_int(u.n, 6, "six LIDs");
	is_int(u.lids[5].lid, 20, "in order");
	is_str(rr_unseen_said(&u, 0), "not asked", "before the SA is asked");
	rr_unseen_count(&u);
	is_int(u.ca_ports, 0, "nothing asked, no CA port");
	u.asked = true;
	record(&u.lids[0], 2, 0x100, 0);	/* a switch */
	record(&u.lids[1], 1, 0x200, 1);	/* a CA port, LMC 1: */
	record(&u.lids[2], 1, 0x200, 1);	/* its second LID */
	record(&u.lids[3], 1, 0x200, 2);	/* the node's other port */
	u.lids[4].answered = true;		/* no record */
	rr_unseen_count(&u);
	is_int(u.answered, 5, "five answered");
	is_int(u.ca_ports, 2, "two CA ports: one port's two LIDs once");
	is_str(rr_unseen_said(&u, 0), "switch", "a switch");
	is_str(rr_unseen_said(&u, 1), "CA", "a CA port");
	is_str(rr_unseen_said(&u, 4), "no record", "answered, no record");
	is_str(rr_unseen_said(&u, 5), "no answer", "asked, not answered");
	rr_unseen_free(&u);
	is_int(u.n, 0, "freed");
	rr_unseen_init(&u, NULL, 0);
	rr_unseen_count(&u);
	ok(!u.lids && !u.ca_ports, "none");
	mapped();
	return tap_done();
}
