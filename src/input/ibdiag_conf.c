// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/numbers.h"
#include "input/ibdiag_conf.h"

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

static bool read_conf(FILE *f, struct rr_ibdiag_conf *conf, char *why,
		      size_t why_len)
{
	char line[4200], msg[4400];
	unsigned long num = 0;
	size_t len;

	while (fgets(line, sizeof(line), f)) {
		num++;
		len = strcspn(line, "\n");
		if (line[len] != '\n' && !feof(f)) {
			snprintf(why, why_len, "line %lu: longer than %zu bytes",
				 num, sizeof(line) - 2);
			return false;
		}
		if (!rr_ibdiag_conf_line(line, len, conf, msg, sizeof(msg))) {
			snprintf(why, why_len, "line %lu: %s", num, msg);
			return false;
		}
	}
	if (ferror(f)) {
		snprintf(why, why_len, "%s", strerror(errno ? errno : EIO));
		return false;
	}
	return true;
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
