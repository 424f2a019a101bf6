/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The modes, a row each: its option checks and its run; the options
 * decided which (rr_mode_of, src/input/options.c).
 */
#ifndef RR_APP_MODES_H
#define RR_APP_MODES_H

#include <stdbool.h>
#include <stdio.h>

#include "app/run.h"
#include "input/mode_checks.h"

struct rr_mode_run {
	/* What the mode cannot take, refused (NULL: the CM's, none of its own). */
	rr_mode_check_fn *check;
	/*
	 * Runs before the set-up of a probing run (the host read, the
	 * printer, the destinations): --listen and --list make their own.
	 */
	bool bare;
	/* The run, printing into OUT; returns the exit code. */
	int (*run)(struct run *run, FILE *out);
};

const struct rr_mode_run *rr_mode_run(enum rr_mode mode);

#endif
