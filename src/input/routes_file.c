// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/ib_port.h"
#include "base/numbers.h"
#include "input/json_lib.h"
#include "input/json_scan.h"
#include "input/routes_file.h"
#include "model/explain/chain.h"

/* The most ports a node has (PortInfo numbers them 1 to 254). */
#define MAX_PORT 254

/* A node as the report's members name it, before the graph is made. */
struct seen {
	uint64_t guid;
	enum rr_node_type type;
	unsigned int ports;
	bool table;		/* from "tables": a switch's own count of ports */
	size_t name;		/* where its name starts in the reader's names */
};

/* The report's arrays, in the order a pass reads them. */
enum part { TABLES, LINKS, ENDPOINTS, LOOPS, NUM_PARTS };

static const char *const part_key[NUM_PARTS] = {
	"tables", "links", "endpoints", "credit_loops",
};

struct reader {
	struct rr_routes_before *b;
	char *why;
	size_t why_len;
	struct seen *seen;
	size_t num_seen, cap_seen;
	/* The names of the nodes seen, each NUL-terminated, one after another. */
	char *names;
	size_t names_len, names_cap;
	/* The report as it is read, and json-c for one element at a time. */
	struct rr_json_scan scan;
	struct json_tokener *tok;
	/* Which arrays the report has, their elements in this pass and the first. */
	bool has[NUM_PARTS];
	size_t num[NUM_PARTS], count[NUM_PARTS];
	/* The switches' LIDs and LMCs, by table, for lids_apart(). */
	uint16_t *sw_lid;
	uint8_t *sw_lmc;
	size_t num_sw;
};

static bool fail(struct reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static bool fail(struct reader *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->why, r->why_len, fmt, ap);
	va_end(ap);
	return false;
}

/* The second pass found what the first did not: the file was rewritten. */
static bool changed(struct reader *r)
{
	return fail(r, "changed while it was read");
}

/* OBJ's member KEY, or NULL. */
static json_object *member(json_object *obj, const char *key)
{
	json_object *v;

	if (!rr_jc.get_ex(obj, key, &v) || !v ||
	    rr_jc.type(v) == json_type_null)
		return NULL;
	return v;
}

/* AT's member KEY, a whole number in [MIN, MAX]. */
static bool get_uint(struct reader *r, json_object *obj, const char *at,
		     const char *key, unsigned long long min,
		     unsigned long long max, unsigned long long *out)
{
	json_object *v = member(obj, key);
	double d;

	if (v && (rr_jc.type(v) == json_type_int ||
		  rr_jc.type(v) == json_type_double)) {
		d = rr_jc.dbl(v);
		if (d >= (double)min && d <= (double)max &&
		    d == (double)(unsigned long long)d) {
			*out = (unsigned long long)d;
			return true;
		}
	}
	return fail(r, "\"%s.%s\": want a whole number from %llu to %llu", at,
		    key, min, max);
}

static bool get_str(struct reader *r, json_object *obj, const char *at,
		    const char *key, const char **out)
{
	json_object *v = member(obj, key);

	if (!v || rr_jc.type(v) != json_type_string)
		return fail(r, "\"%s.%s\": want a string", at, key);
	*out = rr_jc.string(v);
	return true;
}

/* A GUID as the report prints it: "0x" and hex digits, not 0. */
static bool get_guid(struct reader *r, json_object *obj, const char *at,
		     const char *key, uint64_t *out)
{
	unsigned long long v;
	const char *s;

	if (!get_str(r, obj, at, key, &s))
		return false;
	if (strncmp(s, "0x", 2) || strlen(s) > 18 ||
	    !rr_parse_uint(s, 1, UINT64_MAX, &v))
		return fail(r, "\"%s.%s\": want a GUID (0x and up to 16 hex digits, not 0)",
			    at, key);
	*out = v;
	return true;
}

