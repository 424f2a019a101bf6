// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "base/port_space.h"

static const struct {
	const char *key;
	unsigned int number;
} spaces[RR_PS_COUNT] = {
	[RR_PS_TCP] = { "tcp", 0x0106 },
	[RR_PS_UDP] = { "udp", 0x0111 },
	[RR_PS_IB] = { "ib", 0x013f },
};

const char *rr_ps_key(enum rr_ps ps)
{
	return (unsigned int)ps < RR_PS_COUNT ? spaces[ps].key : "tcp";
}

bool rr_ps_from_key(const char *key, enum rr_ps *ps)
{
	int i;

	for (i = 0; i < RR_PS_COUNT; i++) {
		if (!strcmp(key, spaces[i].key)) {
			*ps = i;
			return true;
		}
	}
	return false;
}

unsigned int rr_ps_number(enum rr_ps ps)
{
	return spaces[(unsigned int)ps < RR_PS_COUNT ? ps : RR_PS_TCP].number;
}
