/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --list: every RDMA device and port, the start of any troubleshooting. */
#ifndef RR_LIST_H
#define RR_LIST_H

#include "output/printer.h"

/* Prints the ports in FORMAT; returns the exit code. */
int rr_list_run(enum rr_format format, FILE *out, const char *host_label);

#endif
