/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rdma-route's own JSON Lines records read back (--matrix): a result
 * record, as one host printed it, into a result again, so that --expect
 * and the field table judge it as they judge a fresh one.  The field
 * table says what each member is and where it goes (its setters): every
 * field --expect takes comes back.  A line may
 * carry the "host: " prefix ClusterShell and pdsh put before each line of
 * a host.  JSON through json-c, loaded at the first record.
 */
#ifndef RR_RECORD_READER_H
#define RR_RECORD_READER_H

#include <stdbool.h>
#include <stddef.h>

#include "model/probe/result.h"

/* The most paths kept of a record (--sa --all-paths may list more). */
#define RR_RECORD_PATHS 16

struct rr_record {
	char host[256];		/* the line's "host: " prefix, else its host */
	char source[64];	/* the source address it used, or "" */
	struct rr_path paths[RR_RECORD_PATHS];
	char strings[4096];	/* the result's strings (the field table's) */
	struct rr_result r;	/* probe and outcome, pointing at the above */
};

enum rr_record_kind {
	RR_RECORD_RESULT,	/* a result: REC filled */
	RR_RECORD_OTHER,	/* a summary, statistics, input errors: none */
	RR_RECORD_BAD,		/* not a record of rdma-route: WHY says why */
};

/*
 * Parses LINE (LEN bytes, without its newline) into REC.  Returns the
 * kind of line it was.
 */
enum rr_record_kind rr_record_parse(const char *line, size_t len,
				    struct rr_record *rec, char *why,
				    size_t why_len);

/*
 * Loads json-c on the first call.  Returns true if it is loaded;
 * otherwise false, with the loader's message in WHY.
 */
bool rr_record_reader_ready(char *why, size_t why_len);

#endif
