/* Crypto instruction kernels, "crypto.insn.<instruction>.lat|thr": the
 * latency (one dependent chain) and throughput (CI_CHAINS independent
 * chains) of the instructions the accelerated crypto kernels are made
 * of (AESENC, PCLMULQDQ, SHA256RNDS2; AESE+AESMC, PMULL, SHA256H...).
 * `baremark crypto` turns them into each kernel's bound: the cycles per
 * byte its instruction mix cannot go below on the core that ran it.
 *
 * Each ISA's file (insn_<arch>.c) writes the bodies as inline assembly,
 * CI_OPS instructions an iteration in body[0] and twice as many in
 * body[1] around the same loop, and computes what the chains must hold
 * with the same instruction through the compiler's intrinsics, in C:
 * the check is that the body ran exactly its instructions on exactly its
 * operands. Chain i starts from x with i in its low byte, so no two
 * chains hold the same value; a throughput body returns the sum of its
 * chains' low 64 bits. Each instruction's meaning is checked elsewhere:
 * the crypto kernels' known answers use the same instructions. */
#ifndef BM_CRYPTO_INSN_H
#define BM_CRYPTO_INSN_H

#include <string.h>

#include "../crypto/crypto_kernel.h"

#define CI_OPS 24
/* Enough chains to fill two pipes of latency 5, with room: 12 of the 16
 * vector registers x86-64 has without AVX-512. */
#define CI_CHAINS 12

struct ci_state {
	uint8_t x[32] __attribute__((aligned(32))); /* chain start */
	uint8_t k[32] __attribute__((aligned(32))); /* the other operand */
	uint8_t y[32] __attribute__((aligned(32))); /* a third, where the instruction takes one */
	const struct ci_op *op;
};

typedef uint64_t (*ci_chain_fn)(const struct ci_state *s, const uint8_t *start, uint64_t n);

/* A GCM mix, "crypto.insn.gcm<bits>-<impl>.thr": one op is one unit of a
 * GCM kernel (a block, or a register of blocks) with its crypto
 * instructions in the kernel's counts, `rounds` AES rounds and 3 or 4
 * carry-less multiplies, CI_MIX_UNITS units an iteration. Chains 0-7 take
 * the AES rounds, a unit each; chains 8-11 the multiplies, issued among
 * the first 8 rounds as the stitched loops issue a block's GHASH. Where
 * the two kinds of instruction share a pipe they cost their sum (the
 * Cortex-A72 issues every crypto µop on its F0 pipe, its Software
 * Optimization Guide, UAN 0016A, says); where they do not, the larger
 * (Zen 5): what the single-instruction figures cannot tell. */
#define CI_MIX_UNITS 8
struct ci_mix {
	ci_chain_fn aes, mul;
	unsigned rounds;        /* AES rounds a unit: each AES chain's per iteration */
	unsigned mul_per_chain; /* each multiply chain's per iteration */
};

struct ci_op {
	const char *needs; /* arch feature words, space separated */
	bool thr;
	/* What one chain starting from `start` holds after n instructions:
	 * its low 64 bits. */
	ci_chain_fn chain;
	const struct ci_mix *mix; /* a GCM mix, else NULL */
};

/* Chain i's start: x with i in byte 0. */
static inline void ci_start(const struct ci_state *s, unsigned i, uint8_t out[32])
{
	memcpy(out, s->x, 32);
	out[0] ^= (uint8_t)i;
}

static inline const char *ci_verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	(void)env;
	const struct ci_op *op = k->arg;
	static char why[160];
	if (cr_has_all(op->needs, why, sizeof(why)))
		return NULL;
	*skip = true;
	return why;
}

static inline void *ci_prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
			       const char **why)
{
	(void)env;
	(void)param;
	/* 512-bit instructions run slowly for a while after the unit wakes:
	 * a run of the profile's 1024 iterations (a few microseconds) lasts
	 * no longer, and the N/2N difference came out below what the unit
	 * can do (VAESENC zmm read one every 0.29-0.35 cycles, unsettled, on
	 * Zen 5, 0.135 in the quick profile's runs; 0.50 with runs of 16384
	 * iterations, as a standalone loop measures it). Other widths keep
	 * the profile's runs. */
	const struct ci_op *op = k->arg;
	if (strstr(op->needs, "avx512") && *iters < 16384)
		*iters = 16384;
	/* A mix's iteration is a few dozen cycles of two units at once: runs
	 * of the full profile's 1024 came out unstable on Zen 5 in half the
	 * bench rounds (2026-12-02); four times as long settle. */
	if (op->mix && *iters < 4096)
		*iters = 4096;
	struct ci_state *s = arena_alloc(sizeof(*s), 32);
	if (!s) {
		*why = "no memory for kernel state";
		return NULL;
	}
	uint64_t seed = 0x9E3779B97F4A7C15ull;
	for (int i = 0; i < 32; i++) {
		s->x[i] = (uint8_t)bm_rand(&seed);
		s->k[i] = (uint8_t)bm_rand(&seed);
		s->y[i] = (uint8_t)bm_rand(&seed);
	}
	/* A carry-less multiply chain keeps x * k's low half: with k odd
	 * (a constant term) that half is never zero, so the chain never
	 * settles on a fixed point. */
	s->k[0] |= 1;
	s->k[16] |= 1;
	s->op = op;
	return s;
}

