/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A refused route in words: the route or policy rule that refused the
 * kernel's lookup (struct rr_chain_refusal), the errno that refusal makes
 * the lookup fail with, and the cause it stands for.  Pure.
 */
#ifndef RR_REFUSAL_H
#define RR_REFUSAL_H

#include "model/probe/cause.h"
#include "model/explain/chain.h"

/*
 * Returns route type TYPE (RTN_*) as `ip route` names it: "blackhole",
 * "prohibit", ...
 */
const char *rr_route_type_name(unsigned char type);
/*
 * Returns routing table TABLE as `ip` names it: "main", "local",
 * "default", or its number ("100") written into BUF of LEN bytes.
 */
const char *rr_route_table_str(unsigned int table, char *buf,
			       unsigned int len);
/* Returns the errno the kernel's lookup fails with for RF; 0 if unknown. */
int rr_refusal_errno(const struct rr_chain_refusal *rf);
/*
 * Returns the cause RF stands for when the lookup failed with ERR (a
 * positive errno), or RR_CAUSE_NONE when RF does not explain ERR (the
 * tables changed since, or nothing refused).
 */
enum rr_cause rr_refusal_cause(const struct rr_chain_refusal *rf, int err);
/*
 * Writes into BUF (LEN bytes) what refused DST, in one line
 * ("192.168.90.5 matches a blackhole route (192.168.90.0/24, table
 * main)").  Returns false when RF names nothing.
 */
bool rr_refusal_text(const struct rr_chain_refusal *rf, const char *dst,
		     char *buf, unsigned int len);

#endif
