/* x86-64 crypto instruction kernels (insn.h): AESENC, VAESENC on 256-
 * and 512-bit registers, PCLMULQDQ, VPCLMULQDQ on 256- and 512-bit
 * registers and SHA256RNDS2, each a latency chain (x = op(x, k)) and
 * CI_CHAINS independent chains. The carry-less multiplies take the low halves
 * (immediate 0): x = x.lo * k.lo. SHA256RNDS2 takes its third operand in
 * xmm0 (the "Yz" constraint) and chains through its destination, the
 * state it updates. */
#include <immintrin.h>

#include "insn.h"

#define AES_T __attribute__((target("aes")))
#define VAES_T __attribute__((target("vaes,avx2")))
#define VAES512_T __attribute__((target("vaes,avx512f")))
#define VCLMUL512_T __attribute__((target("vpclmulqdq,avx512f")))
#define CLMUL_T __attribute__((target("pclmul")))
#define VCLMUL_T __attribute__((target("vpclmulqdq,avx2")))
#define SHA_T __attribute__((target("sha")))

#define LOAD128(p) _mm_loadu_si128((const __m128i *)(p))
#define LOAD256(p) _mm256_loadu_si256((const __m256i *)(p))
#define LOW128(v) ((uint64_t)_mm_cvtsi128_si64(v))
#define LOW256(v) ((uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(v)))
/* the ci_state buffers are 32 bytes: a 512-bit chain starts from x twice */
#define LOAD512(p) _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)(p)))
#define LOW512(v) ((uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(v)))

/* A latency body: one chain x, the asm line INS (operands %0 = x, then
 * the inputs) CI_OPS times an iteration; body[1] the same line twice as
 * often in the same loop. */
#define LAT_BODIES(fn, TGT, T, LOAD, LOW, INS, ...)                                    \
	TGT uint64_t fn##_x1(void *st, uint64_t iters)                                 \
	{                                                                              \
		const struct ci_state *s = st;                                         \
		T x = LOAD(s->x), k = LOAD(s->k), y = LOAD(s->y);                      \
		(void)y;                                                               \
		for (uint64_t i = 0; i < iters; i++)                                   \
			__asm__ volatile(CI_R24(INS) : "+x"(x) : __VA_ARGS__);         \
		return LOW(x);                                                         \
	}                                                                              \
	TGT uint64_t fn##_x2(void *st, uint64_t iters)                                 \
	{                                                                              \
		const struct ci_state *s = st;                                         \
		T x = LOAD(s->x), k = LOAD(s->k), y = LOAD(s->y);                      \
		(void)y;                                                               \
		for (uint64_t i = 0; i < iters; i++) {                                 \
			__asm__ volatile(CI_R24(INS) : "+x"(x) : __VA_ARGS__);         \
			__asm__ volatile(CI_R24(INS) : "+x"(x) : __VA_ARGS__);         \
		}                                                                      \
		return LOW(x);                                                         \
	}

/* A throughput body: chains %0..%11, the inputs from %12; TEXT is an
 * iteration's asm (CI_T24(INS_T): two passes over the chains, INS_T(c)
 * the line for chain c; or a GCM mix). */
#define THR_ASM(TEXT, ...)                                                                             \
	__asm__ volatile(TEXT                                                                          \
			 : "+x"(c[0]), "+x"(c[1]), "+x"(c[2]), "+x"(c[3]), "+x"(c[4]), "+x"(c[5]),     \
			   "+x"(c[6]), "+x"(c[7]), "+x"(c[8]), "+x"(c[9]), "+x"(c[10]), "+x"(c[11])    \
			 : __VA_ARGS__)
