/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One plain UDP datagram to a RoCE v2 peer's port 4791, and what came
 * back of it: the ICMP error the kernel queues on the socket (IP_RECVERR),
 * or nothing.  A port unreachable says nothing serves RoCE v2 there; no
 * answer at all, from a peer that answers ARP, says the port is filtered.
 */
#ifndef RR_UDP_PROBE_H
#define RR_UDP_PROBE_H

#include <stdbool.h>
#include <sys/socket.h>

#include "model/probe/cause.h"	/* enum rr_udp_answer */

#define RR_ROCE_V2_PORT 4791

/*
 * Sends the datagram from SRC (NULL: the kernel's choice) to DST's port
 * 4791.  Returns the socket to read the answer from later, -1 with errno.
 */
int rr_udp_probe_send(const struct sockaddr_storage *dst,
		      const struct sockaddr_storage *src);

/*
 * The first error queued on FD (IP_RECVERR or IPV6_RECVERR set), read
 * without waiting, into *ERR (its origin 0 for one with no ICMP), FROM
 * (may be NULL) its sender; false when none is queued.
 */
struct sock_extended_err;
bool rr_sock_icmp_error(int fd, struct sock_extended_err *err,
			struct sockaddr_storage *from);
/*
 * What came back on FD by now, without waiting; FROM (may be NULL) gets
 * the ICMP error's sender.  Closes nothing.
 */
enum rr_udp_answer rr_udp_probe_answer(int fd, struct sockaddr_storage *from);

#endif
