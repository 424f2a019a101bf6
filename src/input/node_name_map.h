/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --node-name-map FILE: the node-name map infiniband-diags' tools take
 * (ibnetdiscover, ibtracert): a node GUID and its name on each line,
 *
 *     0x0002c90000001000 "node01"     # a comment
 *
 * the name in double quotes or bare (the rest of the line).  Blank lines
 * and '#' comments are skipped.
 */
#ifndef RR_NODE_NAME_MAP_H
#define RR_NODE_NAME_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/fabric/fabric.h"

/* The longest name accepted: longer than a node description can be. */
#define RR_NODE_NAME_MAX 255

/*
 * Parses one line, TEXT of LEN bytes with its comment and surrounding
 * white space removed, into its GUID and a malloc'ed copy of its name in
 * *NAME.  Returns false with the reason in WHY, and *NAME set to NULL.
 */
bool rr_node_name_parse(const char *text, size_t len, uint64_t *guid,
			char **name, char *why, size_t why_len);

/*
 * Reads FILE into MAP.  Returns false with the reason in WHY ("line 3:
 * ...", or the system's error message); MAP then holds nothing.
 */
bool rr_node_names_load(const char *file, struct rr_node_names *map,
			char *why, size_t why_len);

#endif
