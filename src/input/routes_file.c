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
#include "input/routes_file.h"
#include "model/explain/chain.h"

/* The most ports a node has (PortInfo numbers them 1 to 254). */
#define MAX_PORT 254

/* A node as the report's members name it, before the graph is made. */
struct seen {
	uint64_t guid;
	enum rr_node_type type;
	unsigned int ports;
	const char *name;
};

struct reader {
	struct rr_routes_before *b;
	char *why;
	size_t why_len;
	struct seen *seen;
	size_t num_seen, cap_seen;
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

/* The report's array KEY; absent: NEED says whether that is wrong. */
static bool get_array(struct reader *r, json_object *root, const char *key,
		      bool need, json_object **out, size_t *n)
{
	json_object *v = member(root, key);

	*out = NULL;
	*n = 0;
	if (!v && !need)
		return true;
	if (!v)
		return fail(r, "no \"%s\": not the JSON of --sa --trace --all-pairs --json (of this version or later)",
			    key);
	if (rr_jc.type(v) != json_type_array)
		return fail(r, "\"%s\": want an array", key);
	*out = v;
	*n = rr_jc.length(v);
	return true;
}

/* Element I of ARR, an object; AT names it for a message. */
static json_object *element(struct reader *r, json_object *arr, size_t i,
			    const char *key, char *at, size_t len)
{
	json_object *v = rr_jc.idx(arr, i);

	snprintf(at, len, "%s[%zu]", key, i);
	if (!v || rr_jc.type(v) != json_type_object) {
		fail(r, "\"%s\": want an object", at);
		return NULL;
	}
	return v;
}

static bool saw(struct reader *r, uint64_t guid, enum rr_node_type type,
		unsigned int port, const char *name)
{
	struct seen *grown;
	size_t cap;

	if (r->num_seen == r->cap_seen) {
		cap = r->cap_seen ? 2 * r->cap_seen : 64;
		grown = realloc(r->seen, cap * sizeof(*grown));
		if (!grown)
			return fail(r, "%s", strerror(ENOMEM));
		r->seen = grown;
		r->cap_seen = cap;
	}
	r->seen[r->num_seen++] = (struct seen){ guid, type, port, name };
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

/* FN on each element of ARR (N objects), named KEY[I] for messages. */
static bool each(struct reader *r, json_object *arr, size_t n,
		 const char *key,
		 bool (*fn)(struct reader *r, json_object *o, const char *at))
{
	json_object *o;
	char at[64];
	size_t i;

	for (i = 0; i < n; i++) {
		o = element(r, arr, i, key, at, sizeof(at));
		if (!o || !fn(r, o, at))
			return false;
	}
	return true;
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
	       saw(r, guid, RR_NODE_SWITCH, (unsigned int)ports, name);
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
	       saw(r, guid, type, (unsigned int)port, name);
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
	       saw(r, guid, RR_NODE_CA, (unsigned int)port, name);
}

static int by_guid(const void *a, const void *b)
{
	const struct seen *x = a, *y = b;

	return (x->guid > y->guid) - (x->guid < y->guid);
}

/* The nodes seen, one each by GUID, into the graph; then indexed. */
static bool make_nodes(struct reader *r)
{
	struct rr_graph *g = &r->b->g;
	struct seen *s, *t;
	size_t i, k, idx;

	if (r->num_seen)	/* none: no array to give qsort */
		qsort(r->seen, r->num_seen, sizeof(*r->seen), by_guid);
	for (i = 0; i < r->num_seen; i = k) {
		s = &r->seen[i];
		for (k = i + 1; k < r->num_seen && r->seen[k].guid == s->guid;
		     k++) {
			t = &r->seen[k];
			if (t->type != s->type)
				return fail(r, "node 0x%016llx is a %s in one member, a %s in another",
					    (unsigned long long)s->guid,
					    rr_node_type_name(s->type),
					    rr_node_type_name(t->type));
			/* A switch's ports are its table's, not its links'. */
			if (s->type != RR_NODE_SWITCH && t->ports > s->ports)
				s->ports = t->ports;
		}
		if (!rr_graph_add_node(g, s->guid, s->type, s->ports, s->name,
				       &idx))
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
	if (r->b->g.nodes[node].type == RR_NODE_SWITCH) {
		p->lid = rr_graph_port(&r->b->g, node, 0)->lid;
		p->guid = guid;
	}
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
	char base[80], cat[96], words[320];
	size_t n, k, used = 0, room = 2048;
	uint64_t guid;

	arr = member(o, "cycle");
	if (!arr || rr_jc.type(arr) != json_type_array ||
	    !(n = rr_jc.length(arr)))
		return fail(r, "\"%s.cycle\": want an array of channels", at);
	l->cycle = calloc(n, sizeof(*l->cycle));
	l->title = malloc(room);
	if (!l->cycle || !l->title)
		return fail(r, "%s", strerror(ENOMEM));
	snprintf(base, sizeof(base), "%s.cycle", at);
	for (k = 0; k < n; k++) {
		c = element(r, arr, k, base, cat, sizeof(cat));
		if (!c || !get_guid(r, c, cat, "guid", &guid) ||
		    !get_str(r, c, cat, "node", &name) ||
		    !get_uint(r, c, cat, "port", 1, MAX_PORT, &port) ||
		    !get_uint(r, c, cat, "vl", 0, RR_NUM_VLS - 1, &vl))
			return false;
		l->cycle[l->cycle_len++] = (struct rr_channel_key){
			guid, (uint8_t)port, (uint8_t)vl };
		if (!k)
			used = (size_t)snprintf(l->title, room, "on VL %llu, %zu links:",
						vl, n);
		channel_words(c, name, port, words, sizeof(words));
		if (used < room)
			used += (size_t)snprintf(l->title + used, room - used,
						 "%s %s", k ? "," : "", words);
	}
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
	return read_cycle(r, o, at, &r->b->loops[r->b->num_loops++]);
}

/* "an array", "a number": a JSON value's kind in words. */
static const char *type_words(enum json_type t)
{
	switch (t) {
	case json_type_null:
		return "null";
	case json_type_boolean:
		return "a boolean";
	case json_type_double:
	case json_type_int:
		return "a number";
	case json_type_string:
		return "a string";
	case json_type_array:
		return "an array";
	default:
		return "an object";
	}
}

static bool read_report(struct reader *r, json_object *root)
{
	json_object *tables, *links, *eps, *loops;
	size_t nt, nl, ne, nc;

	if (rr_jc.type(root) != json_type_object)
		return fail(r, "holds %s, not an object: want the report of --sa --trace --all-pairs --json",
			    type_words(rr_jc.type(root)));
	if (!get_array(r, root, "tables", true, &tables, &nt) ||
	    !get_array(r, root, "endpoints", true, &eps, &ne) ||
	    !get_array(r, root, "links", false, &links, &nl) ||
	    !get_array(r, root, "credit_loops", false, &loops, &nc) ||
	    !each(r, tables, nt, "tables", see_table) ||
	    !each(r, links, nl, "links", see_link) ||
	    !each(r, eps, ne, "endpoints", see_endpoint) || !make_nodes(r))
		return false;
	r->b->loads = calloc(r->b->g.num_ports ? r->b->g.num_ports : 1,
			     sizeof(*r->b->loads));
	r->b->eps = calloc(ne ? ne : 1, sizeof(*r->b->eps));
	r->b->loops = calloc(nc ? nc : 1, sizeof(*r->b->loops));
	r->sw_lid = calloc(nt ? nt : 1, sizeof(*r->sw_lid));
	r->sw_lmc = calloc(nt ? nt : 1, sizeof(*r->sw_lmc));
	if (!r->b->loads || !r->b->eps || !r->b->loops || !r->sw_lid || !r->sw_lmc)
		return fail(r, "%s", strerror(ENOMEM));
	return each(r, tables, nt, "tables", read_table) &&
	       each(r, links, nl, "links", read_link) &&
	       each(r, eps, ne, "endpoints", read_endpoint) &&
	       endpoints_unique(r) && lids_apart(r) &&
	       each(r, loops, nc, "credit_loops", read_loop);
}

static bool only_space(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!s[i] || !strchr(" \t\r\n", s[i]))
			return false;
	return true;
}

/*
 * Why no value came: JSON null (json-c's NULL with no error), the text
 * ended inside one, or json-c's own words.
 */
static void parse_failed(struct reader *r, struct json_tokener *tok,
			 size_t len)
{
	enum json_tokener_error err = rr_jc.get_error(tok);

	if (len > INT32_MAX)
		fail(r, "not JSON: too long");
	else if (err == json_tokener_success)
		fail(r, "holds null, not an object: want the report of --sa --trace --all-pairs --json");
	else if (err == json_tokener_continue || err == json_tokener_error_parse_eof)
		fail(r, "truncated: it ends inside its JSON");
	else
		fail(r, "not JSON: %s", rr_jc.error_desc(err));
}

bool rr_routes_file_parse(const char *text, size_t len,
			  struct rr_routes_before *b, char *why, size_t why_len)
{
	struct reader r = { .b = b, .why = why, .why_len = why_len };
	json_object *root = NULL;
	struct json_tokener *tok;
	bool ok = false, fed_end;

	memset(b, 0, sizeof(*b));
	if (!rr_jsonc_ready(why, why_len))
		return false;
	tok = rr_jc.tok_new();
	if (!tok)
		return fail(&r, "%s", strerror(ENOMEM));
	if (only_space(text, len)) {
		fail(&r, len ? "holds only blanks: no report in it" : "empty: no report in it");
		goto out;
	}
	if (len <= INT32_MAX)
		root = rr_jc.parse_ex(tok, text, (int)len);
	/* The file's end ends a number or a word it ends with ("42"). */
	fed_end = !root && len <= INT32_MAX &&
		  rr_jc.get_error(tok) == json_tokener_continue;
	if (fed_end)
		root = rr_jc.parse_ex(tok, "", 1);
	if (!root) {
		parse_failed(&r, tok, len);
		goto out;
	}
	if (!fed_end &&
	    !only_space(text + rr_jc.parse_end(tok), len - rr_jc.parse_end(tok)))
		fail(&r, "not one JSON document: more after its end");
	else
		ok = read_report(&r, root);
out:
	rr_jc.put(root);
	rr_jc.tok_free(tok);
	free(r.seen);
	free(r.sw_lid);
	free(r.sw_lmc);
	if (!ok)
		rr_routes_before_free(b);
	return ok;
}

bool rr_routes_file_read(const char *path, struct rr_routes_before *b,
			 char *why, size_t why_len)
{
	char *text = NULL;
	struct stat st;
	size_t got = 0;
	bool ok = false;
	FILE *f;

	memset(b, 0, sizeof(*b));
	f = fopen(path, "re");
	if (!f) {
		snprintf(why, why_len, "%s", strerror(errno));
		return false;
	}
	if (fstat(fileno(f), &st)) {
		snprintf(why, why_len, "%s", strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode) ||
	    (unsigned long long)st.st_size > RR_ROUTES_FILE_MAX) {
		snprintf(why, why_len, "%s", !S_ISREG(st.st_mode) ?
			 "not a regular file" : "larger than 256 MiB");
		goto out;
	}
	text = malloc((size_t)st.st_size + 1);
	if (!text) {
		snprintf(why, why_len, "%s", strerror(ENOMEM));
		goto out;
	}
	got = fread(text, 1, (size_t)st.st_size, f);
	if (ferror(f)) {
		snprintf(why, why_len, "%s", strerror(EIO));
		goto out;
	}
	text[got] = '\0';
	ok = rr_routes_file_parse(text, got, b, why, why_len);
out:
	free(text);
	fclose(f);
	return ok;
}
