/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the fabric tests' hand-made graphs share. */
#ifndef RR_TEST_GRAPH_FIXTURE_H
#define RR_TEST_GRAPH_FIXTURE_H

#include "model/fabric/fabric_graph.h"

/* Port K of node N there, ACTIVE, 4x SDR, its LID LID. */
static inline void fixture_port(struct rr_graph *g, size_t n, unsigned int k,
				uint16_t lid)
{
	struct rr_gport *p = rr_graph_port(g, n, k);

	p->present = true;
	p->lid = lid;
	p->state = 4;
	p->width = 2;
	p->speed = 4;
}

#endif
