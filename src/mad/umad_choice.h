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
 * Checks or chooses the port of the CA CA.  When *PORT > 0, checks that
 * port: returns 1 if it is ACTIVE, 0 if it is not disabled, -1 if it
 * cannot be used.  Otherwise sets *PORT to the first ACTIVE InfiniBand
 * port and returns 1, else to the first port with the link up, else to
 * the first one not disabled, and returns 0; returns -1 when there is
 * none.  A switch always gets port 0, and 1 is returned.
 */
int rr_umad_ca_port(const struct rr_umad_ca_facts *ca, int *port);

/*
 * Chooses among the N CAs of CAS (in libibumad's order: by name) the
 * first whose port (*PORT, or its own choice when *PORT is 0) is ACTIVE,
 * else the first usable one.  Sets *CA to its index and *PORT to its
 * port; returns false when no CA is usable.
 */
bool rr_umad_choose(const struct rr_umad_ca_facts *cas, int n, int *ca,
		    int *port);

#endif
