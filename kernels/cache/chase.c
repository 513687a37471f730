/* Load-to-use latency against working-set size: a pointer chase through a
 * random cyclic permutation of 64-byte lines (so neither a stride
 * prefetcher nor a next-line prefetcher can guess the next address).
 * Each line holds [next pointer, position in the cycle], so the self-check
 * knows exactly where the chase must end after any number of steps.
 * cache.seq.lat chases the same lines in address order instead. */
#include "chase_build.h"
#include "kernel.h"

#define LINE CHASE_LINE
#define UNROLL 64u
#define MIN_BYTES 1024u

struct chase_state {
	uint64_t *start; /* first field: the body loads it */
	uint64_t lines;
};

/* 1, 2, 4 ... KiB; the full profile adds the 1.5x points between. */
bool cache_sweep(const struct bm_env *env, unsigned i, uint64_t *value)
{
	bool full = env->opt->profile == BM_PROFILE_FULL;
	unsigned step = full ? i / 2 : i;
	if (step >= 40)
		return false;
	uint64_t v = (uint64_t)MIN_BYTES << step;
	if (full && (i & 1))
		v += v / 2;
	if (v > env->sweep_max_bytes)
		return false;
	*value = v;
	return true;
}

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t bytes, uint64_t *iters,
		     const char **why)
{
	uint64_t n = bytes / LINE;
	struct chase_state *s = arena_alloc(sizeof(*s), 64);
	uint8_t *buf = arena_alloc(bytes, 4096);
	uint32_t *order = arena_alloc(n * sizeof(uint32_t), 16);
	if (!s || !buf || !order) {
		*why = "not enough free memory for this working set";
		return NULL;
	}
	bool sequential = k->arg != NULL;
	s->start = chase_build(buf, n, order, sequential ? 0 : 0x9E3779B97F4A7C15ull ^ bytes);
	s->lines = n;
	/* Each timed body walks the whole cycle at least twice. */
	uint64_t need = (2 * n + UNROLL - 1) / UNROLL;
	if (*iters < need)
		*iters = need;
	(void)env;
	return s;
}

static bool check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	const struct chase_state *s = state;
	uint64_t steps = iters * UNROLL * (variant + 1);
	const uint64_t *end = (const uint64_t *)(uintptr_t)result;
	return end && end[1] == steps % s->lines;
}

uint64_t bm_chase_x1(void *, uint64_t);
uint64_t bm_chase_x2(void *, uint64_t);

#define CHASE_KERNEL(id, kname, opname, arg_)                                                  \
	BM_KERNEL(id) = {                                                                      \
		.name = kname, .op = opname, .param_name = "bytes", .param = cache_sweep, .prepare = prepare, \
		.body = {bm_chase_x1, bm_chase_x2}, .ops_per_iter = UNROLL, .check = check, .arg = arg_, \
	}

CHASE_KERNEL(cache_latency, "cache.load.lat", "dependent load", NULL);

/* The same chase through the lines in address order: what a stride
 * prefetcher can follow. Beside cache.load.lat it shows how much of the
 * latency the prefetchers hide at each working set. */
static const bool sequential_order = true;
CHASE_KERNEL(cache_sequential, "cache.seq.lat", "dependent load, next line", &sequential_order);
