// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/output_file.h"
#include "app/signals.h"

/* DIR/.BASE.XXXXXX for PATH; NULL on ENOMEM. */
static char *tmp_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	int dir_len = slash ? (int)(slash - path + 1) : 0;
	char *tmp;

	if (asprintf(&tmp, "%.*s.%s.XXXXXX", dir_len, path, base) < 0)
		return NULL;
	return tmp;
}

FILE *rr_output_open(struct rr_output_file *o, const char *path, char *why,
		     size_t why_len)
{
	int fd;

	memset(o, 0, sizeof(*o));
	o->path = strdup(path);
	o->tmp = o->path ? tmp_name(path) : NULL;
	if (!o->tmp) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		goto fail;
	}
	fd = mkstemp(o->tmp);
	if (fd < 0) {
		snprintf(why, why_len, "cannot create a file beside it: %s",
			 strerror(errno));
		goto fail;
	}
	o->f = fdopen(fd, "w");
	if (!o->f) {
		snprintf(why, why_len, "%s", strerror(errno));
		close(fd);
		unlink(o->tmp);
		goto fail;
	}
	rr_signals_unlink_on_exit(o->tmp);
	return o->f;
fail:
	free(o->tmp);
	free(o->path);
	memset(o, 0, sizeof(*o));
	return NULL;
}

static void release(struct rr_output_file *o)
{
	rr_signals_unlink_on_exit(NULL);
	free(o->tmp);
	free(o->path);
	memset(o, 0, sizeof(*o));
}

bool rr_output_commit(struct rr_output_file *o)
{
	mode_t mask = umask(0);
	bool ok;
	int err;

	umask(mask);
	ok = fflush(o->f) == 0 && !ferror(o->f);
	/* The data on disk before the name: a crash leaves the old file. */
	ok = ok && fsync(fileno(o->f)) == 0;
	ok = ok && fchmod(fileno(o->f), 0666 & ~mask) == 0;
	err = errno;
	ok = fclose(o->f) == 0 && ok;
	o->f = NULL;
	ok = ok && rename(o->tmp, o->path) == 0;
	if (!ok) {
		err = errno ? errno : err;
		unlink(o->tmp);
	}
	release(o);
	errno = err;
	return ok;
}

void rr_output_abandon(struct rr_output_file *o)
{
	if (!o->tmp)
		return;
	if (o->f)
		fclose(o->f);
	unlink(o->tmp);
	release(o);
}
