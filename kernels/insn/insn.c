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
#include "point_path.h"

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

BM_POINT_PATH static uint64_t fp_bits(const struct fp3 *v, enum insn_fpw w)
{
	return w == INSN_FP_S ? v->s : w == INSN_FP_H ? v->h : v->d;
}

/* Each set: the chain's start, then K1, K2, K3 (insn.h; gen_insn.c: a
 * source n that is not the chain reads Kn, an alternating source K2 and
 * K3 by turns, a companion K1). */
BM_POINT_PATH static void fill(struct insn_state *s, enum insn_vals v, enum insn_fpw w)
{
	static const uint64_t ints[4] = {0x0123456789abcdefull, 0x9e3779b97f4a7c15ull, 0xd1b54a32d192ed03ull,
					 0x8cb92ba72f3d8dd7ull};
	/* a dividend near 2^63 over divisors of 29 and 25 bits: a quotient of
	 * 34 to 38 bits, the companion's XOR with K1 putting the top bits back
	 * (neither zero nor one operand a divider could short-cut) */
	static const uint64_t divs[4] = {0xf123456789abcdefull, 0xc0ffee1234567891ull, 0x1d2b3c4dull, 0x1a2b3c5ull};
	const struct fp3 *f[4] = {&FP_START, &FP_1_5, &FP_1_5, &FP_M1_5};
	const uint64_t *iv = v == INSN_VALS_DIV ? divs : ints;
	for (int i = 0; i < 4; i++) /* by word: under sim each call and byte costs (docs/simulators.md) */
		s->ival[i] = iv[i];
	switch (v) {
	case INSN_VALS_FMUL: f[1] = &FP_2, f[2] = &FP_2, f[3] = &FP_0_5; break;
	case INSN_VALS_FMA: f[1] = &FP_0_5, f[2] = &FP_M1, f[3] = &FP_0_5; break;
	case INSN_VALS_FDIV: f[1] = &FP_1_375, f[2] = &FP_3_125, f[3] = &FP_2_75; break;
	case INSN_VALS_ZERO: s->ival[1] = s->ival[2] = s->ival[3] = 0; break;
	case INSN_VALS_MULHI:
		/* x86 mul.hi: rdx = hi(K2 x). K2 = 2^64 - c, c about 2^30.6:
		 * each op takes c x / 2^64 (about 2^30.4) off x, so x changes
		 * every op, never repeats, and stays near 2^63.9 for over 2^32
		 * ops (a body runs far fewer); both factors large and odd */
		s->ival[0] = 0xf0e1d2c3b4a59687ull;
		s->ival[2] = 0xffffffff9e3779b9ull;
		break;
	default: break;
	}
	for (int i = 0; i < 4; i++)
		s->fval[i] = fp_bits(f[i], w);
	s->ptr = (uint64_t)(uintptr_t)&s->words[0];
	if (v == INSN_VALS_PTR || v == INSN_VALS_LRSC) {
		/* the words, only where a form addresses them (gen_insn.c
		 * refuses a pointer operand under any other set): under sim
		 * writing them was some 180 instructions of every form. Eight
		 * a step: the loop's own count and branch were two thirds of
		 * writing them one at a time. */
		_Static_assert(sizeof(s->words) % (8 * sizeof(s->words[0])) == 0, "words in eights");
		for (uint64_t *w = s->words, *e = w + sizeof(s->words) / sizeof(s->words[0]); w < e; w += 8)
			w[0] = w[1] = w[2] = w[3] = w[4] = w[5] = w[6] = w[7] = s->ptr;
		/* the chain starts at the pointer; an index register holds 8
		 * (words[1]: the pointer again) */
		s->ival[0] = s->ptr;
		s->ival[1] = s->ival[2] = s->ival[3] = 8;
	}
	/* an LR/SC pair's SC writes 0 (success) to the chain, its companion
	 * adds K1: the pointer again. A failed SC (1) would leave the pointer
	 * misaligned and the next LR trap: never a figure. */
	if (v == INSN_VALS_LRSC)
		s->ival[1] = s->ptr;
#if defined(__aarch64__) || defined(__x86_64__)
	/* Vector registers (issue 43; RISC-V's table has none: RVV's state is
	 * insn_vstate): every lane the scalar value, FP at the form's width (so
	 * each lane stays normal and bounded as the scalar chain does),
	 * integers as 64-bit lanes (narrower lanes read their bytes). */
	bool fp = v == INSN_VALS_FADD || v == INSN_VALS_FMUL || v == INSN_VALS_FMA || v == INSN_VALS_FDIV;
	for (int k = 0; k < 4; k++) {
		uint64_t x = fp ? s->fval[k] : s->ival[k];
		if (fp && w == INSN_FP_S)
			x = (x & 0xffffffffull) * 0x0000000100000001ull;
		else if (fp && w == INSN_FP_H)
			x = (x & 0xffffull) * 0x0001000100010001ull;
		for (unsigned b = 0; b < sizeof(s->vec[k]); b += sizeof(x))
			memcpy(&s->vec[k][b], &x, sizeof(x));
	}
#endif
}

