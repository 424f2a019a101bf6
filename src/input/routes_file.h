/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An earlier run's report read back (--compare FILE): the JSON that
 * --sa --trace --all-pairs --json printed, its "tables" (each switch's
 * forwarding table), "endpoints" (the CA ports and their LIDs), "links"
 * (the cables and their loads) and "credit_loops", into a graph the
 * routes can be walked through again (model/fabric/route_compare.h).  Every
 * member's type and range checked; a file that is not such a report is
 * refused, naming the member.  Read as it streams (json_scan.h), twice:
 * the nodes, then the rest; each element of the arrays parsed alone
 * through json-c (json_lib.h), the other members checked and skipped.
 */
#ifndef RR_ROUTES_FILE_H
#define RR_ROUTES_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/fabric/route_compare.h"

/*
 * The largest report read.  A fabric of 1,152 HCAs writes 1.9 MB; a
 * subnet's 49,151 LIDs, some 2,000 of them switches whose tables route
 * every LID (two hex digits a LID), some 240 MB.  It is read in bounded
 * memory whatever it holds: a member at a time, refused at the first
 * that is not a report's.
 */
#define RR_ROUTES_FILE_MAX (256UL << 20)
/*
 * The most bytes of one element of its arrays: a table of every LID
 * writes 98 KB, a credit loop's cycle some 150 bytes a channel.
 */
#define RR_ROUTES_FILE_ELEMENT_MAX (1UL << 20)
/*
 * The most ports of the nodes it names (port 0 counted): a subnet of
 * 49,151 LIDs, every one a 64-port switch's, has 3.2 million.
 */
#define RR_ROUTES_FILE_PORTS (1UL << 22)

/*
 * Parses the report in TEXT (LEN bytes) into *B, which is freed with
 * rr_routes_before_free().  Returns false with the reason in WHY.
 */
bool rr_routes_file_parse(const char *text, size_t len,
			  struct rr_routes_before *b, char *why, size_t why_len);
/*
 * Reads the report in the file at PATH into *B.  Returns false with the
 * reason in WHY, which does not name the file.
 */
bool rr_routes_file_read(const char *path, struct rr_routes_before *b,
			 char *why, size_t why_len);

#endif
