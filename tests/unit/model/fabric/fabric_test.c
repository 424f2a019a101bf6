// SPDX-License-Identifier: GPL-2.0-or-later
/* Names in a fabric: rr_fabric_find() and rr_fabric_label(). */
#include <stdlib.h>
#include <string.h>

#include "model/fabric/fabric.h"
#include "../../tap.h"

static void add(struct rr_fabric *f, uint64_t node, uint8_t port, uint16_t lid,
		const char *desc)
{
	struct rr_fabric_port p = { .node_guid = node, .port_guid = node + port,
				    .lid = lid, .port = port };

	strncpy(p.desc, desc, RR_NODE_DESC_LEN);
	ok(rr_fabric_add(f, &p), "port %s/%u added", desc, port);
}

/* The index rr_fabric_find() gives NAME, -1 unknown, -2 ambiguous. */
static long find(const struct rr_fabric *f, const struct rr_node_names *map,
		 const char *name)
{
	size_t i = 99;

	switch (rr_fabric_find(f, map, name, &i)) {
	case RR_FABRIC_FOUND:
		return (long)i;
	case RR_FABRIC_AMBIGUOUS:
		return -2;
	default:
		return -1;
	}
}

static const char *label(const struct rr_fabric *f,
			 const struct rr_node_names *map, size_t i)
{
	static char buf[96];

	rr_fabric_label(f, map, i, buf, sizeof(buf));
	return buf;
}

/* The map alone, for a node the fabric seen from here does not have. */
static void map_only(struct rr_node_names *map)
{
	unsigned long port = 9;
	uint64_t guid = 0;

	ok(rr_node_names_add(map, 0x7000, strdup("cut/off")), "a name with a '/'");
	ok(rr_node_names_add(map, 0x8000, strdup("gone")), "a node gone");
	is_int(rr_node_names_find_name(map, "gone", &guid, &port), RR_FABRIC_FOUND,
	       "a name of the map alone");
	ok(guid == 0x8000 && port == 0, "its GUID, no port");
	is_int(rr_node_names_find_name(map, "gone/2", &guid, &port), RR_FABRIC_FOUND,
	       "NAME/PORT");
	ok(guid == 0x8000 && port == 2, "its GUID, port 2");
	is_int(rr_node_names_find_name(map, "cut/off", &guid, &port),
	       RR_FABRIC_FOUND, "the whole name first");
	ok(guid == 0x7000 && port == 0, "a '/' of the name itself");
	is_int(rr_node_names_find_name(map, "old", &guid, &port),
	       RR_FABRIC_UNKNOWN, "a replaced name");
	is_int(rr_node_names_find_name(map, "gon", &guid, &port),
	       RR_FABRIC_UNKNOWN, "a prefix is no name");
	is_int(rr_node_names_find_name(map, "gone/x", &guid, &port),
	       RR_FABRIC_UNKNOWN, "/ and no number");
	ok(rr_node_names_add(map, 0x9000, strdup("gone")), "the name twice");
	is_int(rr_node_names_find_name(map, "gone", &guid, &port),
	       RR_FABRIC_AMBIGUOUS, "two GUIDs of one name");
	is_int(rr_node_names_find_name(NULL, "gone", &guid, &port),
	       RR_FABRIC_UNKNOWN, "no map");
}

int main(void)
{
	struct rr_fabric f = { 0 };
	struct rr_node_names map = { 0 };
	size_t i;

	add(&f, 0x1000, 1, 2, "node01 mlx5_0");		/* 0 */
	add(&f, 0x2000, 1, 3, "node02 mlx5_0");		/* 1 */
	add(&f, 0x2000, 2, 4, "node02 mlx5_0");		/* 2: its second port */
	add(&f, 0x3000, 1, 5, "MT4119 ConnectX5");	/* 3 */
	add(&f, 0x4000, 1, 6, "MT4119 ConnectX5");	/* 4: same default */
	add(&f, 0x5000, 1, 7, "");			/* 5: none */
	add(&f, 0x6000, 1, 8, "a/b");			/* 6: a '/' in it */

	is_int(find(&f, NULL, "node01 mlx5_0"), 0, "a whole description");
	is_int(find(&f, NULL, "node01"), 0, "a description's first word");
	is_int(find(&f, NULL, "node02"), 1, "a node of two ports: its lowest");
	is_int(find(&f, NULL, "node02/2"), 2, "NAME/PORT: that port");
	is_int(find(&f, NULL, "node02/3"), -1, "NAME/PORT: no such port");
	is_int(find(&f, NULL, "node01/0"), -1, "port 0 is no CA port");
	is_int(find(&f, NULL, "MT4119 ConnectX5"), -2, "two nodes, one description");
	is_int(find(&f, NULL, "MT4119"), -2, "two nodes, one first word");
	is_int(find(&f, NULL, "node0"), -1, "a prefix is no word");
	is_int(find(&f, NULL, "nope"), -1, "unknown");
	is_int(find(&f, NULL, "a/b"), 6, "a '/' of the name itself");

	/* The map's names, first; a later line for a GUID wins. */
	ok(rr_node_names_add(&map, 0x3000, strdup("old")), "map line");
	ok(rr_node_names_add(&map, 0x3000, strdup("rack1-n3")), "map line again");
	ok(rr_node_names_add(&map, 0x5000, strdup("rack1-n5")), "map line");
	ok(rr_node_names_add(&map, 0x1000, strdup("node02")), "a name clash");
	is_int(map.num, 3, "three GUIDs named");
	is_str(rr_node_names_find(&map, 0x3000), "rack1-n3", "the later name");
	is_int(find(&f, &map, "rack1-n3"), 3, "a mapped name");
	is_int(find(&f, &map, "old"), -1, "the replaced name");
	is_int(find(&f, &map, "rack1-n5"), 5, "a node with no description");
	is_int(find(&f, &map, "node02"), 0, "one's map name, another's first word: the exact name wins");

	/* Labels: each reads back to its own port. */
	is_str(label(&f, &map, 0), "node02", "the map's name, though a word of another");
	is_str(label(&f, &map, 1), "node02 mlx5_0/1", "the other, whole");
	ok(rr_node_names_add(&map, 0x4000, strdup("rack1-n3")), "a name given twice");
	is_str(label(&f, &map, 3), "0x0000000000003001", "a name two nodes have: the GUID");
	ok(rr_node_names_add(&map, 0x4000, strdup("rack1-n4")), "the twin renamed");
	is_str(label(&f, NULL, 0), "node01 mlx5_0", "a unique description");
	is_str(label(&f, NULL, 2), "node02 mlx5_0/2", "a port of a node of two");
	is_str(label(&f, &map, 3), "rack1-n3", "the map's name");
	is_str(label(&f, NULL, 3), "0x0000000000003001", "a shared description: the GUID");
	is_str(label(&f, NULL, 5), "0x0000000000005001", "no description: the GUID");
	is_str(label(&f, &map, 5), "rack1-n5", "no description, a map name");
	map_only(&map);
	for (i = 0; i < f.num; i++) {
		const char *l = label(&f, NULL, i);

		if (strncmp(l, "0x", 2))
			is_int(find(&f, NULL, l), (long)i, "a label finds its port");
	}
	rr_node_names_free(&map);
	rr_fabric_free(&f);
	is_int(f.num + map.num, 0, "freed");
	return tap_done();
}
