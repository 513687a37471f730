/* Out-of-order structures, after Henry Wong's method ("Measuring Reorder
 * Buffer Capacity", blog.stuffedcow.net, 2013): two pointer chases that
 * miss every cache, each load used at once, with `filler` instructions of
 * one kind after each load. An out-of-order core overlaps the two misses
 * while both loads and the fillers between them fit in whatever structure
 * the fillers occupy; once they do not, the second miss waits for the
 * first to retire, and the cost per op jumps by about one miss. One
 * kernel per filler kind, each named for what it fills:
 *   uarch.window.nop     no-ops: the reorder buffer (they need nothing else)
 *   uarch.window.int     independent integer writes: the integer register file
 *                        (register-register adds: no renamer eliminates
 *                        them, as some do immediate adds, moves and zero
 *                        idioms)
 *   uarch.window.fp      independent FP writes: the FP register file
 *   uarch.window.load    L1-hit loads: the load queue (each also writes an
 *                        integer register: the smaller of the two shows)
 *   uarch.window.store   stores to one L1 line: the store queue
 *   uarch.window.branch  never-taken branches: the branch-tracking buffer
 * Whichever structure fills first ends the window, so each step is an
 * upper bound for the structure it is named after.
 *
 * The fillers run from a sled: a straight run of WIN_FILL fillers ending
 * in a jump back to the body, entered WIN_FILL - filler from its end by
 * one jump whose target never changes (so it is predicted). Each place a
 * body enters a sled has a sled of its own (two in the x1 body, four in
 * x2), so every jump always goes to the same place. One op is one pair of
 * loads, each with its use, its jump in, `filler` fillers and the jump
 * back; x2 runs the pair twice an iteration. */
#include <string.h>

#include "kernel.h"
#include "miss_chains.h"

#define WIN_FILL 1024 /* fillers in a sled: past the largest reorder buffers shipping (Zen 5: 448) */

struct window_kind {
	const char *feature; /* NULL: every core has the fillers */
	const uint8_t *begin; /* the first sled's first filler: the filler size */
	const uint8_t *end[6]; /* where each sled's fillers end: x1's two, then x2's four */
	bm_body_fn x1, x2;
};

struct window_state {
	uint64_t *p[2];     /* 0, 8: the two chases, read and written back by the bodies */
	uintptr_t entry[6]; /* 16, 24: x1's sled entries; 32..56: x2's */
	uint64_t *l1;       /* 64: the line the load and store fillers use */
	const struct window_kind *kind;
	struct miss_chains mc;
};

/* The filler counts: every 4 up to 64, so that the small queues of the
 * cores our users own (a 12-entry store queue, a 16-entry load queue)
 * read as 12 or 16, not "0 fit, 32 do not"; past 64 each count at most
 * an eighth over the one before (a multiple of 8), up to WIN_FILL. The
 * same points in every profile. */
static bool filler_param(const struct bm_env *env, const char *kname, unsigned i, uint64_t *v)
{
	/* sim: a kind stops at its filler-0 point where the filler-0 points
	 * so far read the misses serialised (an in-order core;
	 * bm_sim_serialised); its other 43 points cost the C906's RTL some
	 * 2.2 M cycles a kind and measure no window */
	if (i == 1 && bm_sim_serialised(env, kname))
		return false;
	uint64_t f = 0;
	for (unsigned k = 0; k < i; k++) {
		f = f < 64 ? f + 4 : f + (f / 8) / 8 * 8;
		if (f > WIN_FILL)
			return false;
	}
	*v = f;
	return true;
}

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t filler, uint64_t *iters,
		     const char **why)
{
	const struct window_kind *kind = k->arg;
	struct window_state *s = arena_alloc(sizeof(*s), 64);
	uint64_t *l1 = arena_alloc(64, 64);
	if (!s || !l1) {
		*why = "no memory for the kernel's state";
		return NULL;
	}
	memset(s, 0, sizeof(*s));
	memset(l1, 0, 64);
	s->l1 = l1;
	s->kind = kind;
	/* the run's one cycle (miss_chains.h), which every kind and point
	 * walks on from where the last body stopped */
	if ((*why = miss_chains_build(env, s->p, 2, &s->mc)))
		return NULL;
	uintptr_t step = (uintptr_t)(kind->end[0] - kind->begin) / WIN_FILL;
	for (unsigned i = 0; i < 6; i++)
		s->entry[i] = (uintptr_t)kind->end[i] - (uintptr_t)filler * step;
	/* sim: a sixteenth of the profile's iterations (2). The sweep has 44
	 * points of up to 2 x 1024 fillers an op; on a cycle-exact model,
	 * where a run is the same every time, the 2 ops (4 misses, each op
	 * the same code from the same state) more in the 2N body still give
	 * each point's cost, and the six sweeps, the largest part of the
	 * summary set, take 5 M instructions between them, not 7
	 * (docs/simulators.md) */
	if (env->opt->profile == BM_PROFILE_SIM && *iters >= 32)
		*iters /= 16;
	return s;
}

