/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --matrix --svg FILE: the grid as a heat map, a cell per pair (sources
 * as rows, destinations as columns, in the text grid's order), coloured
 * by the cell's value (the distinct values ranked, the lowest the worst
 * colour) or, for a failed pair, by its cause; the model's findings
 * marked, a legend, and a tooltip (<title>) on every cell.  Fixed cells
 * of 12 pixels: 300 x 300 hosts are a 3600-pixel grid, still readable.
 */
#ifndef RR_RENDER_MATRIX_SVG_H
#define RR_RENDER_MATRIX_SVG_H

#include <stdbool.h>
#include <stdio.h>

#include "output/render_matrix.h"

/*
 * Writes the picture of V's finished matrix and findings into F.  Returns
 * false on ENOMEM, and F then holds part of a picture.  Write errors are
 * left for the caller to find on F.
 */
bool rr_render_matrix_svg(FILE *f, const struct rr_matrix_view *v);

#endif
