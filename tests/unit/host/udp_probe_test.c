// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The UDP datagram of a RoCE v2 connect that got no answer
 * (src/host/udp_probe.c), against this host's own loopback: a port nobody
 * serves brings back ICMP port unreachable; a port a socket holds and
 * never answers brings back nothing.  The same kernel paths as a peer's.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include "host/udp_probe.h"
#include "../tap.h"

static struct sockaddr_storage addr_of(const char *text)
{
	struct sockaddr_storage ss = { 0 };
	struct sockaddr_in *s4 = (void *)&ss;
	struct sockaddr_in6 *s6 = (void *)&ss;

	if (inet_pton(AF_INET, text, &s4->sin_addr) == 1)
		s4->sin_family = AF_INET;
	else if (inet_pton(AF_INET6, text, &s6->sin6_addr) == 1)
		s6->sin6_family = AF_INET6;
	return ss;
}

/*
 * The answer once the socket has an error queued (POLLERR, always
 * reported), or after 300 ms: on loopback an ICMP error is queued before
 * send() returns, and ICMP is never rate-limited there.
 */
static enum rr_udp_answer answer_after(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = 0 };

	poll(&pfd, 1, 300);
	return rr_udp_probe_answer(fd, NULL);
}

/* A socket holding 4791 on ADDR's family and loopback, or -1. */
static int hold_port(const struct sockaddr_storage *addr)
{
	struct sockaddr_storage ss = *addr;
	socklen_t len = ss.ss_family == AF_INET6 ? sizeof(struct sockaddr_in6) :
						   sizeof(struct sockaddr_in);
	int fd = socket(ss.ss_family, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (ss.ss_family == AF_INET6)
		((struct sockaddr_in6 *)&ss)->sin6_port = htons(RR_ROCE_V2_PORT);
	else
		((struct sockaddr_in *)&ss)->sin_port = htons(RR_ROCE_V2_PORT);
	if (fd >= 0 && bind(fd, (struct sockaddr *)&ss, len)) {
		close(fd);
		return -1;
	}
	return fd;
}

static void family(const char *text)
{
	struct sockaddr_storage dst = addr_of(text), from;
	char what[96];
	int fd, held;

	held = hold_port(&dst);
	if (held < 0) {
		/* Someone else serves 4791 here (a RoCE stack): no ICMP. */
		printf("# %s port 4791 is taken here (errno %d): skipping\n",
		       text, errno);
		return;
	}
	fd = rr_udp_probe_send(&dst, NULL);
	ok(fd >= 0, "%s: sent to port 4791 held by a silent socket", text);
	snprintf(what, sizeof(what), "%s, held and silent", text);
	is_str(rr_udp_answer_key(answer_after(fd)), "no_answer", what);
	close(fd);
	close(held);

	fd = rr_udp_probe_send(&dst, &dst);
	ok(fd >= 0, "%s: sent from the given source", text);
	snprintf(what, sizeof(what), "%s, nothing on 4791", text);
	is_str(rr_udp_answer_key(answer_after(fd)), "port_unreachable", what);
	close(fd);
	fd = rr_udp_probe_send(&dst, NULL);
	answer_after(fd);
	memset(&from, 0, sizeof(from));
	/* Read once: the queue is empty after, and says nothing more. */
	is_str(rr_udp_answer_key(rr_udp_probe_answer(fd, &from)), "no_answer",
	       "the error queue read already");
	close(fd);
}

static void offender(void)
{
	struct sockaddr_storage dst = addr_of("127.0.0.1"), from = { 0 };
	int fd = rr_udp_probe_send(&dst, NULL);
	struct pollfd pfd = { .fd = fd, .events = 0 };

	poll(&pfd, 1, 1000);
	is_int(rr_udp_probe_answer(fd, &from), RR_UDP_PORT_UNREACHABLE,
	       "127.0.0.1: port unreachable");
	is_int(from.ss_family, AF_INET, "the ICMP's sender is IPv4");
	ok(((struct sockaddr_in *)&from)->sin_addr.s_addr == htonl(INADDR_LOOPBACK),
	   "the ICMP's sender is 127.0.0.1");
	close(fd);
}

int main(void)
{
	struct sockaddr_storage bad = { .ss_family = AF_UNIX };

	errno = 0;
	is_int(rr_udp_probe_send(&bad, NULL), -1, "no datagram to an AF_UNIX address");
	is_int(errno, EAFNOSUPPORT, "errno EAFNOSUPPORT");
	family("127.0.0.1");
	family("::1");
	offender();
	is_int(rr_udp_answer_from_key("port_unreachable"), RR_UDP_PORT_UNREACHABLE, "key read back");
	is_int(rr_udp_answer_from_key("bogus"), RR_UDP_NOT_SENT, "an unknown key");
	ok(rr_udp_answer_key(RR_UDP_NOT_SENT) == NULL, "none sent has no key");
	return tap_done();
}
