// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/model/probe/cause.c: each kernel answer to its likely cause,
 * and every cause in rdma-route(8) with its explanation and its hint.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <rdma/rdma_cma.h>

#include "model/probe/cause.h"
#include "model/probe/result.h"
#include "../../tap.h"
#include <stdbool.h>

static void check(int step, int kind, int err, int event, const char *want,
		  const char *what)
{
	struct rr_cause_input in = {
		.step = step, .kind = kind, .err = err, .event = event,
	};

	is_str(rr_cause_key(rr_classify(&in)), want, what);
}

#ifndef RR_SRCDIR
#error "RR_SRCDIR: the source tree"
#endif

/* The CAUSES section of rdma-route(8) as plain text: no roff, one line. */
static char *causes_section(void)
{
	FILE *f = fopen(RR_SRCDIR "/man/rdma-route.8", "r");
	char line[1024], *text = calloc(1, 65536);
	size_t used = 0, i;
	bool in = false;

	while (f && text && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, ".SH ", 4))
			in = !strcmp(line, ".SH CAUSES\n");
		if (!in)
			continue;
		for (i = 0; line[i] && used < 65535; i++) {
			if (line[i] == '\\' && line[i + 1] == '-')
				continue;		/* \- is a - */
			if (line[i] == '\\' && line[i + 1] == 'e') {
				text[used++] = '\\';	/* \e is a \ */
				i++;
				continue;
			}
			text[used++] = line[i] == '\n' ? ' ' : line[i];
		}
	}
	if (f)
		fclose(f);
	return text;
}

static void man_page(void)
{
	char *text = causes_section(), key[80];
	int c, missing = 0;

	ok(text && strstr(text, ".TP"), "rdma-route(8) has a CAUSES section");
	for (c = RR_CAUSE_NONE + 1; text && c < RR_CAUSE_COUNT; c++) {
		snprintf(key, sizeof(key), ".B %s ", rr_cause_key(c));
		if (!strstr(text, key) || !strstr(text, rr_cause_hint(c)) ||
		    !strstr(text, rr_cause_summary(c) + 1)) {
			printf("# rdma-route(8) lacks %s, its explanation or its hint\n",
			       rr_cause_key(c));
			missing++;
		}
	}
	ok(!missing, "rdma-route(8) names every cause with its explanation and hint");
	free(text);
}

/* What the kernel's connect events say, as rr_fail_event() files them. */
static void connect_causes(void)
{
	static const struct {
		int event, status;
		const char *want, *what;
	} cases[] = {
		{ RDMA_CM_EVENT_REJECTED, 8, "no_listener", "REJ reason 8" },
		{ RDMA_CM_EVENT_REJECTED, 28, "rejected_by_peer", "REJ reason 28" },
		{ RDMA_CM_EVENT_REJECTED, 26, "connect_rejected", "REJ reason 26 (MTU)" },
		{ RDMA_CM_EVENT_UNREACHABLE, -ETIMEDOUT, "connect_timeout",
		  "UNREACHABLE -110: the REQ's retries ran out" },
		{ RDMA_CM_EVENT_UNREACHABLE, 1, "no_listener",
		  "SIDR REP status 1: no such service" },
		{ RDMA_CM_EVENT_UNREACHABLE, 2, "connect_rejected", "SIDR REP status 2" },
		{ RDMA_CM_EVENT_UNREACHABLE, -ENETUNREACH, "connect_unreachable",
		  "UNREACHABLE, another errno" },
		{ RDMA_CM_EVENT_CONNECT_ERROR, -EINVAL, "connect_error", "CONNECT_ERROR" },
	};
	struct rr_outcome o;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(&o, 0, sizeof(o));
		rr_fail_event(&o, RR_STEP_CONNECT, "rdma_connect", cases[i].event,
			      cases[i].status, NULL);
		is_str(rr_cause_key(o.fail.cause), cases[i].want, cases[i].what);
		is_int(o.fail.err, cases[i].status < 0 ? -cases[i].status : 0,
		       "a peer's status is no errno");
	}
	memset(&o, 0, sizeof(o));
	rr_fail_deadline(&o, RR_STEP_CONNECT, "rdma_connect", 3000);
	is_str(rr_cause_key(o.fail.cause), "connect_timeout",
	       "the tool's deadline ends the kernel's retries");
	rr_fail_deadline(&o, RR_STEP_DISCONNECT, "rdma_disconnect", 3000);
	is_str(rr_cause_key(o.fail.cause), "no_event", "a disconnect never answered");
	is_str(rr_reject_reason_str(8), "invalid service ID", "reason 8 in words");
	is_str(rr_reject_reason_str(28), "consumer reject", "reason 28 in words");
	ok(!rr_reject_reason_str(0) && !rr_reject_reason_str(34) &&
	   !rr_reject_reason_str(-1), "no words for an unknown reason");
	is_str(rr_sidr_status_str(1), "service ID not supported", "SIDR status 1");
}

