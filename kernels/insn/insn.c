/* The instruction table's C side (issue 42; docs/insn.md): the operand
 * values a form's generated bodies start from, its gate, and its check.
 *
 * Each body's own computed value cannot be predicted here for hundreds of
 * forms without a second implementation of each; what a body claims is
 * checked instead by the count the core retires (harness/insn_record.c:
 * the 2N body retires exactly the N body's instructions plus the forms
 * it claims, or the result is an error) and by determinism: every run of
 * a body at one iteration count returns the same value (check below).
 * A representative vector form of each lane width and integer operation
 * is also checked against a C reference (refs below), so a body that ran
 * at the wrong arrangement or width, or whose lanes were loaded wrong,
 * cannot pass. */
#include <stddef.h>
#include <string.h>

#include "arch.h"
#include "insn.h"

/* FP constants by width: double, single, half bit patterns (IEEE 754
 * binary64/32/16). Every one is a normal number. */
struct fp3 {
	uint64_t d, s, h;
};
static const struct fp3 FP_START = {0x3ff3c0ca428c59fbull, 0x3f9e0652, 0x3cf0}; /* 1.2345678901234567 */
static const struct fp3 FP_1_5 = {0x3ff8000000000000ull, 0x3fc00000, 0x3e00};
static const struct fp3 FP_M1_5 = {0xbff8000000000000ull, 0xbfc00000, 0xbe00};
static const struct fp3 FP_2 = {0x4000000000000000ull, 0x40000000, 0x4000};
static const struct fp3 FP_0_5 = {0x3fe0000000000000ull, 0x3f000000, 0x3800};
static const struct fp3 FP_M1 = {0xbff0000000000000ull, 0xbf800000, 0xbc00};
static const struct fp3 FP_3_125 = {0x4009000000000000ull, 0x40480000, 0x4240};
static const struct fp3 FP_2_75 = {0x4006000000000000ull, 0x40300000, 0x4180};
static const struct fp3 FP_1_375 = {0x3ff6000000000000ull, 0x3fb00000, 0x3d80};

static uint64_t fp_bits(const struct fp3 *v, enum insn_fpw w)
{
	return w == INSN_FP_S ? v->s : w == INSN_FP_H ? v->h : v->d;
}

/* Each set: the chain's start, then K1, K2, K3 (insn.h; gen_insn.c: a
 * source n that is not the chain reads Kn, an alternating source K2 and
 * K3 by turns, a companion K1). */
static void fill(struct insn_state *s, enum insn_vals v, enum insn_fpw w)
{
	static const uint64_t ints[4] = {0x0123456789abcdefull, 0x9e3779b97f4a7c15ull, 0xd1b54a32d192ed03ull,
					 0x8cb92ba72f3d8dd7ull};
	/* a dividend near 2^63 over divisors of 29 and 25 bits: a quotient of
	 * 34 to 38 bits, the companion's XOR with K1 putting the top bits back
	 * (neither zero nor one operand a divider could short-cut) */
	static const uint64_t divs[4] = {0xf123456789abcdefull, 0xc0ffee1234567891ull, 0x1d2b3c4dull, 0x1a2b3c5ull};
	const struct fp3 *f[4] = {&FP_START, &FP_1_5, &FP_1_5, &FP_M1_5};
	memcpy(s->ival, ints, sizeof(ints));
	switch (v) {
	case INSN_VALS_DIV: memcpy(s->ival, divs, sizeof(divs)); break;
	case INSN_VALS_FMUL: f[1] = &FP_2, f[2] = &FP_2, f[3] = &FP_0_5; break;
	case INSN_VALS_FMA: f[1] = &FP_0_5, f[2] = &FP_M1, f[3] = &FP_0_5; break;
	case INSN_VALS_FDIV: f[1] = &FP_1_375, f[2] = &FP_3_125, f[3] = &FP_2_75; break;
	case INSN_VALS_ZERO: memset(s->ival + 1, 0, 3 * sizeof(uint64_t)); break;
	default: break;
	}
	for (int i = 0; i < 4; i++)
		s->fval[i] = fp_bits(f[i], w);
	s->ptr = (uint64_t)(uintptr_t)&s->words[0];
	for (int i = 0; i < 64; i++)
		s->words[i] = s->ptr;
	if (v == INSN_VALS_PTR) {
		/* the chain starts at the pointer; an index register holds 8
		 * (words[1]: the pointer again) */
		s->ival[0] = s->ptr;
		s->ival[1] = s->ival[2] = s->ival[3] = 8;
	}
	/* Vector registers: every lane the scalar value, FP at the form's
	 * width (so each lane stays normal and bounded as the scalar chain
	 * does), integers as 64-bit lanes (narrower lanes read their bytes). */
	bool fp = v == INSN_VALS_FADD || v == INSN_VALS_FMUL || v == INSN_VALS_FMA || v == INSN_VALS_FDIV;
	unsigned lane = !fp ? 8 : w == INSN_FP_S ? 4 : w == INSN_FP_H ? 2 : 8;
	for (int k = 0; k < 4; k++)
		for (unsigned b = 0; b < sizeof(s->vec[k]); b += lane)
			memcpy(&s->vec[k][b], fp ? (const void *)&s->fval[k] : (const void *)&s->ival[k], lane);
}

