/* AArch64 crypto instruction kernels (insn.h): an AES round as the
 * kernels issue it (AESE then AESMC on its result, a pair the Cortex-A57
 * and A72 fuse; one op is the pair), PMULL (64x64 -> 128-bit), SHA256H
 * (four SHA-256 rounds' first half), and Armv8.2's SHA512H (two SHA-512
 * rounds' first half) and SM4E (four SM4 rounds), each a latency chain
 * through the destination and CI_CHAINS independent chains. */
#include <arm_neon.h>

#include "insn.h"

#define AES_T __attribute__((target("+crypto")))
#define SHA512_T __attribute__((target("arch=armv8.2-a+sha3")))
#define SM4_T __attribute__((target("arch=armv8.2-a+sm4")))

#define LOAD(p) vld1q_u8(p)
#define LOW(v) vgetq_lane_u64(vreinterpretq_u64_u8(v), 0)

#define LAT_BODIES(fn, TGT, INS)                                                       \
	TGT uint64_t fn##_x1(void *st, uint64_t iters)                                 \
	{                                                                              \
		const struct ci_state *s = st;                                         \
		uint8x16_t x = LOAD(s->x), k = LOAD(s->k), y = LOAD(s->y);             \
		for (uint64_t i = 0; i < iters; i++)                                   \
			__asm__ volatile(CI_R24(INS) : "+w"(x) : "w"(k), "w"(y));      \
		return LOW(x);                                                         \
	}                                                                              \
	TGT uint64_t fn##_x2(void *st, uint64_t iters)                                 \
	{                                                                              \
		const struct ci_state *s = st;                                         \
		uint8x16_t x = LOAD(s->x), k = LOAD(s->k), y = LOAD(s->y);             \
		for (uint64_t i = 0; i < iters; i++) {                                 \
			__asm__ volatile(CI_R24(INS) : "+w"(x) : "w"(k), "w"(y));      \
			__asm__ volatile(CI_R24(INS) : "+w"(x) : "w"(k), "w"(y));      \
		}                                                                      \
		return LOW(x);                                                         \
	}

/* Chains %0..%11, k in %12 and y in %13; TEXT an iteration's asm
 * (CI_T24(INS_T): two passes over the chains; or a GCM mix). */
#define THR_ASM(TEXT)                                                                                  \
	__asm__ volatile(TEXT                                                                          \
			 : "+w"(c[0]), "+w"(c[1]), "+w"(c[2]), "+w"(c[3]), "+w"(c[4]), "+w"(c[5]),     \
			   "+w"(c[6]), "+w"(c[7]), "+w"(c[8]), "+w"(c[9]), "+w"(c[10]), "+w"(c[11])    \
			 : "w"(k), "w"(y))

static void chains_init(const struct ci_state *s, uint8x16_t c[CI_CHAINS])
{
	uint8_t b[32];
	for (unsigned i = 0; i < CI_CHAINS; i++) {
		ci_start(s, i, b);
		c[i] = LOAD(b);
	}
}

static uint64_t chains_sum(const uint8x16_t c[CI_CHAINS])
{
	uint64_t sum = 0;
	for (unsigned i = 0; i < CI_CHAINS; i++)
		sum += LOW(c[i]);
	return sum;
}

#define THR_BODIES(fn, TGT, TEXT)                                                      \
	TGT uint64_t fn##_x1(void *st, uint64_t iters)                                 \
	{                                                                              \
		const struct ci_state *s = st;                                         \
		uint8x16_t c[CI_CHAINS], k = LOAD(s->k), y = LOAD(s->y);               \
		chains_init(s, c);                                                     \
		for (uint64_t i = 0; i < iters; i++)                                   \
			THR_ASM(TEXT);                                                 \
		return chains_sum(c);                                                  \
	}                                                                              \
	TGT uint64_t fn##_x2(void *st, uint64_t iters)                                 \
	{                                                                              \
		const struct ci_state *s = st;                                         \
		uint8x16_t c[CI_CHAINS], k = LOAD(s->k), y = LOAD(s->y);               \
		chains_init(s, c);                                                     \
		for (uint64_t i = 0; i < iters; i++) {                                 \
			THR_ASM(TEXT);                                                 \
			THR_ASM(TEXT);                                                 \
		}                                                                      \
		return chains_sum(c);                                                  \
	}

