/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decoding tables for PathRecord fields (IBA 15.2.5.16) and the route facts
 * around them.  Pure functions: unit-tested in tests/unit/.
 */
#ifndef RR_DECODE_H
#define RR_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/probe/result.h"

/* Returns the MTU enum MTU in bytes; 0 when it is not a defined MTU. */
unsigned int rr_mtu_bytes(uint8_t mtu);
/*
 * Returns the rate enum RATE in Gb/s; 0 for 0 (the port's current rate)
 * or an undefined value.
 */
double rr_rate_gbps(uint8_t rate);
/*
 * Returns a port's active rate in Gb/s, as sysfs "rate" says it, from its
 * SPEED and WIDTH (enum ib_port_speed and ib_port_width bits, as
 * ibv_query_port gives them); 0 when either is unknown.
 */
double rr_port_rate_gbps(unsigned int speed, unsigned int width);
/*
 * Returns PortInfo's LinkSpeedActive and LinkSpeedExtActive as the single
 * speed code ibverbs gives: the extended one when it is set, else ACTIVE.
 */
unsigned int rr_port_info_speed(unsigned int active, unsigned int ext_active);
/*
 * Return the name of a speed ("QDR") and of a width ("4x"), with the same
 * codes as rr_port_rate_gbps() takes; "unknown" for another value.
 */
const char *rr_link_speed_name(unsigned int speed);
const char *rr_link_width_name(unsigned int width);
/* Returns the packet lifetime enum PLT in microseconds: 4.096 us * 2^PLT. */
double rr_packet_life_us(uint8_t plt);
const char *rr_selector_name(uint8_t selector);
/* Returns "full" or "limited", from the top bit of PKEY. */
const char *rr_pkey_membership(uint16_t pkey);
const char *rr_link_layer_name(enum rr_link_layer ll);
const char *rr_gid_type_name(enum rr_gid_type type);
const char *rr_tos_from_key(enum rr_tos_from from);
bool rr_gid_is_v4mapped(const uint8_t gid[16]);
/*
 * Writes GID as IPv6 text into BUF (LEN bytes; 46 are enough).  Returns
 * BUF.
 */
const char *rr_gid_str(const uint8_t gid[16], char *buf, size_t len);
/*
 * Writes US microseconds into BUF (LEN bytes) as a duration for people:
 * "1.07 s", "536.9 ms", "65.5 us".  Returns BUF.
 */
const char *rr_duration_str(double us, char *buf, size_t len);

#endif