/* gen_insn.c's OFF_VEC; the words a pointer chain and the stores use
 * start on a cache line (a vector access at a multiple of its size stays
 * within one) */
_Static_assert(offsetof(struct insn_state, vec) == 640, "tools/gen_insn.c OFF_VEC");
_Static_assert(offsetof(struct insn_state, words) % 64 == 0, "words on a cache line");

/* The C reference of lane-wise integer forms (issue 43): the body's
 * result is the low 64 bits of chain 0 (gen_insn.c emit_finish). A
 * latency body runs chain 0 from vec[0] through op K2 16 times an
 * iteration (32 in the 2N body); an independent throughput body leaves
 * K1 op K2 in it; a chained one (a two-operand form) runs each chain
 * twice an iteration (four times in the 2N body). The arm64 C is
 * integer-only: FP forms have no reference here. */
struct insn_ref {
	const char *id;
	char op;      /* '+', '*' or '^' */
	unsigned bits; /* lane width */
};
static const struct insn_ref refs[] = {
	{"a64.neon.add.16b", '+', 8},     {"a64.neon.add.8h", '+', 16},     {"a64.neon.add.4s", '+', 32},
	{"a64.neon.add.2d", '+', 64},     {"a64.neon.add.8b", '+', 8},      {"a64.neon.mul.8h", '*', 16},
	{"a64.neon.mul.4s", '*', 32},     {"a64.neon.eor.16b", '^', 64},    {"a64.neon.sub.2d", '-', 64},
	{"x86.sse2.paddw", '+', 16},      {"x86.avx2.vpaddd.y", '+', 32},   {"x86.avx2.vpaddq.y", '+', 64},
	{"x86.avx2.vpmulld.y", '*', 32},  {"x86.avx512bw.vpaddb.z", '+', 8}, {"x86.avx512f.vpaddq.z", '+', 64},
	{"x86.avx512bw.vpmullw.z", '*', 16}, {"x86.avx512f.vpxorq.z", '^', 64},
};

/* lane x after n ops "x = x op k" */
static uint64_t lane_n(char op, uint64_t x, uint64_t k, uint64_t n)
{
	switch (op) {
	case '+': return x + n * k;
	case '-': return x - n * k;
	case '^': return n & 1 ? x ^ k : x;
	default: { /* x * k^n, by squaring */
		uint64_t p = 1;
		for (; n; n >>= 1, k *= k)
			if (n & 1)
				p *= k;
		return x * p;
	}
	}
}

