// SPDX-License-Identifier: GPL-2.0-or-later
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#include <rdma/rdma_netlink.h>

#include "host/rdma_system.h"

#define REPLY_WAIT_MS 1000

/* The NETNS_MODE attribute of a SYS_GET answer, -1 when absent. */
static int netns_attr(const struct nlmsghdr *nh)
{
	const char *at = (const char *)nh + NLMSG_HDRLEN;
	size_t left = nh->nlmsg_len - NLMSG_HDRLEN;

	while (left >= NLA_HDRLEN) {
		const struct nlattr *a = (const void *)at;
		size_t len = a->nla_len, step = NLA_ALIGN(len);

		if (len < NLA_HDRLEN || len > left)
			return -1;
		if ((a->nla_type & NLA_TYPE_MASK) ==
			    RDMA_NLDEV_SYS_ATTR_NETNS_MODE && len > NLA_HDRLEN)
			return *(const uint8_t *)(at + NLA_HDRLEN);
		if (step >= left)
			break;
		at += step;
		left -= step;
	}
	return -1;
}

static int ask(int fd)
{
	struct nlmsghdr req = {
		.nlmsg_len = NLMSG_HDRLEN,
		.nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV,
					       RDMA_NLDEV_CMD_SYS_GET),
		.nlmsg_flags = NLM_F_REQUEST,
		.nlmsg_seq = 1,
	};
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };

	return sendto(fd, &req, req.nlmsg_len, 0, (struct sockaddr *)&kernel,
		      sizeof(kernel)) == (ssize_t)req.nlmsg_len ? 0 : -1;
}

/* The answer, bounded in time: a kernel that says nothing cannot hang us. */
static int answer(int fd)
{
	union {
		struct nlmsghdr nh;
		char buf[4096];
	} u;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	ssize_t n;

	if (poll(&pfd, 1, REPLY_WAIT_MS) <= 0)
		return -1;
	n = recv(fd, u.buf, sizeof(u.buf), 0);
	if (n < (ssize_t)NLMSG_HDRLEN || !NLMSG_OK(&u.nh, (size_t)n) ||
	    u.nh.nlmsg_type == NLMSG_ERROR)
		return -1;
	return netns_attr(&u.nh);
}

enum rr_chain_netns rr_rdma_netns_mode(void)
{
	int fd, mode = -1;

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_RDMA);
	if (fd < 0)
		return RR_CHAIN_NETNS_UNKNOWN;
	if (!ask(fd))
		mode = answer(fd);
	close(fd);
	if (mode < 0)
		return RR_CHAIN_NETNS_UNKNOWN;
	/* The kernel's ib_devices_shared_netns: 1 shared, 0 exclusive. */
	return mode ? RR_CHAIN_NETNS_SHARED : RR_CHAIN_NETNS_EXCLUSIVE;
}
