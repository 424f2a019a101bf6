// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <netinet/in.h>

#include "app/listen.h"
#include "app/signals.h"
#include "rdmacm/cm_listener.h"
#include "host/witness_facts.h"
#include "host/witness_server.h"
#include "model/probe/result.h"
#include "model/probe/transfer.h"
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

/*
 * The witness channel beside the listener: TCP on its address and port,
 * telling the sources --witness-allow names (any without it), none with
 * --no-witness.  One that cannot listen (the port taken) is said, and
 * the listener goes on without it.
 */
static struct rr_witness *start_witness(const struct rr_listen_params *lp,
					const struct rr_opts *o)
{
	struct rr_witness *w;
	char addr[80];

	if (o->no_witness)
		return NULL;
	w = rr_witness_start(&lp->addr, rr_witness_facts, &o->witness_allow);
	if (!w)
		fprintf(stderr, "rdma-route: --listen: no witness on TCP %s port %u: %s\n",
			rr_sockaddr_str(&lp->addr, addr, sizeof(addr)),
			o->listen_port, strerror(errno));
	return w;
}

/*
 * One turn of the listener and its witness: what ended goes to DONE
 * (at most N), what the witness was asked is answered.
 */
static int turn(struct rr_listener *l, struct rr_witness *w,
		const struct rr_opts *o, const char *name,
		struct rr_connection *done, int n)
{
	struct pollfd wfd[RR_WITNESS_MAX_CLIENTS + 1];
	struct rr_witness_self self = {
		.port = o->listen_port, .echo_max = RR_DATA_MAX_BYTES,
		.host = name, .version = PACKAGE_VERSION,
	};
	int nw = w ? rr_witness_pollfds(w, wfd) : 0;
	int ms = w ? rr_witness_due_ms(w) : -1;
	int ended, err;

	if (ms < 0 || ms > 1000)
		ms = 1000;
	ended = rr_listener_turn(l, ms, done, n, wfd, nw);
	if (w) {
		self.listening = rr_listener_listening(l, &err);
		self.listen_error = err ? strerrorname_np(err) : NULL;
		rr_witness_turn(w, wfd, nw, &self);
	}
	return ended;
}

/*
 * What every connection's echo may take together: 256 MiB, or an eighth
 * of the memory when that is less (a buffer is pinned: the kernel cannot
 * page it out, and 450 probes of 1 MiB once took half of a 1 GiB host).
 */
static size_t echo_budget(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	size_t max = 256U << 20, part;

	if (pages <= 0 || size <= 0)
		return max;
	part = (size_t)pages / 8 * (size_t)size;
	return part < max ? part : max;
}

/*
 * How long a connection may take from its REP to its RTU, halved:
 * --timeout, 1 s at least (a --data probe's asked hold, when longer, is
 * its bound: cm_listener.c's rtu_due).  A prober sends its RTU as soon as it has
 * read the REP (milliseconds); the second is for one on a busy host,
 * which a small --timeout given for the hold would turn away.
 */
static unsigned int establish_ms(unsigned int timeout_ms)
{
	return timeout_ms > 1000 ? timeout_ms : 1000;
}

/*
 * Each connection holds two descriptors (the completion channels
 * librdmacm makes for its QP): 1024 at once need more than the usual
 * soft limit of 1024 files.  Raised to the hard limit, as far as it goes.
 */
static void raise_file_limit(void)
{
	struct rlimit r;

	if (!getrlimit(RLIMIT_NOFILE, &r) && r.rlim_cur < r.rlim_max) {
		r.rlim_cur = r.rlim_max;
		setrlimit(RLIMIT_NOFILE, &r);
	}
}

/* Where the witness is, for the line that says where it listens. */
static const char *witness_words(const struct rr_opts *o,
				 const struct rr_witness *w, char *buf,
				 size_t len)
{
	char prefix[RR_PREFIX_TEXT];
	size_t used;
	unsigned int i;

	if (o->no_witness)
		return ", no witness";
	if (!w)
		return "";
	used = (size_t)snprintf(buf, len, ", its witness on TCP");
	for (i = 0; i < o->witness_allow.n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i ? "," : " for ",
					 rr_prefix_str(&o->witness_allow.p[i],
						       prefix, sizeof(prefix)));
	if (o->witness_allow.n && used < len)
		snprintf(buf + used, len - used, " only");
	return buf;
}

int rr_listen_run(const struct rr_opts *o, FILE *out, const char *host)
{
	struct rr_listen_params lp = {
		.ps = o->ps, .reject = o->reject, .hold_ms = o->timeout_ms,
		.establish_ms = establish_ms(o->timeout_ms),
		.disconnect_wait_ms = rr_disconnect_wait_ms(o->timeout_ms),
		/* --no-witness: a REP tells its echo alone. */
		.facts = o->no_witness ? NULL : rr_witness_rep_facts,
		.allow = &o->witness_allow, .echo_budget = echo_budget(),
	};
	struct rr_witness *w;
	char name[64];
	struct rr_connection done[TURN_MAX];
	struct rr_listen_tally t = { 0 };
	struct rr_listener *l;
	struct printer *p;
	const char *call;
	char addr[80], words[RR_MAX_PREFIXES * RR_PREFIX_TEXT + 64];
	int code = RR_EXIT_OK, n;

	if (!listen_addr(o, &lp.addr))
		return RR_EXIT_USAGE;
	raise_file_limit();
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
	w = start_witness(&lp, o);
	/* The witness says which host it is: --host-label, or its name. */
	if (host)
		snprintf(name, sizeof(name), "%s", host);
	else if (gethostname(name, sizeof(name)))
		name[0] = '\0';
	name[sizeof(name) - 1] = '\0';
	fprintf(stderr, "rdma-route: listening on %s port %u (%s)%s%s\n",
		rr_sockaddr_str(&lp.addr, addr, sizeof(addr)), o->listen_port,
		rr_ps_key(o->ps), o->reject ? ", rejecting every request" : "",
		witness_words(o, w, words, sizeof(words)));
	/* --count: accepted and refused alike, each counted as it ends. */
	while (!rr_stop_requested() && (n = wanted(o, &t)))
		hand_out(p, &t, done, turn(l, w, o, name, done, n));
	while ((n = rr_listener_stop(l, done, TURN_MAX)))
		hand_out(p, &t, done, n);
	if (w) {
		t.have_witness = true;
		rr_witness_counts(w, t.witness);
	}
	rr_witness_free(w);
	rr_listener_free(l);
	rr_render_listen_summary(p, &t, host);
	if (pr_finish(p)) {
		perror("rdma-route: writing the output");
		code = RR_EXIT_FAILED;
	}
	return code;
}
