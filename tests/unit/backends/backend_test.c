// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/backends/backend.c: the window kept once for every
 * backend.  The two backends here are stand-ins that hand back what was
 * added a turn later, so that what is counted is backend.c's own work;
 * librdmacm and the SA run for real in the lab and on the fabric.
 */
#include <stdlib.h>

#include "backends/backend_ops.h"
#include "../tap.h"

/* A stand-in: each turn hands back at most PER_TURN of what it holds. */
struct fake {
	const struct rr_backend_params *p;
	struct rr_result *held[512];
	unsigned int n, most, per_turn, turns;
	bool no_more, busy;
	int wake_fd;
	const char *kind;
};

static struct fake *last;

static void *fake_start(const struct rr_backend_params *p, const char *kind)
{
	struct fake *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	f->p = p;
	f->kind = kind;
	f->per_turn = 5;
	f->wake_fd = -1;
	last = f;
	return f;
}

static void *cm_start(const struct rr_backend_params *p)
{
	return fake_start(p, "cm");
}

static void *sa_start(const struct rr_backend_params *p)
{
	return fake_start(p, "sa");
}

static void fake_add(void *be, struct rr_result *r)
{
	struct fake *f = be;

	f->held[f->n++] = r;
	if (f->n > f->most)
		f->most = f->n;
}

static void fake_no_more(void *be)
{
	((struct fake *)be)->no_more = true;
}

static bool fake_turn(void *be, struct rr_queue *done)
{
	struct fake *f = be;
	unsigned int i, k = f->n < f->per_turn ? f->n : f->per_turn;

	f->turns++;
	for (i = 0; i < k; i++)
		rr_queue_push(done, f->held[i]);
	for (i = k; i < f->n; i++)
		f->held[i - k] = f->held[i];
	f->n -= k;
	return f->n || !f->no_more;
}

static void fake_wake_on(void *be, int fd)
{
	((struct fake *)be)->wake_fd = fd;
}

static bool fake_busy(void *be)
{
	return ((struct fake *)be)->busy;
}

static void fake_end(void *be)
{
	free(be);
}

const struct rr_backend_ops rr_cm_ops = {
	.start = cm_start, .add = fake_add, .no_more = fake_no_more,
	.turn = fake_turn, .wake_on = fake_wake_on, .busy = fake_busy,
	.end = fake_end,
};

/* As the SA: no wake-up descriptor, never busy. */
const struct rr_backend_ops rr_sa_ops = {
	.start = sa_start, .add = fake_add, .no_more = fake_no_more,
	.turn = fake_turn, .end = fake_end,
};

/* N results through a backend of PARALLEL; the turns it took. */
static unsigned int run_through(enum rr_backend_kind kind,
				unsigned int parallel, size_t n)
{
	struct rr_backend_params p = { .kind = kind, .parallel = parallel };
	struct rr_result *rs = calloc(n, sizeof(*rs));
	struct rr_backend *b;
	struct rr_queue q;
	size_t next = 0, out = 0;
	unsigned int turns = 0, window;

	if (!rs || !rr_queue_init(&q, n)) {
		free(rs);
		return 0;
	}
	b = rr_backend_start(&p);
	window = 2 * (parallel ? parallel : 1) + RR_BACKEND_SLACK;
	is_int(rr_backend_room(b), window, "an empty backend has the whole window");
	is_int(last->p->window, window, "and the backend is told it");
	for (;;) {
		while (next < n && rr_backend_room(b))
			rr_backend_add(b, &rs[next++]);
		if (next == n)
			rr_backend_no_more(b);
		turns++;
		if (!rr_backend_turn(b, &q))
			break;
		while (rr_queue_pop(&q))
			out++;
	}
	while (rr_queue_pop(&q))
		out++;
	ok(last->most <= window, "%s never held more than the window (%u of %u)",
	   last->kind, last->most, window);
	is_int(out, n, "every result handed back");
	is_int(rr_backend_room(b), window, "and the window empty again");
	rr_backend_end(b);
	rr_queue_release(&q);
	free(rs);
	return turns;
}

int main(void)
{
	struct rr_backend_params p = { .kind = RR_BACKEND_CM, .parallel = 4 };
	struct rr_backend *b;
	struct rr_queue q;
	unsigned int turns;

	turns = run_through(RR_BACKEND_CM, 4, 300);
	is_int(turns, 60, "300 results, 5 a turn");
	turns = run_through(RR_BACKEND_SA, 0, 7);
	is_int(turns, 2, "parallel 0 is 1, and 7 results take two turns");

	b = rr_backend_start(&p);
	rr_backend_wake_on(b, 7);
	is_int(last->wake_fd, 7, "the CM is told the descriptor");
	ok(!rr_backend_busy(b), "not busy");
	last->busy = true;
	ok(rr_backend_busy(b), "busy when it says so");
	ok(rr_queue_init(&q, 4), "a queue");
	ok(rr_backend_turn(b, &q), "with nothing added, more may come");
	rr_backend_no_more(b);
	ok(!rr_backend_turn(b, &q), "then nothing more: the turns end");
	rr_backend_end(b);
	rr_queue_release(&q);

	p.kind = RR_BACKEND_SA;
	b = rr_backend_start(&p);
	rr_backend_wake_on(b, 7);
	ok(!rr_backend_busy(b), "the SA: no descriptor, never busy");
	rr_backend_end(b);
	rr_backend_end(NULL);
	return tap_done();
}
