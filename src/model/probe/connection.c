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
		[RR_CONN_UNESTABLISHED] = "unestablished",
	};

	if ((unsigned int)end >= RR_CONN_END_COUNT)
		return "unknown";
	return keys[end];
}

const char *rr_witness_said_key(enum rr_witness_said said)
{
	static const char *const keys[RR_WS_COUNT] = {
		[RR_WS_ANSWERED] = "answered",
		[RR_WS_BUSY] = "busy",
		[RR_WS_DENIED] = "denied",
		[RR_WS_CLOSED] = "closed",
	};

	if ((unsigned int)said >= RR_WS_COUNT)
		return "unknown";
	return keys[said];
}
