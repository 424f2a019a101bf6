/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A failure in words (failure_text.c). */
#ifndef RR_FAILURE_TEXT_H
#define RR_FAILURE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/probe/result.h"

/*
 * Returns librdmacm's name of EVENT without "RDMA_CM_EVENT_", or
 * "UNKNOWN".
 */
const char *rr_event_name(int event);
/*
 * Returns a reject's reason, or an unsuccessful SIDR REP's status, in
 * words; NULL when F has neither.
 */
const char *rr_peer_reason(const struct rr_failure *f);
/*
 * Stores in *EVENT the event named S, as rr_event_name() writes it.
 * Returns false when S names no event.  "UNKNOWN", which this build
 * prints for an event it has no name for, is accepted and leaves *EVENT
 * as it was.
 */
bool rr_event_from_name(const char *s, int *event);
/*
 * Returns true if F is a consumer's reject (REJECTED, reason 28): the
 * reject that carries data of its own.
 */
bool rr_failure_consumer_reject(const struct rr_failure *f);
/* Returns how a step failed: "call", "event", "deadline" (or "none"). */
const char *rr_fail_kind_key(enum rr_fail_kind kind);
/*
 * Writes into BUF (LEN bytes) what the kernel, the resolver or the SA
 * said of R's failure, in one line.  Returns BUF.
 */
const char *rr_failure_said(const struct rr_result *r, char *buf, size_t len);

#endif
