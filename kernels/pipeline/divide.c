/* Divide kernels whose operands change every operation. Dividers are
 * operand-dependent (many finish early on short quotients), and some keep
 * their last result: the T-Head C906's divider has a one-entry buffer and
 * answers a repeated division in about 3 cycles (OpenC906 RTL,
 * aq_iu_div.v), so a chain that divides the same numbers every step times
 * the buffer, not the divider.
 *
 *   pipeline.div.lat      x = n[k] / x: the quotient is the next divisor;
 *                         n[] is a table of 32 dividends built so that the
 *                         chain is a cycle of 32 different divisions
 *                         (n[k] = x[k] * x[k+1] + r[k], r[k] < x[k]). With
 *                         dividend_bits=64 the dividend is 64 bits and the
 *                         divisor and quotient 32 (the widest quotient a
 *                         chain allows: it must serve as the next
 *                         divisor); with 16, an 8-bit quotient.
 *   pipeline.div.thr      eight independent n[k] / d: the same dividends,
 *                         d = x[0].
 *   pipeline.div.repeat.lat  x = b / x with b = x * x, the same division
 *                         every step: beside div.lat it shows a divider
 *                         that reuses its last result.
 *   pipeline.fdiv.lat / .thr / .repeat.lat  the same for double precision:
 *                         x = c[k] / x with c[k] = x[k] * x[k+1], values in
 *                         [1, 2) with full 52-bit mantissas.
 * One op is the load of the table entry (off the chain) and the divide;
 * instructions per op say so. The dividend table (256 bytes) stays in L1.
 * The value a body must end with is computed here in C by the same IEEE
 * operations, once per parameter. */
#include <string.h>

#include "fp_expect.h"
#include "kernel.h"
#include "operands.h"

#define TAB 32      /* dividends, in the order the bodies use them */
#define UNROLL 32   /* ops per x1 iteration: one pass over the table */

enum dkind { INT_VAR, INT_REPEAT, FP_VAR, FP_REPEAT };

struct div_op {
	enum dkind kind;
	bool thr;
};

/* The layout the bodies read: 0 x (chain start, or divisor), 8 the
 * table, 16 fx, 24 b (x * x), 32 fc (fx * fx). */
struct div_state {
	uint64_t x;
	const void *tab;
	uint64_t fx; /* the bits of doubles (fp_expect.h) */
	uint64_t b;
	uint64_t fc;
	const struct div_op *op;
	uint64_t expect[2];
};

static bool dividend_bits(const struct bm_env *env, unsigned i, uint64_t *v)
{
	(void)env;
	static const uint8_t bits[] = {16, 64};
	if (i >= sizeof(bits))
		return false;
	*v = bits[i];
	return true;
}

/* What body[variant] returns after `iters` iterations: the chain's last
 * value (latency), or the sum of the eight chains' last quotients. */
static uint64_t int_expect(const struct div_state *s, uint64_t ops)
{
	const uint64_t *n = s->tab;
	if (s->op->kind == INT_REPEAT)
		return s->x; /* the fixed point */
	if (!s->op->thr) {
		uint64_t x = s->x;
		for (uint64_t i = 0; i < ops; i++)
			x = n[i % TAB] / x;
		return x;
	}
	uint64_t last[8] = {0}, sum = 0;
	for (uint64_t i = ops - 8; i < ops; i++)
		last[i % 8] = n[i % TAB] / s->x;
	for (int k = 0; k < 8; k++)
		sum += last[k];
	return sum;
}

static uint64_t fp_expect(const struct div_state *s, uint64_t ops)
{
	if (s->op->kind == FP_REPEAT)
		return s->fx; /* the fixed point */
	return fpx_div_expect(s->tab, TAB, s->fx, ops, s->op->thr);
}

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
		     const char **why)
{
	(void)env;
	const struct div_op *op = k->arg;
	struct div_state *s = arena_alloc(sizeof(*s), 64);
	void *tab = arena_alloc(TAB * 8, 64);
	if (!s || !tab) {
		*why = "no memory for kernel state";
		return NULL;
	}
	memset(s, 0, sizeof(*s));
	s->op = op;
	s->tab = tab;
	uint64_t seed = 0x9E3779B97F4A7C15ull ^ param;
	unsigned w = param == 16 ? 8 : 32; /* divisor and quotient bits */
	if (op->kind == INT_VAR) {
		/* the chain's start; the throughput kernel's divisor, of the same width */
		s->x = operands_div_cycle(tab, TAB, w, &seed);
	} else if (op->kind == FP_VAR) {
		s->fx = fpx_div_operands(tab, TAB, &seed);
	} else {
		/* b / x = x: a full-width 64 by 32-bit division; 9 / 3 = 3 */
		s->x = 0xB504F333ull;
		s->b = s->x * s->x;
		s->fx = FP_BITS_THREE;
		s->fc = FP_BITS_NINE;
	}
	for (unsigned v = 0; v < 2; v++) {
		uint64_t ops = *iters * UNROLL * (v + 1);
		s->expect[v] = op->kind == FP_VAR || op->kind == FP_REPEAT ? fp_expect(s, ops) : int_expect(s, ops);
	}
	return s;
}

static bool check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	(void)iters; /* expect[] was computed for this iteration count */
	const struct div_state *s = state;
	return result == s->expect[variant];
}

static const char *verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	(void)env;
	const struct div_op *op = k->arg;
	return op->kind == FP_VAR || op->kind == FP_REPEAT ? bm_needs("fpu", skip) : NULL;
}

#define DIV(id, kname, opname, kind_, thr_, fn, pname, pfn)                                          \
	uint64_t fn##_x1(void *, uint64_t);                                                            \
	uint64_t fn##_x2(void *, uint64_t);                                                            \
	static const struct div_op id##_op = {kind_, thr_};                                           \
	BM_KERNEL(id) = {                                                                             \
		.name = kname, .op = opname, .param_name = pname, .param = pfn, .prepare = prepare,   \
		.verify = verify,                                                                     \
		.body = {fn##_x1, fn##_x2}, .ops_per_iter = UNROLL, .check = check, .arg = &id##_op,   \
	}

#define VAR_OP "unsigned divide, new operands every op (dividend_bits-bit dividend, half as wide a quotient)"
DIV(div_lat, "pipeline.div.lat", VAR_OP, INT_VAR, false, bm_div_lat, "dividend_bits", dividend_bits);
DIV(div_thr, "pipeline.div.thr", VAR_OP, INT_VAR, true, bm_div_thr, "dividend_bits", dividend_bits);
DIV(div_rep, "pipeline.div.repeat.lat", "unsigned divide 64/32, the same operands every op", INT_REPEAT, false,
    bm_div_rep, NULL, NULL);
DIV(fdiv_lat, "pipeline.fdiv.lat", "fdiv.d, new operands every op", FP_VAR, false, bm_fdiv_lat, NULL, NULL);
DIV(fdiv_thr, "pipeline.fdiv.thr", "fdiv.d, new operands every op", FP_VAR, true, bm_fdiv_thr, NULL, NULL);
DIV(fdiv_rep, "pipeline.fdiv.repeat.lat", "fdiv.d, the same operands every op (9 / 3)", FP_REPEAT, false,
    bm_fdiv_rep, NULL, NULL);