#define THR_BODIES(fn, TGT, T, LOAD, LOW, TEXT, ...)                                   \
	TGT static inline void fn##_init(const struct ci_state *s, T c[CI_CHAINS])      \
	{                                                                              \
		uint8_t b[32];                                                         \
		for (unsigned i = 0; i < CI_CHAINS; i++) {                             \
			ci_start(s, i, b);                                             \
			c[i] = LOAD(b);                                                \
		}                                                                      \
	}                                                                              \
	TGT static inline uint64_t fn##_sum(const T c[CI_CHAINS])                       \
	{                                                                              \
		uint64_t sum = 0;                                                      \
		for (unsigned i = 0; i < CI_CHAINS; i++)                               \
			sum += LOW(c[i]);                                              \
		return sum;                                                            \
	}                                                                              \
	TGT uint64_t fn##_x1(void *st, uint64_t iters)                                 \
	{                                                                              \
		const struct ci_state *s = st;                                         \
		T c[CI_CHAINS], k = LOAD(s->k), y = LOAD(s->y);                        \
		(void)y;                                                               \
		fn##_init(s, c);                                                       \
		for (uint64_t i = 0; i < iters; i++)                                   \
			THR_ASM(TEXT, __VA_ARGS__);                                    \
		return fn##_sum(c);                                                    \
	}                                                                              \
	TGT uint64_t fn##_x2(void *st, uint64_t iters)                                 \
	{                                                                              \
		const struct ci_state *s = st;                                         \
		T c[CI_CHAINS], k = LOAD(s->k), y = LOAD(s->y);                        \
		(void)y;                                                               \
		fn##_init(s, c);                                                       \
		for (uint64_t i = 0; i < iters; i++) {                                 \
			THR_ASM(TEXT, __VA_ARGS__);                                    \
			THR_ASM(TEXT, __VA_ARGS__);                                    \
		}                                                                      \
		return fn##_sum(c);                                                    \
	}

/* The chains in C, for the checks: STEP is the next x from x, k and y
 * (y is the third operand of the instructions that take one). */
#define CHAIN(fn, TGT, T, LOAD, LOW, STEP)                                              \
	TGT static uint64_t fn(const struct ci_state *s, const uint8_t *start, uint64_t n) \
	{                                                                               \
		T x = LOAD(start), k = LOAD(s->k), y = LOAD(s->y);                      \
		(void)y;                                                                \
		for (uint64_t i = 0; i < n; i++)                                        \
			x = STEP;                                                       \
		return LOW(x);                                                          \
	}

CHAIN(aesenc_chain, AES_T, __m128i, LOAD128, LOW128, _mm_aesenc_si128(x, k))
CHAIN(vaesenc_chain, VAES_T, __m256i, LOAD256, LOW256, _mm256_aesenc_epi128(x, k))
CHAIN(vaesenc512_chain, VAES512_T, __m512i, LOAD512, LOW512, _mm512_aesenc_epi128(x, k))
CHAIN(pclmul_chain, CLMUL_T, __m128i, LOAD128, LOW128, _mm_clmulepi64_si128(x, k, 0x00))
CHAIN(vpclmul_chain, VCLMUL_T, __m256i, LOAD256, LOW256, _mm256_clmulepi64_epi128(x, k, 0x00))
CHAIN(vpclmul512_chain, VCLMUL512_T, __m512i, LOAD512, LOW512, _mm512_clmulepi64_epi128(x, k, 0x00))
/* _mm_sha256rnds2_epu32(cdgh, abef, wk) returns the new abef: x is the
 * destination (cdgh), y the source, k the message words. */
CHAIN(sha256rnds2_chain, SHA_T, __m128i, LOAD128, LOW128, _mm_sha256rnds2_epu32(x, y, k))

#define AESENC_L "aesenc %1, %0\n\t"
#define AESENC_T(c) "aesenc %12, %" #c "\n\t"
#define VAESENC_L "vaesenc %1, %0, %0\n\t"
#define VAESENC_T(c) "vaesenc %12, %" #c ", %" #c "\n\t"
#define PCLMUL_L "pclmulqdq $0, %1, %0\n\t"
#define PCLMUL_T(c) "pclmulqdq $0, %12, %" #c "\n\t"
#define VPCLMUL_L "vpclmulqdq $0, %1, %0, %0\n\t"
#define VPCLMUL_T(c) "vpclmulqdq $0, %12, %" #c ", %" #c "\n\t"
#define SHA_L "sha256rnds2 %1, %0\n\t"
#define SHA_T12(c) "sha256rnds2 %12, %" #c "\n\t"

