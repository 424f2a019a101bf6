// SPDX-License-Identifier: GPL-2.0-or-later
#include "model/probe/connection.h"

const char *rr_conn_end_key(enum rr_conn_end end)
{
	static const char *const keys[RR_CONN_END_COUNT] = {
		[RR_CONN_DISCONNECTED] = "disconnected",
		[RR_CONN_HELD] = "held",
		[RR_CONN_REJECTED] = "rejected",
		[RR_CONN_ANSWERED] = "answered",
		[RR_CONN_FAILED] = "failed",
		[RR_CONN_STOPPED] = "stopped",
		[RR_CONN_BUSY] = "busy",
	};

	if ((unsigned int)end >= RR_CONN_END_COUNT)
		return "unknown";
	return keys[end];
}
