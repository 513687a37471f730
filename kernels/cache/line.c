/* Line size, by flushing: each of 32 regions has the line at its start
 * flushed out of every cache (arch_lines_flush: DC CIVAC, cbo.flush,
 * th.dcache.civa, CLFLUSH), then a chase loads one word `offset` bytes
 * into each region. While the offset is below the line size, that word
 * lies in the flushed line and the load goes to memory; from the line
 * size on it lies in a line never flushed, and hits. The summary reads
 * the step. Prefetchers cannot move it: nothing but a demand load
 * brings a flushed line back in time, and a prefetch can only make the
 * far side faster. An op is one flush (with 1/32 of the fence that waits
 * for them) and one dependent load; the same rounds of flushes without
 * the loads are timed too and taken out (the harness's empty pass), so
 * what is left is the load. A flush can cost more than the miss it
 * causes: on Emerald Rapids CLFLUSH took about 400 cycles, and with it
 * left in, loads in the flushed line cost 571-585 cycles and beside it
 * 427, too little apart for the step to read (issue 38).
 *
 * Regions start 256-byte aligned (line sizes up to 256 are told apart)
 * and 1280 bytes apart, an odd number of 256-byte blocks, so that the
 * 32 loaded lines spread over the sets of an L1 instead of crowding a
 * few of them. */
#include "arch.h"
#include "kernel.h"

#define REGIONS 32u
#define REGION_STRIDE 1280u
#define MAX_OFFSET 512u

struct line_state {
	void **start;
	uint8_t *buf;
	bm_lines_flush_fn flush;
};

static bool param(const struct bm_env *env, unsigned i, uint64_t *value)
{
	(void)env;
	if ((8ull << i) > MAX_OFFSET)
		return false;
	*value = 8ull << i; /* 8 .. 512 */
	return true;
}

static const char *verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	(void)k, (void)env;
	const char *why = NULL;
	*skip = arch_lines_flush(&why) == NULL;
	return why;
}

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t offset, uint64_t *iters,
		     const char **why)
{
	(void)k;
	struct line_state *s = arena_alloc(sizeof(*s), 64);
	uint8_t *buf = arena_alloc(REGIONS * REGION_STRIDE, 4096);
	if (!s || !buf) {
		*why = "not enough free memory for the regions";
		return NULL;
	}
	s->flush = arch_lines_flush(why);
	if (!s->flush)
		return NULL;
	/* The regions in a random cyclic order, so that no prefetcher can
	 * run ahead of the chase. */
	uint32_t order[REGIONS];
	uint64_t seed = 0x2545F4914F6CDD1Dull;
	for (uint32_t i = 0; i < REGIONS; i++)
		order[i] = i;
	for (uint32_t i = REGIONS - 1; i > 0; i--) {
		uint32_t j = (uint32_t)(bm_rand(&seed) % (i + 1));
		uint32_t t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (uint32_t i = 0; i < REGIONS; i++)
		*(void **)(buf + order[i] * REGION_STRIDE + offset) = buf + order[(i + 1) % REGIONS] * REGION_STRIDE + offset;
	s->buf = buf;
	s->start = (void **)(buf + order[0] * REGION_STRIDE + offset);
	if (*iters < 1)
		*iters = 1;
	/* under sim 2 rounds, 64 ops a body: every op near the line size is
	 * a miss to memory, and at 32 rounds the sweep's points below the
	 * line size cost the C906's RTL a million cycles each, at 4 some
	 * 200,000 (a cycle-exact model needs no more samples: issue 45) */
	if (env->opt->profile == BM_PROFILE_SIM && *iters > 2)
		*iters = 2;
	return s;
}

/* Each round flushes every region's first line, then walks the whole
 * cycle once, so every round ends where it began. */
static uint64_t walk(struct line_state *s, uint64_t rounds)
{
	void **p = s->start;
	for (uint64_t r = 0; r < rounds; r++) {
		s->flush(s->buf, REGIONS, REGION_STRIDE);
		for (uint32_t i = 0; i < REGIONS; i++)
			p = *p;
	}
	return (uint64_t)(uintptr_t)p;
}

static uint64_t body_x1(void *state, uint64_t iters)
{
	return walk(state, iters);
}

/* The empty pass: the rounds' flushes alone. (The chase's own loop is
 * left in the op: its turns hide under the loads' latency, and taken
 * out they would push the kept side under the L1 load-to-use floor.) */
static uint64_t flushes(struct line_state *s, uint64_t rounds)
{
	for (uint64_t r = 0; r < rounds; r++)
		s->flush(s->buf, REGIONS, REGION_STRIDE);
	return rounds;
}

static uint64_t empty_x1(void *state, uint64_t iters)
{
	return flushes(state, iters);
}

static uint64_t empty_x2(void *state, uint64_t iters)
{
	return flushes(state, 2 * iters);
}

static uint64_t body_x2(void *state, uint64_t iters)
{
	return walk(state, 2 * iters);
}

/* A flush that lost the chain's data (an invalidate without the write
 * back) ends the walk elsewhere, or faults. */
static bool check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	(void)variant, (void)iters;
	const struct line_state *s = state;
	return result == (uint64_t)(uintptr_t)s->start;
}

BM_KERNEL(cache_line) = {
	.name = "cache.line.lat",
	.op = "flush a region's first line, then one dependent load `offset` bytes into the region",
	.param_name = "offset",
	.param = param,
	/* No L1 floor: the op is what a load adds to its round's flushes,
	 * and the chase's tail overlaps the fence and flushes that follow
	 * it (Zen 4: 3.6-3.8 cycles beside the flushed line, 4.0 a load) */
	.floor = BM_FLOOR_NONE,
	.overlaps_empty = true,
	.verify = verify,
	.prepare = prepare,
	.body = {body_x1, body_x2},
	.empty = {empty_x1, empty_x2},
	.ops_per_iter = REGIONS,
	.check = check,
};
