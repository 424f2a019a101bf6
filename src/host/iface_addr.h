/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * -I IFACE: the address an interface is known by, as ping binds to it:
 * its first IPv4 address, or with -6 (or none IPv4) its first IPv6 one,
 * a global one before a link-local one (which keeps its scope).
 */
#ifndef RR_IFACE_ADDR_H
#define RR_IFACE_ADDR_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

/*
 * NAME's address of FAMILY (AF_INET, AF_INET6, or 0 for IPv4 first) into
 * OUT; false with the reason in WHY.
 */
bool rr_iface_addr(const char *name, int family, struct sockaddr_storage *out,
		   char *why, size_t why_len);

#endif
