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

/* OPTS' mode takes them: true; else false with the reason in WHY (LEN). */
typedef bool rr_mode_check_fn(const struct rr_opts *opts, char *why,
			      size_t len);

/* An option that only one mode takes, and what any other mode says of it. */
struct rr_own_option {
	struct rr_opt_ref opt;
	const char *refusal;
};

struct rr_mode_rule {
	/* Its lines of the usage, "\n" between two. */
	const char *usage;
	/* The options ask for this mode; NULL: the mode when none does. */
	bool (*selects)(const struct rr_opts *opts);
	/* It runs without a DESTINATION with these options; NULL: never. */
	bool (*runs_bare)(const struct rr_opts *opts);
	/* The options only this mode takes, ended by a row without a name. */
	const struct rr_own_option *own;
	/* What the mode cannot take, refused; NULL: nothing of its own. */
	rr_mode_check_fn *check;
	/* Its arguments are files to read, not destinations. */
	bool args_are_files;
	/* --expect weighs its report's counts, not each result's fields. */
	bool expect_counts;
};

/* MODE's row (every mode has one: tests/unit/input/mode_test.c). */
const struct rr_mode_rule *rr_mode_rule(enum rr_mode mode);

/* The mode the options ask for: the last row whose selector holds. */
enum rr_mode rr_mode_of(const struct rr_opts *opts);

/*
 * OPTS' mode takes what was given: true; else false with the reason in
 * WHY (LEN).  Another mode's own option first, then the mode's checks.
 */
bool rr_mode_takes(const struct rr_opts *opts, char *why, size_t len);

/* Every row's usage lines, one under the other, into BUF (LEN). */
void rr_mode_usage(char *buf, size_t len);

#endif
