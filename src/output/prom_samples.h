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
 * In Prometheus output the record calls (pr_record_begin, pr_str, ...)
 * write nothing; its renderer (render_prom.c) hands over samples instead,
 * and the printer groups them by metric and writes them at pr_finish().
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
 * Adds a sample of family M named NAME (NULL for M's own name; a
 * summary's NAME_sum and NAME_count), with the run's labels, then the N
 * LABELS, then VALUE.  Only a Prometheus printer keeps it.
 */
void pr_sample(struct printer *p, const struct pr_metric *m, const char *name,
	       const struct pr_label *labels, size_t n, double value);
/*
 * Returns true if NAME is a run label (printer.h) with a value, which a
 * series may not carry twice.
 */
bool pr_run_label_set(const struct printer *p, const char *name);
/*
 * Returns how many times ID has been asked for, counting this call: 1 the
 * first time (and always 1 in other formats).  This tells apart a
 * destination given twice, whose series would otherwise repeat.
 */
unsigned long pr_occurrence(struct printer *p, const char *id);

#endif
