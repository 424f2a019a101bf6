// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of src/base/port_space.c: names and numbers, both ways. */
#include <string.h>

#include "base/port_space.h"
#include "../tap.h"

int main(void)
{
	static const unsigned int numbers[RR_PS_COUNT] = { 0x0106, 0x0111, 0x013f };
	enum rr_ps ps;
	int i;

	for (i = 0; i < RR_PS_COUNT; i++) {
		ok(rr_ps_from_key(rr_ps_key(i), &ps) && ps == (enum rr_ps)i,
		   "%s names itself", rr_ps_key(i));
		is_int(rr_ps_number(i), numbers[i], rr_ps_key(i));
	}
	is_str(rr_ps_key(RR_PS_TCP), "tcp", "the default's name");
	ok(!rr_ps_from_key("TCP", &ps) && !rr_ps_from_key("", &ps) &&
	   !rr_ps_from_key("ipoib", &ps), "no other name");
	return tap_done();
}