LAT_BODIES(ci_aesenc_lat, AES_T, __m128i, LOAD128, LOW128, AESENC_L, "x"(k))
THR_BODIES(ci_aesenc_thr, AES_T, __m128i, LOAD128, LOW128, CI_T24(AESENC_T), "x"(k))
LAT_BODIES(ci_vaesenc_lat, VAES_T, __m256i, LOAD256, LOW256, VAESENC_L, "x"(k))
THR_BODIES(ci_vaesenc_thr, VAES_T, __m256i, LOAD256, LOW256, CI_T24(VAESENC_T), "x"(k))
LAT_BODIES(ci_vaesenc512_lat, VAES512_T, __m512i, LOAD512, LOW512, VAESENC_L, "x"(k))
THR_BODIES(ci_vaesenc512_thr, VAES512_T, __m512i, LOAD512, LOW512, CI_T24(VAESENC_T), "x"(k))
LAT_BODIES(ci_pclmul_lat, CLMUL_T, __m128i, LOAD128, LOW128, PCLMUL_L, "x"(k))
THR_BODIES(ci_pclmul_thr, CLMUL_T, __m128i, LOAD128, LOW128, CI_T24(PCLMUL_T), "x"(k))
LAT_BODIES(ci_vpclmul_lat, VCLMUL_T, __m256i, LOAD256, LOW256, VPCLMUL_L, "x"(k))
THR_BODIES(ci_vpclmul_thr, VCLMUL_T, __m256i, LOAD256, LOW256, CI_T24(VPCLMUL_T), "x"(k))
LAT_BODIES(ci_vpclmul512_lat, VCLMUL512_T, __m512i, LOAD512, LOW512, VPCLMUL_L, "x"(k))
THR_BODIES(ci_vpclmul512_thr, VCLMUL512_T, __m512i, LOAD512, LOW512, CI_T24(VPCLMUL_T), "x"(k))
LAT_BODIES(ci_sha256_lat, SHA_T, __m128i, LOAD128, LOW128, SHA_L, "x"(y), "Yz"(k))
THR_BODIES(ci_sha256_thr, SHA_T, __m128i, LOAD128, LOW128, CI_T24(SHA_T12), "x"(y), "Yz"(k))

CI_KERNEL(ci_aesenc_l, "aesenc", "lat", "aesenc xmm (one AES round, one block)", "aes", false, aesenc_chain,
	  ci_aesenc_lat);
CI_KERNEL(ci_aesenc_t, "aesenc", "thr", "aesenc xmm (one AES round, one block)", "aes", true, aesenc_chain,
	  ci_aesenc_thr);
CI_KERNEL(ci_vaesenc_l, "vaesenc", "lat", "vaesenc ymm (one AES round, two blocks)", "vaes avx2", false,
	  vaesenc_chain, ci_vaesenc_lat);
CI_KERNEL(ci_vaesenc_t, "vaesenc", "thr", "vaesenc ymm (one AES round, two blocks)", "vaes avx2", true,
	  vaesenc_chain, ci_vaesenc_thr);
CI_KERNEL(ci_vaesenc512_l, "vaesenc512", "lat", "vaesenc zmm (one AES round, four blocks)", "vaes avx512f", false,
	  vaesenc512_chain, ci_vaesenc512_lat);
CI_KERNEL(ci_vaesenc512_t, "vaesenc512", "thr", "vaesenc zmm (one AES round, four blocks)", "vaes avx512f", true,
	  vaesenc512_chain, ci_vaesenc512_thr);
CI_KERNEL(ci_pclmul_l, "pclmulqdq", "lat", "pclmulqdq xmm (64x64-bit carry-less multiply)", "pclmul", false,
	  pclmul_chain, ci_pclmul_lat);
CI_KERNEL(ci_pclmul_t, "pclmulqdq", "thr", "pclmulqdq xmm (64x64-bit carry-less multiply)", "pclmul", true,
	  pclmul_chain, ci_pclmul_thr);
CI_KERNEL(ci_vpclmul_l, "vpclmulqdq", "lat", "vpclmulqdq ymm (two 64x64-bit carry-less multiplies)",
	  "vpclmulqdq avx2", false, vpclmul_chain, ci_vpclmul_lat);
CI_KERNEL(ci_vpclmul_t, "vpclmulqdq", "thr", "vpclmulqdq ymm (two 64x64-bit carry-less multiplies)",
	  "vpclmulqdq avx2", true, vpclmul_chain, ci_vpclmul_thr);
CI_KERNEL(ci_vpclmul512_l, "vpclmulqdq512", "lat", "vpclmulqdq zmm (four 64x64-bit carry-less multiplies)",
	  "vpclmulqdq avx512f", false, vpclmul512_chain, ci_vpclmul512_lat);
CI_KERNEL(ci_vpclmul512_t, "vpclmulqdq512", "thr", "vpclmulqdq zmm (four 64x64-bit carry-less multiplies)",
	  "vpclmulqdq avx512f", true, vpclmul512_chain, ci_vpclmul512_thr);
