/* Branch predictor structures (the summary record reads them off):
 *   branch.btb.4, branch.btb.16
 *                    a pass over `branches` taken jumps (to 16384; 65536
 *                    on x86), 4 or
 *                    16 bytes apart: once they outnumber what the branch
 *                    target buffer holds at that density, each costs a
 *                    fetch redirect (a second, larger level shows as a
 *                    second step; many BTBs hold few branches per line,
 *                    so the dense series can step earlier). One op is one
 *                    taken jump.
 *   branch.ret.fixed calls `depth` deep through distinct functions, each
 *                    always returning to the same place: a return stack
 *                    predicts them, and so can a target buffer, so the
 *                    step is the larger of the two.
 *   branch.ret.random the same depth, each function called from one of
 *                    two sites chosen by a fresh random byte per call
 *                    (new for every run, never replayed): a return goes
 *                    to a site no history holds, so no target buffer and
 *                    no history-based indirect predictor (which on Intel
 *                    cores predicts returns past the stack, and learnt
 *                    the sites when they alternated) can learn it; only
 *                    a return stack predicts it. The choosing jump (an
 *                    indirect one: bpu_riscv64.S says why) mispredicts
 *                    half the time at every depth, a constant under the
 *                    curve; past the stack's R entries, (d-R)/d of the
 *                    returns miss as well, which the summary fits. One
 *                    op is one call and return.
 *   branch.indirect  one indirect call site cycling through `targets`
 *                    stubs (to 1024) in a shuffled order, with no other
 *                    branch between: what it measures is how long a cycle
 *                    the indirect predictor learns from its own history
 *                    of targets. One op is one call and its return.
 * The x2 body is the x1 body run twice as many times (the same code, the
 * same footprint), so the difference is the extra passes; each pass's own
 * loop (the call into the sled or chain, the table walk of the indirect
 * kernel) is taken out by an empty pass run the same way and subtracted
 * (harness: `empty`): the sled entered at its return, the chain entered
 * at its last ret (depth 0), the indirect loop without its call. */
#include <string.h>

#include "kernel.h"
#include "operands.h"

enum bpu_kind { BTB, RET, IND };
#define IND_STUBS 1024 /* bm_ind_stubs: 16 bytes each */

/* Taken jumps in each BTB sled. x86 goes to 64 Ki: Golden Cove's 12K
 * entries can hold more than one branch each, and on a Redwood Cove a
 * 4-byte sled of 16 Ki never stepped (issue 26); elsewhere 16 Ki, past
 * the largest BTBs of the cores the image meets. */
#if defined(__x86_64__)
#define SLED_JUMPS 65536
#else
#define SLED_JUMPS 16384
#endif
/* Past this many jumps a pass, fewer passes: the same jumps per body. */
#define BTB_BODY_JUMPS 16384
#define RET_CHAIN 128    /* functions in each return chain */

struct bpu_state {
	uint64_t a, b; /* 0, 8: read by the bodies (the call chain's entry and its site bytes; or table, mask) */
	const struct bpu_op *op;
	uint64_t param;
	uint64_t expect_per_pass;
	struct bm_bodies bodies;
	uint64_t ea, eb; /* the empty pass's state: its 0 and 8 */
	/* the random chain: one site byte per call, renewed for every run */
	uint8_t *sites;
	uint64_t seed, generation, checks, generation_checked;
	uint64_t warm_checks; /* the warm-up's checked runs (bm_warmup_checks) */
};

struct bpu_op {
	enum bpu_kind kind;
	const uint32_t *params;
	unsigned nparams;
	/* BTB: the sled and its spacing; RET: the chain and its function size */
	const uint8_t *code, *code_end;
	unsigned spacing;
	bool random_sites; /* RET: each call's site from a fresh random byte */
};

/* Calls the random chain's N body makes at the least, whatever the
 * depth: far more site choices than any history table could hold. */
#define RANDOM_MIN_CALLS 16384u
/* A site byte is the second call site's offset past the first, or 0
 * (bpu_<arch>.S): the chain jumps to the first site plus the byte. */
#define SITE_B 16

/* n random site bytes: operands_outcomes' 0 and 1 as 0 and SITE_B (a
 * word of eight at a time where aligned: under sim each byte costs). */
typedef uint64_t __attribute__((may_alias)) site_word;
static void random_sites(uint8_t *b, size_t n, uint64_t *seed)
{
	(void)operands_outcomes(b, n, seed);
	size_t i = 0;
	for (; i < n && ((uintptr_t)(b + i) & 7); i++)
		b[i] = (uint8_t)(b[i] * SITE_B);
	for (; i + 8 <= n; i += 8)
		*(site_word *)(void *)(b + i) *= SITE_B; /* bytes of 0 or 1: no carry between them */
	for (; i < n; i++)
		b[i] = (uint8_t)(b[i] * SITE_B);
}

