/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Numbers as text, each in the printf format that says it, named once:
 * the field table, the renderers and the checks print times, rates and
 * lifetimes through these.  Pure functions.
 */
#ifndef RR_NUM_TEXT_H
#define RR_NUM_TEXT_H

#include <stddef.h>

/*
 * Writes V as "%lld" prints it at the end of BUF, with no NUL after it.
 * Returns a pointer to where the text starts in BUF.
 */
#define RR_INT_TEXT 24
char *rr_int_text(long long v, char buf[RR_INT_TEXT]);

/*
 * Writes V in decimal, NUL-terminated, into NUM (RR_INT_TEXT bytes).
 * Returns the length of the text.
 */
size_t rr_int_str(long long v, char *num);

/*
 * Writes V as "%.*f" prints it with PLACES (0 to 6) decimal places into
 * NUM (40 bytes).  Unless SAID is NULL, stores in *SAID the value that
 * strtod() reads back from NUM.  Returns NUM's length.  A negative value
 * that rounds to zero loses its sign: a time of "-0.000" says nothing
 * "0.000" does not.
 */
size_t rr_fixed_text(double v, unsigned int places, char *num, double *said);

/* Writes V as "%.15g" prints it into NUM (40 bytes); returns its length. */
size_t rr_num_text(double v, char *num);

/* Writes V as "%g" prints it into NUM (40 bytes); returns its length. */
size_t rr_g_text(double v, char *num);

#endif