/* gen_insn.c's OFF_VEC; the words a pointer chain and the stores use
 * start on a cache line (a vector access at a multiple of its size stays
 * within one) */
_Static_assert(offsetof(struct insn_state, vec) == 512, "tools/gen_insn.c OFF_VEC");
_Static_assert(offsetof(struct insn_state, words) % 64 == 0, "words on a cache line");

#if defined(__aarch64__) || defined(__x86_64__)
/* The C reference of lane-wise integer forms (issue 43): the body's
 * result is the low 64 bits of chain 0 (gen_insn.c emit_finish). A
 * latency body runs chain 0 from vec[0] through op K2 16 times an
 * iteration (32 in the 2N body); an independent throughput body leaves
 * K1 op K2 in it; a chained one (a two-operand form) runs each chain
 * twice an iteration (four times in the 2N body). The arm64 C is
 * integer-only: FP forms have no reference here. */
struct insn_vref {
	const char *id;
	char op;       /* '+', '-', '*' or '^' */
	unsigned bits; /* lane width */
};
static const struct insn_vref refs[] = {
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
static uint64_t ref_word(const struct insn_vref *r, uint64_t x, uint64_t k, uint64_t n)
{
	uint64_t mask = r->bits == 64 ? ~0ull : (1ull << r->bits) - 1, out = 0;
	for (unsigned sh = 0; sh < 64; sh += r->bits)
		out |= (lane_n(r->op, (x >> sh) & mask, (k >> sh) & mask, n) & mask) << sh;
	return out;
}

static const struct insn_vref *ref_of(const struct insn_form *f)
{
	for (size_t i = 0; i < sizeof(refs) / sizeof(refs[0]); i++)
		if (strcmp(refs[i].id, f->id) == 0)
			return &refs[i];
	return NULL;
}

/* What a body of a form with a reference returns (insn_check). */
static uint64_t ref_result(const struct insn_state *s, unsigned variant, uint64_t iters)
{
	uint64_t v[3];
	for (int k = 0; k < 3; k++)
		memcpy(&v[k], s->vec[k], sizeof(v[k])); /* the chain's start, K1, K2 */
	uint64_t per = variant + 1;
	if (!s->thr)
		return ref_word(s->ref, v[0], v[2], iters * 16 * per);
	if (s->thr_chained)
		return ref_word(s->ref, v[0], v[2], iters * 2 * per);
	return ref_word(s->ref, v[1], v[2], 1);
}

/* A64 and x86: the reference of the form, the kind of body; a ZMM form's
 * longer runs. */
static void vector_prepare(struct insn_state *s, const struct bm_kernel *k, uint64_t *iters)
{
	const struct insn_form *f = k->form;
	size_t n = strlen(k->name);
	s->ref = ref_of(f);
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
}
#endif

/* The state every scalar form's point runs on, one for the run rather
 * than an arena block a point (the suite runs on one core at a time,
 * and a point's state lives no longer than its point). Its operands are
 * what fill makes of a value set and FP width alone, and no body writes
 * the state but through a pointer operand, which only vals=ptr and
 * vals=lrsc have (tools/gen_insn.c refuses it under any other set): so
 * a point whose set, width and core are those the state was last filled
 * for finds its operands in place, and most points of the table do
 * (under sim, filling was some 100 instructions of each point). */
static struct insn_state state;
static struct {
	bool valid;
	enum insn_vals vals;
	enum insn_fpw fpw;
	uint64_t core;
} filled;

BM_POINT_PATH void *insn_prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
		   const char **why)
{
	(void)param;
	(void)why;
	const struct insn_form *f = k->form;
	struct insn_state *s = &state;
	/* every field is written here or was by the fill it keeps: the
	 * check's memory starts empty (no memset of the whole state: under
	 * sim its 600 bytes cost each kernel about 400 instructions) */
	s->first[0] = s->first[1] = 0;
	s->first_iters = 0;
	uint64_t core = arch_core_id();
	bool writes = f->vals == INSN_VALS_PTR || f->vals == INSN_VALS_LRSC;
	if (writes || !filled.valid || filled.vals != f->vals || filled.fpw != f->fpw || filled.core != core) {
		fill(s, f->vals, f->fpw);
		/* a pointer set's words are the bodies' to write: refilled at
		 * every point, and no other set may take them as they are */
		filled.valid = !writes;
		filled.vals = f->vals;
		filled.fpw = f->fpw;
		filled.core = core;
	}
#if defined(__aarch64__) || defined(__x86_64__)
	vector_prepare(s, k, iters);
#endif
	/* under sim a cycle-exact model reads the same every run: 4
	 * iterations (64 ops a latency body, 24 to 48 a throughput body; the
	 * 2N body twice that) are enough, and each body runs 8 times a form
	 * (warm-up, untimed and timed passes) (docs/simulators.md) */
	if (env->opt->profile == BM_PROFILE_SIM && *iters > 4)
		*iters = 4;
	return s;
}