/* The chains in C, for the checks. */
AES_T static uint64_t aes_chain(const struct ci_state *s, const uint8_t *start, uint64_t n)
{
	uint8x16_t x = LOAD(start), k = LOAD(s->k);
	for (uint64_t i = 0; i < n; i++)
		x = vaesmcq_u8(vaeseq_u8(x, k));
	return LOW(x);
}

AES_T static uint64_t pmull_chain(const struct ci_state *s, const uint8_t *start, uint64_t n)
{
	uint8x16_t x = LOAD(start);
	poly64_t k = vgetq_lane_p64(vreinterpretq_p64_u8(LOAD(s->k)), 0);
	for (uint64_t i = 0; i < n; i++)
		x = vreinterpretq_u8_p128(vmull_p64(vgetq_lane_p64(vreinterpretq_p64_u8(x), 0), k));
	return LOW(x);
}

AES_T static uint64_t sha256h_chain(const struct ci_state *s, const uint8_t *start, uint64_t n)
{
	uint32x4_t x = vreinterpretq_u32_u8(LOAD(start)), y = vreinterpretq_u32_u8(LOAD(s->y)),
		   k = vreinterpretq_u32_u8(LOAD(s->k));
	for (uint64_t i = 0; i < n; i++)
		x = vsha256hq_u32(x, y, k);
	return LOW(vreinterpretq_u8_u32(x));
}

SHA512_T static uint64_t sha512h_chain(const struct ci_state *s, const uint8_t *start, uint64_t n)
{
	uint64x2_t x = vreinterpretq_u64_u8(LOAD(start)), y = vreinterpretq_u64_u8(LOAD(s->y)),
		   k = vreinterpretq_u64_u8(LOAD(s->k));
	for (uint64_t i = 0; i < n; i++)
		x = vsha512hq_u64(x, y, k);
	return vgetq_lane_u64(x, 0);
}

SM4_T static uint64_t sm4e_chain(const struct ci_state *s, const uint8_t *start, uint64_t n)
{
	uint32x4_t x = vreinterpretq_u32_u8(LOAD(start)), k = vreinterpretq_u32_u8(LOAD(s->k));
	for (uint64_t i = 0; i < n; i++)
		x = vsm4eq_u32(x, k);
	return LOW(vreinterpretq_u8_u32(x));
}

#define AES_L "aese %0.16b, %1.16b\n\taesmc %0.16b, %0.16b\n\t"
#define AES_T12(c) "aese %" #c ".16b, %12.16b\n\taesmc %" #c ".16b, %" #c ".16b\n\t"
#define PMULL_L "pmull %0.1q, %0.1d, %1.1d\n\t"
#define PMULL_T12(c) "pmull %" #c ".1q, %" #c ".1d, %12.1d\n\t"
#define SHA256H_L "sha256h %q0, %q2, %1.4s\n\t"
#define SHA256H_T12(c) "sha256h %q" #c ", %q13, %12.4s\n\t"
#define SHA512H_L "sha512h %q0, %q2, %1.2d\n\t"
#define SHA512H_T12(c) "sha512h %q" #c ", %q13, %12.2d\n\t"
#define SM4E_L "sm4e %0.4s, %1.4s\n\t"
#define SM4E_T12(c) "sm4e %" #c ".4s, %12.4s\n\t"

