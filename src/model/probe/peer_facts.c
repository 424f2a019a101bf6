// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/ib_port.h"
#include "base/numbers.h"
#include "base/util.h"
#include "base/why.h"
#include "model/probe/cause.h"
#include "model/probe/result.h"
#include "model/probe/peer_facts.h"

/* A line holds a key and at most this many values. */
#define MAX_TOKENS 8
#define LINE_MAX_LEN 256

static const struct {
	enum rr_gid_type type;
	const char *token;
} gid_tokens[] = {
	{ RR_GID_IB, "IB" },
	{ RR_GID_ROCE_V1, "RoCEv1" },
	{ RR_GID_ROCE_V2, "RoCEv2" },
};

const char *rr_peer_gid_type_token(enum rr_gid_type type)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(gid_tokens); i++)
		if (gid_tokens[i].type == type)
			return gid_tokens[i].token;
	return NULL;
}

/* Appends to BUF as printf's; false once it no longer fits. */
static bool add(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*used >= len)
		return false;
	va_start(ap, fmt);
	n = vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= len - *used)
		return false;
	*used += (size_t)n;
	return true;
}

/* A name as one token: "-" when empty (a name never holds a space). */
static const char *tok(const char *s)
{
	return s && s[0] ? s : "-";
}

/*
 * S as one printable token in BUF: a --host-label may hold anything,
 * and the reader takes no space nor control character.
 */
static const char *safe(const char *s, char *buf, size_t len)
{
	size_t i;

	for (i = 0; s && s[i] && i + 1 < len; i++)
		buf[i] = (unsigned char)s[i] > 0x20 && (unsigned char)s[i] < 0x7f ?
			 s[i] : '_';
	buf[i] = '\0';
	return tok(buf);
}

static bool write_gid(const struct rr_peer_facts *f, char *buf, size_t len,
		      size_t *used)
{
	const struct rr_peer_gid *g = &f->gid;
	char vlan[16] = "-";

	if (!f->have_gid)
		return add(buf, len, used, "gid -\n");
	if (g->vlan >= 0)
		snprintf(vlan, sizeof(vlan), "%d", g->vlan);
	return add(buf, len, used, "gid %s %u %u %s %s %s\n", tok(g->device),
		   g->port, g->index,
		   tok(rr_peer_gid_type_token(g->type)), tok(g->netdev), vlan);
}

static bool write_full(const struct rr_peer_facts *f, char *buf, size_t len,
		       size_t *used)
{
	char host[RR_PEER_NAME_LEN], version[24];
	unsigned int i;
	bool ok;

	ok = add(buf, len, used, "host %s\nversion %s\naddress %s\n",
		 safe(f->host, host, sizeof(host)),
		 safe(f->version, version, sizeof(version)),
		 tok(f->address)) &&
	     add(buf, len, used, "listen %u %s %s\n", f->listen_port,
		 f->listening ? "yes" : "no", tok(f->listen_error)) &&
	     add(buf, len, used, "state %s\n",
		 rr_port_state_name(f->port_state));
	if (ok && f->have_counters && f->have_pkts)
		ok = add(buf, len, used, "counters %llu %llu\n",
			 (unsigned long long)f->cm_rx_req,
			 (unsigned long long)f->rcvd_pkts);
	else if (ok && f->have_counters)
		ok = add(buf, len, used, "counters %llu -\n",
			 (unsigned long long)f->cm_rx_req);
	for (i = 0; ok && i < f->num_ports && i < RR_PEER_MAX_PORTS; i++)
		ok = add(buf, len, used, "port %s %u %s %s %u\n",
			 tok(f->ports[i].device), f->ports[i].port,
			 rr_port_state_name(f->ports[i].state),
			 tok(f->ports[i].netdev), f->ports[i].active_mtu);
	return ok;
}

size_t rr_peer_facts_write(const struct rr_peer_facts *f, bool brief,
			   char *buf, size_t len)
{
	size_t used = 0;

	if (len > RR_PEER_TEXT_MAX)
		len = RR_PEER_TEXT_MAX;
	if (f->withheld && brief)
		return add(buf, len, &used, "%s\necho %u\nwithheld\nend\n",
			   RR_PEER_MAGIC, f->echo_max) ? used : 0;
	if (!add(buf, len, &used, "%s\necho %u\n", RR_PEER_MAGIC, f->echo_max) ||
	    !write_gid(f, buf, len, &used) ||
	    !add(buf, len, &used, "mtu %u %u\n", f->netdev_mtu, f->active_mtu) ||
	    (!brief && !write_full(f, buf, len, &used)) ||
	    !add(buf, len, &used, "end\n"))
		return 0;
	return used;
}

/* The parser's state: the line being read, split into tokens. */
struct line {
	char text[LINE_MAX_LEN + 1];
	char *tok[MAX_TOKENS + 1];
	int n;
};

