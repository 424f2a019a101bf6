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

/*
 * Returns PS's name as --ps takes it and JSON writes it: "tcp", "udp" or
 * "ib".
 */
const char *rr_ps_key(enum rr_ps ps);
/* Stores the port space named KEY in *PS.  Returns false if KEY names none. */
bool rr_ps_from_key(const char *key, enum rr_ps *ps);
/*
 * Returns PS's number as rdma_cma.h's RDMA_PS_* and an SA ServiceID carry
 * it (0x0106 for TCP).  The CM backend checks that the two agree.
 */
unsigned int rr_ps_number(enum rr_ps ps);

#endif
