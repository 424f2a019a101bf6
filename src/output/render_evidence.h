/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A result's evidence list and its peer's facts (model/probe/evidence.h,
 * model/probe/peer_facts.h), and the decision's own members of the error
 * object: the evidence it rests on, the causes that remain.
 */
#ifndef RR_RENDER_EVIDENCE_H
#define RR_RENDER_EVIDENCE_H

#include "model/probe/result.h"
#include "output/printer.h"

/*
 * Renders R's "evidence" and "peer": always in JSON, in text only with
 * --explain.
 */
void rr_render_evidence(struct printer *p, const struct rr_result *r);
/* Renders F's "decided_by" and "could_be", inside the error object. */
void rr_render_decision(struct printer *p, const struct rr_failure *f);

#endif
