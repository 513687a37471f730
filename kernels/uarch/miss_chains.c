#include "miss_chains.h"

#include "chase_build.h"
#include "kernel.h"

/* What the kept block (arena_keep) holds before its lines: what a later
 * point needs to carry on. */
struct chains_kept {
	uint64_t lines; /* a power of two */
	unsigned bits;
	uint64_t pos; /* chain 0's position after the last body run */
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

/* Links the cycle, writing position w x q + s for s = 0, 1, ... and each
 * chain w < ways (q = lines / ways), then the few past ways x q: the
 * lines the chains reach first are written first, so when the build ends
 * the cache holds the ones they reach last (built in position order, a
 * cycle twice the cache's size leaves cached the half the second chain
 * starts in, and that chain's first misses hit). */
static void link(const struct chains_kept *h, unsigned ways)
{
	uint64_t n = h->lines, q = n / ways, at[MISS_CHAINS];
	/* each chain's line now: one line_of a line written */
	for (unsigned w = 0; w < ways; w++)
		at[w] = line_of(w * q, h->bits);
	for (uint64_t s = 0; s < q; s++)
		for (unsigned w = 0; w < ways; w++) {
			uint64_t i = w * q + s, next = line_of(i + 1, h->bits);
			uint64_t *line = (uint64_t *)(h->buf + at[w] * CHASE_LINE);
			line[0] = (uint64_t)(uintptr_t)(h->buf + next * CHASE_LINE);
			line[1] = i;
			at[w] = next;
		}
	for (uint64_t i = q * ways; i < n; i++) {
		uint64_t *line = line_at_position(h, i);
		line[0] = (uint64_t)(uintptr_t)line_at_position(h, i + 1);
		line[1] = i;
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

const char *miss_chains_build(const struct bm_env *env, const void *key, uint64_t **p, unsigned chains,
			      struct miss_chains *mc)
{
	unsigned bits = chase_bits(env);
	uint64_t n = 1ull << bits, bytes = n * CHASE_LINE;
	if (n < 2 * MISS_CHAINS || bits < 8)
		return "not enough free memory for a working set beyond the caches";
	/* the same cycle for every point of one kernel and chain count:
	 * built once (on a simulated core the build cost more than the
	 * sweep), each point's chains starting where the last point's
	 * ended, so every line is still touched once a lap */
	bool fresh;
	struct chains_kept *h = arena_keep(4096 + bytes, (uint64_t)(uintptr_t)key * 31 + chains, &fresh);
	if (!h)
		return bm_no_memory("a working set beyond the caches", 4096 + bytes, arena_free_bytes());
	built_bytes = bytes;
	if (fresh) {
		h->lines = n;
		h->bits = bits;
		h->pos = 0;
		h->buf = (uint8_t *)h + 4096;
		link(h, chains);
	}
	mc->kept = h;
	mc->lines = n;
	/* chain i starts n / chains positions after chain 0, as the build
	 * wrote them */
	for (unsigned i = 0; i < chains; i++)
		p[i] = line_at_position(h, h->pos + n / chains * i);
	return NULL;
}

void miss_chains_advance(struct miss_chains *mc, unsigned variant, uint64_t steps)
{
	struct chains_kept *h = mc->kept;
	if (!h) /* a kernel of the same file without chases */
		return;
	mc->start_pos[variant] = h->pos;
	h->pos = (h->pos + steps) % mc->lines;
}

bool miss_chains_check(const struct miss_chains *mc, unsigned variant, uint64_t steps, uint64_t result)
{
	const uint64_t *end = (const uint64_t *)(uintptr_t)result;
	return mc->lines && end && end[1] == (mc->start_pos[variant] + steps) % mc->lines;
}
