// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/fabric/fabric.h"

bool rr_fabric_add(struct rr_fabric *f, const struct rr_fabric_port *port)
{
	size_t cap = f->cap ? 2 * f->cap : 64;
	struct rr_fabric_port *ports;

	if (f->num == f->cap) {
		ports = reallocarray(f->ports, cap, sizeof(*ports));
		if (!ports)
			return false;
		f->ports = ports;
		f->cap = cap;
	}
	f->ports[f->num++] = *port;
	return true;
}

void rr_fabric_free(struct rr_fabric *f)
{
	free(f->ports);
	memset(f, 0, sizeof(*f));
}

/* A GUID's home slot: GUIDs of one vendor differ in their low bits. */
static size_t guid_slot(uint64_t guid, size_t num_slots)
{
	guid ^= guid >> 33;
	guid *= 0xff51afd7ed558ccdULL;
	guid ^= guid >> 33;
	return (size_t)guid & (num_slots - 1);
}

/* The slot that holds GUID, or the empty one where it would go. */
static size_t find_slot(const struct rr_node_names *map, uint64_t guid)
{
	size_t i = guid_slot(guid, map->num_slots);

	while (map->slots[i] && map->names[map->slots[i] - 1].guid != guid)
		i = (i + 1) & (map->num_slots - 1);
	return i;
}

static bool grow_slots(struct rr_node_names *map)
{
	size_t n = map->num_slots ? 2 * map->num_slots : 128, i;
	size_t *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return false;
	free(map->slots);
	map->slots = slots;
	map->num_slots = n;
	for (i = 0; i < map->num; i++)
		map->slots[find_slot(map, map->names[i].guid)] = i + 1;
	return true;
}

bool rr_node_names_add(struct rr_node_names *map, uint64_t guid, char *name)
{
	size_t cap = map->cap ? 2 * map->cap : 64, at;
	struct rr_node_name *names;

	/* At most half full: a probe stays short. */
	if (2 * (map->num + 1) > map->num_slots && !grow_slots(map))
		return false;
	at = find_slot(map, guid);
	if (map->slots[at]) {
		free(map->names[map->slots[at] - 1].name);
		map->names[map->slots[at] - 1].name = name;
		return true;
	}
	if (map->num == map->cap) {
		names = reallocarray(map->names, cap, sizeof(*names));
		if (!names)
			return false;
		map->names = names;
		map->cap = cap;
	}
	map->names[map->num++] = (struct rr_node_name){ guid, name };
	map->slots[at] = map->num;
	return true;
}

const char *rr_node_names_find(const struct rr_node_names *map, uint64_t guid)
{
	size_t at;

	if (!map || !map->num)
		return NULL;
	at = find_slot(map, guid);
	return map->slots[at] ? map->names[map->slots[at] - 1].name : NULL;
}

void rr_node_names_free(struct rr_node_names *map)
{
	size_t i;

	for (i = 0; i < map->num; i++)
		free(map->names[i].name);
	free(map->names);
	free(map->slots);
	memset(map, 0, sizeof(*map));
}

/* NAME is the first word of DESC: DESC starts with it, then a blank. */
static bool first_word(const char *desc, const char *name, size_t len)
{
	return !strncmp(desc, name, len) && isspace((unsigned char)desc[len]);
}

/* How port P's node is called by NAME (LEN bytes): 2 exactly, 1 by a word. */
static int called(const struct rr_fabric_port *p,
		  const struct rr_node_names *map, const char *name, size_t len)
{
	const char *mapped = rr_node_names_find(map, p->node_guid);

	if ((mapped && strlen(mapped) == len && !strncmp(mapped, name, len)) ||
	    (strlen(p->desc) == len && !strncmp(p->desc, name, len)))
		return 2;
	return first_word(p->desc, name, len) ? 1 : 0;
}

/*
 * The one node NAME calls at LEVEL (2 exact, 1 first word): its GUID in
 * *NODE.  0 none, 1 one, 2 several.
 */
static int node_called(const struct rr_fabric *f,
		       const struct rr_node_names *map, const char *name,
		       size_t len, int level, uint64_t *node)
{
	int found = 0;
	size_t i;

	for (i = 0; i < f->num; i++) {
		if (called(&f->ports[i], map, name, len) != level)
			continue;
		if (found && f->ports[i].node_guid != *node)
			return 2;
		*node = f->ports[i].node_guid;
		found = 1;
	}
	return found;
}

