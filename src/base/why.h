/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The reason a check refuses, written for the caller to say. */
#ifndef RR_BASE_WHY_H
#define RR_BASE_WHY_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Writes the reason (printf's FMT) into WHY (LEN bytes, always ended);
 * returns false, for a check's return: "return rr_why(why, len, ...)".
 */
bool rr_why(char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
