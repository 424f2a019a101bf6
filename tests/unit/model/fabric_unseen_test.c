// SPDX-License-Identifier: GPL-2.0-or-later
/* The unseen LIDs and what the SA said of them: the CA ports counted. */
#include <string.h>

#include "model/fabric_unseen.h"
#include "../tap.h"

static void record(struct rr_lid_node *l, uint8_t type, uint64_t guid,
		   uint8_t port)
{
	l->answered = true;
	l->found = true;
	l->type = type;
	l->node_guid = guid;
	l->port = port;
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
	return tap_done();
}