/* A node of a member, its name kept (as the graph keeps it: 64 bytes). */
static bool saw(struct reader *r, uint64_t guid, enum rr_node_type type,
		unsigned int port, bool table, const char *name)
{
	size_t len = strnlen(name, RR_NODE_DESC_LEN), cap;
	struct seen *grown;
	char *more;

	if (r->num_seen == r->cap_seen) {
		cap = r->cap_seen ? 2 * r->cap_seen : 64;
		grown = realloc(r->seen, cap * sizeof(*grown));
		if (!grown)
			return fail(r, "%s", strerror(ENOMEM));
		r->seen = grown;
		r->cap_seen = cap;
	}
	if (r->names_cap - r->names_len < len + 1) {
		cap = r->names_cap ? 2 * r->names_cap : 4096;
		while (cap - r->names_len < len + 1)
			cap *= 2;
		more = realloc(r->names, cap);
		if (!more)
			return fail(r, "%s", strerror(ENOMEM));
		r->names = more;
		r->names_cap = cap;
	}
	memcpy(r->names + r->names_len, name, len);
	r->names[r->names_len + len] = '\0';
	r->seen[r->num_seen++] = (struct seen){ guid, type, port, table,
						 r->names_len };
	r->names_len += len + 1;
	return true;
}

static bool node_type(struct reader *r, const char *at, const char *s,
		      enum rr_node_type *out)
{
	enum rr_node_type t;

	for (t = RR_NODE_CA; t <= RR_NODE_ROUTER; t++) {
		if (!strcmp(s, rr_node_type_name(t))) {
			*out = t;
			return true;
		}
	}
	return fail(r, "\"%s.node_type\": want ca, switch or router", at);
}

/* A switch of "tables", with its number of ports. */
static bool see_table(struct reader *r, json_object *o, const char *at)
{
	unsigned long long ports;
	const char *name;
	uint64_t guid;

	return get_guid(r, o, at, "guid", &guid) &&
	       get_str(r, o, at, "node", &name) &&
	       get_uint(r, o, at, "ports", 1, MAX_PORT, &ports) &&
	       saw(r, guid, RR_NODE_SWITCH, (unsigned int)ports, true, name);
}

/* The node of a link of "links" (this end), and its port. */
static bool see_link(struct reader *r, json_object *o, const char *at)
{
	enum rr_node_type type = RR_NODE_CA;
	unsigned long long port;
	const char *name, *t;
	uint64_t guid;

	return get_guid(r, o, at, "guid", &guid) &&
	       get_str(r, o, at, "node", &name) &&
	       get_str(r, o, at, "node_type", &t) &&
	       node_type(r, at, t, &type) &&
	       get_uint(r, o, at, "port", 1, MAX_PORT, &port) &&
	       saw(r, guid, type, (unsigned int)port, false, name);
}

/* A CA of "endpoints", and its port. */
static bool see_endpoint(struct reader *r, json_object *o, const char *at)
{
	unsigned long long port;
	const char *name;
	uint64_t guid;

	return get_guid(r, o, at, "node_guid", &guid) &&
	       get_str(r, o, at, "node", &name) &&
	       get_uint(r, o, at, "port", 1, MAX_PORT, &port) &&
	       saw(r, guid, RR_NODE_CA, (unsigned int)port, false, name);
}

/* By GUID; a node's table first, then in the report's order. */
static int by_guid(const void *a, const void *b)
{
	const struct seen *x = a, *y = b;

	if (x->guid != y->guid)
		return (x->guid > y->guid) - (x->guid < y->guid);
	if (x->table != y->table)
		return y->table - x->table;
	return (x->name > y->name) - (x->name < y->name);
}

/*
 * The entries of node S (the first of its GUID) merged into S: one type,
 * a switch's ports its table's, a CA's its highest.  Returns the next
 * node's first entry, or 0 (none is) with WHY.
 */
static size_t merge(struct reader *r, size_t i)
{
	struct seen *s = &r->seen[i], *t;
	size_t k;

	for (k = i + 1; k < r->num_seen && r->seen[k].guid == s->guid; k++) {
		t = &r->seen[k];
		if (t->type != s->type)
			return fail(r, "node 0x%016llx is a %s in one member, a %s in another",
				    (unsigned long long)s->guid,
				    rr_node_type_name(s->type),
				    rr_node_type_name(t->type));
		if (!s->table && t->ports > s->ports)
			s->ports = t->ports;
	}
	return k;
}

/*
 * The nodes seen, one each by GUID, into the graph; then indexed.  Each
 * named as it was first, a switch by its table.  Their ports counted
 * first: a report names a port in a few bytes, the graph holds it in 40.
 */