LAT_BODIES(ci_aes_lat, AES_T, AES_L)
THR_BODIES(ci_aes_thr, AES_T, CI_T24(AES_T12))
LAT_BODIES(ci_pmull_lat, AES_T, PMULL_L)
THR_BODIES(ci_pmull_thr, AES_T, CI_T24(PMULL_T12))
LAT_BODIES(ci_sha256h_lat, AES_T, SHA256H_L)
THR_BODIES(ci_sha256h_thr, AES_T, CI_T24(SHA256H_T12))
LAT_BODIES(ci_sha512h_lat, SHA512_T, SHA512H_L)
THR_BODIES(ci_sha512h_thr, SHA512_T, CI_T24(SHA512H_T12))
LAT_BODIES(ci_sm4e_lat, SM4_T, SM4E_L)
THR_BODIES(ci_sm4e_thr, SM4_T, CI_T24(SM4E_T12))

#define AES_OP "aese + aesmc (one AES round, one block)"
#define PMULL_OP "pmull (64x64-bit carry-less multiply)"
#define SHA256H_OP "sha256h (four SHA-256 rounds, first half)"
#define SHA512H_OP "sha512h (two SHA-512 rounds, first half)"
#define SM4E_OP "sm4e (four SM4 rounds, one block)"
CI_KERNEL(ci_aes_l, "aese-aesmc", "lat", AES_OP, "aes", false, aes_chain, ci_aes_lat);
CI_KERNEL(ci_aes_t, "aese-aesmc", "thr", AES_OP, "aes", true, aes_chain, ci_aes_thr);
CI_KERNEL(ci_pmull_l, "pmull", "lat", PMULL_OP, "pmull", false, pmull_chain, ci_pmull_lat);
CI_KERNEL(ci_pmull_t, "pmull", "thr", PMULL_OP, "pmull", true, pmull_chain, ci_pmull_thr);
CI_KERNEL(ci_sha256h_l, "sha256h", "lat", SHA256H_OP, "sha2", false, sha256h_chain, ci_sha256h_lat);
CI_KERNEL(ci_sha256h_t, "sha256h", "thr", SHA256H_OP, "sha2", true, sha256h_chain, ci_sha256h_thr);
CI_KERNEL(ci_sha512h_l, "sha512h", "lat", SHA512H_OP, "sha512", false, sha512h_chain, ci_sha512h_lat);
CI_KERNEL(ci_sha512h_t, "sha512h", "thr", SHA512H_OP, "sha512", true, sha512h_chain, ci_sha512h_thr);
CI_KERNEL(ci_sm4e_l, "sm4e", "lat", SM4E_OP, "sm4", false, sm4e_chain, ci_sm4e_lat);
CI_KERNEL(ci_sm4e_t, "sm4e", "thr", SM4E_OP, "sm4", true, sm4e_chain, ci_sm4e_thr);

/* The GCM mixes (insn.h): a block of the armv8-ce GCM kernels, its AES
 * rounds (AESE+AESMC pairs) and four PMULL, AES-128 and AES-256. */
THR_BODIES(ci_gcm128_ce, AES_T, CI_MIX10(AES_T12, PMULL_T12, CI_M4_4ROUNDS))
THR_BODIES(ci_gcm256_ce, AES_T, CI_MIX14(AES_T12, PMULL_T12, CI_M4_4ROUNDS))
static const struct ci_mix gcm128_ce = {aes_chain, pmull_chain, 10, 8}, gcm256_ce = {aes_chain, pmull_chain, 14, 8};
CI_MIX_KERNEL(ci_gcm128_ce_t, "gcm128-ce", "an AES-128-GCM block: 10 aese + aesmc, 4 pmull", "aes pmull", &gcm128_ce,
	      ci_gcm128_ce);
CI_MIX_KERNEL(ci_gcm256_ce_t, "gcm256-ce", "an AES-256-GCM block: 14 aese + aesmc, 4 pmull", "aes pmull", &gcm256_ce,
	      ci_gcm256_ce);
