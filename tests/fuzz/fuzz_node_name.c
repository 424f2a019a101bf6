// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rr_node_name_parse() (a --node-name-map line) on the input up to its
 * first NUL, against the format node_name_map.h states.  Checks:
 * - taken exactly when the first word is a GUID (0x and hex digits, or
 *   decimal, 1 to 2^64-1) and a name follows: "quoted" with nothing after
 *   it, or bare to the end; 1 to RR_NODE_NAME_MAX characters;
 * - the GUID and the name are those of the line, byte for byte;
 * - a refusal sets no name and says why within any WHY size.
 */
#include <ctype.h>
#include <errno.h>

#include "input/node_name_map.h"
#include "fuzz.h"

static bool ref_guid(const char *w, size_t n, uint64_t *g)
{
	uint64_t v = 0;
	size_t i = 0;
	bool hex = n > 2 && w[0] == '0' && (w[1] == 'x' || w[1] == 'X');

	if (!n)
		return false;
	for (i = hex ? 2 : 0; i < n; i++) {
		int d = isdigit((unsigned char)w[i]) ? w[i] - '0' :
			hex && isxdigit((unsigned char)w[i]) ?
				tolower((unsigned char)w[i]) - 'a' + 10 : -1;
		uint64_t base = hex ? 16 : 10;

		if (d < 0 || v > (UINT64_MAX - (uint64_t)d) / base)
			return false;
		v = v * base + (uint64_t)d;
	}
	*g = v;
	return v != 0;
}

/* The line's name as the format gives it: start and length, or false. */
static bool ref_name(const char *p, const char **n, size_t *len)
{
	const char *q;

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '"') {
		q = strchr(p + 1, '"');
		if (!q || q[1])
			return false;
		*n = p + 1;
		*len = (size_t)(q - p - 1);
	} else {
		*n = p;
		*len = strlen(p);
	}
	return *len >= 1 && *len <= RR_NODE_NAME_MAX;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), why[256], *name = NULL, *tiny;
	size_t len = strlen(text), w = 0, want_len = 0;
	size_t tiny_len = 1 + (size ? data[size - 1] % 16 : 0);
	const char *want_name = NULL;
	uint64_t guid = 0, want_guid = 0;
	bool ok, ref;

	while (w < len && !isspace((unsigned char)text[w]))
		w++;
	ref = ref_guid(text, w, &want_guid) && ref_name(text + w, &want_name, &want_len);
	memset(why, 0x55, sizeof(why));
	ok = rr_node_name_parse(text, len, &guid, &name, why, sizeof(why));
	fuzz_check(ok == ref);
	if (ok) {
		fuzz_check(guid == want_guid);
		fuzz_check(name && strlen(name) == want_len &&
			   !memcmp(name, want_name, want_len));
	} else {
		fuzz_check(!name);
		fuzz_check(why[0] && memchr(why, '\0', sizeof(why)));
	}
	free(name);

	tiny = fuzz_alloc(tiny_len);
	fuzz_check(rr_node_name_parse(text, len, &guid, &name, tiny, tiny_len) == ok);
	fuzz_check(ok || memchr(tiny, '\0', tiny_len));
	free(name);
	free(tiny);
	free(text);
	return 0;
}