static bool make_nodes(struct reader *r)
{
	struct rr_graph *g = &r->b->g;
	size_t i, k, idx, ports = 0;
	struct seen *s;

	if (r->num_seen)	/* none: no array to give qsort */
		qsort(r->seen, r->num_seen, sizeof(*r->seen), by_guid);
	for (i = 0; i < r->num_seen; i = k) {
		k = merge(r, i);
		if (!k)
			return false;
		ports += r->seen[i].ports + 1;
	}
	if (ports > RR_ROUTES_FILE_PORTS)
		return fail(r, "its nodes have %zu ports: more than %lu, more than a subnet's %u LIDs have",
			    ports, RR_ROUTES_FILE_PORTS, RR_MAX_UNICAST_LID);
	for (i = 0; i < r->num_seen; i = k) {
		s = &r->seen[i];
		for (k = i + 1; k < r->num_seen && r->seen[k].guid == s->guid; k++)
			;
		if (!rr_graph_add_node(g, s->guid, s->type, s->ports,
				       r->names + s->name, &idx))
			return fail(r, "%s", strerror(ENOMEM));
	}
	if (!rr_graph_index(g))
		return fail(r, "%s", strerror(ENOMEM));
	return true;
}

/* A forwarding table as hex, two digits a LID from LID 0, into *LFT. */
static bool decode_lft(struct reader *r, const char *at, const char *s,
		       uint8_t **lft, uint32_t *len)
{
	size_t n = strlen(s), i;
	int hi, lo;

	if (n % 2 || n / 2 > RR_MAX_UNICAST_LID + 1)
		return fail(r, "\"%s.lft\": want two hex digits a LID, for at most %u LIDs",
			    at, RR_MAX_UNICAST_LID + 1);
	*lft = malloc(n / 2 ? n / 2 : 1);
	if (!*lft)
		return fail(r, "%s", strerror(ENOMEM));
	for (i = 0; i < n / 2; i++) {
		hi = rr_hex_digit(s[2 * i]);
		lo = rr_hex_digit(s[2 * i + 1]);
		if (hi < 0 || lo < 0) {
			free(*lft);
			*lft = NULL;
			return fail(r, "\"%s.lft\": '%.2s' at LID %zu is no hex byte",
				    at, s + 2 * i, i);
		}
		(*lft)[i] = (uint8_t)(hi << 4 | lo);
	}
	*len = (uint32_t)(n / 2);
	return true;
}

static bool get_bool(struct reader *r, json_object *obj, const char *at,
		     const char *key, bool *out)
{
	json_object *v = member(obj, key);

	if (!v || rr_jc.type(v) != json_type_boolean)
		return fail(r, "\"%s.%s\": want true or false", at, key);
	*out = rr_jc.boolean(v);
	return true;
}

/* A switch's LID, LMC and forwarding table. */
static bool read_table(struct reader *r, json_object *o, const char *at)
{
	struct rr_graph *g = &r->b->g;
	unsigned long long lid, lmc;
	struct rr_gport *p0;
	const char *hex;
	uint8_t *lft = NULL;
	uint32_t len = 0, node;
	uint64_t guid;
	bool read = false;

	if (!get_guid(r, o, at, "guid", &guid) ||
	    !get_uint(r, o, at, "lid", 0, RR_MAX_UNICAST_LID, &lid) ||
	    !get_uint(r, o, at, "lmc", 0, 7, &lmc) ||
	    !get_bool(r, o, at, "lft_read", &read) ||
	    !get_str(r, o, at, "lft", &hex))
		return false;
	node = rr_graph_find(g, guid);
	if (node == RR_NO_NODE || r->num_sw == r->count[TABLES])
		return changed(r);
	if (g->nodes[node].lft_read || g->nodes[node].lft)
		return fail(r, "\"%s\": switch 0x%016llx has a table already",
			    at, (unsigned long long)guid);
	if (!decode_lft(r, at, hex, &lft, &len))
		return false;
	rr_graph_set_lft(g, node, lft, len, read);
	r->sw_lid[r->num_sw] = (uint16_t)lid;
	r->sw_lmc[r->num_sw++] = (uint8_t)lmc;
	p0 = rr_graph_port(g, node, 0);
	p0->lid = (uint16_t)lid;
	p0->lmc = (uint8_t)lmc;
	p0->present = true;
	p0->guid = guid;
	return true;
}

