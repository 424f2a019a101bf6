// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --compare's reader (src/input/routes_file.c): a report read whatever
 * the order of its members, from memory and from a file; wrong shapes
 * refused at their first element, however large the rest; the bounds of
 * an element and of the ports its nodes have.  The messages of smaller
 * refusals are tests/host/cli.bats'.
 */
#include <stdlib.h>
#include <unistd.h>

#include "input/routes_file.h"
#include "../tap.h"

/* A switch 0x2 (LID 1, two ports) and a CA 0x10 (LID 2) on its port 1. */
#define TABLES "\"tables\": [{\"node\": \"S1\", \"guid\": \"0x2\", \"lid\": 1, \"lmc\": 0, " \
	"\"ports\": 2, \"lft_read\": true, \"lft\": \"ff0101\"}]"
#define ENDPOINTS "\"endpoints\": [{\"node\": \"H1\", \"node_guid\": \"0x10\", " \
	"\"port_guid\": \"0x11\", \"port\": 1, \"lid\": 2}]"
#define LINKS "\"links\": [{\"node\": \"H1\", \"node_type\": \"ca\", \"guid\": \"0x10\", " \
	"\"port\": 1, \"peer_guid\": \"0x2\", \"peer_port\": 1, \"state\": \"ACTIVE\", \"routes\": 1}, " \
	"{\"node\": \"S1\", \"node_type\": \"switch\", \"guid\": \"0x2\", \"port\": 1, " \
	"\"peer_guid\": \"0x10\", \"peer_port\": 1, \"state\": \"ACTIVE\", \"routes\": 7}]"

/* The graph the report above makes, whatever the order of its members. */
static void check_graph(const struct rr_routes_before *b, const char *what)
{
	uint32_t sw = rr_graph_find(&b->g, 0x2), ca = rr_graph_find(&b->g, 0x10);
	const struct rr_gport *p, *q;

	ok(b->g.num_nodes == 2 && sw != RR_NO_NODE && ca != RR_NO_NODE &&
	   b->g.nodes[sw].num_ports == 2 && !strcmp(b->g.nodes[sw].desc, "S1") &&
	   b->g.nodes[sw].lft_len == 3 && b->g.nodes[sw].lft[2] == 1,
	   "%s: the switch, its two ports, its name and table", what);
	p = rr_graph_port(&b->g, sw, 1);
	q = rr_graph_port(&b->g, ca, 1);
	ok(p && p->peer == ca && p->lid == 1 && p->guid == 0x2 &&
	   b->loads[p - b->g.ports] == 7,
	   "%s: its port 1 to the CA, with its LID and GUID, 7 routes", what);
	ok(q && q->peer == sw && q->lid == 2 && q->guid == 0x11 &&
	   b->num_eps == 1 && b->eps[0].lid == 2 && b->eps[0].node == ca,
	   "%s: the CA's port, the one endpoint", what);
}

static void good(void)
{
	const char *orders[] = {
		"{" TABLES ", " LINKS ", " ENDPOINTS "}",
		/* As the report prints them: the links first. */
		"{\"version\": \"1\", \"fabric\": {\"a\": [1, {\"b\": null}]}, " LINKS ", "
		TABLES ", " ENDPOINTS ", \"summary\": {\"findings\": []}}",
		"{" ENDPOINTS ", \"credit_loops\": null, " LINKS ", " TABLES "}",
	};
	struct rr_routes_before b;
	char why[256] = "", what[32];
	size_t i;

	for (i = 0; i < sizeof(orders) / sizeof(*orders); i++) {
		snprintf(what, sizeof(what), "order %zu", i + 1);
		ok(rr_routes_file_parse(orders[i], strlen(orders[i]), &b, why,
					sizeof(why)), "%s read (%s)", what, why);
		check_graph(&b, what);
		rr_routes_before_free(&b);
	}
}

static void refused(const char *text, size_t len, const char *want)
{
	struct rr_routes_before b;
	char why[256] = "";

	ok(!rr_routes_file_parse(text, len, &b, why, sizeof(why)) &&
	   !strcmp(why, want) && !b.g.num_nodes && !b.eps,
	   "refused: '%s', want '%s'", why, want);
}

/* HEAD, then N copies of UNIT, then TAIL: malloc'ed, its length in *LEN. */
static char *repeated(const char *head, const char *unit, size_t n,
		      const char *tail, size_t *len)
{
	size_t h = strlen(head), u = strlen(unit), t = strlen(tail), i;
	char *s = malloc(h + n * u + t + 1);

	if (!s)
		return NULL;
	memcpy(s, head, h);
	for (i = 0; i < n; i++)
		memcpy(s + h + i * u, unit, u);
	memcpy(s + h + n * u, tail, t + 1);
	*len = h + n * u + t;
	return s;
}

