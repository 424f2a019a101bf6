// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The least program that resolves one RDMA route: the floor rdma-route's
 * whole-process time is measured against (bench/run).
 *   bench-floor ADDRESS TIMEOUT_MS    prints the path MTU in bytes
 */
#define _POSIX_C_SOURCE 200809L
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
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

int main(int argc, char **argv)
{
	struct addrinfo hints = { .ai_flags = AI_NUMERICHOST }, *ai = NULL;
	struct rdma_event_channel *ch;
	struct rdma_cm_id *id = NULL;
	int timeout, rc = 1;

	if (argc != 3 || getaddrinfo(argv[1], NULL, &hints, &ai))
		return 1;
	timeout = atoi(argv[2]);
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
