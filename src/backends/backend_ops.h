/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a backend implements behind backend.h: the window and the
 * bookkeeping of what was handed back stay in backend.c.
 */
#ifndef RR_BACKEND_OPS_H
#define RR_BACKEND_OPS_H

#include "backends/backend.h"

struct rr_backend_ops {
	/* PARAMS outlives the backend.  Returns NULL on ENOMEM. */
	void *(*start)(const struct rr_backend_params *params);
	/* At most params->window results are held at once. */
	void (*add)(void *be, struct rr_result *r);
	void (*no_more)(void *be);
	bool (*turn)(void *be, struct rr_queue *done);
	void (*wake_on)(void *be, int fd);	/* NULL: FD is ignored */
	bool (*busy)(void *be);			/* NULL: never busy */
	void (*end)(void *be);
};

extern const struct rr_backend_ops rr_cm_ops;
extern const struct rr_backend_ops rr_sa_ops;

#endif
