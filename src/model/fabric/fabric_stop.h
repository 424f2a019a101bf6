/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A run of --sa --trace --all-pairs cut short: the phase a stop (SIGINT,
 * SIGTERM) was heard in, or each phase that reached its bound, and how
 * far each had gone.  The report says them (the finding `stopped`, the
 * records `stops`), so that a run cut short never reads as a fabric
 * judged whole.  Pure.
 */
#ifndef RR_FABRIC_STOP_H
#define RR_FABRIC_STOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The phases of a run, in their order. */
enum rr_fabric_phase {
	RR_PHASE_DISCOVERY,
	RR_PHASE_TABLES,	/* the forwarding tables' blocks */
	RR_PHASE_SM,		/* the SM's SMInfo */
	RR_PHASE_UNSEEN,	/* the SA's NodeRecords of the LIDs unseen */
	RR_PHASE_LINKS_LOST,	/* the LinkDownedCounter of ports unlinked */
	RR_PHASE_WALK,		/* every pair's route, in memory */
	RR_PHASE_PATH_SL,	/* the SA's PathRecords, for their SLs */
	RR_PHASE_SL2VL,		/* the SLtoVL tables */
	RR_PHASE_COUNTERS_BEFORE,	/* --probe-links: the ends' counters */
	RR_PHASE_PROBES,		/* its rounds of probes */
	RR_PHASE_COUNTERS_AFTER,
	RR_PHASE_NUM
};

/* A phase cut short. */
struct rr_fabric_cut {
	enum rr_fabric_phase phase;
	int signal;		/* the stop's; 0: the phase's bound passed */
	uint64_t done, planned;	/* its work, in rr_fabric_phase_unit() */
	uint64_t bound_ms;	/* its bound (0: it had not started) */
};

struct rr_fabric_stops {
	struct rr_fabric_cut cut[RR_PHASE_NUM];
	size_t n;
};

/* Returns the phase's key: "discovery", "tables", ..., "counters_after". */
const char *rr_fabric_phase_key(enum rr_fabric_phase p);
/* Returns what the phase counts: "blocks asked", "rounds sent"... */
const char *rr_fabric_phase_unit(enum rr_fabric_phase p);
/*
 * Records into S that PHASE was cut by SIGNAL (0: its bound, BOUND_MS)
 * having done DONE of PLANNED.  A stop is recorded once, the first;
 * false when it was not recorded (a second stop, or S full).
 */
bool rr_fabric_stops_add(struct rr_fabric_stops *s, enum rr_fabric_phase phase,
			 int signal, uint64_t done, uint64_t planned,
			 uint64_t bound_ms);
/* Returns true when S holds a stop by a signal. */
bool rr_fabric_stops_signalled(const struct rr_fabric_stops *s);
/* Returns what stopped C: "SIGINT", "SIGTERM", "signal N" or "deadline". */
const char *rr_fabric_cut_by(const struct rr_fabric_cut *c, char *buf,
			     size_t len);
/*
 * Writes cut C in words into BUF (LEN bytes): "SIGINT during the probes:
 * 3 of 2000 rounds sent", "the forwarding tables reached their bound
 * (1.2 s): 30 of 48 blocks asked".
 */
void rr_fabric_cut_text(const struct rr_fabric_cut *c, char *buf, size_t len);

#endif
