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
	RR_SEV_NONE,		/* counted, never weighed */
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

/* The severities of the findings, by count (the defaults, then --severity). */
struct rr_severities {
	enum rr_severity of[RR_FC_NUM];
};

void rr_severities_default(struct rr_severities *s);
/*
 * One --severity argument, "FINDING=LEVEL[,FINDING=LEVEL...]" (LEVEL
 * fault, warning or none), into S.  False, with WHY naming the part that
 * is wrong, when a finding or a level is not one.
 */
bool rr_severities_parse(struct rr_severities *s, const char *arg, char *why,
			 size_t len);
/* "fault", "warning", "none". */
const char *rr_severity_name(enum rr_severity v);

struct rr_fabric_verdict {
	enum rr_severity worst;		/* RR_SEV_NONE: nothing found */
	int worst_count;		/* its finding (a count), -1: none */
	size_t faults, warnings;	/* findings of each severity */
};

/*
 * The verdict of counts C under S: the findings counted this run and
 * not 0; the worst is the most severe, the first of rr_finding_defs on
 * a tie.
 */
void rr_fabric_judge(const struct rr_fabric_counts *c,
		     const struct rr_severities *s, struct rr_fabric_verdict *v);

#endif
