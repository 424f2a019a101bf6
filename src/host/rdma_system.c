// SPDX-License-Identifier: GPL-2.0-or-later
#include <linux/netlink.h>
#include <rdma/rdma_netlink.h>

#include "host/netlink_socket.h"
#include "host/rdma_libs.h"
#include "host/rdma_system.h"

#define REPLY_WAIT_MS 1000

/* The NETNS_MODE attribute of the SYS_GET answer, -1 when absent. */
static int netns_mode_msg(const struct nlmsghdr *nh, void *data)
{
	const uint8_t *mode;
	struct rr_nl_attrs t;

	rr_nl_attrs(nh, 0, &t);
	mode = rr_nl_exact(t.at[RDMA_NLDEV_SYS_ATTR_NETNS_MODE], 1);
	*(int *)data = mode ? *mode : -1;
	return MNL_CB_STOP;
}

enum rr_chain_netns rr_rdma_netns_mode(void)
{
	char req[RR_NL_REQ];
	struct rr_nlsock s;
	struct nlmsghdr *nh;
	int mode = -1, err = 0;

	if (rr_nlsock_open(&s, NETLINK_RDMA))
		return RR_CHAIN_NETNS_UNKNOWN;
	nh = rr_nl_request(req, RDMA_NL_GET_TYPE(RDMA_NL_NLDEV,
						 RDMA_NLDEV_CMD_SYS_GET),
			   0, 0, NULL);
	/* Bounded in time: a kernel that says nothing cannot hang us. */
	if (rr_nlsock_ask(&s, nh, REPLY_WAIT_MS, netns_mode_msg, &mode, &err) ||
	    err)
		mode = -1;
	rr_nlsock_close(&s);
	if (mode < 0)
		return RR_CHAIN_NETNS_UNKNOWN;
	/* The kernel's ib_devices_shared_netns: 1 shared, 0 exclusive. */
	return mode ? RR_CHAIN_NETNS_SHARED : RR_CHAIN_NETNS_EXCLUSIVE;
}
