// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netinet/in.h>

#include "base/clock.h"
#include "base/sockaddr.h"
#include "host/witness_client.h"
#include "host/witness_server.h"

/* The request line, and a little room for a newer client's. */
#define REQUEST_MAX 64
/*
 * Connections the kernel keeps until a turn takes them: a burst, each
 * then answered, refused (busy, denied) or held, at once.
 */
#define BACKLOG 64

struct client {
	int fd;
	struct timespec since;
	struct sockaddr_storage from;
	size_t len;
	char buf[REQUEST_MAX];
};

struct rr_witness {
	int fd;
	struct client c[RR_WITNESS_MAX_CLIENTS];
	struct rr_witness_limits limits;
	struct rr_prefix_list allow;	/* none: any source */
	unsigned long long said[RR_WS_COUNT];
	void (*facts)(const struct sockaddr_storage *addr, struct rr_peer_facts *f);
};

struct rr_witness *rr_witness_start(const struct sockaddr_storage *addr,
				    void (*facts)(const struct sockaddr_storage *addr,
						  struct rr_peer_facts *f),
				    const struct rr_prefix_list *allow)
{
	struct rr_witness *w = calloc(1, sizeof(*w));
	int on = 1, saved, i;

	if (!w)
		return NULL;
	w->facts = facts;
	if (allow)
		w->allow = *allow;
	for (i = 0; i < RR_WITNESS_MAX_CLIENTS; i++)
		w->c[i].fd = -1;
	w->fd = socket(addr->ss_family, SOCK_STREAM | SOCK_CLOEXEC |
		       SOCK_NONBLOCK, 0);
	if (w->fd < 0 ||
	    setsockopt(w->fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on)) ||
	    (addr->ss_family == AF_INET6 &&
	     setsockopt(w->fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof(on))) ||
	    bind(w->fd, (const struct sockaddr *)addr, rr_sockaddr_len(addr)) ||
	    listen(w->fd, BACKLOG))
		goto fail;
	return w;
fail:
	saved = errno;
	rr_witness_free(w);
	errno = saved;
	return NULL;
}

int rr_witness_pollfds(const struct rr_witness *w, struct pollfd *pfd)
{
	int i, n = 0;

	pfd[n++] = (struct pollfd){ .fd = w->fd, .events = POLLIN };
	for (i = 0; i < RR_WITNESS_MAX_CLIENTS; i++)
		if (w->c[i].fd >= 0)
			pfd[n++] = (struct pollfd){ .fd = w->c[i].fd,
						    .events = POLLIN };
	return n;
}

/* C goes, its place given back, counted as SAID. */
static void drop(struct rr_witness *w, struct client *c,
		 enum rr_witness_said said)
{
	if (c->fd < 0)
		return;
	close(c->fd);
	rr_wl_release(&w->limits, &c->from);
	w->said[said]++;
	c->fd = -1;
	c->len = 0;
}

/*
 * FD is told why it gets nothing (one send, never waited on) and closed.
 * What it sent is read first: a socket closed unread would reset the
 * connection, and the reset may beat the line to the client's reading.
 */
static void refuse(struct rr_witness *w, int fd, enum rr_peer_refusal r,
		   const char *word)
{
	char line[RR_PEER_NAME_LEN + 32], sink[REQUEST_MAX];
	size_t n = rr_peer_refusal_write(r, word, line, sizeof(line));

	if (n)
		(void)!send(fd, line, n, MSG_DONTWAIT | MSG_NOSIGNAL);
	(void)!recv(fd, sink, sizeof(sink), MSG_DONTWAIT);
	close(fd);
	w->said[r == RR_PEER_DENIED ? RR_WS_DENIED : RR_WS_BUSY]++;
}

/*
 * New clients: a source not allowed is denied; past a bound, busy; any
 * other takes a free place.
 */
static void take_clients(struct rr_witness *w, const struct timespec *now)
{
	struct sockaddr_storage from;
	socklen_t len = sizeof(from);
	struct client *c;
	enum rr_wl why;
	int fd, i;

	while ((fd = accept4(w->fd, (struct sockaddr *)&from, &len,
			     SOCK_CLOEXEC | SOCK_NONBLOCK)) >= 0) {
		len = sizeof(from);
		if (w->allow.n && !rr_prefix_list_has(&w->allow, &from)) {
			refuse(w, fd, RR_PEER_DENIED, NULL);
			continue;
		}
		why = rr_wl_take(&w->limits, &from, now);
		for (i = 0, c = NULL; why == RR_WL_OK && !c &&
		     i < RR_WITNESS_MAX_CLIENTS; i++)
			if (w->c[i].fd < 0)
				c = &w->c[i];
		if (!c) {
			if (why == RR_WL_OK)	/* no place: never, the bound is theirs */
				rr_wl_release(&w->limits, &from);
			refuse(w, fd, RR_PEER_BUSY, rr_wl_word(RR_WL_CLIENTS));
			continue;
		}
		c->fd = fd;
		c->since = *now;
		c->from = from;
		c->len = 0;
	}
}