static bool param_of(const struct bpu_op *op, const struct bm_env *env, unsigned i, uint64_t *v)
{
	if (i >= op->nparams)
		return false;
	/* under sim a sled stays within the caches (bm_env.code_max_bytes):
	 * past it each jump is a fetch from memory, not a BTB's miss */
	if (op->kind == BTB && env->code_max_bytes && (uint64_t)op->params[i] * op->spacing > env->code_max_bytes)
		return false;
	*v = op->params[i];
	return true;
}

extern const uint8_t bm_ind_stubs[];
#define B(name) uint64_t name##_x1(void *, uint64_t), name##_x2(void *, uint64_t)
B(bm_btb); B(bm_ret); B(bm_ind); B(bm_ind_empty);
extern const uint8_t bm_btb_sled4[], bm_btb_sled4_end[], bm_btb_sled16[], bm_btb_sled16_end[];
extern const uint8_t bm_ret_chain[], bm_ret_random_chain[];

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
		     const char **why)
{
	const struct bpu_op *op = k->arg;
	struct bpu_state *s = arena_alloc(sizeof(*s), 64);
	uint64_t *table = arena_alloc(IND_STUBS * sizeof(uint64_t), 64);
	if (!s || !table) {
		*why = "no memory for the kernel's state";
		return NULL;
	}
	memset(s, 0, sizeof(*s));
	s->warm_checks = bm_warmup_checks(env);
	s->op = op;
	s->param = param;
	s->bodies = op->kind == BTB ? (struct bm_bodies){bm_btb_x1, bm_btb_x2}
		    : op->kind == RET ? (struct bm_bodies){bm_ret_x1, bm_ret_x2}
				      : (struct bm_bodies){bm_ind_x1, bm_ind_x2};
	if (op->kind == BTB) {
		/* the sled must be laid out as its spacing says */
		if ((uintptr_t)(op->code_end - op->code) != (uintptr_t)SLED_JUMPS * op->spacing) {
			*why = "the jump sled is not laid out at its spacing (an assembler chose other encodings)";
			return NULL;
		}
		s->a = (uint64_t)(uintptr_t)(op->code_end - param * op->spacing);
		s->ea = (uint64_t)(uintptr_t)op->code_end;
		if (param > BTB_BODY_JUMPS && *iters > 16)
			*iters = *iters * BTB_BODY_JUMPS / param > 16 ? *iters * BTB_BODY_JUMPS / param : 16;
		/* sim: about 2 Ki jumps a body, at least two passes (a pass
		 * over 16 Ki jumps 32 times cost a simulated core 8.6 M
		 * instructions a kernel); the untimed pass before each timed
		 * one has filled the target buffer as far as it goes */
		if (env->opt->profile == BM_PROFILE_SIM)
			*iters = param >= 1024 ? 2 : 2048 / param;
	} else if (op->kind == RET) {
		if (env->opt->profile == BM_PROFILE_SIM && *iters > 8)
			*iters /= 4; /* sim: 8 passes of the chain a body */
		s->a = (uint64_t)(uintptr_t)(op->code + (uint64_t)op->spacing * (RET_CHAIN - param));
		s->ea = (uint64_t)(uintptr_t)(op->code + (uint64_t)op->spacing * RET_CHAIN);
		if (op->random_sites) {
			/* sim: 256 calls a body, each site still fresh every
			 * run (16 Ki cost a simulated core 28 M instructions) */
			uint64_t min_calls = env->opt->profile == BM_PROFILE_SIM ? RANDOM_MIN_CALLS / 64 : RANDOM_MIN_CALLS;
			if (env->opt->profile == BM_PROFILE_SIM)
				*iters = 1;
			if (*iters * param < min_calls)
				*iters = (min_calls + param - 1) / param;
			s->sites = arena_alloc(2 * *iters * param, 64); /* what body[1] reads */
			if (!s->sites) {
				*why = "not enough free memory for the call-site bytes";
				return NULL;
			}
			s->seed = 0x9E3779B97F4A7C15ull + param;
			random_sites(s->sites, 2 * *iters * param, &s->seed);
			s->b = (uint64_t)(uintptr_t)s->sites;
		}
	} else if (op->kind == IND) {
		/* the stubs in a shuffled order, one cycle of `param` */
		uint16_t order[IND_STUBS];
		for (unsigned i = 0; i < IND_STUBS; i++)
			order[i] = (uint16_t)i;
		uint64_t seed = 0x2545F4914F6CDD1Dull;
		for (unsigned i = (unsigned)param - 1; i > 0; i--) {
			unsigned j = (unsigned)(bm_rand(&seed) % (i + 1));
			uint16_t t = order[i];
			order[i] = order[j];
			order[j] = t;
		}
		for (unsigned i = 0; i < param; i++) {
			table[i] = (uint64_t)(uintptr_t)(bm_ind_stubs + 16u * order[i]);
			s->expect_per_pass += order[i] + 1u; /* stub k adds k + 1 */
		}
		s->a = (uint64_t)(uintptr_t)table;
		s->b = param - 1;
		/* whole cycles in every body */
		*iters = (*iters + param - 1) / param * param;
		s->ea = s->a;
	}
	s->eb = s->b;
	return s;
}

