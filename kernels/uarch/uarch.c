/* Microarchitecture probes (the summary record reads them off):
 *   uarch.window    two independent pointer chases through memory, each
 *                   load used at once, with `filler` independent adds
 *                   after each load: an in-order core stalls at each use,
 *                   so the two misses never overlap; an out-of-order core
 *                   overlaps them while both fit in its window, and the
 *                   cost per op jumps by about one miss when `filler`
 *                   passes the window (after Henry Wong's reorder-buffer
 *                   measurements). One op is one pair of loads.
 *   uarch.mlp       `chains` independent pointer chases through memory:
 *                   how many misses overlap. One op is one round (one
 *                   load per chain).
 *   uarch.stlf.lat  store, reload, add: store-to-load forwarding latency
 *                   plus one add. One op is the three instructions.
 *   uarch.width.{alu_load,alu_branch,alu_mul}  independent adds mixed
 *                   with L1 loads, never-taken branches or multiplies:
 *                   one op is one instruction, so IPC is the issue width
 *                   for that mix (a dual-issue core's pairing rules show).
 * The chases walk a random cycle of 64-byte lines over 4x the last-level
 * cache (in every profile), so each load misses. */
#include <string.h>

#include "chase_build.h"
#include "kernel.h"

#define MAX_CHAINS 12

struct uarch_state {
	uint64_t *p[MAX_CHAINS]; /* 0..88: chase starts */
	uint64_t x;              /* 96 */
	uint64_t *l1;            /* 104 */
	uint64_t b, c;           /* 112, 120 */
	const struct uarch_op *op;
	uint64_t lines;
	uint64_t pos;          /* chain 0's position now */
	uint64_t start_pos[2]; /* and when the last x1 / x2 body began */
	uint64_t param;
	struct bm_bodies bodies;
};

enum ukind { WINDOW, MLP, STLF, MIX_LOAD, MIX_BRANCH, MIX_MUL };

struct uarch_op {
	enum ukind kind;
	const uint16_t *params;
	unsigned nparams;
	bm_body_fn x1[16], x2[16]; /* per parameter index; [0] when none */
};

static unsigned param_index(const struct uarch_op *op, uint64_t v)
{
	for (unsigned i = 0; i < op->nparams; i++)
		if (op->params[i] == v)
			return i;
	return 0;
}

/* The quick profile takes every other point of the list. */
static bool param_of(const struct uarch_op *op, const struct bm_env *env, unsigned i, uint64_t *value)
{
	unsigned j = env->opt->profile == BM_PROFILE_FULL ? i : 2 * i;
	if (j >= op->nparams)
		return false;
	*value = op->params[j];
	return true;
}

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
		     const char **why)
{
	const struct uarch_op *op = k->arg;
	struct uarch_state *s = arena_alloc(sizeof(*s), 64);
	uint64_t *l1 = arena_alloc(64, 64);
	if (!s || !l1) {
		*why = "no memory for the kernel's state";
		return NULL;
	}
	memset(s, 0, sizeof(*s));
	s->op = op;
	s->param = param;
	s->l1 = l1;
	l1[0] = 0x1234;
	s->x = 0x5555;
	s->b = 0x9E3779B97F4A7C15ull;
	s->c = 0x5851F42D4C957F2Dull;
	unsigned pi = param_index(op, param);
	s->bodies.x1 = op->x1[pi];
	s->bodies.x2 = op->x2[pi];
	if (op->kind == WINDOW || op->kind == MLP) {
		uint64_t bytes = env->beyond_cache_bytes & ~(uint64_t)(CHASE_LINE - 1);
		uint64_t n = bytes / CHASE_LINE;
		uint8_t *buf = arena_alloc(bytes, 4096);
		uint32_t *order = arena_alloc(n * sizeof(uint32_t), 16);
		if (!buf || !order || n < 2 * MAX_CHAINS) {
			*why = "not enough free memory for a working set beyond the caches";
			return NULL;
		}
		s->lines = n;
		s->p[0] = chase_build(buf, n, order, 0xA5A5A5A55A5A5A5Aull);
		/* the other chains start spread around the same cycle */
		unsigned chains = op->kind == WINDOW ? 2 : (unsigned)param;
		for (unsigned i = 1; i < chains; i++) /* order[k] is the line at position k */
			s->p[i] = (uint64_t *)(buf + (uint64_t)order[n / chains * i] * CHASE_LINE);
	}
	(void)iters;
	return s;
}

/* The chase bodies store where their chains ended, and the next body
 * carries on from there: a line is touched once, so it always misses. */
static uint64_t body_x1(void *st, uint64_t iters)
{
	struct uarch_state *s = st;
	s->start_pos[0] = s->pos;
	s->pos = (s->pos + iters) % (s->lines ? s->lines : 1);
	return s->bodies.x1(st, iters);
}

static uint64_t body_x2(void *st, uint64_t iters)
{
	struct uarch_state *s = st;
	s->start_pos[1] = s->pos;
	s->pos = (s->pos + 2 * iters) % (s->lines ? s->lines : 1);
	return s->bodies.x2(st, iters);
}