/* The facts of the address the client came to; whether they went. */
static bool answer(struct rr_witness *w, struct client *c,
		   const struct rr_witness_self *self)
{
	struct rr_peer_facts *f = calloc(1, sizeof(*f));
	struct sockaddr_storage local;
	socklen_t len = sizeof(local);
	char text[RR_PEER_TEXT_MAX];
	bool sent = false;
	size_t n;

	if (!f || getsockname(c->fd, (struct sockaddr *)&local, &len)) {
		free(f);
		return false;
	}
	f->gid.vlan = -1;
	f->listening = self->listening;
	f->listen_port = self->port;
	snprintf(f->listen_error, sizeof(f->listen_error), "%s",
		 self->listen_error ? self->listen_error : "");
	f->echo_max = self->echo_max;
	snprintf(f->host, sizeof(f->host), "%s", self->host ? self->host : "");
	snprintf(f->version, sizeof(f->version), "%s",
		 self->version ? self->version : "");
	rr_sockaddr_str(&local, f->address, sizeof(f->address));
	w->facts(&local, f);
	n = rr_peer_facts_write(f, false, text, sizeof(text));
	/* One send, never waited on: a client that does not read loses it. */
	if (n && send(c->fd, text, n, MSG_DONTWAIT | MSG_NOSIGNAL) == (ssize_t)n)
		sent = true;
	free(f);
	return sent;
}

/*
 * A client's bytes: its request line complete, answered (or, past the
 * rate, told it is busy); else kept.
 */
static void read_client(struct rr_witness *w, struct client *c,
			const struct timespec *now,
			const struct rr_witness_self *self)
{
	ssize_t n = recv(c->fd, c->buf + c->len, sizeof(c->buf) - c->len, 0);
	const char *nl;
	int fd;

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		drop(w, c, RR_WS_CLOSED);
		return;
	}
	c->len += (size_t)n;
	nl = memchr(c->buf, '\n', c->len);
	if (!nl) {
		if (c->len == sizeof(c->buf))
			drop(w, c, RR_WS_CLOSED);	/* not a request line */
		return;
	}
	if ((size_t)(nl - c->buf) + 1 < strlen(RR_WITNESS_REQUEST) ||
	    memcmp(c->buf, RR_PEER_MAGIC, strlen(RR_PEER_MAGIC))) {
		drop(w, c, RR_WS_CLOSED);
		return;
	}
	if (rr_wl_answer(&w->limits, &c->from, now) != RR_WL_OK) {
		/* Its place given back first; the refusal closes and counts. */
		fd = c->fd;
		c->fd = -1;
		c->len = 0;
		rr_wl_release(&w->limits, &c->from);
		refuse(w, fd, RR_PEER_BUSY, rr_wl_word(RR_WL_RATE));
		return;
	}
	drop(w, c, answer(w, c, self) ? RR_WS_ANSWERED : RR_WS_CLOSED);
}

void rr_witness_turn(struct rr_witness *w, const struct pollfd *pfd, int n,
		     const struct rr_witness_self *self)
{
	struct timespec now = rr_now();
	int i, j;

	for (i = 1; i < n; i++) {
		if (!pfd[i].revents)
			continue;
		for (j = 0; j < RR_WITNESS_MAX_CLIENTS; j++)
			if (w->c[j].fd == pfd[i].fd) {
				read_client(w, &w->c[j], &now, self);
				break;
			}
	}
	for (j = 0; j < RR_WITNESS_MAX_CLIENTS; j++)
		if (w->c[j].fd >= 0 &&
		    rr_ts_ms(&now, &w->c[j].since) >= RR_WITNESS_REQUEST_MS)
			drop(w, &w->c[j], RR_WS_CLOSED);
	if (n > 0 && pfd[0].revents)
		take_clients(w, &now);
}

int rr_witness_due_ms(const struct rr_witness *w)
{
	struct timespec now = rr_now();
	double best = -1, left;
	int i;

	for (i = 0; i < RR_WITNESS_MAX_CLIENTS; i++) {
		if (w->c[i].fd < 0)
			continue;
		left = RR_WITNESS_REQUEST_MS - rr_ts_ms(&now, &w->c[i].since);
		if (left < 0)
			left = 0;
		if (best < 0 || left < best)
			best = left;
	}
	return best < 0 ? -1 : (int)best + 1;
}

void rr_witness_counts(const struct rr_witness *w,
		       unsigned long long counts[RR_WS_COUNT])
{
	memcpy(counts, w->said, sizeof(w->said));
}

void rr_witness_free(struct rr_witness *w)
{
	int i;

	if (!w)
		return;
	for (i = 0; i < RR_WITNESS_MAX_CLIENTS; i++)
		if (w->c[i].fd >= 0)
			close(w->c[i].fd);
	if (w->fd >= 0)
		close(w->fd);
	free(w);
}
