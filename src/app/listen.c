// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <netinet/in.h>

#include "app/listen.h"
#include "app/signals.h"
#include "rdmacm/cm_listener.h"
#include "base/escape.h"
#include "base/sockaddr.h"
#include "input/targets.h"
#include "output/render_listen.h"

/*
 * Connections handed back by one turn at most: the rest wait for the
 * next turn, which comes at once.
 */
#define TURN_MAX 64

/* ADDR (numeric; none: every address of the family) with PORT. */
static bool listen_addr(const struct rr_opts *o, struct sockaddr_storage *ss)
{
	const char *text = o->num_targets ? o->targets[0] : NULL;
	enum rr_target_kind kind = RR_TARGET_ADDRESS;
	char why[160], buf[256];

	memset(ss, 0, sizeof(*ss));
	ss->ss_family = o->family == AF_INET6 ? AF_INET6 : AF_INET;
	if (text)
		kind = rr_target_parse(text, ss, why, sizeof(why));
	if (kind != RR_TARGET_ADDRESS) {
		fprintf(stderr, "rdma-route: invalid --listen address '%s': %s\n",
			rr_shown(text, buf, sizeof(buf)),
			kind == RR_TARGET_NAME ?
				"want a numeric IPv4 or IPv6 address" : why);
		return false;
	}
	if (ss->ss_family == AF_INET6)
		((struct sockaddr_in6 *)ss)->sin6_port = htons(o->listen_port);
	else
		((struct sockaddr_in *)ss)->sin_port = htons(o->listen_port);
	return true;
}

/* The set-up failed: no RDMA CM here is exit 3, as for a probe. */
static int start_failed(const struct rr_listen_params *lp, const char *call)
{
	char addr[80];
	int err = errno;

	fprintf(stderr, "rdma-route: --listen on %s port %u: %s(): %s\n",
		rr_sockaddr_str(&lp->addr, addr, sizeof(addr)),
		ntohs(((const struct sockaddr_in *)&lp->addr)->sin_port), call,
		err == ELIBACC ? "librdmacm or libibverbs cannot be loaded" :
				 strerror(err));
	if (err == ELIBACC || err == ENODEV || err == ENOENT)
		return RR_EXIT_NO_RDMA;
	return RR_EXIT_FAILED;
}

/*
 * How many more connections to wait for, at most TURN_MAX: what --count
 * still wants (0: it is done; --count 0, as no --count, until stopped).
 */
static int wanted(const struct rr_opts *o, const struct rr_listen_tally *t)
{
	if (!o->count_given || !o->count)
		return TURN_MAX;
	if (t->total >= o->count)
		return 0;
	if (o->count - t->total < TURN_MAX)
		return (int)(o->count - t->total);
	return TURN_MAX;
}

static void hand_out(struct printer *p, struct rr_listen_tally *t,
		     const struct rr_connection *done, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		rr_render_connection(p, &done[i]);
		rr_listen_tally_add(t, &done[i]);
	}
}

int rr_listen_run(const struct rr_opts *o, FILE *out, const char *host)
{
	struct rr_listen_params lp = {
		.ps = o->ps, .reject = o->reject, .hold_ms = o->timeout_ms,
	};
	struct rr_connection done[TURN_MAX];
	struct rr_listen_tally t = { 0 };
	struct rr_listener *l;
	struct printer *p;
	const char *call;
	char addr[80];
	int code = RR_EXIT_OK, n;

	if (!listen_addr(o, &lp.addr))
		return RR_EXIT_USAGE;
	l = rr_listener_start(&lp, &call);
	if (!l)
		return start_failed(&lp, call);
	p = pr_new(o->format, out, stderr);
	if (!p) {
		perror("rdma-route");
		rr_listener_free(l);
		return RR_EXIT_FAILED;
	}
	pr_set_brief(p, o->brief);
	rr_render_listen_begin(p);
	fprintf(stderr, "rdma-route: listening on %s port %u (%s)%s\n",
		rr_sockaddr_str(&lp.addr, addr, sizeof(addr)), o->listen_port,
		rr_ps_key(o->ps), o->reject ? ", rejecting every request" : "");
	/* --count: accepted and refused alike, each counted as it ends. */
	while (!rr_stop_requested() && (n = wanted(o, &t)))
		hand_out(p, &t, done, rr_listener_turn(l, 1000, done, n));
	while ((n = rr_listener_stop(l, done, TURN_MAX)))
		hand_out(p, &t, done, n);
	rr_listener_free(l);
	rr_render_listen_summary(p, &t, host);
	if (pr_finish(p)) {
		perror("rdma-route: writing the output");
		code = RR_EXIT_FAILED;
	}
	return code;
}
