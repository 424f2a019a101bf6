/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The output formats: what the options choose (input/) and what the
 * printers write (output/), named here so that neither reaches into the
 * other.
 */
#ifndef RR_OUTPUT_FORMAT_H
#define RR_OUTPUT_FORMAT_H

enum rr_format {
	RR_FORMAT_TEXT,
	RR_FORMAT_JSON,
	RR_FORMAT_JSONL,
	RR_FORMAT_PROM,
};

#endif
