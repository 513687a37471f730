#ifndef BM_MULTICORE_H
#define BM_MULTICORE_H
#include "kernel.h"
/* The multi-core kernels over every core that is up: the core-to-core
 * handoff matrix, memory bandwidth and compute scaling with 1..N cores.
 * Returns how many errors were reported. */
unsigned multicore_run_all(const struct bm_env *env);
#endif
