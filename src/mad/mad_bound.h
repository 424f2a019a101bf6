/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * How long a phase of MADs may run (the discovery, the forwarding
 * tables, the counters, the probes of --probe-links...), and the stop
 * that ends it sooner.  Every MAD waits --timeout at most; a phase as a
 * whole is given twice its tries times --timeout, and a millisecond for
 * each MAD it sends, at least RR_MAD_PHASE_MIN_MS and at most
 * RR_MAD_PHASE_MAX_MS: enough for a fabric
 * that answers (a MAD comes back in microseconds to a few milliseconds)
 * or loses some, not for one whose every MAD waits out its timeout.  A
 * phase stops sending once its bound is past or a stop is asked (the
 * stop descriptor of app/signals.h readable); the MADs in flight still
 * wait their own --timeout, no longer.
 */
#ifndef RR_MAD_BOUND_H
#define RR_MAD_BOUND_H

#include <stdbool.h>
#include <stdint.h>

/*
 * MADs in flight at most, whatever --parallel says: the SMAs and PMAs of
 * a fabric are slow processors (and ibsim and its client block each
 * other at 512).
 */
#define RR_FABRIC_MAX_WINDOW 64
/* A phase's bound at most: 15 minutes. */
#define RR_MAD_PHASE_MAX_MS (15ULL * 60 * 1000)
/*
 * A phase's bound at least: 10 seconds, so that a small phase whose
 * every MAD waits out a short --timeout (a hung SA's few PathRecords) is
 * not cut before it asked them all.
 */
#define RR_MAD_PHASE_MIN_MS 10000ULL
/*
 * The discovery's steps: a directed route has 64 hops at most, so a
 * discovery whose every step waits out its tries ends within 64 of them.
 */
#define RR_DISCOVERY_STEPS 64

enum rr_mad_cut {
	RR_MAD_CUT_NONE,
	RR_MAD_CUT_STOP,	/* a stop was asked (SIGINT, SIGTERM) */
	RR_MAD_CUT_DEADLINE,	/* the phase's bound passed */
};

/*
 * A run's stop and its current phase's bound.  The phase's code sets
 * PLANNED (what it has to do: blocks, ends, rounds) and DONE (how many of
 * them it did).
 */
struct rr_mad_bound {
	int stop_fd;		/* readable once a stop is asked; -1: none */
	int64_t deadline_ms;	/* rr_mad_now_ms()'s clock; 0: none */
	uint64_t bound_ms;	/* the phase's bound */
	uint64_t planned, done;
	enum rr_mad_cut cut;	/* why the phase ended early, once it did */
};

/* Sets B up with the stop descriptor STOP_FD (-1: none), no phase yet. */
void rr_mad_bound_init(struct rr_mad_bound *b, int stop_fd);
/*
 * Returns the bound of a phase that sends MADS MADs, each tried up to
 * TRIES times (the probing: its rounds), each waiting TIMEOUT_MS at
 * most: 2 * TRIES * TIMEOUT_MS + MADS ms, at least RR_MAD_PHASE_MIN_MS
 * and at most RR_MAD_PHASE_MAX_MS.
 */
uint64_t rr_mad_phase_ms(uint64_t mads, unsigned int tries,
			 unsigned int timeout_ms);
/*
 * Returns the discovery's bound: RR_DISCOVERY_STEPS * TRIES * TIMEOUT_MS,
 * at most RR_MAD_PHASE_MAX_MS.
 */
uint64_t rr_mad_discovery_ms(unsigned int tries, unsigned int timeout_ms);
/*
 * Starts a phase of B (NULL: nothing to do) bounded by BOUND_MS from now,
 * with PLANNED units of work, none done.  A stop asked before keeps the
 * phase over from its start.
 */
void rr_mad_bound_phase(struct rr_mad_bound *b, uint64_t planned,
			uint64_t bound_ms);
/*
 * Returns true once the phase of B is over: a stop asked, or its bound
 * past (B's cut says which, the first seen); false for a NULL B.
 */
bool rr_mad_bound_over(struct rr_mad_bound *b);
/* Returns true when descriptor FD (-1: none) is readable: a stop asked. */
bool rr_mad_stop_asked(int fd);

/*
 * Runs FN(ARG) on a thread of its own and waits for it while B's phase
 * is not over.  Returns true when FN returned.  Returns false when the
 * wait was cut (B's cut says why) or the thread could not be started
 * (ENOMEM, EAGAIN: B's cut is NONE); when cut, FN keeps running: ARG
 * must stay valid until the process ends, and rr_mad_left_running() is
 * true.  For a library call that cannot be interrupted (libibnetdisc's
 * discovery waits for every answer without a timeout of its own, and
 * under ibsim's umad2sim no signal ends that wait).
 */
bool rr_mad_bounded_call(void (*fn)(void *), void *arg,
			 struct rr_mad_bound *b);
/*
 * Returns true once a call was left running: the process must then end
 * with _exit(), its output flushed, not exit(): the libraries' exit
 * handlers (umad2sim's) would free what that call still uses.
 */
bool rr_mad_left_running(void);

#endif
