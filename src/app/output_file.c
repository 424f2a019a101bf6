// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <limits.h>
#include <stdio.h>
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

/* As the kernel bounds a path's links (MAXSYMLINKS). */
#define MAX_LINKS 40

/* LINK's target, relative to LINK's folder when not absolute; NULL. */
static char *link_target(const char *link)
{
	const char *slash = strrchr(link, '/');
	char target[PATH_MAX], *joined;
	ssize_t n = readlink(link, target, sizeof(target) - 1);

	if (n < 0)
		return NULL;
	target[n] = '\0';
	if (target[0] == '/' || !slash)
		return strdup(target);
	if (asprintf(&joined, "%.*s%s", (int)(slash - link + 1), link,
		     target) < 0)
		return NULL;
	return joined;
}

static const char *kind_of(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a folder";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

/*
 * The file PATH ends at: its links followed, or the name a new file gets.
 * NULL with a message in WHY when that is no regular file to replace.
 */
static char *final_target(const char *path, char *why, size_t why_len)
{
	char *p = strdup(path), *next;
	struct stat st;
	int links = 0;

	if (!path[0]) {
		snprintf(why, why_len, "is empty: name a file");
		goto refuse;
	}
	while (p) {
		if (p[0] && p[strlen(p) - 1] == '/') {
			snprintf(why, why_len, "is a folder: name a file");
			goto refuse;
		}
		if (lstat(p, &st) < 0) {
			if (errno == ENOENT)
				return p;	/* a new file */
			snprintf(why, why_len, "%s", strerror(errno));
			goto refuse;
		}
		if (S_ISREG(st.st_mode))
			return p;
		if (!S_ISLNK(st.st_mode)) {
			snprintf(why, why_len, "is %s, not a regular file: it is never replaced",
				 kind_of(st.st_mode));
			goto refuse;
		}
		if (++links > MAX_LINKS) {
			snprintf(why, why_len, "%s", strerror(ELOOP));
			goto refuse;
		}
		next = link_target(p);
		free(p);
		p = next;
	}
	snprintf(why, why_len, "%s", strerror(errno ? errno : ENOMEM));
	return NULL;
refuse:
	free(p);
	return NULL;
}

/*
 * The stream's writes, through a cookie so that the first write error's
 * errno is kept (ENOSPC, EIO): by the time the file is committed, stdio
 * remembers only that one failed.
 */
static ssize_t cookie_write(void *cookie, const char *buf, size_t len)
{
	struct rr_output_file *o = cookie;
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		n = write(o->fd, buf + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			if (!o->err)
				o->err = errno;
			return done ? (ssize_t)done : -1;
		}
		done += (size_t)n;
	}
	return (ssize_t)len;
}

static int cookie_close(void *cookie)
{
	struct rr_output_file *o = cookie;
	int rc = close(o->fd);

	if (rc && !o->err)
		o->err = errno;
	o->fd = -1;
	return rc;
}

FILE *rr_output_open(struct rr_output_file *o, const char *path, char *why,
		     size_t why_len)
{
	int fd;

	memset(o, 0, sizeof(*o));
	o->path = final_target(path, why, why_len);
	if (!o->path)
		return NULL;
	o->tmp = tmp_name(o->path);
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
	o->fd = fd;
	o->f = fopencookie(o, "w", (cookie_io_functions_t){
		.write = cookie_write, .close = cookie_close });
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
	rr_signals_keep(o->tmp);
	free(o->tmp);
	free(o->path);
	memset(o, 0, sizeof(*o));
}

bool rr_output_commit(struct rr_output_file *o)
{
	mode_t mask = umask(0);
	int err = 0;

	umask(mask);
	if (fflush(o->f) || ferror(o->f) || o->err)
		err = o->err ? o->err : EIO;
	/* The data on disk before the name: a crash leaves the old file. */
	else if (fsync(o->fd) || fchmod(o->fd, 0666 & ~mask))
		err = errno;
	if (fclose(o->f) && !err)
		err = o->err ? o->err : EIO;
	o->f = NULL;
	if (!err && rename(o->tmp, o->path))
		err = errno;
	if (err)
		unlink(o->tmp);
	release(o);
	errno = err;
	return !err;
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