static bool port_state(struct reader *r, const char *at, const char *s,
		       uint8_t *out)
{
	int state;

	for (state = 0; state < 16; state++) {
		if (!strcmp(s, rr_port_state_name(state))) {
			*out = (uint8_t)state;
			return true;
		}
	}
	return fail(r, "\"%s.state\": '%s' is no port state (DOWN, INIT, ARMED, ACTIVE...)",
		    at, s);
}

/* The port of node GUID numbered PORT, or NULL with WHY. */
static struct rr_gport *port_of(struct reader *r, const char *at,
				const char *key, uint64_t guid,
				unsigned long long port, uint32_t *node)
{
	struct rr_gport *p;

	*node = rr_graph_find(&r->b->g, guid);
	p = *node == RR_NO_NODE ? NULL : rr_graph_port(&r->b->g, *node,
						       (unsigned int)port);
	if (!p)
		fail(r, "\"%s.%s\": node 0x%016llx has no port %llu in the report",
		     at, key, (unsigned long long)guid, port);
	return p;
}

/* A cable from this end: its peer, its state, the routes it carried. */
static bool read_link(struct reader *r, json_object *o, const char *at)
{
	unsigned long long port, peer_port, routes;
	uint64_t guid, peer_guid;
	struct rr_gport *p, *q;
	uint32_t node, peer;
	const char *state;

	if (!get_guid(r, o, at, "guid", &guid) ||
	    !get_uint(r, o, at, "port", 1, MAX_PORT, &port) ||
	    !get_guid(r, o, at, "peer_guid", &peer_guid) ||
	    !get_uint(r, o, at, "peer_port", 1, MAX_PORT, &peer_port) ||
	    !get_str(r, o, at, "state", &state) ||
	    !get_uint(r, o, at, "routes", 0, UINT64_MAX >> 11, &routes))
		return false;
	p = port_of(r, at, "port", guid, port, &node);
	q = port_of(r, at, "peer_port", peer_guid, peer_port, &peer);
	if (!p || !q || !port_state(r, at, state, &p->state))
		return false;
	if (p == q)
		return fail(r, "\"%s\": port %llu of 0x%016llx is cabled to itself",
			    at, port, (unsigned long long)guid);
	if (p->peer != RR_NO_NODE)
		return fail(r, "\"%s\": port %llu of 0x%016llx has a link already",
			    at, port, (unsigned long long)guid);
	p->present = true;
	p->peer = peer;
	p->peer_port = (uint8_t)peer_port;
	r->b->loads[p - r->b->g.ports] = routes;
	return true;
}

/* A CA port the pairs were made of, with its GUIDs and LID. */
static bool read_endpoint(struct reader *r, json_object *o, const char *at)
{
	unsigned long long port, lid;
	uint64_t guid, pguid;
	struct rr_gport *p;
	uint32_t node;

	if (!get_guid(r, o, at, "node_guid", &guid) ||
	    !get_guid(r, o, at, "port_guid", &pguid) ||
	    !get_uint(r, o, at, "port", 1, MAX_PORT, &port) ||
	    !get_uint(r, o, at, "lid", 1, RR_MAX_UNICAST_LID, &lid))
		return false;
	p = port_of(r, at, "port", guid, port, &node);
	if (!p)
		return false;
	if (r->b->num_eps == r->count[ENDPOINTS])
		return changed(r);
	if (p->lid)
		return fail(r, "\"%s\": port %llu of 0x%016llx is an endpoint already",
			    at, port, (unsigned long long)guid);
	p->present = true;
	p->lid = (uint16_t)lid;
	p->guid = pguid;
	r->b->eps[r->b->num_eps++] = (struct rr_endpoint){
		.node = node, .port = (uint8_t)port, .lid = (uint16_t)lid };
	return true;
}

/* A channel's link in words, as the report named it: "S1 port 2 -> S2 port 3". */
static void channel_words(json_object *c, const char *name,
			  unsigned long long port, char *buf, size_t len)
{
	json_object *peer = member(c, "peer"), *pp = member(c, "peer_port");

	if (peer && pp && rr_jc.type(peer) == json_type_string &&
	    rr_jc.type(pp) == json_type_int)
		snprintf(buf, len, "%s port %llu -> %s port %s", name, port,
			 rr_jc.string(peer), rr_jc.string(pp));
	else
		snprintf(buf, len, "%s port %llu", name, port);
}