/* S (LEN bytes, no newline) split on single spaces; false: too many. */
static bool split(struct line *l, const char *s, size_t len)
{
	char *p;

	memcpy(l->text, s, len);
	l->text[len] = '\0';
	l->n = 0;
	for (p = l->text; *p;) {
		if (l->n == MAX_TOKENS + 1)
			return false;
		l->tok[l->n++] = p;
		p = strchr(p, ' ');
		if (!p)
			break;
		*p++ = '\0';
	}
	return true;
}

/* A name token into OUT ("-": empty); false when it does not fit. */
static bool name(const char *t, char *out, size_t len)
{
	size_t n = strlen(t);
	size_t i;

	if (!n || n >= len)
		return false;
	for (i = 0; i < n; i++)
		if ((unsigned char)t[i] < 0x21 || (unsigned char)t[i] > 0x7e)
			return false;	/* printable, no space: shown as is */
	snprintf(out, len, "%s", strcmp(t, "-") ? t : "");
	return true;
}

static bool number(const char *t, unsigned long long max,
		   unsigned long long *v)
{
	return rr_parse_decimal(t, 0, max, v);
}

static bool port_state(const char *t, int *state)
{
	int i;

	for (i = 0; i <= 5; i++)
		if (!strcmp(rr_port_state_name(i), t)) {
			*state = i;
			return true;
		}
	return false;
}

static bool gid_type(const char *t, enum rr_gid_type *type)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(gid_tokens); i++)
		if (!strcmp(gid_tokens[i].token, t)) {
			*type = gid_tokens[i].type;
			return true;
		}
	return false;
}

static bool parse_gid(const struct line *l, struct rr_peer_facts *f)
{
	struct rr_peer_gid *g = &f->gid;
	unsigned long long port, index, vlan;

	if (l->n == 2 && !strcmp(l->tok[1], "-")) {
		f->have_gid = false;
		return true;
	}
	if (l->n != 7 || !name(l->tok[1], g->device, sizeof(g->device)) ||
	    !number(l->tok[2], 255, &port) ||
	    !number(l->tok[3], 65535, &index) || !gid_type(l->tok[4], &g->type) ||
	    !name(l->tok[5], g->netdev, sizeof(g->netdev)))
		return false;
	if (!strcmp(l->tok[6], "-"))
		g->vlan = -1;
	else if (number(l->tok[6], 4095, &vlan))
		g->vlan = (int)vlan;
	else
		return false;
	g->port = (uint8_t)port;
	g->index = (unsigned int)index;
	f->have_gid = true;
	return true;
}

static bool parse_listen(const struct line *l, struct rr_peer_facts *f)
{
	unsigned long long port;

	if (l->n != 4 || !number(l->tok[1], 65535, &port) ||
	    (strcmp(l->tok[2], "yes") && strcmp(l->tok[2], "no")) ||
	    !name(l->tok[3], f->listen_error, sizeof(f->listen_error)))
		return false;
	f->listen_port = (uint16_t)port;
	f->listening = !strcmp(l->tok[2], "yes");
	return true;
}

static bool parse_counters(const struct line *l, struct rr_peer_facts *f)
{
	unsigned long long req, pkts = 0;

	if (l->n != 3 || !number(l->tok[1], UINT64_MAX, &req) ||
	    (strcmp(l->tok[2], "-") && !number(l->tok[2], UINT64_MAX, &pkts)))
		return false;
	f->have_counters = true;
	f->cm_rx_req = req;
	f->have_pkts = strcmp(l->tok[2], "-") != 0;
	f->rcvd_pkts = pkts;
	return true;
}

static bool parse_port(const struct line *l, struct rr_peer_facts *f)
{
	struct rr_peer_port *p;
	unsigned long long port, mtu;

	if (f->num_ports == RR_PEER_MAX_PORTS)
		return true;	/* a host of many: the first are enough */
	p = &f->ports[f->num_ports];
	if (l->n != 6 || !name(l->tok[1], p->device, sizeof(p->device)) ||
	    !number(l->tok[2], 255, &port) || !port_state(l->tok[3], &p->state) ||
	    !name(l->tok[4], p->netdev, sizeof(p->netdev)) ||
	    !number(l->tok[5], 65536, &mtu))
		return false;
	p->port = (uint8_t)port;
	p->active_mtu = (unsigned int)mtu;
	f->num_ports++;
	return true;
}

static bool parse_mtu(const struct line *l, struct rr_peer_facts *f)
{
	unsigned long long netdev, active;

	if (l->n != 3 || !number(l->tok[1], 1U << 20, &netdev) ||
	    !number(l->tok[2], 65536, &active))
		return false;
	f->netdev_mtu = (unsigned int)netdev;
	f->active_mtu = (unsigned int)active;
	return true;
}

