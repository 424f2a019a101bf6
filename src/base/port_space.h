/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The rdma_cm port spaces (--ps), named once: the option, the result's
 * port_space, the Prometheus label and the SA's ServiceID all read them
 * here.
 */
#ifndef RR_BASE_PORT_SPACE_H
#define RR_BASE_PORT_SPACE_H

#include <stdbool.h>

enum rr_ps {
	RR_PS_TCP,
	RR_PS_UDP,
	RR_PS_IB,
	RR_PS_COUNT
};

/* "tcp", "udp", "ib": as --ps takes it and JSON says it. */
const char *rr_ps_key(enum rr_ps ps);
/* The port space KEY names, into *PS; false when none. */
bool rr_ps_from_key(const char *key, enum rr_ps *ps);
/*
 * Its number, as rdma_cma.h's RDMA_PS_* and an SA ServiceID carry it
 * (0x0106 TCP); the CM backend checks the two agree.
 */
unsigned int rr_ps_number(enum rr_ps ps);

#endif
