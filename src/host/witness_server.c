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

struct client {
	int fd;
	struct timespec since;
	size_t len;
	char buf[REQUEST_MAX];
};

struct rr_witness {
	int fd;
	struct client c[RR_WITNESS_MAX_CLIENTS];
	/* This second's answers (RR_WITNESS_RATE at most). */
	struct timespec window;
	unsigned int in_window;
	unsigned long long answered;
	void (*facts)(const struct sockaddr_storage *addr, struct rr_peer_facts *f);
};

struct rr_witness *rr_witness_start(const struct sockaddr_storage *addr,
				    void (*facts)(const struct sockaddr_storage *addr,
						  struct rr_peer_facts *f))
{
	struct rr_witness *w = calloc(1, sizeof(*w));
	int on = 1, saved, i;

	if (!w)
		return NULL;
	w->facts = facts;
	for (i = 0; i < RR_WITNESS_MAX_CLIENTS; i++)
		w->c[i].fd = -1;
	w->fd = socket(addr->ss_family, SOCK_STREAM | SOCK_CLOEXEC |
		       SOCK_NONBLOCK, 0);
	if (w->fd < 0 ||
	    setsockopt(w->fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on)) ||
	    (addr->ss_family == AF_INET6 &&
	     setsockopt(w->fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof(on))) ||
	    bind(w->fd, (const struct sockaddr *)addr, rr_sockaddr_len(addr)) ||
	    listen(w->fd, RR_WITNESS_MAX_CLIENTS))
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

static void drop(struct client *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	c->len = 0;
}

/* New clients, each in a free place; none free: closed at once. */
static void take_clients(struct rr_witness *w, const struct timespec *now)
{
	struct client *c;
	int fd, i;

	while ((fd = accept4(w->fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK)) >= 0) {
		for (i = 0, c = NULL; i < RR_WITNESS_MAX_CLIENTS && !c; i++)
			if (w->c[i].fd < 0)
				c = &w->c[i];
		if (!c) {
			close(fd);
			continue;
		}
		c->fd = fd;
		c->since = *now;
		c->len = 0;
	}
}

/* Within the rate: one more answer may go now. */
static bool may_answer(struct rr_witness *w, const struct timespec *now)
{
	if (rr_ts_ms(now, &w->window) >= 1000) {
		w->window = *now;
		w->in_window = 0;
	}
	if (w->in_window >= RR_WITNESS_RATE)
		return false;
	w->in_window++;
	return true;
}

/* The facts of the address the client came to, and then it goes. */
static void answer(struct rr_witness *w, struct client *c,
		   const struct rr_witness_self *self)
{
	struct rr_peer_facts *f = calloc(1, sizeof(*f));
	struct sockaddr_storage local;
	socklen_t len = sizeof(local);
	char text[RR_PEER_TEXT_MAX];
	size_t n;

	if (!f || getsockname(c->fd, (struct sockaddr *)&local, &len)) {
		free(f);
		return;
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
		w->answered++;
	free(f);
}

/* A client's bytes: its request line complete, answered; else kept. */
static void read_client(struct rr_witness *w, struct client *c,
			const struct timespec *now,
			const struct rr_witness_self *self)
{
	ssize_t n = recv(c->fd, c->buf + c->len, sizeof(c->buf) - c->len, 0);
	const char *nl;

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		drop(c);
		return;
	}
	c->len += (size_t)n;
	nl = memchr(c->buf, '\n', c->len);
	if (!nl) {
		if (c->len == sizeof(c->buf))
			drop(c);	/* not a request line */
		return;
	}
	if ((size_t)(nl - c->buf) + 1 >= strlen(RR_WITNESS_REQUEST) &&
	    !memcmp(c->buf, RR_PEER_MAGIC, strlen(RR_PEER_MAGIC)) &&
	    may_answer(w, now))
		answer(w, c, self);
	drop(c);
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
			drop(&w->c[j]);
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

unsigned long long rr_witness_answered(const struct rr_witness *w)
{
	return w->answered;
}

void rr_witness_free(struct rr_witness *w)
{
	int i;

	if (!w)
		return;
	for (i = 0; i < RR_WITNESS_MAX_CLIENTS; i++)
		drop(&w->c[i]);
	if (w->fd >= 0)
		close(w->fd);
	free(w);
}
