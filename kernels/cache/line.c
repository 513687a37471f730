/* Line size: a chase through 256-byte blocks in a random order, visiting
 * each block at `stride`-byte steps in address order. While the stride is
 * below the line size, the loads after the first in each line hit, so the
 * cost per load grows with the stride; from the line size on, every load
 * is a new line and the cost stays flat. The summary reads the knee. The
 * buffer is 8 MiB (beyond the L2 of the boards we target; within the L3
 * of large cores, where the knee still shows against L1 hits). */
#include "kernel.h"

#define BLOCK 256u
#define BUF (8u << 20)
#define UNROLL 64u

struct line_state {
	uint64_t *start; /* first field: the chase body loads it */
	uint8_t *buf;
	uint32_t *order; /* order[b] is the block visited b-th */
	uint64_t stride, n;
};

static bool param(const struct bm_env *env, unsigned i, uint64_t *value)
{
	(void)env;
	if (i > 5)
		return false;
	*value = 8ull << i; /* 8 .. 256 */
	return true;
}

/* The element visited at position p of the cycle. */
static uint64_t *element(const struct line_state *s, uint64_t p)
{
	uint64_t per_block = BLOCK / s->stride;
	return (uint64_t *)(s->buf + (uint64_t)s->order[p / per_block] * BLOCK + (p % per_block) * s->stride);
}

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t stride, uint64_t *iters,
		     const char **why)
{
	(void)k, (void)env;
	uint64_t blocks = BUF / BLOCK;
	struct line_state *s = arena_alloc(sizeof(*s), 64);
	uint8_t *buf = arena_alloc(BUF, 4096);
	uint32_t *order = arena_alloc(blocks * sizeof(uint32_t), 16);
	if (!s || !buf || !order) {
		*why = "not enough free memory for an 8 MiB buffer";
		return NULL;
	}
	uint64_t seed = 0x853C49E6748FEA9Bull;
	for (uint64_t i = 0; i < blocks; i++)
		order[i] = (uint32_t)i;
	for (uint64_t i = blocks - 1; i > 0; i--) {
		uint64_t j = bm_rand(&seed) % (i + 1);
		uint32_t t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	s->buf = buf;
	s->order = order;
	s->stride = stride;
	s->n = blocks * (BLOCK / stride);
	for (uint64_t p = 0; p < s->n; p++)
		*element(s, p) = (uint64_t)(uintptr_t)element(s, (p + 1) % s->n);
	s->start = element(s, 0);
	/* each timed body walks the whole buffer at least once */
	uint64_t need = (s->n + UNROLL - 1) / UNROLL;
	if (*iters < need)
		*iters = need;
	return s;
}

static bool check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	const struct line_state *s = state;
	uint64_t steps = iters * UNROLL * (variant + 1);
	return result == (uint64_t)(uintptr_t)element(s, steps % s->n);
}

uint64_t bm_chase_x1(void *, uint64_t);
uint64_t bm_chase_x2(void *, uint64_t);

BM_KERNEL(cache_line) = {
	.name = "cache.line.lat",
	.op = "dependent load, stride steps within 256-byte blocks",
	.param_name = "stride",
	.param = param,
	.prepare = prepare,
	.body = {bm_chase_x1, bm_chase_x2},
	.ops_per_iter = UNROLL,
	.check = check,
};
