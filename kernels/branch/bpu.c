/* Branch predictor structures (the summary record reads them off):
 *   branch.btb       a pass over `branches` taken jumps, 8 bytes apart:
 *                    once they outnumber what the branch target buffer
 *                    holds, each costs a fetch redirect. One op is one
 *                    taken jump.
 *   branch.ret       calls `depth` deep through distinct functions (each
 *                    return has its own target): once they outnumber the
 *                    return-address stack, the returns mispredict. One
 *                    op is one call and its return.
 *   branch.indirect  an indirect call cycling through `targets` stubs in
 *                    a shuffled order: a predictor with target history
 *                    learns short cycles. One op is one call and its
 *                    return.
 * The x2 body is the x1 body run twice as many times (the same code, the
 * same footprint), so the difference is the extra passes; each pass's own
 * loop (counting, the table walk of the indirect kernel) is taken out by
 * an empty pass run the same way and subtracted (harness: `empty`): a
 * BTB pass with no jumps, the return chain entered at its last ret (depth
 * 0), the indirect loop without its call. */
#include <string.h>

#include "kernel.h"

enum bpu_kind { BTB, RET, IND };

struct bpu_state {
	uint64_t a, b; /* 0, 8: read by the bodies (the call chain's entry; or table, mask) */
	const struct bpu_op *op;
	uint64_t param;
	uint64_t expect_per_pass;
	struct bm_bodies bodies;
	uint64_t ea, eb; /* the empty pass's state: its 0 and 8 */
};

struct bpu_op {
	enum bpu_kind kind;
	const uint16_t *params;
	unsigned nparams;
	bm_body_fn x1[16], x2[16];
};

static bool param_of(const struct bpu_op *op, unsigned i, uint64_t *v)
{
	if (i >= op->nparams)
		return false;
	*v = op->params[i];
	return true;
}

extern const uint8_t bm_ind_stubs[], bm_ret_chain[];
#define RET_CHAIN 64  /* functions in bm_ret_chain, 32 bytes each */

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
		     const char **why)
{
	(void)env;
	const struct bpu_op *op = k->arg;
	struct bpu_state *s = arena_alloc(sizeof(*s), 64);
	uint64_t *table = arena_alloc(64 * sizeof(uint64_t), 64);
	if (!s || !table) {
		*why = "no memory for the kernel's state";
		return NULL;
	}
	memset(s, 0, sizeof(*s));
	s->op = op;
	s->param = param;
	unsigned pi = 0;
	for (unsigned i = 0; i < op->nparams; i++)
		if (op->params[i] == param)
			pi = i;
	s->bodies.x1 = op->x1[op->kind == BTB ? pi : 0];
	s->bodies.x2 = op->x2[op->kind == BTB ? pi : 0];
	if (op->kind == RET) {
		s->a = (uint64_t)(uintptr_t)(bm_ret_chain + 32u * (RET_CHAIN - param));
	} else if (op->kind == IND) {
		/* the stubs in a shuffled order, one cycle of `param` */
		uint8_t order[64];
		for (unsigned i = 0; i < 64; i++)
			order[i] = (uint8_t)i;
		uint64_t seed = 0x2545F4914F6CDD1Dull;
		for (unsigned i = (unsigned)param - 1; i > 0; i--) {
			unsigned j = (unsigned)(bm_rand(&seed) % (i + 1));
			uint8_t t = order[i];
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
	}
	s->ea = op->kind == RET ? (uint64_t)(uintptr_t)(bm_ret_chain + 32u * RET_CHAIN) : s->a;
	s->eb = s->b;
	return s;
}

BM_STATE_BODIES(struct bpu_state, bodies)

#define B(name) uint64_t name##_x1(void *, uint64_t), name##_x2(void *, uint64_t)
B(bm_btb_0); B(bm_btb_8); B(bm_btb_16); B(bm_btb_32); B(bm_btb_64); B(bm_btb_128); B(bm_btb_256);
B(bm_btb_512); B(bm_btb_1024); B(bm_btb_2048); B(bm_ret); B(bm_ind); B(bm_ind_empty);

/* The empty pass of each kind, on the state's empty fields. */
static uint64_t empty_run(void *st, uint64_t iters, unsigned v)
{
	struct bpu_state *s = st;
	switch (s->op->kind) {
	case BTB: return (v ? bm_btb_0_x2 : bm_btb_0_x1)(&s->ea, iters);
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
	const struct bpu_state *s = st;
	uint64_t n = iters * (variant + 1);
	switch (s->op->kind) {
	case BTB: return result == n;                 /* passes */
	case RET: return result == n * s->param;      /* calls */
	default: return result == n / s->param * s->expect_per_pass; /* stub sums over whole cycles */
	}
}

static const uint16_t btb_params[] = {8, 16, 32, 64, 128, 256, 512, 1024, 2048};
static const uint16_t ret_params[] = {2, 4, 8, 12, 16, 24, 32, 48, 64};
static const uint16_t ind_params[] = {1, 2, 4, 8, 16, 32, 64};

#define BTB1(n) bm_btb_##n##_x1
#define BTB2(n) bm_btb_##n##_x2
static const struct bpu_op btb_op = {
	BTB, btb_params, 9,
	{BTB1(8), BTB1(16), BTB1(32), BTB1(64), BTB1(128), BTB1(256), BTB1(512), BTB1(1024), BTB1(2048)},
	{BTB2(8), BTB2(16), BTB2(32), BTB2(64), BTB2(128), BTB2(256), BTB2(512), BTB2(1024), BTB2(2048)},
};
static const struct bpu_op ret_op = {RET, ret_params, 9, {bm_ret_x1}, {bm_ret_x2}};
static const struct bpu_op ind_op = {IND, ind_params, 7, {bm_ind_x1}, {bm_ind_x2}};

#define BPU(id, kname, opname, pname, op_)                                                         \
	static bool id##_param(const struct bm_env *env, unsigned i, uint64_t *v)                     \
	{                                                                                            \
		(void)env;                                                                           \
		return param_of(&op_, i, v);                                                         \
	}                                                                                            \
	BM_KERNEL(id) = {                                                                           \
		.name = kname, .op = opname, .param_name = pname, .param = id##_param, .prepare = prepare, \
		.body = {body_x1, body_x2}, .empty = {empty_x1, empty_x2}, .ops_per_iter = 1,         \
		.ops_of = ops_of, .check = check,                                                    \
		.arg = &op_,                                                                        \
	}

BPU(branch_btb, "branch.btb", "taken jump (8 bytes apart)", "branches", btb_op);
BPU(branch_ret, "branch.ret", "call and return", "depth", ret_op);
BPU(branch_ind, "branch.indirect", "indirect call and return", "targets", ind_op);
