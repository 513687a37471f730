/* Pointer chases that miss every cache, for the probes that time misses
 * against one another (uarch.mlp, uarch.window.*): up to MISS_CHAINS
 * chains spread around one random cycle of lines over twice the
 * last-level cache (bm_env.beyond_cache_bytes). The bodies store where
 * their chains ended and the next body carries on from there, and so
 * does the next point of the same kernel (the cycle is built once, in a
 * block the arena keeps), so a line is touched once per lap of the cycle
 * and, the cache holding the half walked last, always misses; this keeps
 * track of where chain 0 must end. */
#ifndef BM_MISS_CHAINS_H
#define BM_MISS_CHAINS_H
#include <stdbool.h>
#include <stdint.h>

#define MISS_CHAINS 12

struct bm_env;

struct miss_chains {
	uint64_t lines;
	void *kept;            /* the cycle and chain 0's position now */
	uint64_t start_pos[2]; /* chain 0's position when the last x1 / x2 body began */
};

/* Builds the cycle, or takes the one the last point of the same `key`
 * (the kernel) and chain count built, and writes the starts of `chains`
 * chains to p[0..]. NULL on success, else why not. */
const char *miss_chains_build(const struct bm_env *env, const void *key, uint64_t **p, unsigned chains,
			      struct miss_chains *mc);
/* The bytes the last cycle built spans, 0 before any (what the summary
 * reports). */
uint64_t miss_chains_bytes(void);
/* Before body[variant] runs `steps` steps of each chain. */
void miss_chains_advance(struct miss_chains *mc, unsigned variant, uint64_t steps);
/* Did chain 0 of body[variant] end (`result`, its last line) where
 * `steps` steps from its start lead? */
bool miss_chains_check(const struct miss_chains *mc, unsigned variant, uint64_t steps, uint64_t result);
#endif