/* Determinism: the first result of each body at an iteration count is
 * kept, and every later run at that count must return it. */
BM_POINT_PATH bool insn_same_result(uint64_t first[2], uint64_t *first_iters, unsigned variant, uint64_t iters, uint64_t result)
{
	if (variant > 1)
		return false;
	if (*first_iters != iters) {
		*first_iters = iters;
		first[0] = first[1] = 0;
	}
	if (!first[variant] && result) {
		first[variant] = result;
		return true;
	}
	return first[variant] == result || (!first[variant] && !result);
}

BM_POINT_PATH bool insn_check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	struct insn_state *s = (struct insn_state *)state;
#if defined(__aarch64__) || defined(__x86_64__)
	if (variant <= 1 && s->ref && result != ref_result(s, variant, iters))
		return false;
#endif
	return insn_same_result(s->first, &s->first_iters, variant, iters, result);
}

/* The last gate asked and its answer, on which core: the forms of an
 * extension run one after another and share their feature's text in the
 * form table (a constant), so most forms ask the one before them again
 * (each ask a call to the ISA's feature test and, for a missing one, the
 * formatter for its reason: under sim some 300 instructions a form). */
static struct {
	const char *feature; /* the form table's string; NULL: none yet */
	uint64_t core;
	bool skip;
	char why[160]; /* "": the core has it */
} gate;

static const char *gate_answer(const char *feature, const char *why, bool skip)
{
	gate.feature = feature;
	gate.core = arch_core_id();
	gate.skip = skip;
	size_t n = why ? strlen(why) : 0;
	if (n >= sizeof(gate.why)) /* never (bm_needs' reasons are shorter): not kept */
		gate.feature = NULL, n = 0;
	memcpy(gate.why, why ? why : "", n);
	gate.why[n] = '\0';
	return why;
}

BM_POINT_PATH const char *insn_verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	(void)env;
	const struct insn_form *f = k->form;
	if (!f->feature[0])
		return NULL; /* what every core of the ISA has */
	if (gate.feature == f->feature && gate.core == arch_core_id()) {
		if (!gate.why[0])
			return NULL;
		*skip = gate.skip;
		return gate.why;
	}
	/* one feature, or two separated by a comma (c.zext.h: Zcb and Zbb) */
	char one[32];
	for (const char *p = f->feature; *p;) {
		size_t n = strcspn(p, ",");
		if (n >= sizeof(one))
			return "a feature name too long for insn_verify";
		memcpy(one, p, n);
		one[n] = 0;
		const char *why = bm_needs(one, skip);
		if (why)
			return gate_answer(f->feature, why, *skip);
		p += n + (p[n] == ',');
	}
	return gate_answer(f->feature, NULL, false);
}