/* The random chain's sites, new for the untimed run and again for the
 * timed one: no run replays the choices an earlier run showed the core. */
static void refresh(void *st, unsigned variant, uint64_t iters, bool timed)
{
	struct bpu_state *s = st;
	(void)timed;
	if (!s->sites)
		return;
	random_sites(s->sites, (variant + 1) * iters * s->param, &s->seed);
	s->generation++;
}

BM_STATE_BODIES(struct bpu_state, bodies)


/* The empty pass of each kind, on the state's empty fields. */
static uint64_t empty_run(void *st, uint64_t iters, unsigned v)
{
	struct bpu_state *s = st;
	switch (s->op->kind) {
	case BTB: return (v ? bm_btb_x2 : bm_btb_x1)(&s->ea, iters);
	case RET: return (v ? bm_ret_x2 : bm_ret_x1)(&s->ea, iters);
	default: return (v ? bm_ind_empty_x2 : bm_ind_empty_x1)(&s->ea, iters);
	}
}
static uint64_t empty_x1(void *st, uint64_t iters)
{
	return empty_run(st, iters, 0);
}
static uint64_t empty_x2(void *st, uint64_t iters)
{
	return empty_run(st, iters, 1);
}

/* Ops per iteration: a BTB pass is `branches` jumps, a recursion `depth`
 * calls; an indirect call is one. */
static uint64_t ops_of(const void *st)
{
	const struct bpu_state *s = st;
	return s->op->kind == IND ? 1 : s->param;
}

static bool check(const void *st, unsigned variant, uint64_t iters, uint64_t result)
{
	struct bpu_state *s = (struct bpu_state *)st; /* the replay protocol counts checked runs */
	uint64_t n = iters * (variant + 1);
	switch (s->op->kind) {
	case BTB: return result == n;                 /* passes */
	case RET:
		/* the random chain: the warm-up's checked runs (two; one under
		 * sim) see the sites prepare made, every later (timed) one a set
		 * no checked run saw, so a timed run that replayed choices fails
		 * here */
		if (s->sites && ++s->checks > s->warm_checks) {
			if (s->generation <= s->generation_checked)
				return false;
			s->generation_checked = s->generation;
		}
		return result == n * s->param; /* calls */
	default: return result == n / s->param * s->expect_per_pass; /* stub sums over whole cycles */
	}
}

static const uint32_t btb_params[] = {8,    16,   32,   64,    128,   256,   512,
				     1024, 2048, 4096, 8192, 16384, 32768, 65536};
/* every depth to 8, so that a small return stack (the C906's 4 entries)
 * is read to its entry: with 2, 4, 8 alone a step at 4/8 could be any
 * stack of 4 to 7 */
static const uint32_t ret_params[] = {2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 24, 32, 48, 64, 96, 128};
static const uint32_t ind_params[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
#define N(a) (unsigned)(sizeof(a) / sizeof(a[0]))

#define BTB_POINTS (SLED_JUMPS == 65536 ? N(btb_params) : N(btb_params) - 2)
static const struct bpu_op btb4_op = {BTB, btb_params, BTB_POINTS, bm_btb_sled4, bm_btb_sled4_end, 4, false};
static const struct bpu_op btb16_op = {BTB, btb_params, BTB_POINTS, bm_btb_sled16, bm_btb_sled16_end, 16, false};
/* the chains' functions are 32 and 64 bytes apart (bpu_<arch>.S) */
static const struct bpu_op ret_op = {RET, ret_params, N(ret_params), bm_ret_chain, NULL, 32, false};
static const struct bpu_op ret_random_op = {RET, ret_params, N(ret_params), bm_ret_random_chain, NULL, 64, true};
static const struct bpu_op ind_op = {IND, ind_params, N(ind_params), NULL, NULL, 0, false};

#define BPU(id, kname, opname, pname, op_)                                                         \
	static bool id##_param(const struct bm_env *env, unsigned i, uint64_t *v)                     \
	{                                                                                            \
		return param_of(&op_, env, i, v);                                                       \
	}                                                                                            \
	BM_KERNEL(id) = {                                                                           \
		.name = kname, .op = opname, .param_name = pname, .param = id##_param, .prepare = prepare, \
		.body = {body_x1, body_x2}, .empty = {empty_x1, empty_x2}, .ops_per_iter = 1,         \
		.ops_of = ops_of, .check = check, .refresh = refresh, .structure = true,             \
		.arg = &op_,                                                                        \
	}

BPU(branch_btb4, "branch.btb.4", "taken jump (4 bytes apart)", "branches", btb4_op);
BPU(branch_btb16, "branch.btb.16", "taken jump (16 bytes apart)", "branches", btb16_op);
BPU(branch_ret, "branch.ret.fixed", "call and return (each return to a fixed place)", "depth", ret_op);
BPU(branch_ret_random, "branch.ret.random", "call and return (each call from one of two sites at random)", "depth",
    ret_random_op);
BPU(branch_ind, "branch.indirect", "indirect call and return", "targets", ind_op);