CI_KERNEL(ci_sha256_l, "sha256rnds2", "lat", "sha256rnds2 (two SHA-256 rounds)", "sha", false, sha256rnds2_chain,
	  ci_sha256_lat);
CI_KERNEL(ci_sha256_t, "sha256rnds2", "thr", "sha256rnds2 (two SHA-256 rounds)", "sha", true, sha256rnds2_chain,
	  ci_sha256_thr);

/* The GCM mixes (insn.h): each GCM kernel's unit, AES-128 and AES-256. */
#define VAES_CLMUL_T __attribute__((target("vaes,vpclmulqdq,avx2")))
#define VAES512_CLMUL_T __attribute__((target("vaes,vpclmulqdq,avx512f")))
THR_BODIES(ci_gcm128_aesni, AES_T CLMUL_T, __m128i, LOAD128, LOW128, CI_MIX10(AESENC_T, PCLMUL_T, CI_M3_4ROUNDS), "x"(k))
THR_BODIES(ci_gcm256_aesni, AES_T CLMUL_T, __m128i, LOAD128, LOW128, CI_MIX14(AESENC_T, PCLMUL_T, CI_M3_4ROUNDS), "x"(k))
THR_BODIES(ci_gcm128_vaes, VAES_CLMUL_T, __m256i, LOAD256, LOW256, CI_MIX10(VAESENC_T, VPCLMUL_T, CI_M4_4ROUNDS), "x"(k))
THR_BODIES(ci_gcm256_vaes, VAES_CLMUL_T, __m256i, LOAD256, LOW256, CI_MIX14(VAESENC_T, VPCLMUL_T, CI_M4_4ROUNDS), "x"(k))
THR_BODIES(ci_gcm128_vaes512, VAES512_CLMUL_T, __m512i, LOAD512, LOW512, CI_MIX10(VAESENC_T, VPCLMUL_T, CI_M4_4ROUNDS),
	   "x"(k))
THR_BODIES(ci_gcm256_vaes512, VAES512_CLMUL_T, __m512i, LOAD512, LOW512, CI_MIX14(VAESENC_T, VPCLMUL_T, CI_M4_4ROUNDS),
	   "x"(k))
/* one unit: a block (AES-NI), two in a ymm register, four in a zmm */
static const struct ci_mix gcm128_aesni = {aesenc_chain, pclmul_chain, 10, 6},
			   gcm256_aesni = {aesenc_chain, pclmul_chain, 14, 6},
			   gcm128_vaes = {vaesenc_chain, vpclmul_chain, 10, 8},
			   gcm256_vaes = {vaesenc_chain, vpclmul_chain, 14, 8},
			   gcm128_vaes512 = {vaesenc512_chain, vpclmul512_chain, 10, 8},
			   gcm256_vaes512 = {vaesenc512_chain, vpclmul512_chain, 14, 8};
CI_MIX_KERNEL(ci_gcm128_aesni_t, "gcm128-aesni", "an AES-128-GCM block: 10 aesenc + 3 pclmulqdq", "aes pclmul",
	      &gcm128_aesni, ci_gcm128_aesni);
CI_MIX_KERNEL(ci_gcm256_aesni_t, "gcm256-aesni", "an AES-256-GCM block: 14 aesenc + 3 pclmulqdq", "aes pclmul",
	      &gcm256_aesni, ci_gcm256_aesni);
CI_MIX_KERNEL(ci_gcm128_vaes_t, "gcm128-vaes", "two AES-128-GCM blocks: 10 vaesenc + 4 vpclmulqdq ymm",
	      "vaes vpclmulqdq avx2", &gcm128_vaes, ci_gcm128_vaes);
CI_MIX_KERNEL(ci_gcm256_vaes_t, "gcm256-vaes", "two AES-256-GCM blocks: 14 vaesenc + 4 vpclmulqdq ymm",
	      "vaes vpclmulqdq avx2", &gcm256_vaes, ci_gcm256_vaes);
CI_MIX_KERNEL(ci_gcm128_vaes512_t, "gcm128-vaes512", "four AES-128-GCM blocks: 10 vaesenc + 4 vpclmulqdq zmm",
	      "vaes vpclmulqdq avx512f", &gcm128_vaes512, ci_gcm128_vaes512);
CI_MIX_KERNEL(ci_gcm256_vaes512_t, "gcm256-vaes512", "four AES-256-GCM blocks: 14 vaesenc + 4 vpclmulqdq zmm",
	      "vaes vpclmulqdq avx512f", &gcm256_vaes512, ci_gcm256_vaes512);
