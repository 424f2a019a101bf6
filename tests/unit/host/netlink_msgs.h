/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Netlink messages built in the tests as the kernel sends them: one after
 * another in BUF, each aligned, with their attributes.  For the unit
 * tests of the host's netlink parsers.
 */
#ifndef RR_TEST_NETLINK_MSGS_H
#define RR_TEST_NETLINK_MSGS_H

#include <string.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

/* Netlink messages, one after another, aligned as the kernel's are. */
static union {
	struct nlmsghdr nh;
	char bytes[4096];
} buf;
static size_t used;
static struct nlmsghdr *cur;

static inline void *put(const void *data, size_t len)
{
	char *at = buf.bytes + used;

	memcpy(at, data, len);
	used += NLMSG_ALIGN(len);
	cur->nlmsg_len = (unsigned int)(buf.bytes + used - (char *)cur);
	return at;
}

static inline void begin(unsigned short type, unsigned int seq)
{
	struct nlmsghdr nh = { .nlmsg_type = type, .nlmsg_seq = seq };

	cur = (struct nlmsghdr *)(buf.bytes + used);
	memcpy(cur, &nh, sizeof(nh));
	used += NLMSG_HDRLEN;
	cur->nlmsg_len = NLMSG_HDRLEN;
}

static inline void attr(unsigned short type, const void *data, size_t len)
{
	struct rtattr rta = { .rta_type = type,
			      .rta_len = (unsigned short)RTA_LENGTH(len) };
	char tmp[RTA_SPACE(64)] = { 0 };

	memcpy(tmp, &rta, sizeof(rta));
	memcpy(tmp + RTA_LENGTH(0), data, len);
	put(tmp, RTA_LENGTH(len));
}

static inline void error(unsigned int seq, int err)
{
	struct nlmsgerr e = { .error = err };

	begin(NLMSG_ERROR, seq);
	put(&e, sizeof(e));
}

static inline void reset(void)
{
	memset(&buf, 0, sizeof(buf));
	used = 0;
}

#endif
