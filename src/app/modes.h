/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The modes, a row each: how it runs.  Which options select it and what
 * it takes is the other half of its row (src/input/mode_table.c).
 */
#ifndef RR_APP_MODES_H
#define RR_APP_MODES_H

#include <stdbool.h>
#include <stdio.h>

#include "app/run.h"

struct rr_mode_run {
	/*
	 * The set-up before the run (rr_run_prepare: the host read, the
	 * printer, the destinations).  NULL for a bare mode, which does its
	 * own set-up (--listen, --list, --cm-defaults) and whose exit status
	 * is its run's.
	 */
	int (*prepare)(struct run *run, FILE *out);
	/* The run, printing into OUT; returns the exit code. */
	int (*run)(struct run *run, FILE *out);
	/* Lets go of what the mode's run took (rr_run_release calls it). */
	void (*release)(struct run *run);
};

/*
 * Returns MODE's row.  Every mode has one, as tests/unit/app/modes_test.c
 * checks.
 */
const struct rr_mode_run *rr_mode_run(enum rr_mode mode);

#endif
