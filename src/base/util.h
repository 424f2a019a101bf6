/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The few helpers every layer may use. */
#ifndef RR_UTIL_H
#define RR_UTIL_H

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
