#include "miss_chains.h"

#include "chase_build.h"
#include "kernel.h"

const char *miss_chains_build(const struct bm_env *env, uint64_t **p, unsigned chains, struct miss_chains *mc)
{
	uint64_t bytes = env->beyond_cache_bytes & ~(uint64_t)(CHASE_LINE - 1);
	uint64_t n = bytes / CHASE_LINE;
	uint8_t *buf = arena_alloc(bytes, 4096);
	uint32_t *order = arena_alloc(n * sizeof(uint32_t), 16);
	if (!buf || !order || n < 2 * MISS_CHAINS)
		return "not enough free memory for a working set beyond the caches";
	mc->lines = n;
	mc->pos = 0;
	p[0] = chase_build(buf, n, order, 0xA5A5A5A55A5A5A5Aull);
	/* the other chains start spread around the same cycle */
	for (unsigned i = 1; i < chains; i++) /* order[k] is the line at position k */
		p[i] = (uint64_t *)(buf + (uint64_t)order[n / chains * i] * CHASE_LINE);
	return NULL;
}

void miss_chains_advance(struct miss_chains *mc, unsigned variant, uint64_t steps)
{
	mc->start_pos[variant] = mc->pos;
	mc->pos = (mc->pos + steps) % (mc->lines ? mc->lines : 1);
}

bool miss_chains_check(const struct miss_chains *mc, unsigned variant, uint64_t steps, uint64_t result)
{
	const uint64_t *end = (const uint64_t *)(uintptr_t)result;
	return mc->lines && end && end[1] == (mc->start_pos[variant] + steps) % mc->lines;
}
