// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of src/host/witness_server.c and witness_client.c on
 * loopback (127.0.0.0/8: each 127.0.0.N a source of its own): the
 * client's question answered with the facts of the address it came to,
 * then closed; what a stranger can make the server hold: 4 clients of
 * one source, 16 in all, each more told "busy clients" at once; a
 * second to ask; anything but the request line closed unanswered; 5
 * answers a second to one source, 20 in all, each more told "busy
 * rate"; a source outside --witness-allow told "denied".  The client
 * reads busy, denied, an answer cut short and a close without a word as
 * what they are, none an answer.  The host's facts are a stand-in here
 * (the lab has real ones).
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

/* 127.0.0.N, with PORT. */
static struct sockaddr_storage loopback(unsigned int n, uint16_t port)
{
	struct sockaddr_storage ss;
	struct sockaddr_in *in = (void *)&ss;

	memset(&ss, 0, sizeof(ss));
	in->sin_family = AF_INET;
	in->sin_port = htons(port);
	in->sin_addr.s_addr = htonl(INADDR_LOOPBACK - 1 + n);
	return ss;
}

/* A blocking connection from 127.0.0.SRC to PORT; -1 when it failed. */
static int connect_from(unsigned int src, uint16_t port)
{
	struct sockaddr_storage from = loopback(src, 0), to = loopback(1, port);
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0 || bind(fd, (struct sockaddr *)&from, sizeof(struct sockaddr_in)) ||
	    connect(fd, (struct sockaddr *)&to, sizeof(struct sockaddr_in))) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

/*
 * What the server said on FD before it closed, within 200 ms: "" for a
 * close without a word; NULL when it did not close.
 */
static const char *said(int fd, char *buf, size_t len)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	size_t used = 0;
	ssize_t n;

	while (used + 1 < len && poll(&p, 1, 200) == 1) {
		n = read(fd, buf + used, len - 1 - used);
		if (n <= 0) {
			buf[used] = '\0';
			return buf;
		}
		used += (size_t)n;
	}
	return NULL;
}

static bool told(int fd, const char *want)
{
	char buf[256];
	const char *s = fd >= 0 ? said(fd, buf, sizeof(buf)) : NULL;

	return s && !strcmp(s, want);
}

