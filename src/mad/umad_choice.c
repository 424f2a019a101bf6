// SPDX-License-Identifier: GPL-2.0-or-later
#include "mad/umad_choice.h"
#include "base/ib_port.h"

/* PortPhysicalState Disabled, LinkUp; ACTIVE alone, as libibumad asks. */
#define PHYS_DISABLED 3
#define PHYS_LINK_UP 5

static int check_port(const struct rr_umad_ca_facts *ca, int port)
{
	if (port >= RR_UMAD_MAX_PORTS || !ca->ports[port].present ||
	    !ca->ports[port].ib)
		return -1;
	if (ca->ports[port].state == RR_PORT_ACTIVE)
		return 1;
	return ca->ports[port].phys_state != PHYS_DISABLED ? 0 : -1;
}

int rr_umad_ca_port(const struct rr_umad_ca_facts *ca, int *port)
{
	int i, up = -1;

	if (ca->node_type == 2) {
		*port = 0;	/* a switch's management port */
		return 1;
	}
	if (*port > 0)
		return check_port(ca, *port);
	for (i = 0; i < RR_UMAD_MAX_PORTS; i++) {
		if (!ca->ports[i].present || !ca->ports[i].ib)
			continue;
		if (up < 0 && ca->ports[i].phys_state == PHYS_LINK_UP)
			up = i;
		if (ca->ports[i].state == RR_PORT_ACTIVE) {
			*port = i;
			return 1;
		}
	}
	/* No port active or up: the first not disabled, as libibumad. */
	for (i = 0; up < 0 && i < RR_UMAD_MAX_PORTS; i++)
		if (ca->ports[i].present &&
		    ca->ports[i].phys_state != PHYS_DISABLED)
			up = i;
	if (up < 0)
		return -1;
	*port = up;
	return 0;
}

bool rr_umad_choose(const struct rr_umad_ca_facts *cas, int n, int *ca,
		    int *port)
{
	int i, p, type, usable = -1, usable_port = 0;

	for (i = 0; i < n; i++) {
		p = *port;
		type = rr_umad_ca_port(&cas[i], &p);
		if (type > 0) {
			*ca = i;
			*port = p;
			return true;
		}
		if (type == 0 && usable < 0) {
			usable = i;
			usable_port = p;
		}
	}
	if (usable < 0)
		return false;
	*ca = usable;
	*port = usable_port;
	return true;
}
