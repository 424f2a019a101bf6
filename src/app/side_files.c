// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The files a run writes beside its output (--svg, --dot): each opened
 * before any work, so that a folder or a FIFO is refused first, written
 * by its mode at the end and renamed into place, or let go.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "app/run.h"
#include "base/escape.h"

int rr_run_open_sides(struct run *run)
{
	char why[256], buf[256];
	enum rr_side s;
	const char *path;

	for (s = 0; s < RR_NUM_SIDES; s++) {
		path = rr_side_path(&run->opts, s);
		if (!path || run->side[s].tmp)
			continue;
		if (rr_output_open(&run->side[s], path, why, sizeof(why)))
			continue;
		fprintf(stderr, "rdma-route: %s '%s': %s\n", rr_side_option(s),
			rr_shown(path, buf, sizeof(buf)), why);
		return RR_EXIT_USAGE;
	}
	return RR_EXIT_OK;
}

int rr_run_write_side(struct run *run, enum rr_side side,
		      bool (*write)(FILE *f, const void *what),
		      const void *what)
{
	const char *path = rr_side_path(&run->opts, side);
	char buf[256];

	if (!path || !run->side[side].tmp)
		return RR_EXIT_OK;
	if (write(run->side[side].f, what) && rr_output_commit(&run->side[side]))
		return RR_EXIT_OK;
	fprintf(stderr, "rdma-route: writing %s '%s': %s\n",
		rr_side_option(side), rr_shown(path, buf, sizeof(buf)),
		strerror(errno));
	rr_output_abandon(&run->side[side]);
	return RR_EXIT_FAILED;
}

void rr_run_abandon_sides(struct run *run)
{
	enum rr_side s;

	for (s = 0; s < RR_NUM_SIDES; s++)
		rr_output_abandon(&run->side[s]);
}
