/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The verdict of --sa --trace --all-pairs: each count of fabric_counts.h
 * that is a finding (no SM answering, routes that fail, credit loops,
 * links lost, gone or degraded, routes moved...) has a severity, and the
 * run's verdict is its worst finding's.  A fault fails the run (exit 1),
 * a warning is reported and counted, exit 0; --severity changes a
 * finding's.  Pure.
 */
#ifndef RR_FABRIC_VERDICT_H
#define RR_FABRIC_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/fabric/fabric_counts.h"

enum rr_severity {
	RR_SEV_NONE,		/* counted, never judged */
	RR_SEV_WARNING,		/* reported and counted, exit 0 */
	RR_SEV_FAULT,		/* fails the run, exit 1 */
};

/* A finding: a count that, when not 0, says something is wrong. */
struct rr_finding_def {
	enum rr_fabric_count count;
	enum rr_severity severity;	/* by default */
	const char *says;		/* "no SM answered", the man page's */
};

/* The findings, most serious first: the order the worst is chosen in. */
extern const struct rr_finding_def rr_finding_defs[];
extern const size_t rr_num_findings;

/* The findings' severities by count: the defaults, then --severity's. */
struct rr_severities {
	enum rr_severity of[RR_FC_NUM];
};

/* Sets S to every finding's default severity. */
void rr_severities_default(struct rr_severities *s);
/*
 * Parses one --severity argument ARG, "FINDING=LEVEL[,FINDING=LEVEL...]"
 * (LEVEL is fault, warning or none), into S.  Returns false, with WHY
 * naming the part that is wrong, when a finding or a level is unknown.
 */
bool rr_severities_parse(struct rr_severities *s, const char *arg, char *why,
			 size_t len);
/* Returns V's name: "fault", "warning" or "none". */
const char *rr_severity_name(enum rr_severity v);

struct rr_fabric_verdict {
	enum rr_severity worst;		/* RR_SEV_NONE: nothing found */
	int worst_count;		/* its finding (a count), -1: none */
	size_t faults, warnings;	/* findings of each severity */
};

/*
 * Computes into V the verdict of counts C under the severities S, from
 * the findings counted this run and not 0.  The worst is the most severe
 * one, or on a tie the first in rr_finding_defs.
 */
void rr_fabric_judge(const struct rr_fabric_counts *c,
		     const struct rr_severities *s, struct rr_fabric_verdict *v);

#endif
