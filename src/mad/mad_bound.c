// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/clock.h"
#include "mad/mad_bound.h"

static bool left_running;

/* The MAD window's clock: mad_window.h's rr_mad_now_ms(). */
static int64_t now_ms(void)
{
	struct timespec t = rr_now();

	return rr_ts_ns(&t) / 1000000;
}

void rr_mad_bound_init(struct rr_mad_bound *b, int stop_fd)
{
	*b = (struct rr_mad_bound){ .stop_fd = stop_fd };
}

static uint64_t capped(uint64_t ms)
{
	return ms < RR_MAD_PHASE_MAX_MS ? ms : RR_MAD_PHASE_MAX_MS;
}

uint64_t rr_mad_phase_ms(uint64_t mads, unsigned int tries,
			 unsigned int timeout_ms)
{
	/* Each term alone below the cap: no sum can wrap. */
	uint64_t waits = capped(2ULL * tries * timeout_ms);
	uint64_t ms = capped(waits + capped(mads));

	return ms > RR_MAD_PHASE_MIN_MS ? ms : RR_MAD_PHASE_MIN_MS;
}

uint64_t rr_mad_discovery_ms(unsigned int tries, unsigned int timeout_ms)
{
	return capped((uint64_t)RR_DISCOVERY_STEPS * tries * timeout_ms);
}

void rr_mad_bound_phase(struct rr_mad_bound *b, uint64_t planned,
			uint64_t bound_ms)
{
	if (!b)
		return;
	b->deadline_ms = now_ms() + (int64_t)bound_ms;
	b->bound_ms = bound_ms;
	b->planned = planned;
	b->done = 0;
	b->cut = RR_MAD_CUT_NONE;
}

bool rr_mad_stop_asked(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	return fd >= 0 && poll(&pfd, 1, 0) > 0 && (pfd.revents & POLLIN);
}

bool rr_mad_bound_over(struct rr_mad_bound *b)
{
	if (!b)
		return false;
	if (b->cut != RR_MAD_CUT_NONE)
		return true;
	if (rr_mad_stop_asked(b->stop_fd))
		b->cut = RR_MAD_CUT_STOP;
	else if (b->deadline_ms && now_ms() >= b->deadline_ms)
		b->cut = RR_MAD_CUT_DEADLINE;
	return b->cut != RR_MAD_CUT_NONE;
}

bool rr_mad_left_running(void)
{
	return left_running;
}

/* Who is done with a call first: its thread, or its waiter. */
enum { RUNNING, RETURNED, LEFT };

/*
 * A call on a thread of its own; its pipe says when it returned.  The
 * last of its thread and its waiter to let go of it frees it.
 */
struct call {
	void (*fn)(void *);
	void *arg;
	int done[2];
	atomic_int state;
};

static void call_free(struct call *c)
{
	close(c->done[0]);
	close(c->done[1]);
	free(c);
}

static void *run(void *arg)
{
	struct call *c = arg;
	ssize_t w;

	c->fn(c->arg);
	if (atomic_exchange(&c->state, RETURNED) == LEFT) {
		call_free(c);	/* no one waits: the thread's to free */
		return NULL;
	}
	w = write(c->done[1], "", 1);
	(void)w;	/* a pipe of one byte: it fits */
	return NULL;
}

/* Milliseconds left of B's phase, for poll(); -1: no bound. */
static int left_ms(const struct rr_mad_bound *b)
{
	int64_t left;

	if (!b->deadline_ms)
		return -1;
	left = b->deadline_ms - now_ms();
	return left < 0 ? 0 : left > 60000 ? 60000 : (int)left;
}

/* Waits until C returned (true) or B's phase is over (false). */
static bool wait_for(struct call *c, struct rr_mad_bound *b)
{
	struct pollfd fds[2] = {
		{ .fd = c->done[0], .events = POLLIN },
		{ .fd = b->stop_fd, .events = POLLIN },
	};

	for (;;) {
		fds[0].revents = 0;
		if (poll(fds, b->stop_fd >= 0 ? 2 : 1, left_ms(b)) < 0 &&
		    errno != EINTR)
			return false;	/* cannot wait: as a stop (b->cut) */
		if (fds[0].revents & POLLIN)
			return true;
		if (rr_mad_bound_over(b))
			return false;
	}
}

/*
 * The thread started with the stop signals blocked: they go to the
 * caller's thread, whose wait they end.
 */
static bool start(pthread_t *t, struct call *c)
{
	sigset_t block, old;
	int err;

	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGQUIT);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	err = pthread_create(t, NULL, run, c);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return !err;
}

bool rr_mad_bounded_call(void (*fn)(void *), void *arg,
			 struct rr_mad_bound *b)
{
	struct call *c = malloc(sizeof(*c));
	pthread_t t;

	if (!c)
		return false;
	*c = (struct call){ .fn = fn, .arg = arg };
	atomic_init(&c->state, RUNNING);
	if (pipe2(c->done, O_CLOEXEC)) {
		free(c);
		return false;
	}
	if (!start(&t, c)) {
		call_free(c);
		return false;
	}
	/* Cut, and still running: left to itself, C with it. */
	if (!wait_for(c, b) && atomic_exchange(&c->state, LEFT) != RETURNED) {
		if (b->cut == RR_MAD_CUT_NONE)
			b->cut = RR_MAD_CUT_STOP;
		pthread_detach(t);
		left_running = true;
		return false;
	}
	pthread_join(t, NULL);
	call_free(c);
	return true;
}
