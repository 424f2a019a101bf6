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

/* MTU enum to bytes; 0 when the value is not a defined MTU. */
unsigned int rr_mtu_bytes(uint8_t mtu);
/* Rate enum to Gb/s; 0 for 0 (the port's current rate) or undefined. */
double rr_rate_gbps(uint8_t rate);
/*
 * A port's active rate in Gb/s from its speed and width (enum
 * ib_port_speed and ib_port_width bits, as ibv_query_port gives them), as
 * sysfs "rate" says it; 0 when either is unknown.
 */
double rr_port_rate_gbps(unsigned int speed, unsigned int width);
/*
 * PortInfo's LinkSpeedActive and LinkSpeedExtActive as the one speed code
 * ibverbs gives (the extended one, when set, over the other).
 */
unsigned int rr_port_info_speed(unsigned int active, unsigned int ext_active);
/* "QDR", "4x": a speed's and a width's names (the same codes); "unknown". */
const char *rr_link_speed_name(unsigned int speed);
const char *rr_link_width_name(unsigned int width);
/* Packet lifetime enum to microseconds: 4.096 us * 2^value. */
double rr_packet_life_us(uint8_t plt);
const char *rr_selector_name(uint8_t selector);
/* "full" or "limited", from the P_Key's top bit. */
const char *rr_pkey_membership(uint16_t pkey);
const char *rr_link_layer_name(enum rr_link_layer ll);
const char *rr_gid_type_name(enum rr_gid_type type);
const char *rr_tos_from_key(enum rr_tos_from from);
bool rr_gid_is_v4mapped(const uint8_t gid[16]);
/* The GID as IPv6 text; buf needs 46 bytes. */
const char *rr_gid_str(const uint8_t gid[16], char *buf, size_t len);
/* "1.07 s", "536.9 ms", "65.5 us": a duration for people. */
const char *rr_duration_str(double us, char *buf, size_t len);

#endif