/* A loop's cycle, channel by channel, and its links named for the report. */
static bool read_cycle(struct reader *r, json_object *o, const char *at,
		       struct rr_loop_before *l)
{
	unsigned long long port, vl;
	json_object *arr, *c;
	const char *name;
	char base[80], cat[128], words[320], title[2048];
	size_t n, k, used = 0;
	uint64_t guid;

	arr = member(o, "cycle");
	if (!arr || rr_jc.type(arr) != json_type_array ||
	    !(n = rr_jc.length(arr)))
		return fail(r, "\"%s.cycle\": want an array of channels", at);
	l->cycle = calloc(n, sizeof(*l->cycle));
	if (!l->cycle)
		return fail(r, "%s", strerror(ENOMEM));
	snprintf(base, sizeof(base), "%s.cycle", at);
	for (k = 0; k < n; k++) {
		c = rr_jc.idx(arr, k);
		snprintf(cat, sizeof(cat), "%s[%zu]", base, k);
		if (!c || rr_jc.type(c) != json_type_object)
			return fail(r, "\"%s\": want an object", cat);
		if (!get_guid(r, c, cat, "guid", &guid) ||
		    !get_str(r, c, cat, "node", &name) ||
		    !get_uint(r, c, cat, "port", 1, MAX_PORT, &port) ||
		    !get_uint(r, c, cat, "vl", 0, RR_NUM_VLS - 1, &vl))
			return false;
		l->cycle[l->cycle_len++] = (struct rr_channel_key){
			guid, (uint8_t)port, (uint8_t)vl };
		if (!k)
			used = (size_t)snprintf(title, sizeof(title), "on VL %llu, %zu links:",
						vl, n);
		channel_words(c, name, port, words, sizeof(words));
		if (used < sizeof(title))
			used += (size_t)snprintf(title + used, sizeof(title) - used,
						 "%s %s", k ? "," : "", words);
	}
	/* Its own length: a file of many short loops holds no 2 KiB each. */
	l->title = strdup(title);
	if (!l->title)
		return fail(r, "%s", strerror(ENOMEM));
	return true;
}

static int by_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/*
 * No two endpoints with one port GUID or one LID: the pairs are matched
 * by GUID and walked to a LID, and a report of a fabric has neither.
 */
static bool endpoints_unique(struct reader *r)
{
	const struct rr_routes_before *b = r->b;
	uint64_t *guids;
	uint8_t *lids;
	size_t i;
	bool ok = false;

	guids = malloc((b->num_eps ? b->num_eps : 1) * sizeof(*guids));
	lids = calloc(RR_MAX_UNICAST_LID + 1, 1);
	if (!guids || !lids) {
		fail(r, "%s", strerror(ENOMEM));
		goto out;
	}
	for (i = 0; i < b->num_eps; i++) {
		guids[i] = rr_graph_port(&b->g, b->eps[i].node, b->eps[i].port)->guid;
		if (lids[b->eps[i].lid]++) {
			fail(r, "\"endpoints\": LID %u is two endpoints", b->eps[i].lid);
			goto out;
		}
	}
	qsort(guids, b->num_eps, sizeof(*guids), by_u64);
	for (i = 1; i < b->num_eps; i++) {
		if (guids[i] == guids[i - 1]) {
			fail(r, "\"endpoints\": port GUID 0x%016llx is two endpoints",
			     (unsigned long long)guids[i]);
			goto out;
		}
	}
	ok = true;
out:
	free(guids);
	free(lids);
	return ok;
}

/*
 * No LID held twice: a switch's range (its LID and LMC) against the
 * other switches' and the endpoints' LIDs, naming both places.  The
 * endpoints among themselves are endpoints_unique()'s.
 */
