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

/* A ring with room for every result of a run, so a push never fails. */
struct rr_queue {
	struct rr_result **items;
	size_t head, len, cap;
};

/* Sets up Q with room for CAP results.  Returns false on ENOMEM. */
bool rr_queue_init(struct rr_queue *q, size_t cap);
void rr_queue_push(struct rr_queue *q, struct rr_result *r);
/* Takes the oldest result out of Q; returns NULL when Q is empty. */
struct rr_result *rr_queue_pop(struct rr_queue *q);
void rr_queue_release(struct rr_queue *q);

#endif
