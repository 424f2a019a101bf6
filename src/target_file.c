// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "target_file.h"

int rr_read_target_file(FILE *f, rr_line_fn fn, void *ctx)
{
	char *buf = NULL, *s, *hash;
	unsigned int line = 0;
	size_t cap = 0, len;
	int rc = 0;

	errno = 0;
	while (getline(&buf, &cap, f) >= 0) {
		line++;
		hash = strchr(buf, '#');
		if (hash)
			*hash = '\0';
		s = buf;
		while (isspace((unsigned char)*s))
			s++;
		len = strlen(s);
		while (len && isspace((unsigned char)s[len - 1]))
			s[--len] = '\0';
		if (len)
			fn(ctx, s, line);
	}
	if (ferror(f))
		rc = -1;
	free(buf);
	return rc;
}