static bool lids_apart(struct reader *r)
{
	const struct rr_routes_before *b = r->b;
	uint32_t *owner, lid, top;
	size_t i;
	bool ok = false;

	/* Per LID: 0 free, 1 + table index, or 1 + num_sw + endpoint. */
	owner = calloc(RR_MAX_UNICAST_LID + 1, sizeof(*owner));
	if (!owner)
		return fail(r, "%s", strerror(ENOMEM));
	for (i = 0; i < r->num_sw; i++) {
		if (!r->sw_lid[i])	/* no LID read: holds none */
			continue;
		top = r->sw_lid[i] + (1U << r->sw_lmc[i]) - 1;
		for (lid = r->sw_lid[i]; lid <= top && lid <= RR_MAX_UNICAST_LID; lid++) {
			if (owner[lid]) {
				fail(r, "\"tables[%u]\" and \"tables[%zu]\" both hold LID %u (a LID and its LMC's range)",
				     owner[lid] - 1, i, lid);
				goto out;
			}
			owner[lid] = (uint32_t)i + 1;
		}
	}
	for (i = 0; i < b->num_eps; i++) {
		lid = b->eps[i].lid;
		if (owner[lid] && owner[lid] <= r->num_sw) {
			fail(r, "\"tables[%u]\" and \"endpoints[%zu]\" both hold LID %u (a switch's LID and its LMC's range)",
			     owner[lid] - 1, i, lid);
			goto out;
		}
	}
	ok = true;
out:
	free(owner);
	return ok;
}

static bool read_loop(struct reader *r, json_object *o, const char *at)
{
	if (r->b->num_loops == r->count[LOOPS])
		return changed(r);
	return read_cycle(r, o, at, &r->b->loops[r->b->num_loops++]);
}

/* A loop checked in the first pass, nothing kept: the count is of loops. */
static bool see_loop(struct reader *r, json_object *o, const char *at)
{
	struct rr_loop_before l = { 0 };
	bool ok = read_cycle(r, o, at, &l);

	free(l.cycle);
	free(l.title);
	return ok;
}

/*
 * A switch's ports take its LID and GUID (as the fabric's read does),
 * once every table is read: the report lists the links first.
 */
static void switch_ports(struct rr_graph *g)
{
	struct rr_gport *p0, *p;
	unsigned int k;
	size_t n;

	for (n = 0; n < g->num_nodes; n++) {
		if (g->nodes[n].type != RR_NODE_SWITCH)
			continue;
		p0 = rr_graph_port(g, n, 0);
		for (k = 1; k <= g->nodes[n].num_ports; k++) {
			p = rr_graph_port(g, n, k);
			if (p->peer == RR_NO_NODE)
				continue;
			p->lid = p0->lid;
			p->guid = g->nodes[n].guid;
		}
	}
}

typedef bool (*element_fn)(struct reader *r, json_object *o, const char *at);

/* Why the scan stopped, as the reader's message. */
static bool scan_failed(struct reader *r)
{
	const struct rr_json_scan *s = &r->scan;

	switch (s->err) {
	case RR_JS_TRUNCATED:
		return fail(r, "truncated: it ends inside its JSON");
	case RR_JS_SYNTAX:
		return fail(r, "not JSON: %s", s->why);
	case RR_JS_DEEP:
		return fail(r, "nested deeper than %d levels at byte %llu: no report is",
			    RR_JS_MAX_DEPTH, rr_js_offset(s));
	case RR_JS_IO:
		return fail(r, "%s", strerror(s->io_errno));
	case RR_JS_NOMEM:
		return fail(r, "%s", strerror(ENOMEM));
	case RR_JS_LARGE:	/* the caller names the element */
	case RR_JS_FINE:
		break;
	}
	return fail(r, "cannot be read");
}

/* One element of array KEY, the I'th, an object: FN on it, then freed. */
static bool element(struct reader *r, const char *key, size_t i,
		    element_fn fn)
{
	const char *text;
	json_object *o;
	char at[64];
	size_t len;
	int c;
	bool ok;

	snprintf(at, sizeof(at), "%s[%zu]", key, i);
	c = rr_js_peek(&r->scan);
	if (c < 0)
		return scan_failed(r);
	if (c != '{')	/* JSON first, then the wrong kind */
		return rr_js_skip(&r->scan) ?
		       fail(r, "\"%s\": want an object", at) : scan_failed(r);
	if (!rr_js_capture(&r->scan, RR_ROUTES_FILE_ELEMENT_MAX, &text, &len))
		return r->scan.err == RR_JS_LARGE ?
		       fail(r, "\"%s\": larger than %lu bytes: no member of a report is",
			    at, RR_ROUTES_FILE_ELEMENT_MAX) :
		       scan_failed(r);
	/* Checked as JSON by the scan: json-c fails only for memory. */
	rr_jc.tok_reset(r->tok);
	o = rr_jc.parse_ex(r->tok, text, (int)len);
	if (!o || rr_jc.type(o) != json_type_object) {
		rr_jc.put(o);
		return fail(r, "\"%s\": %s", at,
			    rr_jc.error_desc(rr_jc.get_error(r->tok)));
	}
	ok = fn(r, o, at);
	rr_jc.put(o);
	return ok;
}

