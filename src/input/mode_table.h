/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The modes as the options see them, one row each: which options select
 * the mode, whether it runs without a destination, its usage line, the
 * options only it takes and its own checks.  How each mode runs is the
 * other half of its row, in src/app/modes.c.
 */
#ifndef RR_INPUT_MODE_TABLE_H
#define RR_INPUT_MODE_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "input/options.h"

/*
 * Checks the options OPTS gives its mode.  Returns true if the mode takes
 * them; otherwise false with the reason in WHY (LEN bytes).
 */
typedef bool rr_mode_check_fn(const struct rr_opts *opts, char *why,
			      size_t len);

/* An option that only one mode takes, and what any other mode says of it. */
struct rr_own_option {
	struct rr_opt_ref opt;
	const char *refusal;
};

struct rr_mode_rule {
	/* The mode's lines of the usage, separated by "\n". */
	const char *usage;
	/* True when OPTS ask for this mode; NULL: the mode when none does. */
	bool (*selects)(const struct rr_opts *opts);
	/* True when it runs without a DESTINATION; NULL: it never does. */
	bool (*runs_bare)(const struct rr_opts *opts);
	/* The options only this mode takes, ended by a row without a name. */
	const struct rr_own_option *own;
	/* Refuses what the mode cannot take; NULL: no checks of its own. */
	rr_mode_check_fn *check;
	/* Its arguments are files to read, not destinations. */
	bool args_are_files;
	/* --expect judges its report's counts, not each result's fields. */
	bool expect_counts;
};

/*
 * Returns MODE's row, or NULL for a MODE out of range.  Every mode has a
 * row (tests/unit/input/mode_test.c checks it).
 */
const struct rr_mode_rule *rr_mode_rule(enum rr_mode mode);

/*
 * Returns the mode OPTS ask for: the last row whose selector holds, or
 * RR_MODE_CM when none does.
 */
enum rr_mode rr_mode_of(const struct rr_opts *opts);

/*
 * Checks that OPTS' mode takes the options given: first that no other
 * mode's own option was given, then the mode's own checks.  Returns true
 * if it does; otherwise false with the reason in WHY (LEN bytes).
 */
bool rr_mode_takes(const struct rr_opts *opts, char *why, size_t len);

/* Writes every row's usage lines, one under the other, into BUF (LEN). */
void rr_mode_usage(char *buf, size_t len);

#endif