/* NODE's port PORT (0: its lowest), or UNKNOWN. */
static enum rr_fabric_match port_of(const struct rr_fabric *f, uint64_t node,
				    unsigned long port, size_t *idx)
{
	bool found = false;
	size_t i;

	for (i = 0; i < f->num; i++) {
		const struct rr_fabric_port *p = &f->ports[i];

		if (p->node_guid != node || (port && p->port != port))
			continue;
		if (!found || p->port < f->ports[*idx].port)
			*idx = i;
		found = true;
	}
	return found ? RR_FABRIC_FOUND : RR_FABRIC_UNKNOWN;
}

/* NAME as LEN bytes of name and a PORT, when it ends in "/N". */
static void split_port(const char *name, size_t *len, unsigned long *port)
{
	const char *slash = strrchr(name, '/');
	char *end;

	*len = strlen(name);
	*port = 0;
	if (!slash || slash == name || !isdigit((unsigned char)slash[1]))
		return;
	*port = strtoul(slash + 1, &end, 10);
	if (*end || *port == 0 || *port > 254) {
		*port = 0;
		return;
	}
	*len = (size_t)(slash - name);
}

static enum rr_fabric_match find_as(const struct rr_fabric *f,
				    const struct rr_node_names *map,
				    const char *name, size_t len,
				    unsigned long port, size_t *idx)
{
	uint64_t node = 0;
	int level, n;

	for (level = 2; level >= 1; level--) {
		n = node_called(f, map, name, len, level, &node);
		if (n == 2)
			return RR_FABRIC_AMBIGUOUS;
		if (n == 1)
			return port_of(f, node, port, idx);
	}
	return RR_FABRIC_UNKNOWN;
}

enum rr_fabric_match rr_fabric_find(const struct rr_fabric *f,
				    const struct rr_node_names *map,
				    const char *name, size_t *idx)
{
	enum rr_fabric_match m;
	unsigned long port;
	size_t len;

	/* The whole of it first: a description may hold a '/'. */
	m = find_as(f, map, name, strlen(name), 0, idx);
	if (m != RR_FABRIC_UNKNOWN)
		return m;
	split_port(name, &len, &port);
	if (!port)
		return RR_FABRIC_UNKNOWN;
	return find_as(f, map, name, len, port, idx);
}

static enum rr_fabric_match map_name(const struct rr_node_names *map,
				     const char *name, size_t len,
				     uint64_t *guid)
{
	bool found = false;
	size_t i;

	for (i = 0; map && i < map->num; i++) {
		if (strlen(map->names[i].name) != len ||
		    memcmp(map->names[i].name, name, len))
			continue;
		if (found && map->names[i].guid != *guid)
			return RR_FABRIC_AMBIGUOUS;
		*guid = map->names[i].guid;
		found = true;
	}
	return found ? RR_FABRIC_FOUND : RR_FABRIC_UNKNOWN;
}

enum rr_fabric_match rr_node_names_find_name(const struct rr_node_names *map,
					     const char *name, uint64_t *guid,
					     unsigned long *port)
{
	enum rr_fabric_match m;
	size_t len;

	*port = 0;
	m = map_name(map, name, strlen(name), guid);
	if (m != RR_FABRIC_UNKNOWN)
		return m;
	split_port(name, &len, port);
	if (!*port)
		return RR_FABRIC_UNKNOWN;
	return map_name(map, name, len, guid);
}

static unsigned int ports_of(const struct rr_fabric *f, uint64_t node)
{
	unsigned int n = 0;
	size_t i;

	for (i = 0; i < f->num; i++)
		n += f->ports[i].node_guid == node;
	return n;
}

/* A name reads back as one: a letter first, no ':' (that is a GID). */
static bool usable(const char *name)
{
	return name && isalpha((unsigned char)name[0]) && !strchr(name, ':');
}

void rr_fabric_label(const struct rr_fabric *f, const struct rr_node_names *map,
		     size_t i, char *buf, size_t len)
{
	const struct rr_fabric_port *p = &f->ports[i];
	const char *name = rr_node_names_find(map, p->node_guid);
	size_t found = i;

	if (!usable(name))
		name = usable(p->desc) ? p->desc : NULL;
	if (name) {
		if (ports_of(f, p->node_guid) > 1)
			snprintf(buf, len, "%s/%u", name, p->port);
		else
			snprintf(buf, len, "%s", name);
		if (rr_fabric_find(f, map, buf, &found) == RR_FABRIC_FOUND &&
		    found == i)
			return;
	}
	snprintf(buf, len, "0x%016" PRIx64, p->port_guid);
}
