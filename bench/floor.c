// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The least programs that resolve RDMA routes: the floors rdma-route's
 * whole-process times are measured against (bench/run).
 *   bench-floor ADDRESS TIMEOUT_MS    prints the path MTU in bytes
 *   bench-floor -f FILE WINDOW TIMEOUT_MS
 *        resolves each address of FILE (one a line), WINDOW at a time,
 *        and prints how many resolved and how many failed: what the
 *        RDMA CM itself costs a list, with nothing said of any of them
 */
#define _POSIX_C_SOURCE 200809L
#include <netdb.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <rdma/rdma_cma.h>

static int wait_event(struct rdma_event_channel *ch, enum rdma_cm_event_type want)
{
	struct rdma_cm_event *ev;
	int ok;

	if (rdma_get_cm_event(ch, &ev))
		return -1;
	ok = ev->event == want && !ev->status;
	rdma_ack_cm_event(ev);
	return ok ? 0 : -1;
}

static int one(const char *addr, int timeout)
{
	struct addrinfo hints = { .ai_flags = AI_NUMERICHOST }, *ai = NULL;
	struct rdma_event_channel *ch;
	struct rdma_cm_id *id = NULL;
	int rc = 1;

	if (getaddrinfo(addr, NULL, &hints, &ai))
		return 1;
	ch = rdma_create_event_channel();
	if (!ch || rdma_create_id(ch, &id, NULL, RDMA_PS_TCP))
		goto out;
	if (rdma_resolve_addr(id, NULL, ai->ai_addr, timeout) ||
	    wait_event(ch, RDMA_CM_EVENT_ADDR_RESOLVED) ||
	    rdma_resolve_route(id, timeout) ||
	    wait_event(ch, RDMA_CM_EVENT_ROUTE_RESOLVED) ||
	    !id->route.num_paths)
		goto out;
	printf("%d\n", 128 << id->route.path_rec->mtu);
	rc = 0;
out:
	if (id)
		rdma_destroy_id(id);
	if (ch)
		rdma_destroy_event_channel(ch);
	freeaddrinfo(ai);
	return rc;
}

/* Starts resolving the next address of IN; false at its end. */
static bool start_next(FILE *in, struct rdma_event_channel *ch, int timeout,
		       int *inflight, int *failed)
{
	struct addrinfo hints = { .ai_flags = AI_NUMERICHOST }, *ai;
	struct rdma_cm_id *id;
	char line[256];

	if (!fgets(line, sizeof(line), in))
		return false;
	line[strcspn(line, "\n")] = '\0';
	if (getaddrinfo(line, NULL, &hints, &ai)) {
		(*failed)++;
		return true;
	}
	if (rdma_create_id(ch, &id, NULL, RDMA_PS_TCP)) {
		(*failed)++;
	} else if (rdma_resolve_addr(id, NULL, ai->ai_addr, timeout)) {
		rdma_destroy_id(id);
		(*failed)++;
	} else {
		(*inflight)++;
	}
	freeaddrinfo(ai);
	return true;
}

static int list(const char *file, int window, int timeout)
{
	struct rdma_event_channel *ch = rdma_create_event_channel();
	int inflight = 0, resolved = 0, failed = 0;
	FILE *in = fopen(file, "r");
	bool more = true;

	if (!ch || !in || window < 1)
		return 1;
	while (more || inflight) {
		struct rdma_cm_event *ev;
		struct rdma_cm_id *id;
		enum rdma_cm_event_type type;

		while (more && inflight < window)
			more = start_next(in, ch, timeout, &inflight, &failed);
		if (!inflight)
			continue;
		if (rdma_get_cm_event(ch, &ev))
			return 1;
		id = ev->id;
		type = ev->status ? RDMA_CM_EVENT_ADDR_ERROR : ev->event;
		rdma_ack_cm_event(ev);
		/* An address resolved goes on to its route, in flight still. */
		if (type == RDMA_CM_EVENT_ADDR_RESOLVED &&
		    !rdma_resolve_route(id, timeout))
			continue;
		if (type == RDMA_CM_EVENT_ROUTE_RESOLVED)
			resolved++;
		else
			failed++;
		rdma_destroy_id(id);
		inflight--;
	}
	printf("%d %d\n", resolved, failed);
	fclose(in);
	rdma_destroy_event_channel(ch);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "-f"))
		return list(argv[2], atoi(argv[3]), atoi(argv[4]));
	if (argc != 3)
		return 1;
	return one(argv[1], atoi(argv[2]));
}