static inline bool ci_check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	const struct ci_state *s = state;
	uint64_t ops = iters * CI_OPS * (variant + 1);
	uint8_t start[32];
	const struct ci_mix *m = s->op->mix;
	if (m) {
		uint64_t n = iters * (variant + 1), sum = 0;
		for (unsigned i = 0; i < CI_CHAINS; i++) {
			ci_start(s, i, start);
			sum += i < CI_MIX_UNITS ? m->aes(s, start, n * m->rounds) : m->mul(s, start, n * m->mul_per_chain);
		}
		return result == sum;
	}
	if (!s->op->thr) {
		ci_start(s, 0, start);
		return result == s->op->chain(s, start, ops);
	}
	uint64_t sum = 0;
	for (unsigned i = 0; i < CI_CHAINS; i++) {
		ci_start(s, i, start);
		sum += s->op->chain(s, start, ops / CI_CHAINS);
	}
	return result == sum;
}

/* CI_KERNEL(id, "aesenc", "lat", "aesenc xmm (one AES round)", "aes", false, chain_fn, body)
 * registers crypto.insn.aesenc.lat with the bodies body_x1 / body_x2. */
#define CI_KERNEL(id, insn, kind, opname, needs_, thr_, chain_fn, bfn)                                   \
	uint64_t bfn##_x1(void *, uint64_t);                                                           \
	uint64_t bfn##_x2(void *, uint64_t);                                                           \
	static const struct ci_op id##_op = {needs_, thr_, chain_fn, NULL};                            \
	BM_KERNEL(id) = {                                                                              \
		.name = "crypto.insn." insn "." kind, .op = opname, .prepare = ci_prepare,             \
		.verify = ci_verify, .body = {bfn##_x1, bfn##_x2}, .ops_per_iter = CI_OPS,           \
		.check = ci_check, .chains = CI_CHAINS, .arg = &id##_op,                  \
	}

/* CI_MIX_KERNEL(id, "gcm128-aesni", "...", "aes pclmul", &mix, body)
 * registers crypto.insn.gcm128-aesni.thr, CI_MIX_UNITS ops an iteration.
 * It declares no `chains`: it has no latency twin to floor it. */
#define CI_MIX_KERNEL(id, insn, opname, needs_, mix_, bfn)                                          \
	uint64_t bfn##_x1(void *, uint64_t);                                                           \
	uint64_t bfn##_x2(void *, uint64_t);                                                           \
	static const struct ci_op id##_op = {needs_, true, NULL, mix_};                                \
	BM_KERNEL(id) = {                                                                              \
		.name = "crypto.insn." insn ".thr", .op = opname, .prepare = ci_prepare,               \
		.verify = ci_verify, .body = {bfn##_x1, bfn##_x2}, .ops_per_iter = CI_MIX_UNITS,     \
		.check = ci_check, .arg = &id##_op,                                                   \
	}

/* Twelve asm lines, one per chain operand %0..%11 (the throughput
 * bodies' chains), from M(n); CI_T24 two passes over them. */
#define CI_T12(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11)
#define CI_T24(M) CI_T12(M) CI_T12(M)

/* A GCM mix's iteration: A(c) an AES round on chain c, M(c) a multiply
 * on chain c. Every round one AES round on each of the 8 AES chains;
 * in the first 8 rounds 3 (CI_M3_4ROUNDS) or 4 (CI_M4_4ROUNDS) multiplies, over
 * chains 8-11 in turn, so each of them takes 6 or 8. */
#define CI_A8(A) A(0) A(1) A(2) A(3) A(4) A(5) A(6) A(7)
#define CI_M3_4ROUNDS(A, M)                                                                            \
	CI_A8(A) M(8) M(9) M(10) CI_A8(A) M(11) M(8) M(9) CI_A8(A) M(10) M(11) M(8) CI_A8(A) M(9) M(10) M(11)
#define CI_M4_4ROUNDS(A, M) CI_A8(A) M(8) M(9) M(10) M(11) CI_A8(A) M(8) M(9) M(10) M(11) \
	CI_A8(A) M(8) M(9) M(10) M(11) CI_A8(A) M(8) M(9) M(10) M(11)
#define CI_MIX10(A, M, MUL4ROUNDS) MUL4ROUNDS(A, M) MUL4ROUNDS(A, M) CI_A8(A) CI_A8(A)
#define CI_MIX14(A, M, MUL4ROUNDS) CI_MIX10(A, M, MUL4ROUNDS) CI_A8(A) CI_A8(A) CI_A8(A) CI_A8(A)
#define CI_R4(s) s s s s
#define CI_R24(s) CI_R4(s) CI_R4(s) CI_R4(s) CI_R4(s) CI_R4(s) CI_R4(s)

#endif
