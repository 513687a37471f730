#include "miss_chains.h"

#include "chase_build.h"
#include "kernel.h"

/* What the kept block (arena_keep) holds before its lines: what a later
 * point needs to carry on. */
struct chains_kept {
	uint64_t lines; /* a power of two */
	unsigned bits;
	uint64_t pos; /* the frontier: no body has walked from here on this lap */
	uint8_t *buf;
};

/* The line at position i of the cycle (chase_perm, one seed). */
static uint64_t line_of(uint64_t i, unsigned bits)
{
	return chase_perm(i, bits, 0x5A5A5A5Aull);
}

static uint64_t *line_at_position(const struct chains_kept *h, uint64_t pos)
{
	return (uint64_t *)(h->buf + line_of(pos & (h->lines - 1), h->bits) * CHASE_LINE);
}

/* Links the cycle in position order: the walk starts at position 0,
 * so the lines it reaches first are the ones written first, gone from
 * the cache when the build ends. */
static void link(const struct chains_kept *h)
{
	uint64_t n = h->lines, at = line_of(0, h->bits);
	for (uint64_t i = 0; i < n; i++) {
		uint64_t next = line_of(i + 1, h->bits);
		uint64_t *line = (uint64_t *)(h->buf + at * CHASE_LINE);
		line[0] = (uint64_t)(uintptr_t)(h->buf + next * CHASE_LINE);
		line[1] = i;
		at = next;
	}
}

/* A power of two of lines at least the working set (3 MiB for a 1.5 MiB
 * cache: 4 MiB), or under it where memory is short. */
static unsigned chase_bits(const struct bm_env *env)
{
	unsigned bits = 0;
	while (bits < 40 && ((uint64_t)CHASE_LINE << bits) < env->beyond_cache_bytes)
		bits++;
	if (bits && ((uint64_t)CHASE_LINE << bits) + 8192 > arena_free_bytes())
		bits--;
	return bits;
}

/* The size the last cycle was built at: what the summary reports (a
 * size worked out again at the end could differ, free memory having
 * changed since). */
static uint64_t built_bytes;

uint64_t miss_chains_bytes(void)
{
	return built_bytes;
}

/* Every user of the cycle takes it under this key, whatever its chain
 * count: one build a run (each chain count of uarch.mlp and the window
 * sweeps had built their own, 2 M instructions of a simulated core's
 * budget). */
#define CYCLE_KEY 0x6d69737363796373ull

/* Chain i at the frontier + i x (steps + 1): side by side, no line shared
 * (chain 0's check reads the line it ends on, which no chain loads). */
static void start_chains(struct miss_chains *mc, struct chains_kept *h, uint64_t steps)
{
	for (unsigned i = 0; i < mc->chains; i++)
		mc->p[i] = line_at_position(h, h->pos + i * (steps + 1));
}

const char *miss_chains_build(const struct bm_env *env, uint64_t **p, unsigned chains, struct miss_chains *mc)
{
	unsigned bits = chase_bits(env);
	uint64_t n = 1ull << bits, bytes = n * CHASE_LINE;
	if (n < 2 * MISS_CHAINS || bits < 8)
		return "not enough free memory for a working set beyond the caches";
	if (chains < 1 || chains > MISS_CHAINS)
		return "a chain count the miss chases do not offer";
	bool fresh;
	struct chains_kept *h = arena_keep(4096 + bytes, CYCLE_KEY, &fresh);
	if (!h)
		return bm_no_memory("a working set beyond the caches", 4096 + bytes, arena_free_bytes());
	built_bytes = bytes;
	if (fresh) {
		h->lines = n;
		h->bits = bits;
		h->pos = 0;
		h->buf = (uint8_t *)h + 4096;
		link(h);
	}
	mc->kept = h;
	mc->lines = n;
	mc->p = p;
	mc->chains = chains;
	start_chains(mc, h, 0); /* pointed somewhere valid before any body */
	return NULL;
}

void miss_chains_advance(struct miss_chains *mc, unsigned variant, uint64_t steps)
{
	struct chains_kept *h = mc->kept;
	if (!h) /* a kernel of the same file without chases */
		return;
	start_chains(mc, h, steps);
	mc->start_pos[variant] = h->pos;
	h->pos = (h->pos + mc->chains * (steps + 1)) % mc->lines;
}
bool miss_chains_check(const struct miss_chains *mc, unsigned variant, uint64_t steps, uint64_t result)
{
	const uint64_t *end = (const uint64_t *)(uintptr_t)result;
	return mc->lines && end && end[1] == (mc->start_pos[variant] + steps) % mc->lines;
}
