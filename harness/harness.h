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
/* The type (index into the run record's core_types) of the core running
 * the suite; every record names it beside the core. */
void harness_set_core_type(int type);
int harness_core_type(void);
/* Writes "core" and "core_type" for the calling core into a record. */
struct rec;
void rec_core(struct rec *r);
#endif
