// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rr_sa_parse_dest() (--sa DEST) on the input up to its first NUL, against
 * the rules sa_decode.h states.  Checks:
 * - text with a ':' is a GID exactly when inet_pton(AF_INET6) takes it,
 *   and the same 16 bytes;
 * - 0x with 1 to 4 hex digits is a LID, with 5 to 16 a port GUID, by the
 *   number of digits, not the value; a LID is unicast (1-0xbfff), a GUID
 *   is not 0;
 * - decimal digits are a LID in 1-49151, however many leading zeros and
 *   however long the text;
 * - anything else that starts with a letter is a node's name;
 * - nothing else is taken, and a refusal says why within any WHY size.
 */
#include <arpa/inet.h>
#include <ctype.h>

#include "mad/sa_decode.h"
#include "fuzz.h"

#define LID_MAX 0xbfff

/* The parse the rules give; false when they refuse TEXT. */
static bool ref_parse(const char *text, struct rr_sa_dest *d)
{
	size_t n, i;
	uint64_t v = 0;

	memset(d, 0, sizeof(*d));
	if (strchr(text, ':')) {
		d->kind = RR_SA_GID;
		return inet_pton(AF_INET6, text, d->gid) == 1;
	}
	if (isalpha((unsigned char)text[0])) {
		d->kind = RR_SA_NAME;
		return true;
	}
	if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
		n = strlen(text + 2);
		if (!n || n > 16 || strspn(text + 2, "0123456789abcdefABCDEF") != n)
			return false;
		for (i = 0; i < n; i++)
			v = v << 4 | (uint64_t)(isdigit((unsigned char)text[2 + i]) ?
				text[2 + i] - '0' :
				tolower((unsigned char)text[2 + i]) - 'a' + 10);
		if (n > 4) {
			d->kind = RR_SA_GUID;
			d->guid = v;
			return v != 0;
		}
	} else {
		n = strlen(text);
		if (!n || strspn(text, "0123456789") != n)
			return false;
		/* Past 5 significant digits it is above LID_MAX anyway. */
		for (i = 0; i < n && v <= LID_MAX; i++)
			v = v * 10 + (uint64_t)(text[i] - '0');
	}
	d->kind = RR_SA_LID;
	d->lid = (uint16_t)v;
	return v >= 1 && v <= LID_MAX;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), why[512], *tiny;
	size_t tiny_len = 1 + (size ? data[size - 1] % 16 : 0);
	struct rr_sa_dest d, want, small;
	bool ok, ref;

	memset(why, 0x55, sizeof(why));
	ok = rr_sa_parse_dest(text, &d, why, sizeof(why));
	ref = ref_parse(text, &want);
	fuzz_check(ok == ref);
	if (ok) {
		fuzz_check(d.kind == want.kind);
		switch (d.kind) {
		case RR_SA_GID:
			fuzz_check(!memcmp(d.gid, want.gid, sizeof(d.gid)));
			break;
		case RR_SA_LID:
			fuzz_check(d.lid == want.lid);
			fuzz_check(d.lid >= 1 && d.lid <= LID_MAX);
			break;
		case RR_SA_GUID:
			fuzz_check(d.guid == want.guid && d.guid);
			break;
		case RR_SA_NAME:
			break;
		default:
			fuzz_check(!"a kind sa_decode.h does not name");
		}
	} else {
		fuzz_check(why[0] && memchr(why, '\0', sizeof(why)));
	}

	tiny = fuzz_alloc(tiny_len);
	fuzz_check(rr_sa_parse_dest(text, &small, tiny, tiny_len) == ok);
	fuzz_check(ok || memchr(tiny, '\0', tiny_len));
	free(tiny);
	free(text);
	return 0;
}
