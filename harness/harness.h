#ifndef BM_HARNESS_H
#define BM_HARNESS_H
#include "arch.h"
#include "kernel.h"
/* Runs every registered kernel the options select and writes a result,
 * skip or error record for each kernel and parameter. Returns how many
 * kernels reported an error. */
unsigned harness_run_all(const struct bm_env *env, const struct bm_counters *ctr);
/* Repeats per measurement for the profile (or the option). */
unsigned harness_repeats(const struct bm_options *o);
#endif
