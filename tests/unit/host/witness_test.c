// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/host/witness_server.c and witness_client.c on
 * loopback: the client's question answered with the facts of the address
 * it came to, then closed; what a stranger can make the server hold:
 * 16 clients at once (one more closed at once), a second to ask,
 * anything but the request line closed unanswered, 20 answers a second.
 * The host's facts are a stand-in here (the lab has real ones).
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include "base/clock.h"
#include "host/witness_client.h"
#include "host/witness_server.h"
#include "../tap.h"

static unsigned int facts_asked;

static void stand_in(const struct sockaddr_storage *addr,
		     struct rr_peer_facts *f)
{
	const struct sockaddr_in *in = (const void *)addr;

	facts_asked++;
	/* The address asked is the one the client connected to. */
	if (addr->ss_family == AF_INET && in->sin_addr.s_addr == htonl(INADDR_LOOPBACK)) {
		f->have_gid = true;
		snprintf(f->gid.device, sizeof(f->gid.device), "rxe9");
		f->gid.port = 1;
		f->gid.index = 3;
		f->gid.type = RR_GID_ROCE_V2;
		f->gid.vlan = -1;
		f->active_mtu = 1024;
		f->netdev_mtu = 1500;
	}
}

static const struct rr_witness_self self = {
	.listening = true, .port = 0, .echo_max = 65536,
	.host = "a host", .version = "1.2.3",
};

/* The server's turns until nothing is left to do, at most N. */
static void serve(struct rr_witness *w, int n)
{
	struct pollfd pfd[RR_WITNESS_MAX_CLIENTS + 1];
	int k, ready;

	/* As the listener does: a turn after each wait, news or not. */
	while (n--) {
		k = rr_witness_pollfds(w, pfd);
		ready = poll(pfd, (nfds_t)k, 20);
		rr_witness_turn(w, pfd, k, &self);
		if (ready <= 0 && rr_witness_due_ms(w) < 0)
			return;		/* nobody left to serve */
	}
}

