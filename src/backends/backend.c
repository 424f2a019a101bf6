// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>

#include "backends/backend.h"
#include "backends/backend_ops.h"

struct rr_backend {
	const struct rr_backend_ops *ops;
	void *be;
	struct rr_backend_params p;	/* the backend points here */
	unsigned int held;		/* added, not handed back yet */
};

struct rr_backend *rr_backend_start(const struct rr_backend_params *params)
{
	struct rr_backend *b = calloc(1, sizeof(*b));

	if (!b)
		return NULL;
	b->p = *params;
	if (!b->p.parallel)
		b->p.parallel = 1;
	/* In flight, and as many again waiting or being handed back. */
	b->p.window = 2 * b->p.parallel + RR_BACKEND_SLACK;
	b->ops = params->kind == RR_BACKEND_SA ? &rr_sa_ops : &rr_cm_ops;
	b->be = b->ops->start(&b->p);
	if (!b->be) {
		free(b);
		return NULL;
	}
	return b;
}

unsigned int rr_backend_room(const struct rr_backend *b)
{
	return b->p.window - b->held;
}

void rr_backend_add(struct rr_backend *b, struct rr_result *r)
{
	if (b->held == b->p.window)
		abort();	/* the caller asks rr_backend_room() first */
	b->held++;
	b->ops->add(b->be, r);
}

void rr_backend_no_more(struct rr_backend *b)
{
	b->ops->no_more(b->be);
}

void rr_backend_wake_on(struct rr_backend *b, int fd)
{
	if (b->ops->wake_on)
		b->ops->wake_on(b->be, fd);
}

bool rr_backend_turn(struct rr_backend *b, struct rr_queue *done)
{
	size_t before = done->len;
	bool more = b->ops->turn(b->be, done);

	/* Nothing pops DONE during a turn: what grew was handed back. */
	b->held -= (unsigned int)(done->len - before);
	return more;
}

bool rr_backend_busy(const struct rr_backend *b)
{
	return b->ops->busy && b->ops->busy(b->be);
}

void rr_backend_end(struct rr_backend *b)
{
	if (!b)
		return;
	b->ops->end(b->be);
	free(b);
}
