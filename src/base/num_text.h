/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Numbers as text, each in the printf format that says it, named once:
 * the field table, the renderers and the checks print times, rates and
 * lifetimes through these.  Pure functions.
 */
#ifndef RR_NUM_TEXT_H
#define RR_NUM_TEXT_H

#include <stddef.h>

/* V as "%lld" prints it, at the end of BUF: where it starts (no NUL). */
#define RR_INT_TEXT 24
char *rr_int_text(long long v, char buf[RR_INT_TEXT]);

/* V in decimal, terminated, into NUM (RR_INT_TEXT bytes); its length. */
size_t rr_int_str(long long v, char *num);

/*
 * V as "%.*f" prints it with PLACES (0 to 6) places, into NUM (40
 * bytes), and in SAID, unless NULL, the value NUM says as strtod() reads
 * it back; NUM's length.  A negative value that rounds to zero loses its
 * sign: a time of "-0.000" says nothing "0.000" does not.
 */
size_t rr_fixed_text(double v, unsigned int places, char *num, double *said);

/* V as "%.15g" prints it, into NUM (40 bytes); NUM's length. */
size_t rr_num_text(double v, char *num);

/* V as "%g" prints it, into NUM (40 bytes); NUM's length. */
size_t rr_g_text(double v, char *num);

#endif