static int connect_to(uint16_t port)
{
	struct sockaddr_in to = {
		.sin_family = AF_INET, .sin_port = htons(port),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0 || connect(fd, (struct sockaddr *)&to, sizeof(to))) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

/* Whether FD was closed by the server (EOF) with nothing said. */
static bool closed_unanswered(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	char c;

	return poll(&p, 1, 100) == 1 && read(fd, &c, 1) == 0;
}

static uint16_t port_of(struct rr_witness *w, const struct sockaddr_storage *bound)
{
	(void)w;
	return ntohs(((const struct sockaddr_in *)bound)->sin_port);
}

/* A free port on loopback, and the address with it. */
static void any_port(struct sockaddr_storage *ss)
{
	struct sockaddr_in *in = (void *)ss;
	socklen_t len = sizeof(*in);
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	memset(ss, 0, sizeof(*ss));
	in->sin_family = AF_INET;
	in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	bind(fd, (struct sockaddr *)in, sizeof(*in));
	getsockname(fd, (struct sockaddr *)in, &len);
	close(fd);
}

static void asked_and_answered(struct rr_witness *w, uint16_t port)
{
	struct sockaddr_storage dst;
	struct sockaddr_in *in = (void *)&dst;
	struct rr_witness_query q;
	struct rr_peer_facts f;
	struct pollfd p;
	int i;

	memset(&dst, 0, sizeof(dst));
	in->sin_family = AF_INET;
	in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	rr_witness_query_start(&q, &dst, port, NULL);
	for (i = 0; i < 100 && !rr_witness_query_over(&q); i++) {
		serve(w, 1);
		p = (struct pollfd){ .fd = q.fd, .events = rr_witness_query_events(&q) };
		if (q.fd >= 0)
			poll(&p, 1, 10);
		rr_witness_query_turn(&q, &f);
	}
	is_int(q.state, RR_WQ_ANSWERED, "the client's question answered");
	ok(f.known && f.from_witness && !strcmp(f.host, "a_host") &&
	   !strcmp(f.version, "1.2.3") && f.listening && f.echo_max == 65536,
	   "the listener's word: host (a space made '_'), version, listening, echo");
	ok(f.have_gid && !strcmp(f.gid.device, "rxe9") && f.gid.index == 3 &&
	   f.active_mtu == 1024 && !strcmp(f.address, "127.0.0.1"),
	   "the facts of the address it came to");
	rr_witness_query_close(&q);
}

static void refused(void)
{
	struct sockaddr_storage dst;
	struct rr_witness_query q;
	struct rr_peer_facts f;
	struct pollfd p;
	int i;

	/* Nothing listens there: RST, the host answers. */
	any_port(&dst);
	rr_witness_query_start(&q, &dst, port_of(NULL, &dst), NULL);
	for (i = 0; i < 100 && !rr_witness_query_over(&q); i++) {
		p = (struct pollfd){ .fd = q.fd, .events = rr_witness_query_events(&q) };
		poll(&p, 1, 10);
		rr_witness_query_turn(&q, &f);
	}
	is_int(q.state, RR_WQ_REFUSED, "a closed port: refused");
	rr_witness_query_close(&q);
}

/* 16 clients ask at once; how many got an answer. */
static int rate_batch(struct rr_witness *w, uint16_t port)
{
	int fd[RR_WITNESS_MAX_CLIENTS], i, n = 0;
	char buf[8192];

	for (i = 0; i < RR_WITNESS_MAX_CLIENTS; i++) {
		fd[i] = connect_to(port);
		serve(w, 1);
	}
	for (i = 0; i < RR_WITNESS_MAX_CLIENTS; i++)
		if (fd[i] >= 0 &&
		    write(fd[i], RR_WITNESS_REQUEST, strlen(RR_WITNESS_REQUEST)) < 0)
			fd[i] = -1;
	serve(w, 40);
	for (i = 0; i < RR_WITNESS_MAX_CLIENTS; i++) {
		if (fd[i] < 0)
			continue;
		n += read(fd[i], buf, sizeof(buf)) > 0;
		close(fd[i]);
	}
	return n;
}

static void bounds(struct rr_witness *w, uint16_t port)
{
	int fd[RR_WITNESS_MAX_CLIENTS + 1], i, taken = 0, n;
	struct timespec t0;

	for (i = 0; i <= RR_WITNESS_MAX_CLIENTS; i++) {
		fd[i] = connect_to(port);
		serve(w, 2);
	}
	for (i = 0; i <= RR_WITNESS_MAX_CLIENTS; i++)
		taken += fd[i] >= 0 && !closed_unanswered(fd[i]);
	is_int(taken, RR_WITNESS_MAX_CLIENTS, "16 clients held at once, one more closed at once");
	/* Silent clients: closed once their second to ask is over. */
	t0 = rr_now();
	while (rr_ts_ms(&(struct timespec){ rr_now().tv_sec, rr_now().tv_nsec }, &t0) < 1300)
		serve(w, 1);
	for (i = 0, n = 0; i <= RR_WITNESS_MAX_CLIENTS; i++) {
		n += fd[i] >= 0 && closed_unanswered(fd[i]);
		if (fd[i] >= 0)
			close(fd[i]);
	}
	is_int(n, RR_WITNESS_MAX_CLIENTS + 1, "every silent client closed after its second");
	/* Anything but the request line: closed unanswered. */
	fd[0] = connect_to(port);
	serve(w, 2);
	if (write(fd[0], "GET / HTTP/1.0\r\n\r\n", 18) != 18)
		return;
	serve(w, 3);
	ok(closed_unanswered(fd[0]), "an HTTP request closed unanswered");
	close(fd[0]);
	/* More than the rate in one second: the rest closed unanswered. */
	facts_asked = 0;
	t0 = rr_now();
	n = rate_batch(w, port) + rate_batch(w, port);
	if (rr_ts_ms(&(struct timespec){ rr_now().tv_sec, rr_now().tv_nsec }, &t0) < 900)
		ok(n == RR_WITNESS_RATE && facts_asked == (unsigned int)n,
		   "32 questions within a second: %d answered (the rate, %d), facts read %u times",
		   n, RR_WITNESS_RATE, facts_asked);
	else
		ok(n >= RR_WITNESS_RATE, "32 questions over more than a second: %d answered", n);
}

int main(void)
{
	struct sockaddr_storage addr;
	struct rr_witness *w;
	uint16_t port;

	any_port(&addr);
	port = port_of(NULL, &addr);
	w = rr_witness_start(&addr, stand_in);
	ok(w != NULL, "the witness listens on 127.0.0.1 port %u", port);
	if (!w)
		return tap_done();
	asked_and_answered(w, port);
	bounds(w, port);
	refused();
	rr_witness_free(w);
	errno = 0;
	w = rr_witness_start(&addr, stand_in);
	ok(w != NULL || errno == EADDRINUSE, "the port free again once freed");
	rr_witness_free(w);
	return tap_done();
}