/* The array of PART, its elements through FN. */
static bool array(struct reader *r, enum part part, element_fn fn)
{
	struct rr_json_scan *s = &r->scan;
	bool first = true;
	int c;

	c = rr_js_peek(s);
	if (c == 'n')		/* null: as if it were not there */
		return rr_js_skip(s) || scan_failed(r);
	if (c < 0)
		return scan_failed(r);
	if (c != '[')	/* JSON first, then the wrong kind */
		return rr_js_skip(s) ?
		       fail(r, "\"%s\": want an array", part_key[part]) :
		       scan_failed(r);
	rr_js_take(s);
	r->has[part] = true;
	while (rr_js_more(s, ']', &first))
		if (!element(r, part_key[part], r->num[part]++, fn))
			return false;
	return !s->err || scan_failed(r);
}

/* The JSON before the report's object: what it is instead. */
static bool not_object(struct reader *r, int c)
{
	static const char *const kinds[] = {
		['['] = "an array", ['"'] = "a string", ['t'] = "a boolean",
		['f'] = "a boolean", ['n'] = "null",
	};
	const char *kind = "a number";

	if (c < 0 && !r->scan.err)
		return fail(r, "%s", rr_js_offset(&r->scan) ?
			    "holds only blanks: no report in it" :
			    "empty: no report in it");
	/* An array is refused at its bracket; a scalar once it is one. */
	if (c != '[' && !rr_js_skip(&r->scan))
		return scan_failed(r);
	if (c >= 0 && (size_t)c < sizeof(kinds) / sizeof(*kinds) && kinds[c])
		kind = kinds[c];
	return fail(r, "holds %s, not an object: want the report of --sa --trace --all-pairs --json",
		    kind);
}

static enum part part_of(const char *key)
{
	enum part part;

	for (part = 0; part < NUM_PARTS; part++)
		if (!strcmp(key, part_key[part]))
			break;
	return part;
}

/*
 * One pass over the report: its object's members, each array of PART
 * through FN[PART] (NULL: skipped), every other member checked and
 * skipped.  Nothing of it is held but an element at a time.
 */
static bool walk(struct reader *r, const element_fn fn[NUM_PARTS])
{
	struct rr_json_scan *s = &r->scan;
	bool first = true, seen[NUM_PARTS] = { false };
	enum part part;
	char key[16];
	int c;

	memset(r->num, 0, sizeof(r->num));
	c = rr_js_peek(s);
	if (c != '{')
		return not_object(r, c);
	rr_js_take(s);
	while (rr_js_more(s, '}', &first)) {
		if (!rr_js_key(s, key, sizeof(key)))
			return scan_failed(r);
		part = part_of(key);
		if (part == NUM_PARTS) {
			if (!rr_js_skip(s))
				return scan_failed(r);
			continue;
		}
		if (seen[part])
			return fail(r, "\"%s\" twice: one report has one", key);
		seen[part] = true;
		if (!array(r, part, fn[part]))
			return false;
	}
	if (s->err)
		return scan_failed(r);
	if (rr_js_peek(s) >= 0)
		return fail(r, "not one JSON document: more after its end");
	return !s->err || scan_failed(r);
}

