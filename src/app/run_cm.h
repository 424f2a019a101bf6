/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The RDMA CM mode's own state (resolve, --connect). */
#ifndef RR_APP_RUN_CM_H
#define RR_APP_RUN_CM_H

#include <sys/socket.h>

struct run_cm {
	struct sockaddr_storage src;	/* --src or -I, parsed */
};

#endif