static uint16_t port_of(const struct sockaddr_storage *bound)
{
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

/* A witness on a free port of 127.0.0.1, telling ALLOW (NULL: any). */
static struct rr_witness *witness_on(uint16_t *port,
				     const struct rr_prefix_list *allow)
{
	struct sockaddr_storage addr;

	any_port(&addr);
	*port = port_of(&addr);
	return rr_witness_start(&addr, stand_in, allow);
}

/*
 * The client's question from 127.0.0.SRC (0: the kernel's choice), the
 * server W turned meanwhile (NULL: another serves); its end state.
 */
static enum rr_wq_state ask(struct rr_witness *w, uint16_t port,
			    unsigned int src, struct rr_witness_query *q,
			    struct rr_peer_facts *f)
{
	struct sockaddr_storage dst = loopback(1, 0), from = loopback(src, 0);
	struct pollfd p;
	int i;

	rr_witness_query_start(q, &dst, port, src ? &from : NULL);
	for (i = 0; i < 100 && !rr_witness_query_over(q); i++) {
		if (w)
			serve(w, 1);
		p = (struct pollfd){ .fd = q->fd, .events = rr_witness_query_events(q) };
		if (q->fd >= 0)
			poll(&p, 1, 10);
		rr_witness_query_turn(q, f);
	}
	rr_witness_query_close(q);
	return q->state;
}

static void asked_and_answered(struct rr_witness *w, uint16_t port)
{
	struct rr_witness_query q;
	struct rr_peer_facts f;

	is_int(ask(w, port, 0, &q, &f), RR_WQ_ANSWERED, "the client's question answered");
	ok(f.known && f.from_witness && !strcmp(f.host, "a_host") &&
	   !strcmp(f.version, "1.2.3") && f.listening && f.echo_max == 65536,
	   "the listener's word: host (a space made '_'), version, listening, echo");
	ok(f.have_gid && !strcmp(f.gid.device, "rxe9") && f.gid.index == 3 &&
	   f.active_mtu == 1024 && !strcmp(f.address, "127.0.0.1"),
	   "the facts of the address it came to");
}

static void refused(void)
{
	struct sockaddr_storage dst;
	struct rr_witness_query q;
	struct rr_peer_facts f;

	/* Nothing listens there: RST, the host answers. */
	any_port(&dst);
	is_int(ask(NULL, port_of(&dst), 0, &q, &f), RR_WQ_REFUSED, "a closed port: refused");
}

static int close_all(int *fd, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (fd[i] >= 0)
			close(fd[i]);
	return 0;
}

/* Idle clients, a slowloris: 4 of a source held, 16 in all, more busy. */
static void clients(void)
{
	int fd[RR_WITNESS_MAX_CLIENTS + 2], i, n;
	unsigned long long counts[RR_WS_COUNT];
	struct rr_witness_query q;
	struct rr_peer_facts f;
	struct rr_witness *w;
	struct timespec t0;
	uint16_t port;

	w = witness_on(&port, NULL);
	if (!w)
		return;
	/* 127.0.0.2 opens 5: its 4 held, the 5th told at once. */
	for (i = 0; i < 5; i++) {
		fd[i] = connect_from(2, port);
		serve(w, 2);
	}
	ok(told(fd[4], "rdma-route-witness 1\nbusy clients\n"),
	   "a source's 5th idle client: 'busy clients', then closed");
	close(fd[4]);
	/* Another source is still answered meanwhile. */
	is_int(ask(w, port, 7, &q, &f), RR_WQ_ANSWERED,
	       "4 idle clients of one source: another's question answered");
	/* 127.0.0.3-5 take the other 12; the 17th, of a sixth source: busy. */
	for (i = 4, n = 3; i < RR_WITNESS_MAX_CLIENTS; i++, n += i % 4 == 0) {
		fd[i] = connect_from((unsigned int)n, port);
		serve(w, 2);
	}
	fd[16] = connect_from(6, port);
	serve(w, 2);
	ok(told(fd[16], "rdma-route-witness 1\nbusy clients\n"),
	   "16 idle clients held: a new source told 'busy clients'");
	close(fd[16]);
	is_int(ask(w, port, 8, &q, &f), RR_WQ_BUSY,
	       "the client reads that as busy, no answer");
	is_str(q.why, "clients", "and why");
	/* Silent clients: closed without a word once their second is over. */
	t0 = rr_now();
	while (rr_ts_ms(&(struct timespec){ rr_now().tv_sec, rr_now().tv_nsec }, &t0) < 1300)
		serve(w, 1);
	for (i = 0, n = 0; i < RR_WITNESS_MAX_CLIENTS; i++)
		n += told(fd[i], "");
	is_int(n, RR_WITNESS_MAX_CLIENTS, "every idle client closed after its second, unanswered");
	close_all(fd, RR_WITNESS_MAX_CLIENTS);
	is_int(ask(w, port, 2, &q, &f), RR_WQ_ANSWERED, "their places back: the first source answered again");
	/* Anything but the request line: closed unanswered. */
	fd[0] = connect_from(9, port);
	serve(w, 2);
	if (fd[0] >= 0 && write(fd[0], "GET / HTTP/1.0\r\n\r\n", 18) == 18) {
		serve(w, 3);
		ok(told(fd[0], ""), "an HTTP request closed unanswered");
	}
	close(fd[0]);
	rr_witness_counts(w, counts);
	ok(counts[RR_WS_ANSWERED] == 2 && counts[RR_WS_BUSY] == 3 &&
	   counts[RR_WS_DENIED] == 0 && counts[RR_WS_CLOSED] == 17,
	   "counted: %llu answered, %llu busy, %llu denied, %llu closed",
	   counts[RR_WS_ANSWERED], counts[RR_WS_BUSY], counts[RR_WS_DENIED],
	   counts[RR_WS_CLOSED]);
	rr_witness_free(w);
}

/* Questions from SRC, one after another; how many were answered. */
static int questions(struct rr_witness *w, uint16_t port, unsigned int src,
		     int n, int *busy)
{
	struct rr_witness_query q;
	struct rr_peer_facts f;
	int answered = 0;

	while (n--) {
		switch (ask(w, port, src, &q, &f)) {
		case RR_WQ_ANSWERED:
			answered++;
			break;
		case RR_WQ_BUSY:
			*busy += !strcmp(q.why, "rate");
			break;
		default:
			break;
		}
	}
	return answered;
}

/* A flood of valid questions: 5 a second to one source, 20 in all. */
static void rate(void)
{
	struct rr_witness *w;
	struct timespec t0 = rr_now();
	int a, b, busy = 0, busy_b = 0, all = 0, i;
	uint16_t port;

	w = witness_on(&port, NULL);
	if (!w)
		return;
	facts_asked = 0;
	a = questions(w, port, 2, 12, &busy);
	b = questions(w, port, 3, 3, &busy_b);
	if (rr_ts_ms(&(struct timespec){ rr_now().tv_sec, rr_now().tv_nsec }, &t0) < 900) {
		ok(a == RR_WITNESS_SOURCE_RATE && busy == 12 - a,
		   "12 questions of one source within a second: %d answered, %d 'busy rate'", a, busy);
		ok(b == 3, "another source's 3 meanwhile: %d answered", b);
		/* Five more sources, 4 each: the total's 20 reached. */
		for (i = 4; i < 9; i++)
			all += questions(w, port, (unsigned int)i, 4, &busy);
		if (rr_ts_ms(&(struct timespec){ rr_now().tv_sec, rr_now().tv_nsec }, &t0) < 950)
			ok(a + b + all == RR_WITNESS_RATE && facts_asked == RR_WITNESS_RATE,
			   "in all, %d answered within a second (the rate, %d), facts read %u times",
			   a + b + all, RR_WITNESS_RATE, facts_asked);
	} else {
		/* A slow machine: over a second, each source's rate anew. */
		ok(a >= RR_WITNESS_SOURCE_RATE && b == 3,
		   "12 and 3 questions over more than a second: %d and %d answered", a, b);
	}
	rr_witness_free(w);
}

/* --witness-allow: a source outside told "denied", one inside answered. */
static void allow_list(void)
{
	struct rr_prefix_list allow = { 0 };
	struct rr_witness_query q;
	struct rr_peer_facts f;
	unsigned long long counts[RR_WS_COUNT];
	struct rr_witness *w;
	char why[128];
	uint16_t port;
	int fd;

	rr_prefix_list_add(&allow, "127.0.0.8/30,fd00::/8", why, sizeof(why));
	w = witness_on(&port, &allow);
	if (!w)
		return;
	fd = connect_from(2, port);
	serve(w, 2);
	ok(told(fd, "rdma-route-witness 1\ndenied\n"),
	   "127.0.0.2 outside 127.0.0.8/30: 'denied' at once, nothing read");
	close(fd);
	is_int(ask(w, port, 12, &q, &f), RR_WQ_DENIED, "the client reads it as denied");
	is_int(ask(w, port, 10, &q, &f), RR_WQ_ANSWERED, "127.0.0.10, inside: answered");
	rr_witness_counts(w, counts);
	ok(counts[RR_WS_DENIED] == 2 && counts[RR_WS_ANSWERED] == 1,
	   "counted: %llu denied, %llu answered", counts[RR_WS_DENIED],
	   counts[RR_WS_ANSWERED]);
	rr_witness_free(w);
}

/* A fake witness on a port of its own: it says TEXT, then closes or not. */
static enum rr_wq_state fake(const char *text, bool then_close,
			     struct rr_witness_query *q)
{
	struct sockaddr_storage addr;
	struct rr_peer_facts f;
	int lfd = socket(AF_INET, SOCK_STREAM, 0), cfd;
	socklen_t len = sizeof(struct sockaddr_in);
	struct sockaddr_storage dst = loopback(1, 0);
	struct pollfd p;
	int i;

	any_port(&addr);
	if (lfd < 0 || bind(lfd, (struct sockaddr *)&addr, len) || listen(lfd, 1))
		return RR_WQ_FAILED;
	rr_witness_query_start(q, &dst, port_of(&addr), NULL);
	cfd = accept(lfd, NULL, NULL);
	if (cfd >= 0 && text[0] && write(cfd, text, strlen(text)) < 0)
		cfd = -1;
	if (then_close && cfd >= 0)
		close(cfd);
	for (i = 0; i < 20 && !rr_witness_query_over(q); i++) {
		p = (struct pollfd){ .fd = q->fd, .events = rr_witness_query_events(q) };
		poll(&p, 1, 10);
		rr_witness_query_turn(q, &f);
	}
	rr_witness_query_close(q);
	if (!then_close && cfd >= 0)
		close(cfd);
	close(lfd);
	return q->state;
}

static void no_answers(void)
{
	const char *most = "rdma-route-witness 1\necho 0\ngid -\nmtu 1500 1024\n";
	struct rr_witness_query q;

	is_int(fake("", true, &q), RR_WQ_CLOSED,
	       "accepted and closed without a word: closed, not an answer");
	is_int(fake(most, true, &q), RR_WQ_CUT_SHORT,
	       "everything but its end line, then closed: cut short, not an answer");
	is_int(fake(most, false, &q), RR_WQ_WAITING,
	       "everything but its end line, the connection held: still waiting");
	ok(rr_witness_query_begun(&q) && q.len == strlen(most),
	   "what it read is a witness's answer begun (%zu bytes)", q.len);
	is_int(fake("SSH-2.0-OpenSSH_9.2\r\n", true, &q), RR_WQ_BAD,
	       "another service's words: not a witness");
	ok(!rr_witness_query_begun(&q), "and not a witness's answer begun");
	is_int(fake("rdma-route-witness 1\nbusy\n", true, &q), RR_WQ_BUSY,
	       "busy with no reason: busy");
	is_str(q.why, "", "no word");
	is_int(fake("rdma-route-witness 1\nbusy rate\n", false, &q), RR_WQ_BUSY,
	       "busy, the connection still open: busy at once");
	is_int(fake("rdma-route-witness 1\nbusy a\x1b" "b\n", true, &q), RR_WQ_CUT_SHORT,
	       "a busy line with a control character: not a refusal");
}

int main(void)
{
	struct rr_witness *w;
	struct sockaddr_storage addr;
	uint16_t port;

	w = witness_on(&port, NULL);
	ok(w != NULL, "the witness listens on 127.0.0.1 port %u", port);
	if (!w)
		return tap_done();
	asked_and_answered(w, port);
	refused();
	addr = loopback(1, port);
	rr_witness_free(w);
	errno = 0;
	w = rr_witness_start(&addr, stand_in, NULL);
	ok(w != NULL || errno == EADDRINUSE, "the port free again once freed");
	rr_witness_free(w);
	clients();
	rate();
	allow_list();
	no_answers();
	return tap_done();
}
