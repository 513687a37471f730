/* Collects this core's results as the suite runs and writes its
 * `summary` record at the end (lib/summary.c does the reading off). */
#ifndef BM_SUMMARY_RECORD_H
#define BM_SUMMARY_RECORD_H
#include <stdbool.h>
#include <stdint.h>

#include "summary.h"

/* cycles_why: NULL when the core counts cycles, else why it does not
 * (every underivable parameter then says so instead of "did not run");
 * no_br_miss: the core counts no branch mispredicts. */
void summary_reset(bool cycles_estimated, const char *cycles_why, bool no_br_miss);
/* Did this result count exactly one cycle a retired instruction? */
void summary_note_counts(bool cycles_are_instructions);
/* One result: median cycles per op (thousandths), branch mispredicts
 * per op where the core counts them, and its sample: the ops in its
 * 2N - N difference and the repeats behind it. */
void summary_add(const char *kernel, int64_t param, int64_t cyc_milli, bool has_br_miss, int64_t br_miss_milli,
		 uint64_t bytes_per_op, uint64_t ops, unsigned repeats);
/* The results that follow are of pass 1 or 2 of their sweep (a
 * structure sweep's second, unreported pass: kernel.h). */
void summary_set_pass(unsigned pass);
/* A result left out of the summary by its verdict (below_floor), with
 * the verdict's reason. */
void summary_refuse(const char *kernel, const char *verdict, const char *why);
/* This run's (this pass's) cycles per op of kernel at param, in
 * thousandths, as summary_add had it; false if none. */
bool summary_cycles(const char *kernel, int64_t param, int64_t *cyc_milli);
/* Where this core's cache.load.lat curve, so far, steps to its slowest
 * level: the first size past the last step, in *bytes. False without
 * such a step, or where the core cannot compute in floating point. */
bool summary_memory_step(uint64_t *bytes);
/* `only`: the run's options, whose baremark.only the summary keeps to
 * (NULL: every kernel). */
struct bm_options;
void summary_emit(const struct bm_options *only);
#endif
