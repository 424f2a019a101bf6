/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A failure in words (failure_text.c). */
#ifndef RR_FAILURE_TEXT_H
#define RR_FAILURE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/probe/result.h"

/* librdmacm's name of EVENT without "RDMA_CM_EVENT_", or "UNKNOWN". */
const char *rr_event_name(int event);
/* A reject's reason, or an unsuccessful SIDR REP's status, in words; NULL none. */
const char *rr_peer_reason(const struct rr_failure *f);
/*
 * The event named S (as rr_event_name writes it) into *EVENT: false when
 * S names none; "UNKNOWN", what this build printed of one it knows no
 * name of, leaves *EVENT as it was.
 */
bool rr_event_from_name(const char *s, int *event);
/* A consumer's reject (REJECTED, reason 28): the one with data of its own. */
bool rr_failure_consumer_reject(const struct rr_failure *f);
/* How a step failed: "call", "event", "deadline" (or "none"). */
const char *rr_fail_kind_key(enum rr_fail_kind kind);
/* What the kernel (or resolver, or SA) said of R's failure, in one line. */
const char *rr_failure_said(const struct rr_result *r, char *buf, size_t len);

#endif
