// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A failure in words: librdmacm's event names, a peer's reason, how the
 * step failed, and the one line of what the kernel (or the resolver, or
 * the SA) said, which the error's kernel_said field and the text show.
 */
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <rdma/rdma_cma.h>

#include "base/util.h"
#include "model/probe/cause.h"
#include "model/probe/failure_text.h"

/*
 * librdmacm's event names (rdma_event_str's, without its "RDMA_CM_EVENT_"),
 * without linking it into the renderers: each by its enum's own value.
 */
const char *rr_event_name(int event)
{
	static const char *const names[] = {
		[RDMA_CM_EVENT_ADDR_RESOLVED] = "ADDR_RESOLVED",
		[RDMA_CM_EVENT_ADDR_ERROR] = "ADDR_ERROR",
		[RDMA_CM_EVENT_ROUTE_RESOLVED] = "ROUTE_RESOLVED",
		[RDMA_CM_EVENT_ROUTE_ERROR] = "ROUTE_ERROR",
		[RDMA_CM_EVENT_CONNECT_REQUEST] = "CONNECT_REQUEST",
		[RDMA_CM_EVENT_CONNECT_RESPONSE] = "CONNECT_RESPONSE",
		[RDMA_CM_EVENT_CONNECT_ERROR] = "CONNECT_ERROR",
		[RDMA_CM_EVENT_UNREACHABLE] = "UNREACHABLE",
		[RDMA_CM_EVENT_REJECTED] = "REJECTED",
		[RDMA_CM_EVENT_ESTABLISHED] = "ESTABLISHED",
		[RDMA_CM_EVENT_DISCONNECTED] = "DISCONNECTED",
		[RDMA_CM_EVENT_DEVICE_REMOVAL] = "DEVICE_REMOVAL",
		[RDMA_CM_EVENT_MULTICAST_JOIN] = "MULTICAST_JOIN",
		[RDMA_CM_EVENT_MULTICAST_ERROR] = "MULTICAST_ERROR",
		[RDMA_CM_EVENT_ADDR_CHANGE] = "ADDR_CHANGE",
		[RDMA_CM_EVENT_TIMEWAIT_EXIT] = "TIMEWAIT_EXIT",
	};

	if (event < 0 || (size_t)event >= ARRAY_SIZE(names) || !names[event])
		return "UNKNOWN";
	return names[event];
}

bool rr_event_from_name(const char *s, int *event)
{
	int e;

	for (e = 0; e <= RDMA_CM_EVENT_TIMEWAIT_EXIT; e++) {
		if (!strcmp(s, rr_event_name(e))) {
			*event = e;
			return true;
		}
	}
	return !strcmp(s, "UNKNOWN");
}

bool rr_failure_consumer_reject(const struct rr_failure *f)
{
	return f->kind == RR_FAIL_EVENT && f->event == RDMA_CM_EVENT_REJECTED &&
	       f->status == 28;
}

/* A reject's reason, or an unsuccessful SIDR REP's status, in words. */
const char *rr_peer_reason(const struct rr_failure *f)
{
	if (f->kind != RR_FAIL_EVENT || f->status <= 0)
		return NULL;
	if (f->event == RDMA_CM_EVENT_REJECTED)
		return rr_reject_reason_str(f->status);
	if (f->event == RDMA_CM_EVENT_UNREACHABLE)
		return rr_sidr_status_str(f->status);
	return NULL;
}

const char *rr_fail_kind_key(enum rr_fail_kind kind)
{
	switch (kind) {
	case RR_FAIL_CALL:
		return "call";
	case RR_FAIL_EVENT:
		return "event";
	case RR_FAIL_DEADLINE:
		return "deadline";
	default:
		return "none";
	}
}

/*
 * "umad_recv()", but a MAD named with its attribute, "SubnGet(PortInfo)",
 * has its parentheses already.
 */
static const char *call_parens(const char *call)
{
	size_t n = strlen(call);

	return n && call[n - 1] == ')' ? "" : "()";
}

const char *rr_failure_said(const struct rr_result *r, char *buf, size_t len)
{
	const struct rr_failure *f = &r->out.fail;
	const char *name = f->err ? strerrorname_np(f->err) : NULL;

	if (f->step == RR_STEP_LOOKUP && f->kind == RR_FAIL_CALL && !f->err &&
	    f->detail)
		snprintf(buf, len, "%s", f->detail);	/* a node's name (--sa) */
	else if (f->step == RR_STEP_LOOKUP && f->kind == RR_FAIL_CALL && !f->err)
		snprintf(buf, len, "%s", gai_strerror(f->status));
	else if (f->step == RR_STEP_TRANSFER && f->kind == RR_FAIL_CALL &&
		 !f->err)
		snprintf(buf, len, "%s%s: work completion status %s", f->call,
			 call_parens(f->call),
			 rr_wc_status_key(r->out.transfer.wc_status) ?
			 rr_wc_status_key(r->out.transfer.wc_status) : "unknown");
	else if (f->kind == RR_FAIL_CALL && !f->err)
		snprintf(buf, len, "%s%s: %s", f->call, call_parens(f->call),
			 f->where[0] ? f->where : f->detail ? f->detail : "failed");
	else if (f->kind == RR_FAIL_DEADLINE)
		snprintf(buf, len, "no event within the tool's deadline of %u ms",
			 f->deadline_ms);
	else if (f->kind == RR_FAIL_EVENT && rr_event_status_is_reason(f->event) &&
		 f->status > 0)
		snprintf(buf, len, "RDMA_CM_EVENT_%s, %s %d (%s)",
			 rr_event_name(f->event),
			 f->event == RDMA_CM_EVENT_REJECTED ? "reason" : "SIDR status",
			 f->status, rr_peer_reason(f) ? rr_peer_reason(f) : "unknown");
	else if (f->kind == RR_FAIL_EVENT && !f->err)
		/* DEVICE_REMOVAL, ADDR_CHANGE: the event says it all. */
		snprintf(buf, len, "RDMA_CM_EVENT_%s, status %d",
			 rr_event_name(f->event), f->status);
	else if (f->kind == RR_FAIL_EVENT)
		snprintf(buf, len, "RDMA_CM_EVENT_%s, status %d (%s: %s)",
			 rr_event_name(f->event), f->status,
			 name ? name : "?", strerror(f->err));
	else
		snprintf(buf, len, "%s() failed: %s (%s)", f->call,
			 name ? name : "?", strerror(f->err));
	return buf;
}
