// SPDX-License-Identifier: GPL-2.0-or-later
#include "model/fabric/fabric_sm.h"

const char *rr_sm_state_name(unsigned int state)
{
	static const char *const names[] = {
		"NOTACTIVE", "DISCOVERING", "STANDBY", "MASTER",
	};

	return state < 4 ? names[state] : "unknown";
}