/* The first pass: every node the members name, into the graph. */
static bool read_nodes(struct reader *r)
{
	static const element_fn fn[NUM_PARTS] = {
		[TABLES] = see_table, [LINKS] = see_link,
		[ENDPOINTS] = see_endpoint, [LOOPS] = see_loop,
	};
	static const enum part needed[] = { TABLES, ENDPOINTS };
	size_t i;

	if (!walk(r, fn))
		return false;
	for (i = 0; i < sizeof(needed) / sizeof(*needed); i++)
		if (!r->has[needed[i]])
			return fail(r, "no \"%s\": not the JSON of --sa --trace --all-pairs --json (of this version or later)",
				    part_key[needed[i]]);
	memcpy(r->count, r->num, sizeof(r->count));
	if (!make_nodes(r))
		return false;
	r->b->loads = calloc(r->b->g.num_ports ? r->b->g.num_ports : 1,
			     sizeof(*r->b->loads));
	r->b->eps = calloc(r->count[ENDPOINTS] ? r->count[ENDPOINTS] : 1,
			   sizeof(*r->b->eps));
	r->b->loops = calloc(r->count[LOOPS] ? r->count[LOOPS] : 1,
			     sizeof(*r->b->loops));
	r->sw_lid = calloc(r->count[TABLES] ? r->count[TABLES] : 1,
			   sizeof(*r->sw_lid));
	r->sw_lmc = calloc(r->count[TABLES] ? r->count[TABLES] : 1,
			   sizeof(*r->sw_lmc));
	if (!r->b->loads || !r->b->eps || !r->b->loops || !r->sw_lid || !r->sw_lmc)
		return fail(r, "%s", strerror(ENOMEM));
	return true;
}

/* The second pass: the tables, the links, the endpoints and the loops. */
static bool read_rest(struct reader *r)
{
	static const element_fn fn[NUM_PARTS] = {
		[TABLES] = read_table, [LINKS] = read_link,
		[ENDPOINTS] = read_endpoint, [LOOPS] = read_loop,
	};

	if (!walk(r, fn))
		return false;
	if (r->num_sw != r->count[TABLES] ||
	    r->b->num_eps != r->count[ENDPOINTS] ||
	    r->b->num_loops != r->count[LOOPS])
		return changed(r);
	switch_ports(&r->b->g);
	return endpoints_unique(r) && lids_apart(r);
}

/* Where a pass reads from: a file from its start, or memory. */
struct source {
	FILE *f;
	const char *text;
	size_t len;
};

static bool start(struct reader *r, const struct source *src)
{
	rr_js_free(&r->scan);
	if (!src->f) {
		rr_js_init_mem(&r->scan, src->text, src->len);
		return true;
	}
	if (fseek(src->f, 0, SEEK_SET))
		return fail(r, "%s", strerror(errno));
	return rr_js_init_file(&r->scan, src->f) ||
	       fail(r, "%s", strerror(ENOMEM));
}

static bool read_source(const struct source *src, struct rr_routes_before *b,
			char *why, size_t why_len)
{
	struct reader r = { .b = b, .why = why, .why_len = why_len };
	bool ok = false;

	memset(b, 0, sizeof(*b));
	if (!rr_jsonc_ready(why, why_len))
		return false;
	r.tok = rr_jc.tok_new();
	if (!r.tok)
		return fail(&r, "%s", strerror(ENOMEM));
	ok = start(&r, src) && read_nodes(&r);
	/* The names are the graph's now: the second pass needs none. */
	free(r.seen);
	free(r.names);
	r.seen = NULL;
	r.names = NULL;
	ok = ok && start(&r, src) && read_rest(&r);
	rr_js_free(&r.scan);
	rr_jc.tok_free(r.tok);
	free(r.sw_lid);
	free(r.sw_lmc);
	if (!ok)
		rr_routes_before_free(b);
	return ok;
}

bool rr_routes_file_parse(const char *text, size_t len,
			  struct rr_routes_before *b, char *why, size_t why_len)
{
	const struct source src = { .text = text, .len = len };

	return read_source(&src, b, why, why_len);
}

bool rr_routes_file_read(const char *path, struct rr_routes_before *b,
			 char *why, size_t why_len)
{
	struct source src = { 0 };
	struct stat st;
	bool ok = false;

	memset(b, 0, sizeof(*b));
	src.f = fopen(path, "re");
	if (!src.f) {
		snprintf(why, why_len, "%s", strerror(errno));
		return false;
	}
	if (fstat(fileno(src.f), &st)) {
		snprintf(why, why_len, "%s", strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode) ||
	    (unsigned long long)st.st_size > RR_ROUTES_FILE_MAX) {
		snprintf(why, why_len, "%s", !S_ISREG(st.st_mode) ?
			 "not a regular file" : "larger than 256 MiB");
		goto out;
	}
	ok = read_source(&src, b, why, why_len);
out:
	fclose(src.f);
	return ok;
}
