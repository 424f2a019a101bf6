// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "model/probe/queue.h"

bool rr_queue_init(struct rr_queue *q, size_t cap)
{
	memset(q, 0, sizeof(*q));
	q->items = calloc(cap ? cap : 1, sizeof(*q->items));
	q->cap = cap ? cap : 1;
	return q->items != NULL;
}

void rr_queue_push(struct rr_queue *q, struct rr_result *r)
{
	/* Each result is pushed once: more than CAP is a backend's bug. */
	if (q->len == q->cap)
		abort();
	q->items[(q->head + q->len++) % q->cap] = r;
}

struct rr_result *rr_queue_pop(struct rr_queue *q)
{
	struct rr_result *r;

	if (!q->len)
		return NULL;
	r = q->items[q->head];
	q->head = (q->head + 1) % q->cap;
	q->len--;
	return r;
}

void rr_queue_release(struct rr_queue *q)
{
	free(q->items);
	memset(q, 0, sizeof(*q));
}
