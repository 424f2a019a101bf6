// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/num_text.h"

char *rr_int_text(long long v, char buf[RR_INT_TEXT])
{
	char tmp[RR_INT_TEXT];
	int n = snprintf(tmp, sizeof(tmp), "%lld", v);

	memcpy(buf + RR_INT_TEXT - n, tmp, (size_t)n);
	return buf + RR_INT_TEXT - n;
}

size_t rr_int_str(long long v, char *num)
{
	return (size_t)snprintf(num, RR_INT_TEXT, "%lld", v);
}

size_t rr_fixed_text(double v, unsigned int places, char *num, double *said)
{
	size_t n;

	if (places > 6)
		places = 6;
	n = (size_t)snprintf(num, 40, "%.*f", (int)places, v);
	/* A time of -0.000 is 0.000: no sign on a value that rounds to 0. */
	if (num[0] == '-' && strspn(num + 1, "0.") == n - 1) {
		memmove(num, num + 1, n);
		n--;
	}
	if (said)
		*said = strtod(num, NULL);
	return n;
}

size_t rr_num_text(double v, char *num)
{
	return (size_t)snprintf(num, 40, "%.15g", v);
}

size_t rr_g_text(double v, char *num)
{
	return (size_t)snprintf(num, 40, "%g", v);
}
