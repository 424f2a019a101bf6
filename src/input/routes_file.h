/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An earlier run's report read back (--compare FILE): the JSON that
 * --sa --trace --all-pairs --json printed, its "tables" (each switch's
 * forwarding table), "endpoints" (the CA ports and their LIDs), "links"
 * (the cables and their loads) and "credit_loops", into a graph the
 * routes can be walked through again (model/fabric/route_compare.h).  Every
 * member's type and range checked; a file that is not such a report is
 * refused, naming the member.  JSON through json-c (json_lib.h).
 */
#ifndef RR_ROUTES_FILE_H
#define RR_ROUTES_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/fabric/route_compare.h"

/* The largest report read: a fabric of 1,152 HCAs writes 2 MB. */
#define RR_ROUTES_FILE_MAX (256UL << 20)

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
