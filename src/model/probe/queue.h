/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Finished results on their way from a backend to the main loop: the
 * backends push, the main loop drains between turns of their event loops.
 * Results flow one way; no backend calls up.
 */
#ifndef RR_QUEUE_H
#define RR_QUEUE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/probe/result.h"

/* A ring of room for every result of a run: a push never fails. */
struct rr_queue {
	struct rr_result **items;
	size_t head, len, cap;
};

/* Room for CAP results; false on ENOMEM. */
bool rr_queue_init(struct rr_queue *q, size_t cap);
void rr_queue_push(struct rr_queue *q, struct rr_result *r);
/* The oldest result, or NULL when the queue is empty. */
struct rr_result *rr_queue_pop(struct rr_queue *q);
void rr_queue_release(struct rr_queue *q);

#endif
