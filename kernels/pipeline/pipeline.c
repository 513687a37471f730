/* Pipeline kernels: latency (one dependent chain) and throughput (eight
 * independent chains) of integer add, multiply (full 64-bit values, and
 * the ISA's 32-bit multiply, whose values fit in 32 bits: some
 * multipliers are faster on those, the C906's 3 cycles against 6 for
 * instance, C906 user manual), L1-hit load, and fp add, multiply and
 * fused multiply-add; and a chain of immediate adds beside the register
 * adds (pipeline.addi.lat: a renamer that folds immediate adds reads under
 * one cycle there, and the summary says so). Divides, whose operands must change every op, are
 * in divide.c. Every body's final value is predicted exactly and checked
 * before its timing counts. */
#include <string.h>

#include "arch.h"
#include "fp_expect.h"
#include "kernel.h"

struct pipe_state {
	uint64_t x, b;    /* integer chain start and operand */
	uint64_t fx, fb, fc; /* fp chain start and operands: the bits of doubles */
	const struct pipe_op *op;
};

enum kind { K_ADD, K_ADDI, K_MUL, K_MUL32, K_LOAD, K_FADD, K_FMUL, K_FMA };

struct pipe_op {
	enum kind kind;
	bool thr; /* throughput: 8 chains */
};

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
		     const char **why)
{
	(void)env;
	(void)param;
	(void)iters;
	const struct pipe_op *op = k->arg;
	if (op->kind == K_FMA && arch_has_feature("fpu") && !arch_has_feature("fma")) {
		*why = "no fused multiply-add on this CPU (x86: FMA3)";
		return NULL;
	}
	struct pipe_state *s = arena_alloc(sizeof(*s), 64);
	if (!s) {
		*why = "no memory for kernel state";
		return NULL;
	}
	memset(s, 0, sizeof(*s));
	s->op = k->arg;
	switch (s->op->kind) {
	case K_ADD: s->x = 0x1234; s->b = 0x9E3779B97F4A7C15ull; break;
	case K_ADDI: s->x = 0x1234; s->b = 1; break; /* the body adds the immediate 1 */
	case K_MUL: s->x = 0x12345; s->b = 0x5851F42D4C957F2Dull; break;
	case K_MUL32: s->x = 0x12345; s->b = 0x4C957F2Dull; break;
	case K_LOAD: s->x = (uint64_t)(uintptr_t)&s->x; break;
	case K_FADD: s->fx = FP_BITS_ZERO; s->fb = FP_BITS_ONE; break;
	case K_FMUL: s->fx = FP_BITS_ONE_HALF; s->fb = FP_BITS_MINUS_ONE; break;
	case K_FMA: s->fx = FP_BITS_ZERO; s->fb = FP_BITS_ONE; s->fc = FP_BITS_ONE; break;
	}
	return s;
}

/* The value one chain holds after n operations. */
static uint64_t int_chain(const struct pipe_state *s, uint64_t n)
{
	switch (s->op->kind) {
	case K_ADD:
	case K_ADDI: return s->x + n * s->b;
	case K_MUL: return s->x * bm_pow64(s->b, n);
	case K_MUL32: return (uint32_t)(s->x * bm_pow64(s->b, n));
	default: return s->x; /* K_LOAD: the pointer to itself */
	}
}

/* The same for an fp chain, as the bits of its double. */
static uint64_t fp_chain(const struct pipe_state *s, uint64_t n)
{
	switch (s->op->kind) {
	case K_FMUL: return (n & 1) ? s->fx ^ FP_BITS_SIGN : s->fx; /* x * -1, n times */
	default: return fpx_plus(s->fx, n); /* K_FADD, K_FMA: + 1 each, exact below 2^53 */
	}
}

static bool check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	const struct pipe_state *s = state;
	uint64_t ops = iters * 32 * (variant + 1);
	bool fp = s->op->kind >= K_FADD;
	/* a 32-bit multiply leaves the upper half sign- (riscv64) or
	 * zero-extended (aarch64, x86-64): only the lower half is the value */
	uint64_t mask = s->op->kind == K_MUL32 ? 0xFFFFFFFFull : ~0ull;
	if (!s->op->thr)
		return (result & mask) == (fp ? fp_chain(s, ops) : int_chain(s, ops));
	uint64_t per_chain = ops / 8;
	if (!fp)
		return (result & mask) == ((8 * int_chain(s, per_chain)) & mask);
	/* The finish code adds the chains pairwise: ((0+1)+(2+3))+((4+5)+(6+7)),
	 * all equal, so the sum is exactly 8 times one chain. */
	return result == fpx_sum8(fp_chain(s, per_chain));
}

