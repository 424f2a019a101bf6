// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/mad/umad_choice.c: libibumad's choice of a port. */
#include <string.h>

#include "mad/umad_choice.h"
#include "../tap.h"

static void port(struct rr_umad_ca_facts *ca, int i, int state, int phys)
{
	ca->ports[i].present = true;
	ca->ports[i].ib = true;
	ca->ports[i].state = state;
	ca->ports[i].phys_state = phys;
}

static void one_ca(void)
{
	struct rr_umad_ca_facts ca;
	int p;

	memset(&ca, 0, sizeof(ca));
	ca.node_type = 1;
	port(&ca, 1, 1, 2);	/* DOWN, Polling */
	port(&ca, 2, 4, 5);	/* ACTIVE */
	p = 0;
	ok(rr_umad_ca_port(&ca, &p) == 1 && p == 2, "the first ACTIVE port: 2");
	p = 1;
	is_int(rr_umad_ca_port(&ca, &p), 0, "port 1 asked for: down, not disabled");
	port(&ca, 2, 2, 5);	/* INIT, LinkUp */
	p = 0;
	ok(rr_umad_ca_port(&ca, &p) == 0 && p == 2, "none ACTIVE: the first with its link up");
	port(&ca, 2, 1, 2);
	p = 0;
	ok(rr_umad_ca_port(&ca, &p) == 0 && p == 1, "none up: the first not disabled");
	port(&ca, 1, 1, 3);
	port(&ca, 2, 1, 3);
	p = 0;
	is_int(rr_umad_ca_port(&ca, &p), -1, "every port disabled: none");
	p = 7;
	is_int(rr_umad_ca_port(&ca, &p), -1, "a port it has not");
	port(&ca, 2, 4, 5);
	ca.ports[2].ib = false;
	p = 0;
	is_int(rr_umad_ca_port(&ca, &p), 0, "an Ethernet port is not chosen as ACTIVE");
	ca.node_type = 2;
	p = 0;
	ok(rr_umad_ca_port(&ca, &p) == 1 && p == 0, "a switch: its port 0");
}

static void many_cas(void)
{
	struct rr_umad_ca_facts cas[3];
	int at, p;

	memset(cas, 0, sizeof(cas));
	cas[0].node_type = cas[1].node_type = cas[2].node_type = 1;
	port(&cas[0], 1, 1, 5);	/* up, not ACTIVE */
	port(&cas[1], 1, 1, 3);	/* disabled */
	port(&cas[2], 1, 4, 5);	/* ACTIVE */
	p = 0;
	ok(rr_umad_choose(cas, 3, &at, &p) && at == 2 && p == 1,
	   "the first CA with an ACTIVE port, not the first CA");
	port(&cas[2], 1, 2, 5);
	p = 0;
	ok(rr_umad_choose(cas, 3, &at, &p) && at == 0 && p == 1,
	   "none ACTIVE: the first usable");
	port(&cas[0], 1, 1, 3);
	port(&cas[2], 1, 1, 3);
	p = 0;
	ok(!rr_umad_choose(cas, 3, &at, &p), "nothing usable: no choice");
	ok(!rr_umad_choose(cas, 0, &at, &p), "no CA: no choice");
}

int main(void)
{
	one_ca();
	many_cas();
	return tap_done();
}
