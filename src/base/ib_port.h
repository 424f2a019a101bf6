/* SPDX-License-Identifier: GPL-2.0-or-later */
/* An RDMA port's state as the kernel reports it. */
#ifndef RR_IB_PORT_H
#define RR_IB_PORT_H

#include <stdbool.h>

/* PortInfo:PortState (IBA 14.2.5.6), as sysfs and libibverbs report it. */
enum rr_port_state {
	RR_PORT_NOP = 0,
	RR_PORT_DOWN = 1,
	RR_PORT_INIT = 2,
	RR_PORT_ARMED = 3,
	RR_PORT_ACTIVE = 4,
	RR_PORT_ACTIVE_DEFER = 5,
};

/* PortInfo:PortPhysicalState's LinkUp: a cable there, trained. */
#define RR_PHYS_LINK_UP 5

/*
 * Returns true if PHYS (PortPhysicalState) says the link is down: Sleep,
 * Polling or Disabled; 0, not read, says nothing.
 */
static inline bool rr_phys_state_down(int phys)
{
	return phys >= 1 && phys <= 3;
}

/*
 * Returns true if STATE passes traffic: ACTIVE, or ACTIVE_DEFER (active
 * with a change pending).
 */
static inline bool rr_port_state_active(int state)
{
	return state == RR_PORT_ACTIVE || state == RR_PORT_ACTIVE_DEFER;
}

/*
 * Return the name of a port's state and of its physical state, as
 * `rdma link` prints them ("ACTIVE", "LINK_UP"), or "UNKNOWN" for a value
 * out of range.
 */
const char *rr_port_state_name(int state);
const char *rr_phys_state_name(int phys_state);

#endif
