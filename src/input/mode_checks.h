/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Each mode's own option checks, a function a mode: what the mode cannot
 * take, named.  The modes' table (src/app/modes.c) holds them beside each
 * mode's run; the options every mode may take are checked as they are
 * parsed (options.c).
 */
#ifndef RR_INPUT_MODE_CHECKS_H
#define RR_INPUT_MODE_CHECKS_H

#include <stdbool.h>
#include <stddef.h>

#include "input/options.h"

/* OPTS' mode takes them: true; else false with the reason in WHY (LEN). */
typedef bool rr_mode_check_fn(const struct rr_opts *opts, char *why,
			      size_t len);

rr_mode_check_fn rr_check_sa;
rr_mode_check_fn rr_check_routes;
rr_mode_check_fn rr_check_matrix_records;
rr_mode_check_fn rr_check_listen;
rr_mode_check_fn rr_check_list;

#endif
