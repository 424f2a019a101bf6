/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The facts behind a refused route lookup, read from the kernel: the
 * policy rules of one family (RTM_GETRULE, as `ip rule`) and the routes of
 * every table (RTM_GETROUTE, as `ip route show table all`), dumped on the
 * raw rtnetlink socket of the route queries.  Only a failed lookup asks,
 * and of the routes only each table's longest one holding the destination
 * is kept: a host with a full routing table costs a read, not its memory.
 */
#ifndef RR_ROUTE_DUMP_H
#define RR_ROUTE_DUMP_H

#include <stddef.h>

#include "host/route_walk.h"

/*
 * VIEW's rules and tables read on a netlink socket of their own.  OIF
 * (0: none) is the interface index the lookup was held to: a unicast
 * route through another one does not count, as in the kernel's lookup.
 * 0, or a negative errno when the routes could not be read (a failed rule
 * dump leaves the kernel's default rules in force, as a kernel without
 * policy routing has).
 */
int rr_route_dump(int oif, struct rr_rt_view *view);
/*
 * The messages in BUF that answer dump SEQ, into VIEW: 1 once the dump's
 * end is among them, 0 when more are to come, a negative errno for the
 * kernel's error answer.
 */
int rr_route_dump_parse(const void *buf, size_t len, unsigned int seq,
			int oif, struct rr_rt_view *view);

#endif
