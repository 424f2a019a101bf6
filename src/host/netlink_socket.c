// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/netlink.h>

#include "base/clock.h"
#include "host/netlink_socket.h"
#include "host/rdma_libs.h"

#ifndef NETLINK_GET_STRICT_CHK
#define NETLINK_GET_STRICT_CHK 12
#endif

int rr_nlsock_open(struct rr_nlsock *s, int bus)
{
	int on = 1, err;

	memset(s, 0, sizeof(*s));
	if (!rr_dl_load(RR_DL_MNL))
		return -ELIBACC;
	s->buf = malloc(RR_NL_BUF);
	if (!s->buf)
		return -ENOMEM;
	s->sk = rr_dl.mnl_socket_open2(bus, SOCK_CLOEXEC);
	if (!s->sk || rr_dl.mnl_socket_bind(s->sk, 0, MNL_SOCKET_AUTOPID) < 0)
		goto fail;
	/*
	 * The kernel then filters a dump by the header's fields (the
	 * addresses of one interface); an older one ignores it and the
	 * parsers filter as well.
	 */
	rr_dl.mnl_socket_setsockopt(s->sk, NETLINK_GET_STRICT_CHK, &on,
				    sizeof(on));
	return 0;
fail:
	err = -errno;
	rr_nlsock_close(s);
	return err ? err : -EIO;
}

void rr_nlsock_close(struct rr_nlsock *s)
{
	if (s->sk)
		rr_dl.mnl_socket_close(s->sk);
	free(s->buf);
	memset(s, 0, sizeof(*s));
}

struct nlmsghdr *rr_nl_request(void *req, uint16_t type, uint16_t flags,
			       size_t hdr_len, void **hdr)
{
	struct nlmsghdr *nlh;
	void *extra;

	memset(req, 0, RR_NL_REQ);
	nlh = rr_dl.mnl_nlmsg_put_header(req);
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = NLM_F_REQUEST | flags;
	extra = hdr_len ? rr_dl.mnl_nlmsg_put_extra_header(nlh, hdr_len) : NULL;
	if (hdr)
		*hdr = extra;
	return nlh;
}

enum rr_nl_end rr_nl_answer(const void *buf, size_t len, unsigned int seq,
			    mnl_cb_t cb, void *data, int *err)
{
	const struct nlmsghdr *nh = buf;
	const struct nlmsgerr *e;
	int left = len > (size_t)0x7fffffff ? 0x7fffffff : (int)len;

	for (; rr_dl.mnl_nlmsg_ok(nh, left);
	     nh = rr_dl.mnl_nlmsg_next(nh, &left)) {
		if (nh->nlmsg_seq != seq)
			continue;
		switch (nh->nlmsg_type) {
		case NLMSG_NOOP:
			continue;
		case NLMSG_DONE:
			return RR_NL_DONE;
		case NLMSG_ERROR:
			if (nh->nlmsg_len < NLMSG_LENGTH(sizeof(*e)))
				return RR_NL_BAD;
			e = rr_dl.mnl_nlmsg_get_payload(nh);
			if (!e->error)
				continue;	/* an ACK */
			*err = e->error < 0 ? -e->error : e->error;
			return RR_NL_ERROR;
		}
		if (cb(nh, data) <= MNL_CB_STOP)
			return RR_NL_DONE;
	}
	return RR_NL_MORE;
}

/*
 * One read of the answer, waited for WAIT_MS at most from the first time
 * nothing was there.  The kernel answers most requests within the send:
 * a read comes first, the clock and a poll only when nothing is there yet
 * (a dump's next part), so that most questions cost two system calls.
 */
static ssize_t read_answer(struct rr_nlsock *s, int wait_ms,
			   struct timespec *deadline, bool *have_deadline)
{
	struct pollfd pfd = {
		.fd = rr_dl.mnl_socket_get_fd(s->sk),
		.events = POLLIN,
	};
	struct timespec now;
	ssize_t got;
	long wait;
	int rc;

	for (;;) {
		got = recv(pfd.fd, s->buf, RR_NL_BUF, MSG_DONTWAIT);
		if (got >= 0)
			return got;
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN)
			return -errno;
		now = rr_now();
		if (!*have_deadline) {
			*deadline = rr_ts_add_ms(now, wait_ms);
			*have_deadline = true;
		}
		wait = rr_ms_until(&now, deadline);
		if (wait <= 0)
			return -ETIMEDOUT;
		rc = poll(&pfd, 1, (int)wait);
		if (rc < 0 && errno != EINTR)
			return -errno;
	}
}

int rr_nlsock_ask(struct rr_nlsock *s, struct nlmsghdr *req, int wait_ms,
		  mnl_cb_t cb, void *data, int *err)
{
	struct timespec deadline = { 0 };
	bool have_deadline = false;
	ssize_t got;

	*err = 0;
	req->nlmsg_seq = ++s->seq;
	if (rr_dl.mnl_socket_sendto(s->sk, req, req->nlmsg_len) < 0)
		return -errno;
	for (;;) {
		got = read_answer(s, wait_ms, &deadline, &have_deadline);
		if (got < 0)
			return (int)got;
		switch (rr_nl_answer(s->buf, (size_t)got, req->nlmsg_seq, cb,
				     data, err)) {
		case RR_NL_MORE:
			continue;
		case RR_NL_DONE:
		case RR_NL_ERROR:
			return 0;
		case RR_NL_BAD:
			return -EBADMSG;
		}
	}
}

static int keep_attr(const struct nlattr *a, void *data)
{
	struct rr_nl_attrs *t = data;
	uint16_t type = rr_dl.mnl_attr_get_type(a);

	if (type < RR_NL_ATTRS)
		t->at[type] = a;
	return MNL_CB_OK;
}

void rr_nl_attrs(const struct nlmsghdr *nlh, size_t offset,
		 struct rr_nl_attrs *t)
{
	memset(t, 0, sizeof(*t));
	/* A message shorter than its fixed header holds no attribute. */
	if (nlh->nlmsg_len < NLMSG_LENGTH(offset))
		return;
	rr_dl.mnl_attr_parse(nlh, (unsigned int)offset, keep_attr, t);
}

void rr_nl_nested(const struct nlattr *nest, struct rr_nl_attrs *t)
{
	memset(t, 0, sizeof(*t));
	if (nest)
		rr_dl.mnl_attr_parse_nested(nest, keep_attr, t);
}

void rr_nl_payload_attrs(const void *payload, size_t len,
			 struct rr_nl_attrs *t)
{
	memset(t, 0, sizeof(*t));
	rr_dl.mnl_attr_parse_payload(payload, len, keep_attr, t);
}

const void *rr_nl_exact(const struct nlattr *a, size_t len)
{
	if (!a || rr_dl.mnl_attr_get_payload_len(a) != len)
		return NULL;
	return rr_dl.mnl_attr_get_payload(a);
}

bool rr_nl_u32(const struct nlattr *a, uint32_t *v)
{
	if (!a || rr_dl.mnl_attr_get_payload_len(a) < sizeof(*v))
		return false;
	memcpy(v, rr_dl.mnl_attr_get_payload(a), sizeof(*v));
	return true;
}

void rr_nl_str(const struct nlattr *a, char *name, size_t len)
{
	size_t n = a ? rr_dl.mnl_attr_get_payload_len(a) : 0;

	if (n >= len)
		n = len - 1;
	if (n)
		memcpy(name, rr_dl.mnl_attr_get_payload(a), n);
	name[n] = '\0';
}
