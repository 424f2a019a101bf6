/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --matrix printed: text, a grid of sources by destinations that fits
 * the terminal (blocks of columns), its key and legend, then the
 * findings; JSON and JSON Lines, every pair and every finding as a
 * record; Prometheus, each pair's success and MTU, and the findings
 * counted by kind.
 */
#ifndef RR_RENDER_MATRIX_H
#define RR_RENDER_MATRIX_H

#include <stddef.h>

#include "model/matrix/matrix.h"
#include "output/printer.h"

struct rr_matrix_view {
	const struct rr_matrix *m;
	const struct rr_finding *findings;
	size_t num_findings;
	const char *field;	/* what each cell shows */
	unsigned int width;	/* text: the terminal's columns */
	unsigned int grid_max;	/* text: a grid up to so many columns */
	size_t input_errors;	/* lines that were not a record */
};

void rr_render_matrix(struct printer *p, const struct rr_matrix_view *v);

#endif
