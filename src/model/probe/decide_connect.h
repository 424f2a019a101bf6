/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Why a connection request got no answer, decided from the fresh
 * evidence the CM backend gathered (model/probe/evidence.h) and what the peer
 * said of itself (model/probe/peer_facts.h): one table, evidence to cause, the
 * first row that holds wins.  The man page's DECISION TABLE is this
 * table (a unit test keeps them in step).  Pure: no I/O.
 */
#ifndef RR_DECIDE_CONNECT_H
#define RR_DECIDE_CONNECT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/probe/result.h"

/*
 * This side's VLAN as explain knows it: a VLAN ID, -1 for none, or
 * RR_VLAN_UNKNOWN.
 */
#define RR_VLAN_UNKNOWN (-2)

/*
 * Judges again, from its evidence, R's connect failure with no answer
 * (connect_timeout, or the UDP datagram's roce_filtered and
 * no_roce_endpoint), setting cause, decided_by, could_be and the detail
 * in R's failure.  MY_VLAN is the VLAN of the interface the request went
 * out on.  Returns true when a row of the table decided; otherwise R is
 * left unchanged.
 */
bool rr_decide_connect(struct rr_result *r, int my_vlan);
/*
 * Returns true if F is a connection request that got no answer, by the
 * tool's deadline or when the kernel's own retries ran out (UNREACHABLE,
 * ETIMEDOUT).
 */
bool rr_fail_unanswered(const struct rr_failure *f);

/*
 * For a connection that came up, checks whether the peer's REP says its
 * port's active MTU is below the path MTU, so that packets it sends back
 * at the path MTU are lost.  Writes the warning into BUF (LEN bytes);
 * returns false when there is none.
 */
bool rr_peer_mtu_short(const struct rr_result *r, char *buf, size_t len);

/*
 * Writes row I of the table into BUF (LEN bytes), as the man page writes
 * it.  Returns false when I is past the last row.
 */
bool rr_decide_row_text(unsigned int i, char *buf, size_t len);

#endif
