// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LD_PRELOAD shim for the lab's fault tests only, never installed.
 *
 * RDMA_ROUTE_SHIM_SWALLOW=addr|route|all: events of that kind are read
 * from the kernel, acked and dropped, as if the kernel never answered, so
 * that the tool's own deadline path runs for real.
 *
 * RDMA_ROUTE_SHIM_COUNT=FILE: at exit, "created N destroyed M" is written
 * to FILE: every rdma_cm id the program made, and every one it destroyed
 * itself (the kernel would clean up the rest at exit, hiding a leak).
 *
 * RDMA_ROUTE_SHIM_MARK=FILE: "resolving N" after each rdma_resolve_addr
 * that went to the kernel, so that a test injects its fault while ids wait
 * (the kernel lists an id only once it is bound to a device).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <rdma/rdma_cma.h>

static unsigned long created, destroyed, resolving;

static void *real(const char *name)
{
	void *fn = dlsym(RTLD_NEXT, name);

	if (!fn) {
		fprintf(stderr, "rdma_cm_shim: no %s\n", name);
		abort();
	}
	return fn;
}

static bool swallowed(enum rdma_cm_event_type type)
{
	const char *what = getenv("RDMA_ROUTE_SHIM_SWALLOW");

	if (!what)
		return false;
	if (!strcmp(what, "all"))
		return true;
	if (!strcmp(what, "addr"))
		return type == RDMA_CM_EVENT_ADDR_RESOLVED ||
		       type == RDMA_CM_EVENT_ADDR_ERROR;
	if (!strcmp(what, "route"))
		return type == RDMA_CM_EVENT_ROUTE_RESOLVED ||
		       type == RDMA_CM_EVENT_ROUTE_ERROR;
	return false;
}

int rdma_get_cm_event(struct rdma_event_channel *channel,
		      struct rdma_cm_event **event)
{
	static int (*get)(struct rdma_event_channel *, struct rdma_cm_event **);
	int ret;

	if (!get)
		get = real("rdma_get_cm_event");
	for (;;) {
		ret = get(channel, event);
		if (ret || !swallowed((*event)->event))
			return ret;
		rdma_ack_cm_event(*event);
	}
}

int rdma_create_id(struct rdma_event_channel *channel, struct rdma_cm_id **id,
		   void *context, enum rdma_port_space ps)
{
	static int (*create)(struct rdma_event_channel *, struct rdma_cm_id **,
			     void *, enum rdma_port_space);
	int ret;

	if (!create)
		create = real("rdma_create_id");
	ret = create(channel, id, context, ps);
	if (!ret)
		__atomic_add_fetch(&created, 1, __ATOMIC_RELAXED);
	return ret;
}

/* LINE into the mark file, whole (written aside and renamed). */
static void mark(const char *line)
{
	const char *path = getenv("RDMA_ROUTE_SHIM_MARK");
	char tmp[4096];
	FILE *f;

	if (!path)
		return;
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (f) {
		fprintf(f, "%s\n", line);
		fclose(f);
		rename(tmp, path);
	}
}

static void stall(void)
{
	const char *s = getenv("RDMA_ROUTE_SHIM_STALL_DESTROY");
	struct timespec left;

	if (!s || !resolving)
		return;
	mark("destroying");
	left = (struct timespec){ .tv_sec = atoi(s) };
	while (nanosleep(&left, &left) && errno == EINTR)
		;
}

int rdma_destroy_id(struct rdma_cm_id *id)
{
	static int (*destroy)(struct rdma_cm_id *);
	int ret;

	if (!destroy)
		destroy = real("rdma_destroy_id");
	stall();
	ret = destroy(id);
	if (!ret)
		__atomic_add_fetch(&destroyed, 1, __ATOMIC_RELAXED);
	return ret;
}

int rdma_resolve_addr(struct rdma_cm_id *id, struct sockaddr *src,
		      struct sockaddr *dst, int timeout_ms)
{
	static int (*resolve)(struct rdma_cm_id *, struct sockaddr *,
			      struct sockaddr *, int);
	char line[64];
	int ret;

	if (!resolve)
		resolve = real("rdma_resolve_addr");
	ret = resolve(id, src, dst, timeout_ms);
	if (ret)
		return ret;
	/* A reader never sees half a line. */
	snprintf(line, sizeof(line), "resolving %lu", ++resolving);
	mark(line);
	return ret;
}

__attribute__((destructor)) static void report(void)
{
	const char *path = getenv("RDMA_ROUTE_SHIM_COUNT");
	FILE *f;

	if (!path || !(f = fopen(path, "w")))
		return;
	fprintf(f, "created %lu destroyed %lu\n", created, destroyed);
	fclose(f);
}