/* The fp kernels run only on a core with an FPU (the image itself is
 * built without fp instructions on RISC-V, so it runs on one without). */
static const char *verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	(void)env;
	const struct pipe_op *op = k->arg;
	return op->kind >= K_FADD ? bm_needs("fpu", skip) : NULL;
}

#define PIPE_AS(id, kname, opname, k, t, fn, floor_, reps)                                              \
	uint64_t fn##_x1(void *, uint64_t);                                                             \
	uint64_t fn##_x2(void *, uint64_t);                                                             \
	static const struct pipe_op id##_op = {k, t};                                                  \
	BM_KERNEL(id) = {                                                                              \
		.name = kname, .op = opname, .prepare = prepare, .verify = verify,                      \
		.body = {fn##_x1, fn##_x2},                                                            \
		.ops_per_iter = 32, .check = check, .arg = &id##_op, .floor = floor_,                  \
		.min_repeats = reps,                                                                   \
	}
#define PIPE_FLOOR(id, kname, opname, k, t, fn, floor_) PIPE_AS(id, kname, opname, k, t, fn, floor_, 0)
#define PIPE(id, kname, opname, k, t, fn) PIPE_FLOOR(id, kname, opname, k, t, fn, BM_FLOOR_AUTO)
/* What the summary's issue width is read from (add.thr, a width mix of
 * its own) and against (load.thr and mul.thr bound the mixes that pair
 * an add with them): like the width mixes, never one repeat's reading
 * (kernel.h: min_repeats). With one, the C906's RTL read add.thr at
 * 0.977 cycles once, an issue width of 1.024 on a single-issue core. */
#define PIPE_REF(id, kname, opname, k, t, fn) PIPE_AS(id, kname, opname, k, t, fn, BM_FLOOR_AUTO, 3)

PIPE(add_lat, "pipeline.add.lat", "add", K_ADD, false, bm_pipe_add_lat);
PIPE_REF(add_thr, "pipeline.add.thr", "add", K_ADD, true, bm_pipe_add_thr);
/* The elimination probe: a chain of adds of the immediate 1, which
 * Golden Cove and later fold at rename (zero latency, no execution unit;
 * uops.info's Alder Lake-P figures): under pipeline.add.lat's one cycle
 * is the finding the summary reports, not an error, so no floor. */
PIPE_FLOOR(addi_lat, "pipeline.addi.lat", "add immediate 1", K_ADDI, false, bm_pipe_addi_lat, BM_FLOOR_NONE);
PIPE(mul_lat, "pipeline.mul.lat", "64-bit mul", K_MUL, false, bm_pipe_mul_lat);
PIPE_REF(mul_thr, "pipeline.mul.thr", "64-bit mul", K_MUL, true, bm_pipe_mul_thr);
PIPE(mul32_lat, "pipeline.mul32.lat", "32-bit mul", K_MUL32, false, bm_pipe_mul32_lat);
PIPE(mul32_thr, "pipeline.mul32.thr", "32-bit mul", K_MUL32, true, bm_pipe_mul32_thr);
PIPE(load_lat, "pipeline.load.lat", "L1 load", K_LOAD, false, bm_pipe_load_lat);
PIPE_REF(load_thr, "pipeline.load.thr", "L1 load", K_LOAD, true, bm_pipe_load_thr);
PIPE(fadd_lat, "pipeline.fadd.lat", "fadd.d", K_FADD, false, bm_pipe_fadd_lat);
PIPE(fadd_thr, "pipeline.fadd.thr", "fadd.d", K_FADD, true, bm_pipe_fadd_thr);
PIPE(fmul_lat, "pipeline.fmul.lat", "fmul.d", K_FMUL, false, bm_pipe_fmul_lat);
PIPE(fmul_thr, "pipeline.fmul.thr", "fmul.d", K_FMUL, true, bm_pipe_fmul_thr);
PIPE(fma_lat, "pipeline.fma.lat", "fmadd.d", K_FMA, false, bm_pipe_fma_lat);
PIPE(fma_thr, "pipeline.fma.thr", "fmadd.d", K_FMA, true, bm_pipe_fma_thr);
