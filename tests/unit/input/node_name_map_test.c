// SPDX-License-Identifier: GPL-2.0-or-later
/* The node-name map: its lines, and a file of them. */
#include <stdio.h>
#include <inttypes.h>
#include <stdlib.h>
#include <unistd.h>

#include "input/node_name_map.h"
#include "../tap.h"

static void good(const char *line, uint64_t want_guid, const char *want_name)
{
	char why[128], *name = NULL;
	uint64_t guid = 0;

	ok(rr_node_name_parse(line, strlen(line), &guid, &name, why, sizeof(why)) &&
	   guid == want_guid && name && !strcmp(name, want_name),
	   "'%s': 0x%llx '%s'", line, (unsigned long long)guid, name ? name : "(null)");
	free(name);
}

static void bad(const char *line, const char *want_why)
{
	char why[128] = "", *name = (char *)"x";
	uint64_t guid;

	ok(!rr_node_name_parse(line, strlen(line), &guid, &name, why, sizeof(why)) &&
	   !name, "'%s' refused", line);
	is_str(why, want_why, "its reason");
}

/* A map file of TEXT; returns its name (static). */
static const char *file_of(const char *text)
{
	static char path[] = "/tmp/rr-map-XXXXXX";
	FILE *f;
	int fd;

	strcpy(path, "/tmp/rr-map-XXXXXX");
	fd = mkstemp(path);
	f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	return path;
}

/*
 * 100,000 GUIDs of one vendor (they differ in their low bits), each found
 * by its own, and a GUID not in the map found by none.
 */
static void many_names(void)
{
	struct rr_node_names map = { 0 };
	const uint64_t base = 0x0002c90000000000ULL;
	char name[32], *copy;
	bool all = true;
	uint64_t i;

	for (i = 0; i < 100000 && all; i++) {
		snprintf(name, sizeof(name), "n%" PRIu64, i);
		copy = strdup(name);
		all = copy && rr_node_names_add(&map, base + i * 2, copy);
	}
	ok(all && map.num == 100000, "100000 names added");
	for (i = 0; i < 100000 && all; i++) {
		const char *got = rr_node_names_find(&map, base + i * 2);

		snprintf(name, sizeof(name), "n%" PRIu64, i);
		all = got && !strcmp(got, name) &&
		      !rr_node_names_find(&map, base + i * 2 + 1);
	}
	ok(all, "each found by its GUID, none by a GUID beside it");
	ok(rr_node_names_add(&map, base, strdup("again")) && map.num == 100000,
	   "a GUID again replaces its name");
	is_str(rr_node_names_find(&map, base), "again", "the later name");
	rr_node_names_free(&map);
}

int main(void)
{
	struct rr_node_names map = { 0 };
	char why[192];
	const char *path;

	good("0x0002c90000001000 \"node01\"", 0x0002c90000001000ULL, "node01");
	good("0x0002C90000001000\t\"rack 1, node 1\"", 0x0002c90000001000ULL,
	     "rack 1, node 1");
	good("0x10 bare words", 0x10, "bare words");
	good("4096 \"decimal\"", 4096, "decimal");
	good("0xffffffffffffffff \"max\"", UINT64_MAX, "max");
	bad("node01 \"x\"", "want a node GUID (0x and 1 to 16 hex digits) first");
	bad("0x10000000000000000 \"x\"", "want a node GUID (0x and 1 to 16 hex digits) first");
	bad("0x0 \"zero\"", "want a node GUID (0x and 1 to 16 hex digits) first");
	bad("0x10", "no name after the GUID");
	bad("0x10 \"\"", "no name after the GUID");
	bad("0x10 \"open", "the name's closing '\"' is missing");
	bad("0x10 \"a\" b", "text after the quoted name");

	path = file_of("# a map\n\n0x1000 \"n1\"  # a comment\n  0x2000 n2\n0x1000 n1-again\n");
	ok(rr_node_names_load(path, &map, why, sizeof(why)), "a file read");
	is_int(map.num, 2, "two GUIDs");
	is_str(rr_node_names_find(&map, 0x1000), "n1-again", "the later line wins");
	is_str(rr_node_names_find(&map, 0x2000), "n2", "indented, bare");
	ok(!rr_node_names_find(&map, 0x3000), "no name for another GUID");
	rr_node_names_free(&map);
	unlink(path);

	path = file_of("0x1000 n1\n0x2000\n");
	ok(!rr_node_names_load(path, &map, why, sizeof(why)), "a bad line");
	is_str(why, "line 2: no name after the GUID", "said with its number");
	is_int(map.num, 0, "nothing kept");
	unlink(path);

	ok(!rr_node_names_load("/nonexistent/map", &map, why, sizeof(why)), "no file");
	is_str(why, "No such file or directory", "the system's words");

	/* Quotes protect '#'; outside them it starts a comment. */
	path = file_of("0x0002c90000070000 \"rack#2 n7\"  # rack 2\n0x5 \"a\" # \"q\"\n");
	ok(rr_node_names_load(path, &map, why, sizeof(why)), "'#' in quotes read: %s", why);
	is_str(rr_node_names_find(&map, 0x0002c90000070000ULL), "rack#2 n7",
	       "a quoted '#' is part of the name");
	is_str(rr_node_names_find(&map, 0x5), "a", "a comment after it, quotes and all");
	rr_node_names_free(&map);
	unlink(path);

	many_names();
	return tap_done();
}