static bool parse_echo(const struct line *l, struct rr_peer_facts *f)
{
	unsigned long long max;

	if (l->n != 2 || !number(l->tok[1], UINT32_MAX, &max))
		return false;
	f->echo_max = (uint32_t)max;
	return true;
}

/* One "key values" line into F; false: a known key with bad values. */
static bool parse_line(const struct line *l, struct rr_peer_facts *f)
{
	const char *k = l->tok[0];

	if (!strcmp(k, "echo"))
		return parse_echo(l, f);
	if (!strcmp(k, "gid"))
		return parse_gid(l, f);
	if (!strcmp(k, "mtu"))
		return parse_mtu(l, f);
	if (!strcmp(k, "host"))
		return l->n == 2 && name(l->tok[1], f->host, sizeof(f->host));
	if (!strcmp(k, "version"))
		return l->n == 2 && name(l->tok[1], f->version, sizeof(f->version));
	if (!strcmp(k, "address"))
		return l->n == 2 && name(l->tok[1], f->address, sizeof(f->address));
	if (!strcmp(k, "listen"))
		return parse_listen(l, f);
	if (!strcmp(k, "state"))
		return l->n == 2 && port_state(l->tok[1], &f->port_state);
	if (!strcmp(k, "counters"))
		return parse_counters(l, f);
	if (!strcmp(k, "port"))
		return parse_port(l, f);
	if (!strcmp(k, "withheld")) {
		f->withheld = true;
		return l->n == 1;
	}
	return true;	/* a newer listener's: skipped */
}

bool rr_peer_facts_parse(const char *text, size_t len,
			 struct rr_peer_facts *f, char *why, size_t why_len)
{
	const char *s = text, *end = text + len, *nl;
	struct line l;
	unsigned int n = 0;

	memset(f, 0, sizeof(*f));
	f->gid.vlan = -1;
	while (s < end) {
		nl = memchr(s, '\n', (size_t)(end - s));
		if (!nl)
			return rr_why(why, why_len, "line %u has no end", n + 1);
		if ((size_t)(nl - s) > LINE_MAX_LEN || memchr(s, '\0', (size_t)(nl - s)))
			return rr_why(why, why_len, "line %u is not a line of text", n + 1);
		n++;
		if (n == 1) {
			if ((size_t)(nl - s) != strlen(RR_PEER_MAGIC) ||
			    memcmp(s, RR_PEER_MAGIC, strlen(RR_PEER_MAGIC)))
				return rr_why(why, why_len, "not a witness's answer (no '%s' line)",
					    RR_PEER_MAGIC);
		} else if (nl - s == 3 && !memcmp(s, "end", 3)) {
			f->known = true;
			return true;
		} else if (!split(&l, s, (size_t)(nl - s)) || !l.n ||
			   !parse_line(&l, f)) {
			return rr_why(why, why_len, "line %u: a bad value", n);
		}
		s = nl + 1;
	}
	return rr_why(why, why_len, n ? "cut short: no 'end' line" : "empty");
}

size_t rr_peer_refusal_write(enum rr_peer_refusal r, const char *word,
			     char *buf, size_t len)
{
	size_t used = 0;
	bool ok;

	if (r == RR_PEER_BUSY)
		ok = add(buf, len, &used, "%s\nbusy%s%s\n", RR_PEER_MAGIC,
			 word && word[0] ? " " : "", word ? word : "");
	else if (r == RR_PEER_DENIED)
		ok = add(buf, len, &used, "%s\ndenied\n", RR_PEER_MAGIC);
	else
		ok = false;
	return ok ? used : 0;
}

enum rr_peer_refusal rr_peer_refusal_parse(const char *text, size_t len,
					   char *word, size_t word_len)
{
	size_t magic = strlen(RR_PEER_MAGIC), n;
	const char *line, *nl;
	char shown[RR_PEER_NAME_LEN];

	if (word_len)
		word[0] = '\0';
	if (len <= magic || memcmp(text, RR_PEER_MAGIC, magic) ||
	    text[magic] != '\n')
		return RR_PEER_NOT_REFUSED;
	line = text + magic + 1;
	nl = memchr(line, '\n', len - magic - 1);
	if (!nl)
		return RR_PEER_NOT_REFUSED;
	n = (size_t)(nl - line);
	if (n == 6 && !memcmp(line, "denied", 6))
		return RR_PEER_DENIED;
	if (n == 4 && !memcmp(line, "busy", 4))
		return RR_PEER_BUSY;
	if (n <= 5 || n - 5 >= sizeof(shown) || memcmp(line, "busy ", 5))
		return RR_PEER_NOT_REFUSED;
	memcpy(shown, line + 5, n - 5);
	shown[n - 5] = '\0';
	if (!name(shown, word, word_len))
		return RR_PEER_NOT_REFUSED;
	return RR_PEER_BUSY;
}
