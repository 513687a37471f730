/* The report's multi-core plots: handoff heat maps and scaling curves. */
#ifndef BM_TOOLS_REPORT_MULTICORE_H
#define BM_TOOLS_REPORT_MULTICORE_H
#include <stdio.h>

#include "logs.h"

/* Writes the plots (or why each is absent). False if gnuplot failed. */
bool report_multicore(FILE *o, const struct run_log *logs, int nlogs);
#endif
