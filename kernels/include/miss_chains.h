/* Pointer chases that miss every cache, for the probes that time misses
 * against one another (uarch.mlp, uarch.window.*): up to MISS_CHAINS
 * chains spread around one random cycle of lines over 4x the last-level
 * cache. The bodies store where their chains ended and the next body
 * carries on from there, so a line is touched once per lap of the cycle
 * and always misses; this keeps track of where chain 0 must end. */
#ifndef BM_MISS_CHAINS_H
#define BM_MISS_CHAINS_H
#include <stdbool.h>
#include <stdint.h>

#define MISS_CHAINS 12

struct bm_env;

struct miss_chains {
	uint64_t lines;
	uint64_t pos;          /* chain 0's position now */
	uint64_t start_pos[2]; /* and when the last x1 / x2 body began */
};

/* Builds the cycle and writes the starts of `chains` chains to p[0..]
 * (memory from the arena). NULL on success, else why not. */
const char *miss_chains_build(const struct bm_env *env, uint64_t **p, unsigned chains, struct miss_chains *mc);
/* Before body[variant] runs `steps` steps of each chain. */
void miss_chains_advance(struct miss_chains *mc, unsigned variant, uint64_t steps);
/* Did chain 0 of body[variant] end (`result`, its last line) where
 * `steps` steps from its start lead? */
bool miss_chains_check(const struct miss_chains *mc, unsigned variant, uint64_t steps, uint64_t result);
#endif
