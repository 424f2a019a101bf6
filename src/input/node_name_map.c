// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/numbers.h"
#include "input/node_name_map.h"
#include "input/target_file.h"

/* The GUID: 0x and hex digits, or decimal digits; 0 names no node. */
static bool parse_guid(const char *text, size_t len, uint64_t *guid)
{
	unsigned long long v;
	char *word;
	bool ok;

	if (!len)
		return false;
	word = strndup(text, len);
	if (!word)
		return false;
	ok = rr_parse_uint(word, 1, UINT64_MAX, &v);
	free(word);
	if (ok)
		*guid = v;
	return ok;
}

bool rr_node_name_parse(const char *text, size_t len, uint64_t *guid,
			char **name, char *why, size_t why_len)
{
	const char *end = text + len, *p = text, *n;
	size_t n_len;

	*name = NULL;
	while (p < end && !isspace((unsigned char)*p))
		p++;
	if (!parse_guid(text, (size_t)(p - text), guid)) {
		snprintf(why, why_len, "want a node GUID (0x and 1 to 16 hex digits) first");
		return false;
	}
	while (p < end && isspace((unsigned char)*p))
		p++;
	n = p;
	n_len = (size_t)(end - p);
	if (p < end && *p == '"') {
		n = p + 1;
		p = memchr(n, '"', (size_t)(end - n));
		if (!p) {
			snprintf(why, why_len, "the name's closing '\"' is missing");
			return false;
		}
		n_len = (size_t)(p - n);
		if (p + 1 != end) {
			snprintf(why, why_len, "text after the quoted name");
			return false;
		}
	}
	if (!n_len) {
		snprintf(why, why_len, "no name after the GUID");
		return false;
	}
	if (n_len > RR_NODE_NAME_MAX) {
		snprintf(why, why_len, "a name longer than %d characters",
			 RR_NODE_NAME_MAX);
		return false;
	}
	*name = strndup(n, n_len);
	if (!*name) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		return false;
	}
	return true;
}

struct load {
	struct rr_node_names *map;
	char *why;
	size_t why_len;
};

static int map_line(void *ctx, const char *text, size_t len,
		    unsigned long line, const char *problem)
{
	struct load *ld = ctx;
	char why[128], *name;
	uint64_t guid;

	if (!problem && rr_node_name_parse(text, len, &guid, &name, why, sizeof(why))) {
		if (rr_node_names_add(ld->map, guid, name))
			return 0;
		free(name);
		problem = strerror(ENOMEM);
	}
	snprintf(ld->why, ld->why_len, "line %lu: %s", line, problem ? problem : why);
	errno = EINVAL;
	return -1;
}

bool rr_node_names_load(const char *file, struct rr_node_names *map,
			char *why, size_t why_len)
{
	struct load ld = { map, why, why_len };
	enum rr_read_status st;
	FILE *f;

	f = fopen(file, "r");
	if (!f) {
		snprintf(why, why_len, "%s", strerror(errno));
		return false;
	}
	why[0] = '\0';
	st = rr_read_target_file(f, map_line, &ld);
	if (st == RR_READ_ERROR)
		snprintf(why, why_len, "%s", strerror(errno));
	else if (st == RR_READ_NOT_TEXT)
		snprintf(why, why_len, "not a text file");
	fclose(f);
	if (st == RR_READ_OK)
		return true;
	rr_node_names_free(map);
	return false;
}
