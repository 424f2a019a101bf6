/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The Prometheus printer's own calls: samples, grouped by metric family,
 * and the labels every sample of a run carries.  Only the Prometheus
 * renderer (render_prom.c) and the code that names the run's labels use
 * them; the other formats know nothing of them.
 */
#ifndef RR_PROM_SAMPLES_H
#define RR_PROM_SAMPLES_H

#include <stdbool.h>
#include <stddef.h>

#include "output/printer.h"

/*
 * Prometheus: the record calls (pr_record_begin, pr_str, ...) write
 * nothing; its renderer (render_prom.c) hands over samples instead, and
 * the printer groups them by metric and writes them at pr_finish().
 */
struct pr_label {
	const char *name;
	const char *value;	/* any bytes; NULL: the label is left out */
};
/* A metric family: its name, TYPE ("gauge", "summary") and HELP text. */
struct pr_metric {
	const char *name;
	const char *type;
	const char *help;
};
/*
 * A sample of family M: NAME (NULL: M's name; a summary's NAME_sum and
 * NAME_count), the run's labels, then LABELS, then VALUE.
 */
void pr_sample(struct printer *p, const struct pr_metric *m, const char *name,
	       const struct pr_label *labels, size_t n, double value);
/* NAME is a run label (printer.h) with a value: a series may not carry
 * it twice. */
bool pr_run_label_set(const struct printer *p, const char *name);
/*
 * How often ID was asked for: 1 the first time.  Tells a destination
 * given twice, whose series would otherwise repeat.
 */
unsigned long pr_occurrence(struct printer *p, const char *id);

#endif
