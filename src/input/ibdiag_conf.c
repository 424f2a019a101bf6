// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/numbers.h"
#include "input/ibdiag_conf.h"
#include "input/line_reader.h"

/* The value's text, blanks off its end, in BUF. */
static void value_of(const char *v, size_t len, char *buf, size_t size)
{
	while (len && (v[len - 1] == ' ' || v[len - 1] == '\t' ||
		       v[len - 1] == '\r'))
		len--;
	if (len >= size)
		len = size - 1;
	memcpy(buf, v, len);
	buf[len] = '\0';
}

bool rr_ibdiag_conf_line(const char *line, size_t len,
			 struct rr_ibdiag_conf *conf, char *why, size_t why_len)
{
	const char *eq = memchr(line, '=', len);
	unsigned long long n;
	char val[4096];
	size_t nlen;

	if (!len || line[0] == '#' || !eq)
		return true;	/* blank, a comment, or no setting */
	nlen = (size_t)(eq - line);
	value_of(eq + 1, len - nlen - 1, val, sizeof(val));
	if (nlen == 2 && !memcmp(line, "CA", 2)) {
		if (!val[0] || strlen(val) >= sizeof(conf->ca))
			goto bad;
		snprintf(conf->ca, sizeof(conf->ca), "%s", val);
	} else if (nlen == 4 && !memcmp(line, "Port", 4)) {
		if (!rr_parse_uint(val, 1, 254, &n))
			goto bad;
		conf->port = (int)n;
	} else if (nlen == 7 && !memcmp(line, "timeout", 7)) {
		if (!rr_parse_uint(val, 1, 3600000, &n))
			goto bad;
		conf->timeout_ms = (unsigned int)n;
	} else if (nlen == 13 && !memcmp(line, "node_name_map", 13)) {
		if (!val[0])
			goto bad;
		snprintf(conf->node_name_map, sizeof(conf->node_name_map),
			 "%s", val);
	}
	return true;	/* MLX_EPI, m_key, sa_key...: not ours */
bad:
	snprintf(why, why_len, "invalid %.*s '%s'", (int)nlen, line, val);
	return false;
}

/* The longest line taken (the man page's), and past which F is no text. */
#define CONF_LINE_MAX 4096
#define CONF_GIVE_UP (16 * CONF_LINE_MAX)

/* Line NUM's fault, or none: its length, a NUL, the reader's end. */
static bool line_ok(const struct rr_line_reader *rd, enum rr_line_status st,
		    size_t len, char *why, size_t why_len)
{
	switch (st) {
	case RR_LINE_OK:
		if (!memchr(rd->line, '\0', len))
			return true;
		snprintf(why, why_len, "line %lu: a NUL byte in it", rd->num);
		return false;
	case RR_LINE_LONG:
		snprintf(why, why_len, "line %lu: longer than %d bytes", rd->num,
			 CONF_LINE_MAX);
		return false;
	case RR_LINE_NOT_TEXT:
		snprintf(why, why_len, "no line break within %d KiB: not a text file",
			 CONF_GIVE_UP / 1024);
		return false;
	default:
		snprintf(why, why_len, "%s", strerror(errno ? errno : EIO));
		return false;
	}
}

static bool read_conf(FILE *f, struct rr_ibdiag_conf *conf, char *why,
		      size_t why_len)
{
	struct rr_line_reader rd;
	enum rr_line_status st;
	char msg[CONF_LINE_MAX + 200];
	bool ok = true;
	size_t len;

	if (!rr_line_reader_init(&rd, f, CONF_LINE_MAX, CONF_GIVE_UP)) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		return false;
	}
	while (ok && (st = rr_line_next(&rd, &len)) != RR_LINE_EOF) {
		ok = line_ok(&rd, st, len, why, why_len);
		if (ok && !rr_ibdiag_conf_line(rd.line, len, conf, msg, sizeof(msg))) {
			snprintf(why, why_len, "line %lu: %s", rd.num, msg);
			ok = false;
		}
	}
	rr_line_reader_free(&rd);
	return ok;
}

bool rr_ibdiag_conf_apply(struct rr_opts *opts, const char *file, char *why,
			  size_t why_len)
{
	static struct rr_ibdiag_conf conf;	/* OPTS point into it */
	FILE *f = fopen(file ? file : RR_IBDIAG_CONF, "re");
	bool ok;

	if (!f) {
		if (!file && errno == ENOENT)
			return true;
		snprintf(why, why_len, "%s", strerror(errno));
		return false;
	}
	memset(&conf, 0, sizeof(conf));
	ok = read_conf(f, &conf, why, why_len);
	fclose(f);
	if (!ok)
		return false;
	if (!opts->ca && conf.ca[0])
		opts->ca = conf.ca;
	if (!opts->ca_port && conf.port)
		opts->ca_port = conf.port;
	if (!opts->timeout_given && conf.timeout_ms)
		opts->timeout_ms = conf.timeout_ms;
	if (!opts->node_name_map && conf.node_name_map[0])
		opts->node_name_map = conf.node_name_map;
	return true;
}
