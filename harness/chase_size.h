/* How large the working sets are: the cache sweeps' largest and the
 * miss chases' (bm_env), both from the last-level cache, taken from the
 * first of these that knows it:
 *   1. baremark.llc= (the user knows the core: a core's RTL);
 *   2. the board's description (the tree's cache nodes; sysfs);
 *   3. the core's own registers (arm64: CCSIDR_EL1), on each core;
 *   4. where this core's own cache.load.lat stepped to its slowest level
 *      (it runs before the probes that chase misses);
 *   5. the platform's default, which may be wrong for the core at hand.
 * bm_env.beyond_cache_from says which, and the summary repeats it. */
#ifndef BM_CHASE_SIZE_H
#define BM_CHASE_SIZE_H
#include <stdbool.h>

#include "kernel.h"

/* 1, 2 or 5, before any core runs (with no free memory: no chase). */
void chase_size_initial(struct bm_env *e);
/* 3, on the core about to run its suite (e: that core's copy). */
void chase_size_for_core(struct bm_env *e);
/* 4, after kernel k's last point, where only the default was known. */
void chase_size_after(struct bm_env *e, const struct bm_kernel *k);
#endif
