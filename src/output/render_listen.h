/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rdma-route --listen printed: a record per connection answered, as it
 * ends, and a summary when the listener stops.
 */
#ifndef RR_RENDER_LISTEN_H
#define RR_RENDER_LISTEN_H

#include <stdbool.h>
#include <stddef.h>

#include "model/probe/connection.h"
#include "output/printer.h"

/*
 * Connections counted by how they ended; the witness's clients by what
 * it did with them, when it ran.
 */
struct rr_listen_tally {
	size_t by_end[RR_CONN_END_COUNT];
	size_t total;
	bool have_witness;
	unsigned long long witness[RR_WS_COUNT];
};

/*
 * Begins the document: the version, and the list of connections, present
 * even when empty.
 */
void rr_render_listen_begin(struct printer *p);
void rr_render_connection(struct printer *p, const struct rr_connection *c);
void rr_listen_tally_add(struct rr_listen_tally *t, const struct rr_connection *c);
void rr_render_listen_summary(struct printer *p, const struct rr_listen_tally *t,
			      const char *host);

#endif
