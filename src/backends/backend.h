/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one shape of the resolution core.  The caller adds results while
 * there is room, and turns: each turn starts what is due, waits for the
 * kernel or the SA until the nearest deadline, and pushes every finished
 * result on a queue.  The window (how many results a backend holds at
 * once: waiting their start, in flight, or finished and not yet handed
 * back) is kept here, once for every backend, so that memory follows what
 * is in flight, not the run's size.  Backends fill results; never print.
 */
#ifndef RR_BACKEND_H
#define RR_BACKEND_H

#include <stdbool.h>
#include <sys/socket.h>

#include "base/port_space.h"
#include "host/host.h"
#include "model/fabric/fabric.h"
#include "model/probe/queue.h"
#include "model/probe/result.h"

enum rr_backend_kind {
	RR_BACKEND_CM,		/* the kernel's RDMA CM (librdmacm) */
	RR_BACKEND_SA,		/* the subnet administrator (--sa) */
};

struct rr_backend_params {
	enum rr_backend_kind kind;
	unsigned int timeout_ms;	/* per step (per MAD with --sa) */
	unsigned int parallel;		/* at most this many in flight */
	int tos;			/* -1: leave the default */
	enum rr_ps ps;			/* the port space (the SA's ServiceID) */
	unsigned int window;		/* set by rr_backend_start() */
	unsigned int connect_port;	/* --connect: 0 none, else its port */
	const struct rr_data_plan *data;	/* --data: NULL none */
	/* rdma_cm */
	const struct sockaddr_storage *src;	/* NULL: let the kernel pick */
	struct rr_host *host;			/* for its GID tables */
	/* --sa */
	const char *ca;			/* -C, NULL: the first CA */
	int port;			/* -P, 0: the first (active) port */
	int sl, pkey;			/* -1: any */
	bool all_paths;			/* GetTable: every path the SA has */
	bool trace;			/* walk the route hop by hop (SMPs) */
	const struct rr_node_names *names;	/* hops' names by GUID */
};

/* Results a backend holds beyond twice --parallel. */
#define RR_BACKEND_SLACK 64

struct rr_backend;

/*
 * Starts the backend that PARAMS->kind names, with a copy of PARAMS.  A
 * host that cannot do it at all (no RDMA CM, no InfiniBand port, no SM)
 * is no failure here: each result added then fails with the reason.
 * Returns NULL on ENOMEM.
 */
struct rr_backend *rr_backend_start(const struct rr_backend_params *params);
/* Returns how many results may be added now. */
unsigned int rr_backend_room(const struct rr_backend *b);
/*
 * Adds R, to start no earlier than its start_offset_ms after the start
 * and after every result added before it.  R has a destination, or has
 * already failed (a name that did not resolve), in which case it is
 * handed back as it is.  Call it only when rr_backend_room() > 0.
 */
void rr_backend_add(struct rr_backend *b, struct rr_result *r);
/*
 * Tells B that nothing more will be added; the turns end once everything
 * is handed back.
 */
void rr_backend_no_more(struct rr_backend *b);
/*
 * Makes input on FD (-1: none) end a turn's wait too.  FD is the caller's
 * -f file, so that its next lines start as soon as they are written.
 */
void rr_backend_wake_on(struct rr_backend *b, int fd);
/*
 * Runs one turn and pushes the finished results on DONE, which has room
 * for the window.  Returns at once when nothing is in flight or waiting,
 * so that the caller can add more.  Returns false once everything is
 * handed back after rr_backend_no_more(), true until then.
 */
bool rr_backend_turn(struct rr_backend *b, struct rr_queue *done);
/*
 * Returns true when an answer waits to be read: the next turn should come
 * before anything else, or the answer's time stamp would carry the delay.
 */
bool rr_backend_busy(const struct rr_backend *b);
/*
 * Drops the results still in flight (a run stopped early) without
 * reporting them, and frees B.
 */
void rr_backend_end(struct rr_backend *b);

#endif