/* The low 64 bits of a vector after n ops from start x (lane-wise with k). */
static uint64_t ref_word(const struct insn_ref *r, uint64_t x, uint64_t k, uint64_t n)
{
	uint64_t mask = r->bits == 64 ? ~0ull : (1ull << r->bits) - 1, out = 0;
	for (unsigned sh = 0; sh < 64; sh += r->bits)
		out |= (lane_n(r->op, (x >> sh) & mask, (k >> sh) & mask, n) & mask) << sh;
	return out;
}

static const struct insn_ref *ref_of(const struct insn_form *f)
{
	for (size_t i = 0; i < sizeof(refs) / sizeof(refs[0]); i++)
		if (strcmp(refs[i].id, f->id) == 0)
			return &refs[i];
	return NULL;
}

/* What a body of a form with a reference returns (insn_check). */
static uint64_t ref_result(const struct insn_state *s, const struct insn_ref *r, unsigned variant, uint64_t iters)
{
	uint64_t v[3];
	memcpy(v, s->vec, sizeof(v[0]));          /* vec[0]: the chain's start */
	memcpy(&v[1], s->vec[1], sizeof(v[1]));   /* K1 */
	memcpy(&v[2], s->vec[2], sizeof(v[2]));   /* K2 */
	uint64_t per = variant + 1;
	if (!s->thr)
		return ref_word(r, v[0], v[2], iters * 16 * per);
	if (s->thr_chained)
		return ref_word(r, v[0], v[2], iters * 2 * per);
	return ref_word(r, v[1], v[2], 1);
}

void *insn_prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
		   const char **why)
{
	(void)param;
	const struct insn_form *f = k->form;
	struct insn_state *s = arena_alloc(sizeof(*s), 64);
	if (!s) {
		*why = "no memory for kernel state";
		return NULL;
	}
	memset(s, 0, sizeof(*s));
	fill(s, f->vals, f->fpw);
	size_t n = strlen(k->name);
	s->form = f;
	s->thr = n > 4 && strcmp(k->name + n - 4, ".thr") == 0;
	s->thr_chained = s->thr && k->chains;
	/* A ZMM form (its name ends .z: tools/gen_insn.c holds every form
	 * with a ZMM operand to that): 512-bit instructions run slowly for a
	 * while after the unit wakes, and runs of the quick profile's length
	 * let the N/2N difference fall below what the unit can do
	 * (vpslldq.z read 0.26-0.50 a cycle over three runs on Zen 5, A's
	 * 0.498), as kernels/crypto_insn found for VAESENC. Longer runs. */
	size_t idn = strlen(f->id);
	if (idn > 2 && strcmp(f->id + idn - 2, ".z") == 0 && *iters < 16384)
		*iters = 16384;
	/* under sim a cycle-exact model reads the same every run: 8
	 * iterations (128 ops a latency body, 16 to 24 a chain's throughput
	 * body) are enough, and each form then costs a core's RTL a few
	 * thousand instructions (docs/simulators.md) */
	if (env->opt->profile == BM_PROFILE_SIM && *iters > 8)
		*iters = 8;
	return s;
}

/* Determinism: the first result of each body at an iteration count is
 * kept, and every later run at that count must return it. */
bool insn_check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	struct insn_state *s = (struct insn_state *)state;
	if (variant > 1)
		return false;
	const struct insn_ref *r = ref_of(s->form);
	if (r && result != ref_result(s, r, variant, iters))
		return false;
	if (s->first_iters != iters) {
		s->first_iters = iters;
		s->first[0] = s->first[1] = 0;
	}
	if (!s->first[variant] && result) {
		s->first[variant] = result;
		return true;
	}
	return s->first[variant] == result || (!s->first[variant] && !result);
}

const char *insn_verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	(void)env;
	const struct insn_form *f = k->form;
	return f->feature[0] ? bm_needs(f->feature, skip) : NULL;
}