/* Each body's chases start fresh, past the last body's (miss_chains.h). */
static uint64_t body_x1(void *st, uint64_t iters)
{
	struct window_state *s = st;
	miss_chains_advance(&s->mc, 0, iters);
	return s->kind->x1(st, iters);
}

static uint64_t body_x2(void *st, uint64_t iters)
{
	struct window_state *s = st;
	miss_chains_advance(&s->mc, 1, 2 * iters);
	return s->kind->x2(st, iters);
}

/* Chain 0 takes one step per op. */
static bool check(const void *st, unsigned variant, uint64_t iters, uint64_t result)
{
	const struct window_state *s = st;
	return miss_chains_check(&s->mc, variant, iters * (variant + 1), result);
}

static const char *verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	const struct window_kind *kind = k->arg;
	(void)env;
	*skip = false;
	return kind->feature ? bm_needs(kind->feature, skip) : NULL;
}

#if defined(__x86_64__)
#define FP_FEATURE "avx" /* the FP fillers are VEX three-operand adds: independent writes */
#else
#define FP_FEATURE "fpu"
#endif

#define WINDOW(id, feature_, kname, opname)                                                              \
	extern const uint8_t bm_win_##id##_x1_s0[], bm_win_##id##_x1_e0[], bm_win_##id##_x1_e1[],       \
		bm_win_##id##_x2_e0[], bm_win_##id##_x2_e1[], bm_win_##id##_x2_e2[],                    \
		bm_win_##id##_x2_e3[];                                                                   \
	uint64_t bm_win_##id##_x1(void *, uint64_t), bm_win_##id##_x2(void *, uint64_t);                \
	static const struct window_kind id##_kind = {                                                     \
		feature_, bm_win_##id##_x1_s0,                                                           \
		{bm_win_##id##_x1_e0, bm_win_##id##_x1_e1, bm_win_##id##_x2_e0, bm_win_##id##_x2_e1, \
		 bm_win_##id##_x2_e2, bm_win_##id##_x2_e3},                                              \
		bm_win_##id##_x1, bm_win_##id##_x2,                                                    \
	};                                                                                                 \
	static bool id##_param(const struct bm_env *env, unsigned i, uint64_t *v)                         \
	{                                                                                                  \
		return filler_param(env, kname, i, v);                                                       \
	}                                                                                                  \
	BM_KERNEL(uarch_window_##id) = {                                                                  \
		.name = kname, .op = opname, .param_name = "filler", .param = id##_param, .prepare = prepare,    \
		.verify = verify, .body = {body_x1, body_x2}, .ops_per_iter = 1, .check = check,           \
		.structure = true, .arg = &id##_kind, .min_repeats = 3, /* filler 0: the order */     \
	}

WINDOW(nop, NULL, "uarch.window.nop", "two used misses, `filler` no-ops after each");
WINDOW(int, NULL, "uarch.window.int", "two used misses, `filler` integer writes (register adds) after each");
WINDOW(fp, FP_FEATURE, "uarch.window.fp", "two used misses, `filler` FP writes after each");
WINDOW(load, NULL, "uarch.window.load", "two used misses, `filler` L1 loads after each");
WINDOW(store, NULL, "uarch.window.store", "two used misses, `filler` stores after each");
WINDOW(branch, NULL, "uarch.window.branch", "two used misses, `filler` never-taken branches after each");
