/* Collects this core's results as the suite runs and writes its
 * `summary` record at the end (lib/summary.c does the reading off). */
#ifndef BM_SUMMARY_RECORD_H
#define BM_SUMMARY_RECORD_H
#include <stdbool.h>
#include <stdint.h>

#include "summary.h"

void summary_reset(bool cycles_estimated);
/* One result: median cycles per op (thousandths), and branch
 * mispredicts per op where the core counts them. */
void summary_add(const char *kernel, int64_t param, int64_t cyc_milli, bool has_br_miss, int64_t br_miss_milli,
		 uint64_t bytes_per_op);
void summary_emit(void);
#endif
