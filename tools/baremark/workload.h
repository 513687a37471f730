/* The workload group on the host: a per-core-type table of the whole
 * programs (cycles, IPC, runs per second and per MHz, MPKI) with an
 * integer and an FP index against a reference core, for compare and
 * report. */
#ifndef BM_TOOLS_WORKLOAD_H
#define BM_TOOLS_WORKLOAD_H
#include <stdbool.h>
#include <stdio.h>

#include "compare.h"

/* The reference core's log: `path`, or with NULL the one shipped with the
 * tool (docs/reference/zen5-workloads.log, built in). False after saying
 * why. */
bool wl_reference_load(struct run_log *ref, const char *path);

/* Does any column have a workload result? */
bool wl_any(const struct cmp_set *s);

/* The table and the indices, as text or markdown. */
void wl_table(FILE *o, const struct cmp_set *s, const struct run_log *ref, bool markdown);

/* The report's section: the table in HTML and bar charts of IPC and of
 * runs per MHz against the reference. False if gnuplot failed. */
bool wl_report(FILE *o, const struct cmp_set *s, const struct run_log *ref);
#endif