/*
 * Wrong shapes of 16 MiB, refused at the first element that is not a
 * report's (the whole of the text is never parsed: json-c would hold
 * some 600 MiB of it first).
 */
static void wrong_shapes(void)
{
	char *s;
	size_t len;

	s = repeated("[", "0,", 8 << 20, "0]", &len);
	if (s)
		refused(s, len, "holds an array, not an object: want the report of --sa --trace --all-pairs --json");
	free(s);
	s = repeated("{\"tables\": [", "0,", 8 << 20, "0]}", &len);
	if (s)
		refused(s, len, "\"tables[0]\": want an object");
	free(s);
	s = repeated("{\"links\": [", "{},", 4 << 20, "{}]}", &len);
	if (s)
		refused(s, len, "\"links[0].guid\": want a string");
	free(s);
	/* A member of no use to the reader is checked, not kept. */
	s = repeated("{\"summary\": [", "0,", 8 << 20, "0], " TABLES ", " ENDPOINTS ", " LINKS "}", &len);
	if (s) {
		struct rr_routes_before b;
		char why[256] = "";

		ok(rr_routes_file_parse(s, len, &b, why, sizeof(why)),
		   "a report behind 16 MiB of another member read (%s)", why);
		check_graph(&b, "behind 16 MiB");
		rr_routes_before_free(&b);
	}
	free(s);
	/* An element past its bound: refused at the bound. */
	s = repeated("{\"tables\": [{\"node\": \"", "a", RR_ROUTES_FILE_ELEMENT_MAX, "\"}]}", &len);
	if (s)
		refused(s, len, "\"tables[0]\": larger than 1048576 bytes: no member of a report is");
	free(s);
	refused("{" TABLES ", " TABLES "}", strlen("{" TABLES ", " TABLES "}"),
		"\"tables\" twice: one report has one");
	refused("{\"tables\": null, " ENDPOINTS "}", strlen("{\"tables\": null, " ENDPOINTS "}"),
		"no \"tables\": not the JSON of --sa --trace --all-pairs --json (of this version or later)");
	refused("{\"x\": [1 2]}", strlen("{\"x\": [1 2]}"),
		"not JSON: '2' at byte 10, where ',' or ']' was wanted");
	refused("{\"x\": [1, 2", strlen("{\"x\": [1, 2"), "truncated: it ends inside its JSON");
	refused("4x", 2, "holds a number, not an object: want the report of --sa --trace --all-pairs --json");
}

/*
 * Nodes of more ports than a subnet holds: 16,514 switches of 254 ports
 * (some 1.5 MB of report), refused before the graph holds them.
 */
static void too_many_ports(void)
{
	const size_t n = RR_ROUTES_FILE_PORTS / 254 + 1;
	size_t len = 0, i, used;
	char *s = malloc(n * 128 + 64), want[160];

	if (!s) {
		ok(0, "memory for the report");
		return;
	}
	used = (size_t)sprintf(s, "{\"endpoints\": [], \"tables\": [");
	for (i = 0; i < n; i++)
		used += (size_t)sprintf(s + used, "%s{\"node\": \"\", \"guid\": \"0x%zx\", \"ports\": 254}",
					i ? "," : "", i + 1);
	used += (size_t)sprintf(s + used, "]}");
	len = used;
	snprintf(want, sizeof(want), "its nodes have %zu ports: more than %lu, more than a subnet's 49151 LIDs have",
		 n * 255, RR_ROUTES_FILE_PORTS);
	refused(s, len, want);
	free(s);
}

/* From a file: read twice, the nodes and then the rest. */
static void from_file(void)
{
	const char *text = "{" LINKS ",\n" TABLES ",\n" ENDPOINTS "}\n";
	char path[] = "/tmp/rr-routes-XXXXXX", why[256] = "";
	struct rr_routes_before b;
	int fd = mkstemp(path);

	ok(fd >= 0 && write(fd, text, strlen(text)) == (ssize_t)strlen(text),
	   "a report in a file");
	if (fd >= 0)
		close(fd);
	ok(rr_routes_file_read(path, &b, why, sizeof(why)), "read (%s)", why);
	check_graph(&b, "a file");
	rr_routes_before_free(&b);
	unlink(path);
}

int main(void)
{
	good();
	wrong_shapes();
	too_many_ports();
	from_file();
	return tap_done();
}
