/* Microarchitecture probes (the summary record reads them off; the
 * out-of-order window probes are in window.c):
 *   uarch.mlp       `chains` independent pointer chases through memory:
 *                   how many misses overlap. One op is one round (one
 *                   load per chain).
 *   uarch.window.miss  one chase, one miss an op: the window probes'
 *                   reference, run right before them (below).
 *   uarch.stlf.lat  store, reload, add a register: store-to-load
 *                   forwarding latency plus one add (pipeline.add.lat's
 *                   register add: an immediate add is eliminated at
 *                   rename on some cores). One op is the three
 *                   instructions.
 *   uarch.width.{alu_load,alu_branch,alu_mul}  independent adds mixed
 *                   with L1 loads, never-taken branches or multiplies:
 *                   one op is one instruction, so IPC is the issue width
 *                   for that mix (a dual-issue core's pairing rules show).
 * The chases (miss_chains.h) miss every cache in every profile. */
#include <string.h>

#include "kernel.h"
#include "miss_chains.h"

struct uarch_state {
	uint64_t *p[MISS_CHAINS]; /* 0..88: chase starts */
	uint64_t x;              /* 96 */
	uint64_t *l1;            /* 104 */
	uint64_t b, c;           /* 112, 120 */
	const struct uarch_op *op;
	struct miss_chains mc;
	uint64_t param;
	struct bm_bodies bodies;
};

enum ukind { MLP, STLF, MIX_LOAD, MIX_BRANCH, MIX_MUL };

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
	/* uarch.mlp's parameter is its chain count; the window probes'
	 * reference has one chain */
	unsigned chains = op->params ? (unsigned)param : 1;
	if (op->kind == MLP && (*why = miss_chains_build(env, s->p, chains, &s->mc)))
		return NULL;
	/* under sim 16 rounds of misses a body, not 32: each round is a miss
	 * on every chain, and uarch.mlp's four points cost the C906's RTL
	 * 0.93 M cycles at 32; not uarch.window.miss, the window probes'
	 * reference, which keeps its 32: issue 45) */
	if (op->kind == MLP && op->params && env->opt->profile == BM_PROFILE_SIM && *iters > 16)
		*iters = 16;
	return s;
}

/* Each body's chases start fresh, past the last body's (miss_chains.h). */
static uint64_t body_x1(void *st, uint64_t iters)
{
	struct uarch_state *s = st;
	miss_chains_advance(&s->mc, 0, iters);
	return s->bodies.x1(st, iters);
}

static uint64_t body_x2(void *st, uint64_t iters)
{
	struct uarch_state *s = st;
	miss_chains_advance(&s->mc, 1, 2 * iters);
	return s->bodies.x2(st, iters);
}

static bool check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	const struct uarch_state *s = state;
	uint64_t n = iters * (variant + 1); /* loop iterations of the body */
	switch (s->op->kind) {
	case MLP: return miss_chains_check(&s->mc, variant, n, result); /* one step per op */
	case STLF: return result == s->x + 8 * n * s->b;
	case MIX_LOAD: return result == 4 * (s->x + 3 * n * s->b) + 4 * s->l1[0];
	case MIX_BRANCH: return result == 4 * (s->x + 3 * n * s->b) + 4 * s->x;
	default: return result == 4 * (s->x + 3 * n * s->b) + 4 * (s->x * bm_pow64(s->c, 3 * n));
	}
}

#define B(name) uint64_t name##_x1(void *, uint64_t), name##_x2(void *, uint64_t)
B(bm_uarch_mlp_1); B(bm_uarch_mlp_2); B(bm_uarch_mlp_3); B(bm_uarch_mlp_4); B(bm_uarch_mlp_6);
B(bm_uarch_mlp_8); B(bm_uarch_mlp_10);
B(bm_uarch_stlf); B(bm_uarch_alu_load); B(bm_uarch_alu_branch); B(bm_uarch_alu_mul);

static const uint16_t mlp_params[] = {1, 2, 3, 4, 6, 8, 10};

static const struct uarch_op mlp_op = {
	MLP, mlp_params, 7,
	{bm_uarch_mlp_1_x1, bm_uarch_mlp_2_x1, bm_uarch_mlp_3_x1, bm_uarch_mlp_4_x1, bm_uarch_mlp_6_x1,
	 bm_uarch_mlp_8_x1, bm_uarch_mlp_10_x1},
	{bm_uarch_mlp_1_x2, bm_uarch_mlp_2_x2, bm_uarch_mlp_3_x2, bm_uarch_mlp_4_x2, bm_uarch_mlp_6_x2,
	 bm_uarch_mlp_8_x2, bm_uarch_mlp_10_x2},
};
#define SINGLE(id, kind_, body) static const struct uarch_op id = {kind_, NULL, 0, {body##_x1}, {body##_x2}}
SINGLE(window_miss_op, MLP, bm_uarch_mlp_1);
SINGLE(stlf_op, STLF, bm_uarch_stlf);
SINGLE(mix_load_op, MIX_LOAD, bm_uarch_alu_load);
SINGLE(mix_branch_op, MIX_BRANCH, bm_uarch_alu_branch);
SINGLE(mix_mul_op, MIX_MUL, bm_uarch_alu_mul);

static bool mlp_param(const struct bm_env *env, unsigned i, uint64_t *v)
{
	return param_of(&mlp_op, env, i, v);
}

#define UARCH_AS(id, kname, opname, pname, pfn, arg_, per_iter, as)                                 \
	BM_KERNEL(id) = {                                                                            \
		.name = kname, .op = opname, .param_name = pname, .param = pfn, .prepare = prepare,   \
		.body = {body_x1, body_x2}, .ops_per_iter = per_iter, .check = check, .arg = &arg_,   \
		.runs_as = as, .min_repeats = (as) ? 3 : 0,                                         \
	}
#define UARCH(id, kname, opname, pname, pfn, arg_, per_iter) UARCH_AS(id, kname, opname, pname, pfn, arg_, per_iter, NULL)

UARCH(uarch_mlp, "uarch.mlp", "one miss on each chain", "chains", mlp_param, mlp_op, 1);
/* One miss a op, as uarch.mlp at one chain, timed right before the
 * window sweeps (it runs as "uarch.window.!miss": before
 * uarch.window.branch, the first of the six): what their filler-0 points
 * are set against to tell the execution order. uarch.mlp runs minutes
 * earlier, and a noisy host's memory latency can drift by half in that
 * time (Zen 5 in a VM read in-order, 1.79). */
UARCH_AS(uarch_window_miss, "uarch.window.miss", "one used miss (the window probes' reference)", NULL, NULL,
	 window_miss_op, 1, "uarch.window.!miss");
UARCH(uarch_stlf, "uarch.stlf.lat", "store, load, register add", NULL, NULL, stlf_op, 8);
/* The width mixes run first of all (as "!uarch.width..."): the widest
 * IPC they read is the most any later result may retire (harness.c:
 * judge), so a figure a cold path made too fast is flagged. */
UARCH_AS(uarch_mix_load, "uarch.width.alu_load", "instruction (add, L1 load alternating)", NULL, NULL, mix_load_op, 24,
	 "!uarch.width.alu_load");
UARCH_AS(uarch_mix_branch, "uarch.width.alu_branch", "instruction (add, not-taken branch alternating)", NULL, NULL,
	 mix_branch_op, 24, "!uarch.width.alu_branch");
UARCH_AS(uarch_mix_mul, "uarch.width.alu_mul", "instruction (add, multiply alternating)", NULL, NULL, mix_mul_op, 24,
	 "!uarch.width.alu_mul");
