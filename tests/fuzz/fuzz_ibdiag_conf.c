// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rr_ibdiag_conf_line(), an ibdiag.conf line, line after line of the
 * input (split at newlines, each alone in a buffer of exactly its size,
 * no NUL after it) into one conf, as the file is read, against the rules
 * ibdiag_conf.h states:
 * - a blank line, a comment (#) or a line without '=' changes nothing;
 * - the name is what comes before the first '=', byte for byte; the value
 *   what follows, blanks (space, tab, CR) off its end, up to a NUL, at
 *   most 4095 bytes;
 * - CA takes 1 to 63 bytes, Port 1 to 254, timeout 1 to 3600000 (as
 *   rr_parse_uint() reads numbers, fuzzed on its own), node_name_map a
 *   value that is not empty; a known name with another value is refused,
 *   naming it within any WHY size, and changes nothing; any other name is
 *   taken and ignored.
 * The first byte sets the size of WHY (1 to 256).
 */
#include "base/numbers.h"
#include "input/ibdiag_conf.h"
#include "fuzz.h"

/* The model's verdict on one line, applied to WANT. */
static bool model_line(const char *line, size_t len, struct rr_ibdiag_conf *want)
{
	const char *eq = len ? memchr(line, '=', len) : NULL;
	unsigned long long n;
	size_t nlen, vlen;
	char val[4096];

	if (!len || line[0] == '#' || !eq)
		return true;
	nlen = (size_t)(eq - line);
	vlen = len - nlen - 1;
	while (vlen && strchr(" \t\r", eq[vlen]) && eq[vlen])
		vlen--;
	if (vlen > sizeof(val) - 1)
		vlen = sizeof(val) - 1;
	memcpy(val, eq + 1, vlen);
	val[vlen] = '\0';
	vlen = strlen(val);
	if (nlen == 2 && !memcmp(line, "CA", 2)) {
		if (vlen < 1 || vlen > 63)
			return false;
		memcpy(want->ca, val, vlen + 1);
	} else if (nlen == 4 && !memcmp(line, "Port", 4)) {
		if (!rr_parse_uint(val, 1, 254, &n))
			return false;
		want->port = (int)n;
	} else if (nlen == 7 && !memcmp(line, "timeout", 7)) {
		if (!rr_parse_uint(val, 1, 3600000, &n))
			return false;
		want->timeout_ms = (unsigned int)n;
	} else if (nlen == 13 && !memcmp(line, "node_name_map", 13)) {
		if (!vlen)
			return false;
		memcpy(want->node_name_map, val, vlen + 1);
	}
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rr_ibdiag_conf *conf = calloc(1, sizeof(*conf));
	struct rr_ibdiag_conf *want = calloc(1, sizeof(*want));
	size_t why_len, at, len;
	const uint8_t *nl;
	char *line, *why;
	bool ok, ref;

	if (!conf || !want)
		abort();
	why_len = size ? 1 + data[0] % 256 : 16;
	why = fuzz_alloc(why_len);
	for (at = size ? 1 : 0; at < size; at += len + 1) {
		nl = memchr(data + at, '\n', size - at);
		len = nl ? (size_t)(nl - (data + at)) : size - at;
		line = fuzz_alloc(len);
		memcpy(line, data + at, len);
		memset(why, 0x55, why_len);
		ref = model_line(line, len, want);
		ok = rr_ibdiag_conf_line(line, len, conf, why, why_len);
		fuzz_check(ok == ref);
		if (!ok) {
			fuzz_check(memchr(why, '\0', why_len));
			fuzz_check(!strncmp(why, "invalid ",
					    why_len - 1 < 8 ? why_len - 1 : 8));
		}
		/* Field by field: the strings' bytes past their NUL are free. */
		fuzz_check(!strcmp(conf->ca, want->ca));
		fuzz_check(conf->port == want->port);
		fuzz_check(conf->timeout_ms == want->timeout_ms);
		fuzz_check(!strcmp(conf->node_name_map, want->node_name_map));
		free(line);
	}
	free(why);
	free(conf);
	free(want);
	return 0;
}
