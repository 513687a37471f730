/* Pointer chases that miss every cache, for the probes that time misses
 * against one another (uarch.mlp, uarch.window.*): up to MISS_CHAINS
 * chains through one random cycle of lines over twice the last-level
 * cache (bm_env.beyond_cache_bytes), built once a run (a block the arena
 * keeps) for every kernel, point and chain count.
 * The cycle is walked once round, in order of position: before each body
 * runs, its chains start side by side just past the frontier (chain i at
 * frontier + i x (steps + 1)) and the frontier moves past them all. So
 * every line a body loads was last touched a whole lap ago, a cycle
 * twice the cache's size since, and misses; the build writes the lines in
 * position order, leaving in the cache only the ones the walk reaches
 * last. This also keeps track of where chain 0 must end. */
#ifndef BM_MISS_CHAINS_H
#define BM_MISS_CHAINS_H
#include <stdbool.h>
#include <stdint.h>

#define MISS_CHAINS 12

struct bm_env;

struct miss_chains {
	uint64_t lines;
	void *kept;            /* the cycle and the frontier */
	uint64_t **p;          /* the chains' pointers, which the bodies load from */
	unsigned chains;
	uint64_t start_pos[2]; /* chain 0's position when the last x1 / x2 body began */
};

/* Builds the cycle, or takes the one already built, and points p[0 ..
 * chains - 1] at fresh starts. NULL on success, else why not. */
const char *miss_chains_build(const struct bm_env *env, uint64_t **p, unsigned chains, struct miss_chains *mc);
/* The bytes the last cycle built spans, 0 before any (what the summary
 * reports). */
uint64_t miss_chains_bytes(void);
/* Before body[variant] runs `steps` steps of each chain: points the
 * chains at fresh starts past the frontier. */
void miss_chains_advance(struct miss_chains *mc, unsigned variant, uint64_t steps);
/* Did chain 0 of body[variant] end (`result`, its last line) where
 * `steps` steps from its start lead? */
bool miss_chains_check(const struct miss_chains *mc, unsigned variant, uint64_t steps, uint64_t result);
#endif
