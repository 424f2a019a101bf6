// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netinet/in.h>

#include "base/sockaddr.h"
#include "host/witness_client.h"

/* What a failed connect means for the question. */
static void connect_failed(struct rr_witness_query *q, int err)
{
	q->err = err;
	if (err == ECONNREFUSED)
		q->state = RR_WQ_REFUSED;
	else if (err == EHOSTUNREACH || err == ENETUNREACH)
		q->state = RR_WQ_UNREACHABLE;
	else
		q->state = RR_WQ_FAILED;
	close(q->fd);
	q->fd = -1;
}

void rr_witness_query_start(struct rr_witness_query *q,
			    const struct sockaddr_storage *dst, uint16_t port,
			    const struct sockaddr_storage *src)
{
	struct sockaddr_storage to = *dst, from;

	memset(q, 0, sizeof(*q));
	q->state = RR_WQ_CONNECTING;
	q->fd = socket(dst->ss_family, SOCK_STREAM | SOCK_CLOEXEC |
		       SOCK_NONBLOCK, 0);
	if (q->fd < 0) {
		q->err = errno;
		q->state = RR_WQ_FAILED;
		return;
	}
	if (src && src->ss_family == dst->ss_family) {
		from = *src;
		rr_sockaddr_set_port(&from, 0);
		if (bind(q->fd, (struct sockaddr *)&from, rr_sockaddr_len(&from))) {
			connect_failed(q, errno);
			q->state = RR_WQ_FAILED;
			return;
		}
	}
	rr_sockaddr_set_port(&to, port);
	if (connect(q->fd, (struct sockaddr *)&to, rr_sockaddr_len(&to)) &&
	    errno != EINPROGRESS)
		connect_failed(q, errno);
}

short rr_witness_query_events(const struct rr_witness_query *q)
{
	if (q->fd < 0)
		return 0;
	return q->state == RR_WQ_CONNECTING ? POLLOUT : POLLIN;
}

bool rr_witness_query_over(const struct rr_witness_query *q)
{
	return q->state != RR_WQ_CONNECTING && q->state != RR_WQ_WAITING;
}

/* Connected, or refused: the request goes. */
static void connected(struct rr_witness_query *q)
{
	struct pollfd pfd = { .fd = q->fd, .events = POLLOUT };
	socklen_t len = sizeof(q->err);
	int err = 0;

	/* Turned at every news of its caller's: the connect may not be over. */
	if (poll(&pfd, 1, 0) <= 0)
		return;
	if (getsockopt(q->fd, SOL_SOCKET, SO_ERROR, &err, &len))
		err = errno;
	if (err == EINPROGRESS || err == EALREADY)
		return;
	if (err) {
		connect_failed(q, err);
		return;
	}
	/*
	 * A witness that refuses at once may have said why and closed before
	 * the request went: what it said is read all the same.
	 */
	if (send(q->fd, RR_WITNESS_REQUEST, strlen(RR_WITNESS_REQUEST),
		 MSG_NOSIGNAL) < 0 && errno != EPIPE && errno != ECONNRESET) {
		connect_failed(q, errno);
		return;
	}
	q->state = RR_WQ_WAITING;
}

bool rr_witness_query_begun(const struct rr_witness_query *q)
{
	char text[sizeof(q->buf) + 8], why[96];
	struct rr_peer_facts *f;
	const char *last;
	size_t n;
	bool ok;

	last = q->len ? memrchr(q->buf, '\n', q->len) : NULL;
	if (!last)
		return false;
	/* Its whole lines, ended here: a well-formed answer so far. */
	n = (size_t)(last - q->buf) + 1;
	memcpy(text, q->buf, n);
	memcpy(text + n, "end\n", 4);
	f = malloc(sizeof(*f));
	ok = f && rr_peer_facts_parse(text, n + 4, f, why, sizeof(why));
	free(f);
	return ok;
}

/* What came, all of it (EOF, a reset, its "end"): which answer it is. */
static void judge(struct rr_witness_query *q, struct rr_peer_facts *facts)
{
	if (!q->len)
		q->state = RR_WQ_CLOSED;
	else if (rr_peer_facts_parse(q->buf, q->len, facts, q->why, sizeof(q->why)))
		q->state = RR_WQ_ANSWERED;
	else if (rr_witness_query_begun(q))
		q->state = RR_WQ_CUT_SHORT;
	else
		q->state = RR_WQ_BAD;
	if (q->state == RR_WQ_ANSWERED)
		facts->from_witness = true;
	close(q->fd);
	q->fd = -1;
}

/*
 * The answer so far read; judged once it ends (EOF, a reset after it
 * spoke, its "end"), or at once when it is a refusal.
 */
static void read_answer(struct rr_witness_query *q,
			struct rr_peer_facts *facts)
{
	enum rr_peer_refusal refusal;
	ssize_t n;
	bool eof = false;

	while (q->len < sizeof(q->buf)) {
		n = recv(q->fd, q->buf + q->len, sizeof(q->buf) - q->len, 0);
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			break;
		/* A reset after its words (it closed unread): they stand. */
		if (n < 0 && errno != ECONNRESET) {
			connect_failed(q, errno);
			return;
		}
		if (n <= 0) {
			eof = true;
			break;
		}
		q->len += (size_t)n;
	}
	refusal = rr_peer_refusal_parse(q->buf, q->len, q->why, sizeof(q->why));
	if (refusal != RR_PEER_NOT_REFUSED) {
		q->state = refusal == RR_PEER_BUSY ? RR_WQ_BUSY : RR_WQ_DENIED;
		close(q->fd);
		q->fd = -1;
		return;
	}
	/* Not over yet: no "end" line, the connection still open. */
	if (!eof && q->len < sizeof(q->buf) &&
	    !(q->len >= 5 && !memcmp(q->buf + q->len - 5, "\nend\n", 5)))
		return;
	judge(q, facts);
}

void rr_witness_query_turn(struct rr_witness_query *q,
			   struct rr_peer_facts *facts)
{
	if (q->state == RR_WQ_CONNECTING && q->fd >= 0)
		connected(q);
	else if (q->state == RR_WQ_WAITING)
		read_answer(q, facts);
}

void rr_witness_query_close(struct rr_witness_query *q)
{
	if (q->fd >= 0)
		close(q->fd);
	q->fd = -1;
}