static bool check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	const struct uarch_state *s = state;
	uint64_t n = iters * (variant + 1); /* loop iterations of the body */
	switch (s->op->kind) {
	case WINDOW:
	case MLP: { /* chain 0 took one step per op, from where it stood */
		const uint64_t *end = (const uint64_t *)(uintptr_t)result;
		return end && end[1] == (s->start_pos[variant] + n) % s->lines;
	}
	case STLF: return result == s->x + 8 * n;
	case MIX_LOAD: return result == 4 * (s->x + 3 * n * s->b) + 4 * s->l1[0];
	case MIX_BRANCH: return result == 4 * (s->x + 3 * n * s->b) + 4 * s->x;
	default: return result == 4 * (s->x + 3 * n * s->b) + 4 * (s->x * bm_pow64(s->c, 3 * n));
	}
}

#define B(name) uint64_t name##_x1(void *, uint64_t), name##_x2(void *, uint64_t)
B(bm_uarch_window_0); B(bm_uarch_window_8); B(bm_uarch_window_16); B(bm_uarch_window_24);
B(bm_uarch_window_32); B(bm_uarch_window_48); B(bm_uarch_window_64); B(bm_uarch_window_80);
B(bm_uarch_window_96); B(bm_uarch_window_128); B(bm_uarch_window_160); B(bm_uarch_window_192);
B(bm_uarch_window_256); B(bm_uarch_window_320);
B(bm_uarch_mlp_1); B(bm_uarch_mlp_2); B(bm_uarch_mlp_3); B(bm_uarch_mlp_4); B(bm_uarch_mlp_6);
B(bm_uarch_mlp_8); B(bm_uarch_mlp_10);
B(bm_uarch_stlf); B(bm_uarch_alu_load); B(bm_uarch_alu_branch); B(bm_uarch_alu_mul);

#define W1(n) bm_uarch_window_##n##_x1
#define W2(n) bm_uarch_window_##n##_x2

static const uint16_t window_params[] = {0, 8, 16, 24, 32, 48, 64, 80, 96, 128, 160, 192, 256, 320};
static const uint16_t mlp_params[] = {1, 2, 3, 4, 6, 8, 10};

static const struct uarch_op window_op = {
	WINDOW, window_params, 14,
	{W1(0), W1(8), W1(16), W1(24), W1(32), W1(48), W1(64), W1(80), W1(96),
	 W1(128), W1(160), W1(192), W1(256), W1(320)},
	{W2(0), W2(8), W2(16), W2(24), W2(32), W2(48), W2(64), W2(80), W2(96),
	 W2(128), W2(160), W2(192), W2(256), W2(320)},
};
static const struct uarch_op mlp_op = {
	MLP, mlp_params, 7,
	{bm_uarch_mlp_1_x1, bm_uarch_mlp_2_x1, bm_uarch_mlp_3_x1, bm_uarch_mlp_4_x1, bm_uarch_mlp_6_x1,
	 bm_uarch_mlp_8_x1, bm_uarch_mlp_10_x1},
	{bm_uarch_mlp_1_x2, bm_uarch_mlp_2_x2, bm_uarch_mlp_3_x2, bm_uarch_mlp_4_x2, bm_uarch_mlp_6_x2,
	 bm_uarch_mlp_8_x2, bm_uarch_mlp_10_x2},
};
#define SINGLE(id, kind_, body) static const struct uarch_op id = {kind_, NULL, 0, {body##_x1}, {body##_x2}}
SINGLE(stlf_op, STLF, bm_uarch_stlf);
SINGLE(mix_load_op, MIX_LOAD, bm_uarch_alu_load);
SINGLE(mix_branch_op, MIX_BRANCH, bm_uarch_alu_branch);
SINGLE(mix_mul_op, MIX_MUL, bm_uarch_alu_mul);

static bool window_param(const struct bm_env *env, unsigned i, uint64_t *v)
{
	return param_of(&window_op, env, i, v);
}
static bool mlp_param(const struct bm_env *env, unsigned i, uint64_t *v)
{
	return param_of(&mlp_op, env, i, v);
}

#define UARCH(id, kname, opname, pname, pfn, arg_, per_iter)                                     \
	BM_KERNEL(id) = {                                                                      \
		.name = kname, .op = opname, .param_name = pname, .param = pfn, .prepare = prepare,   \
		.body = {body_x1, body_x2}, .ops_per_iter = per_iter, .check = check, .arg = &arg_, \
	}

UARCH(uarch_window, "uarch.window", "two used misses, filler adds after each", "filler", window_param, window_op, 1);
UARCH(uarch_mlp, "uarch.mlp", "one miss on each chain", "chains", mlp_param, mlp_op, 1);
UARCH(uarch_stlf, "uarch.stlf.lat", "store, load, add", NULL, NULL, stlf_op, 8);
UARCH(uarch_mix_load, "uarch.width.alu_load", "instruction (add, L1 load alternating)", NULL, NULL, mix_load_op, 24);
UARCH(uarch_mix_branch, "uarch.width.alu_branch", "instruction (add, not-taken branch alternating)", NULL, NULL,
      mix_branch_op, 24);
UARCH(uarch_mix_mul, "uarch.width.alu_mul", "instruction (add, multiply alternating)", NULL, NULL, mix_mul_op, 24);
