/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Which local port --sa opens when -C or -P leave it open, chosen by
 * libibumad's own rule (its resolve_ca_name()), from a few facts of each
 * port.  Asked for with a name and a port left open, libibumad's
 * umad_get_port() reads every port of the CA whole (its P_Key table is a
 * file an entry) before it reads the one it returns; with both named it
 * reads only that one.  Pure: the facts are read by the SA backend.
 */
#ifndef RR_UMAD_CHOICE_H
#define RR_UMAD_CHOICE_H

#include <stdbool.h>

/* libibumad's bounds (umad.h): ports 0 to 9, 32 devices. */
#define RR_UMAD_MAX_PORTS 10
#define RR_UMAD_MAX_CAS 32

struct rr_umad_ca_facts {
	int node_type;		/* 1 CA, 2 switch, 3 router */
	struct {
		bool present;
		bool ib;	/* link layer InfiniBand */
		int state;	/* 4 ACTIVE */
		int phys_state;	/* 3 disabled, 5 LinkUp */
	} ports[RR_UMAD_MAX_PORTS];
};

/*
 * For one CA: *PORT > 0 is checked (1: ACTIVE, 0: not disabled, -1:
 * unusable); else *PORT becomes its first ACTIVE InfiniBand port (1),
 * else its first one with the link up (0), else its first not disabled
 * (0); -1 when none.  A switch: port 0 (1).
 */
int rr_umad_ca_port(const struct rr_umad_ca_facts *ca, int *port);

/*
 * Among CAS (N, in libibumad's order: by name): the first CA whose port
 * (PORT, or its own choice when 0) is ACTIVE, else the first usable one.
 * Its index into *CA, its port into *PORT; false when none is.
 */
bool rr_umad_choose(const struct rr_umad_ca_facts *cas, int n, int *ca,
		    int *port);

#endif