/* A --trace's dead end and link down told with the SA's answer. */
static void trace_hints(void)
{
	const char *own = rr_cause_hint(RR_CAUSE_ROUTE_DEAD_END);

	ok(strstr(rr_trace_hint(RR_CAUSE_ROUTE_DEAD_END, RR_CAUSE_DEST_UNKNOWN, false),
		  "the SA knows no port with that LID either") != NULL,
	   "dead end, dest_unknown: the SM dropped the port");
	ok(strstr(rr_trace_hint(RR_CAUSE_ROUTE_DEAD_END, RR_CAUSE_SA_TIMEOUT, false),
		  "the SM did not answer") != NULL, "dead end, sa_timeout: no SM");
	ok(strstr(rr_trace_hint(RR_CAUSE_ROUTE_DEAD_END, RR_CAUSE_NONE, true),
		  "the SA gave a path to that LID, yet this switch has no entry") != NULL,
	   "dead end, a path: the switch not written since");
	ok(rr_trace_hint(RR_CAUSE_ROUTE_DEAD_END, RR_CAUSE_NONE, false) == own,
	   "dead end, no word from the SA: the cause's own");
	ok(strstr(rr_trace_hint(RR_CAUSE_ROUTE_LINK_DOWN, RR_CAUSE_SA_TIMEOUT, false),
		  "nothing reroutes around this link") != NULL, "link down, no SM");
	ok(strstr(rr_trace_hint(RR_CAUSE_ROUTE_LINK_DOWN, RR_CAUSE_NONE, true),
		  "it has not swept since the link went down") != NULL,
	   "link down, the SM answers: not swept since");
	ok(rr_trace_hint(RR_CAUSE_SMP_TIMEOUT, RR_CAUSE_SA_TIMEOUT, false) ==
		   rr_cause_hint(RR_CAUSE_SMP_TIMEOUT), "another cause: its own");
}

int main(void)
{
	trace_hints();
	man_page();
	connect_causes();
	check(RR_STEP_RESOLVE_ROUTE, RR_FAIL_EVENT, EINVAL,
	      RDMA_CM_EVENT_ROUTE_ERROR, "sa_rejected",
	      "InfiniBand: the SA rejected the kernel's query");
	check(RR_STEP_RESOLVE_ROUTE, RR_FAIL_EVENT, EIO,
	      RDMA_CM_EVENT_ROUTE_ERROR, "sa_query_failed", "ROUTE_ERROR EIO");
	check(RR_STEP_RESOLVE_ROUTE, RR_FAIL_EVENT, EINTR,
	      RDMA_CM_EVENT_ROUTE_ERROR, "sa_query_failed", "ROUTE_ERROR EINTR");
	check(RR_STEP_RESOLVE_ROUTE, RR_FAIL_CALL, EAGAIN, -1, "no_sm",
	      "rdma_resolve_route EAGAIN: no SM address yet");
	check(RR_STEP_RESOLVE_ROUTE, RR_FAIL_CALL, ENODATA, -1, "no_sm",
	      "rdma_resolve_route ENODATA");
	check(-1, RR_FAIL_EVENT, 0, RDMA_CM_EVENT_DEVICE_REMOVAL,
	      "device_removed", "DEVICE_REMOVAL at any step");
	check(RR_STEP_CREATE_ID, RR_FAIL_CALL, ENODEV, -1, "no_rdma_cm",
	      "create id ENODEV");
	check(RR_STEP_CREATE_ID, RR_FAIL_CALL, EACCES, -1, "permission_denied",
	      "create id EACCES");
	/* EACCES is a permission only where the device is opened. */
	check(RR_STEP_RESOLVE_ADDR, RR_FAIL_CALL, EACCES, -1,
	      "route_prohibited", "resolve addr EACCES: a prohibit route");
	ok(!rr_cause_is_host_level(RR_CAUSE_ROUTE_PROHIBITED),
	   "route_prohibited is a failed result, not exit 3");
	check(RR_STEP_LOOKUP, RR_FAIL_CALL, 0, -1, "name_unknown",
	      "lookup failure");
	check(RR_STEP_LOOKUP, RR_FAIL_DEADLINE, 0, -1, "name_timeout",
	      "lookup deadline");
	check(RR_STEP_BIND_ADDR, RR_FAIL_CALL, EADDRNOTAVAIL, -1,
	      "source_not_local", "bind EADDRNOTAVAIL");
	check(RR_STEP_RESOLVE_ADDR, RR_FAIL_CALL, ENETUNREACH, -1, "no_route",
	      "resolve addr ENETUNREACH");
	check(RR_STEP_RESOLVE_ADDR, RR_FAIL_EVENT, ENODEV,
	      RDMA_CM_EVENT_ADDR_ERROR, "not_rdma_netdev", "ADDR_ERROR ENODEV");
	check(RR_STEP_RESOLVE_ADDR, RR_FAIL_EVENT, ETIMEDOUT,
	      RDMA_CM_EVENT_ADDR_ERROR, "neighbour_timeout",
	      "ADDR_ERROR ETIMEDOUT");
	check(RR_STEP_RESOLVE_ADDR, RR_FAIL_EVENT, EHOSTUNREACH,
	      RDMA_CM_EVENT_ADDR_ERROR, "host_unreachable",
	      "ADDR_ERROR EHOSTUNREACH");
	check(RR_STEP_RESOLVE_ROUTE, RR_FAIL_CALL, ENODEV, -1,
	      "not_rdma_address", "resolve route ENODEV (loopback)");
	check(RR_STEP_RESOLVE_ROUTE, RR_FAIL_EVENT, ETIMEDOUT,
	      RDMA_CM_EVENT_ROUTE_ERROR, "route_timeout",
	      "ROUTE_ERROR ETIMEDOUT");
	check(RR_STEP_RESOLVE_ADDR, RR_FAIL_DEADLINE, 0, -1, "no_event",
	      "no event before the deadline");
	check(RR_STEP_RESOLVE_ADDR, RR_FAIL_CALL, EIO, -1, "unknown",
	      "an errno with no known meaning");
	ok(rr_cause_is_host_level(RR_CAUSE_NO_RDMA_CM), "no_rdma_cm is host level");
	ok(!rr_cause_is_host_level(RR_CAUSE_NO_ROUTE), "no_route is not");
	is_str(rr_cause_key(RR_CAUSE_COUNT + 3), "unknown",
	       "out-of-range cause");
	ok(rr_cause_hint(RR_CAUSE_NO_ROUTE)[0] != '\0', "no_route has a hint");
	return tap_done();
}
