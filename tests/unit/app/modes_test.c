// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the modes' table, the run's half (src/app/modes.c): every
 * mode has a row with a run, so that no command line the input's half
 * selects (tests/unit/input/mode_test.c) reaches a NULL.
 */
#include "app/modes.h"
#include "input/mode_table.h"
#include "../tap.h"

int main(void)
{
	const struct rr_mode_run *row;
	int m;

	for (m = 0; m < RR_NUM_MODES; m++) {
		row = rr_mode_run((enum rr_mode)m);
		ok(row != NULL, "mode %d: a row", m);
		ok(row && row->run, "mode %d: a run", m);
		/* A bare mode reads no destination: it must not need one. */
		ok(row && (row->prepare || rr_mode_rule((enum rr_mode)m)->runs_bare),
		   "mode %d: bare only if it runs without destinations", m);
	}
	ok(!rr_mode_run(RR_NUM_MODES), "no row past the last mode");
	is_int(rr_mode_run(RR_MODE_LIST)->prepare == NULL, 1,
	       "--list makes its own printer (bare)");
	is_int(rr_mode_run(RR_MODE_CM)->prepare != NULL, 1,
	       "the CM's run is set up (its destinations read)");
	return tap_done();
}
