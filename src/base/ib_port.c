// SPDX-License-Identifier: GPL-2.0-or-later
#include "base/ib_port.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* As `rdma link` names them (enum ib_port_state). */
const char *rr_port_state_name(int state)
{
	static const char *const names[] = {
		"NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER",
	};

	if (state < 0 || state >= (int)(ARRAY_SIZE(names)))
		return "UNKNOWN";
	return names[state];
}

/* As `rdma link` names them (IBTA PortPhysicalState). */
const char *rr_phys_state_name(int phys_state)
{
	static const char *const names[] = {
		"UNKNOWN", "SLEEP", "POLLING", "DISABLED", "CONFIG",
		"LINK_UP", "LINK_ERROR_RECOVER", "PHY_TEST",
	};

	if (phys_state < 0 ||
	    phys_state >= (int)(ARRAY_SIZE(names)))
		return "UNKNOWN";
	return names[phys_state];
}
