/* Armv8 Cryptographic Extension backend: AESE/AESMC for AES, PMULL for
 * GHASH, SHA256H/H2/SU0/SU1 for SHA-256 (Arm ARM, "Advanced SIMD
 * cryptographic instructions"), through GCC's ACLE intrinsics in
 * arm_neon.h with per-function target attributes; the image is built for
 * plain Armv8-A and the kernels skip on a core whose ID_AA64ISAR0_EL1
 * (or, under Linux, AT_HWCAP) lacks the feature.
 *
 * Interleave: AESE+AESMC has a latency of 3 cycles on the Cortex-A53 and
 * Cortex-A72 (their Software Optimization Guides), one pair issued per
 * cycle; later cores issue two. Linux's arm64 aes-glue.c keeps 5 blocks
 * in flight for this instruction set; we keep 8, which covers two pairs
 * per cycle at latency 3 with room to spare, in 8 + 15 round keys of the
 * 32 vector registers. GHASH folds 4 blocks per reduction with H..H^4,
 * as the x86 backend does. */
#include <arm_neon.h>
#include <string.h>

#include "crypto_kernel.h"

/* GCC 12's arm_neon.h declares the AES, PMULL and SHA-256 intrinsics under
 * "+crypto" (Armv8.0: AES + SHA2), so every function here asks for it. */
#define AES_TARGET __attribute__((target("+crypto")))
#define PMULL_TARGET __attribute__((target("+crypto")))
#define SHA2_TARGET __attribute__((target("+crypto")))

#define AES_LANES 8

/* One AES encryption of n blocks in lockstep: AESE does AddRoundKey,
 * SubBytes and ShiftRows; AESMC MixColumns; the last round has no
 * MixColumns and ends with the final round key. */
AES_TARGET __attribute__((always_inline)) static inline void aes_lanes(const struct aes_key *k, uint8x16_t *b,
									unsigned n)
{
	for (unsigned r = 0; r + 1 < k->rounds; r++) {
		uint8x16_t rk = vld1q_u8(k->rk[r]);
#pragma GCC unroll 8
		for (unsigned i = 0; i < n; i++)
			b[i] = vaesmcq_u8(vaeseq_u8(b[i], rk));
	}
	uint8x16_t rk = vld1q_u8(k->rk[k->rounds - 1]), last = vld1q_u8(k->rk[k->rounds]);
#pragma GCC unroll 8
	for (unsigned i = 0; i < n; i++)
		b[i] = veorq_u8(vaeseq_u8(b[i], rk), last);
}

/* ECB and CTR take whole batches of AES_LANES blocks with every count a
 * constant, so the blocks stay in registers (a loop to a run-time count
 * had put them on the stack), then the last few blocks one at a time. */
AES_TARGET static void ce_ecb(const struct aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
	for (; n >= AES_LANES; n -= AES_LANES, in += 16 * AES_LANES, out += 16 * AES_LANES) {
		uint8x16_t b[AES_LANES];
#pragma GCC unroll 8
		for (unsigned i = 0; i < AES_LANES; i++)
			b[i] = vld1q_u8(in + 16 * i);
		aes_lanes(k, b, AES_LANES);
#pragma GCC unroll 8
		for (unsigned i = 0; i < AES_LANES; i++)
			vst1q_u8(out + 16 * i, b[i]);
	}
	for (; n; n--, in += 16, out += 16) {
		uint8x16_t b = vld1q_u8(in);
		aes_lanes(k, &b, 1);
		vst1q_u8(out, b);
	}
}

/* Counter block i of a batch: the IV's first 12 bytes and c + i big-endian. */
static inline uint8x16_t ctr_block(uint32x4_t base, uint32_t c)
{
	return vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(c), base, 3));
}

AES_TARGET static void ce_ctr32(const struct aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
	uint32x4_t base = vreinterpretq_u32_u8(vld1q_u8(ctr));
	uint32_t c = cr_load_be32(ctr + 12);
	for (; n >= AES_LANES; n -= AES_LANES, in += 16 * AES_LANES, out += 16 * AES_LANES, c += AES_LANES) {
		uint8x16_t b[AES_LANES];
#pragma GCC unroll 8
		for (unsigned i = 0; i < AES_LANES; i++)
			b[i] = ctr_block(base, c + i);
		aes_lanes(k, b, AES_LANES);
#pragma GCC unroll 8
		for (unsigned i = 0; i < AES_LANES; i++)
			vst1q_u8(out + 16 * i, veorq_u8(vld1q_u8(in + 16 * i), b[i]));
	}
	for (; n; n--, in += 16, out += 16, c++) {
		uint8x16_t b = ctr_block(base, c);
		aes_lanes(k, &b, 1);
		vst1q_u8(out, veorq_u8(vld1q_u8(in), b));
	}
	cr_store_be32(ctr + 12, c);
}

/* GHASH on byte-reversed blocks (see backend_x86_64.c for why the
 * product is then shifted left by one before the reduction). */
static inline uint64x2_t bswap128(uint64x2_t x)
{
	uint8x16_t r = vrev64q_u8(vreinterpretq_u8_u64(x));
	return vreinterpretq_u64_u8(vextq_u8(r, r, 8));
}

static inline uint64x2_t load_rev(const uint8_t *p)
{
	return bswap128(vreinterpretq_u64_u8(vld1q_u8(p)));
}

/* x shifted towards the high half by 64 bits, and towards the low. */
static inline uint64x2_t up64(uint64x2_t x)
{
	return vextq_u64(vdupq_n_u64(0), x, 1);
}

static inline uint64x2_t down64(uint64x2_t x)
{
	return vextq_u64(x, vdupq_n_u64(0), 1);
}

/* a * b, 256 bits unreduced, accumulated into lo:hi. */
PMULL_TARGET static inline void clmul_acc(uint64x2_t a, uint64x2_t b, uint64x2_t *lo, uint64x2_t *hi)
{
	poly64x2_t pa = vreinterpretq_p64_u64(a), pb = vreinterpretq_p64_u64(b);
	uint64x2_t l = vreinterpretq_u64_p128(vmull_p64(vgetq_lane_p64(pa, 0), vgetq_lane_p64(pb, 0)));
	uint64x2_t h = vreinterpretq_u64_p128(vmull_high_p64(pa, pb));
	uint64x2_t m = veorq_u64(vreinterpretq_u64_p128(vmull_p64(vgetq_lane_p64(pa, 0), vgetq_lane_p64(pb, 1))),
				 vreinterpretq_u64_p128(vmull_p64(vgetq_lane_p64(pa, 1), vgetq_lane_p64(pb, 0))));
	*lo = veorq_u64(*lo, veorq_u64(l, up64(m)));
	*hi = veorq_u64(*hi, veorq_u64(h, down64(m)));
}

/* 128-bit right shift of x by s (1 <= s < 64). */
static inline uint64x2_t shr128(uint64x2_t x, int s)
{
	return veorq_u64(vshlq_u64(x, vdupq_n_s64(-s)), down64(vshlq_u64(x, vdupq_n_s64(64 - s))));
}

/* Shift hi:lo left by one, then reduce modulo x^128 + x^7 + x^2 + x + 1
 * in the reflected representation (Gueron and Kounavis, algorithm 5).
 * The x86 backend reduces by two carry-less multiplies instead, which
 * took fifteen shifts and XORs off the chain from one batch to the next
 * on Zen 5; here the shifts stay: on the Cortex-A72 every crypto µop,
 * PMULL included, issues on its F0 pipe alone, where the AES rounds are,
 * while the shifts issue on F1 and the XORs on either (Cortex-A72
 * Software Optimization Guide, UAN 0016A, its pipeline table). Which is
 * faster on a board is for a board run to say. */
static inline uint64x2_t reduce(uint64x2_t lo, uint64x2_t hi)
{
	uint64x2_t clo = vshrq_n_u64(lo, 63), chi = vshrq_n_u64(hi, 63);
	lo = vshlq_n_u64(lo, 1);
	hi = vorrq_u64(vshlq_n_u64(hi, 1), vorrq_u64(up64(chi), down64(clo)));
	lo = vorrq_u64(lo, up64(clo));
	uint64x2_t a = veorq_u64(vshlq_n_u64(lo, 63), veorq_u64(vshlq_n_u64(lo, 62), vshlq_n_u64(lo, 57)));
	lo = veorq_u64(lo, up64(a));
	uint64x2_t h = veorq_u64(lo, veorq_u64(shr128(lo, 1), veorq_u64(shr128(lo, 2), shr128(lo, 7))));
	return veorq_u64(hi, h);
}

PMULL_TARGET static uint64x2_t gf_mul(uint64x2_t a, uint64x2_t b)
{
	uint64x2_t lo = vdupq_n_u64(0), hi = vdupq_n_u64(0);
	clmul_acc(a, b, &lo, &hi);
	return reduce(lo, hi);
}

/* tab holds H, H^2, ... H^AES_LANES, byte-reversed, 16 bytes each:
 * ce_ghash folds 4 blocks with the first 4, the stitched loop a batch of
 * AES_LANES with all of them. */
PMULL_TARGET static void ce_ghash_init(struct ghash_key *g, const uint8_t h[16])
{
	memcpy(g->h, h, 16);
	uint64x2_t hp[AES_LANES];
	hp[0] = load_rev(h);
	for (int i = 1; i < AES_LANES; i++)
		hp[i] = gf_mul(hp[i - 1], hp[0]);
	_Static_assert(2 * AES_LANES <= sizeof(g->tab) / sizeof(g->tab[0]), "ghash_key.tab holds the powers");
	for (int i = 0; i < AES_LANES; i++)
		vst1q_u64(&g->tab[2 * i], hp[i]);
}

PMULL_TARGET static void ce_ghash(const struct ghash_key *g, uint8_t y[16], const uint8_t *in, size_t n)
{
	uint64x2_t hp[4];
	for (int i = 0; i < 4; i++)
		hp[i] = vld1q_u64(&g->tab[2 * i]);
	uint64x2_t acc = load_rev(y);
	for (; n >= 4; n -= 4, in += 64) {
		uint64x2_t lo = vdupq_n_u64(0), hi = vdupq_n_u64(0);
		clmul_acc(veorq_u64(acc, load_rev(in)), hp[3], &lo, &hi);
		clmul_acc(load_rev(in + 16), hp[2], &lo, &hi);
		clmul_acc(load_rev(in + 32), hp[1], &lo, &hi);
		clmul_acc(load_rev(in + 48), hp[0], &lo, &hi);
		acc = reduce(lo, hi);
	}
	for (; n; n--, in += 16)
		acc = gf_mul(veorq_u64(acc, load_rev(in)), hp[0]);
	vst1q_u8(y, vreinterpretq_u8_u64(bswap128(acc)));
}

/* AES-GCM stitched: a batch of AES_LANES counter blocks, and in its AES
 * rounds the GHASH of the previous batch's ciphertext, one block per
 * round, times H^8..H^1, reduced once (aggregated reduction, as in the
 * x86 backend). The AES rounds use the AES unit and the multiplies
 * PMULL/PMULL2, so an out-of-order core runs the two side by side.
 *
 * One schedule serves both cores of the RK3576. The Cortex-A72 (out of
 * order) issues AESE+AESMC pairs and PMULL to its two FP/ASIMD pipes
 * (F0, F1) and finds the overlap itself; the Cortex-A53 (in order, dual
 * issue) pairs an AESE+AESMC with an independent PMULL only when they
 * sit next to each other in program order, which this order gives (the
 * multiplies of one block follow one round of eight AESE+AESMC). Per-core
 * schedules tuned from each Software Optimization Guide's pairing rules
 * are not done: no board has run them. */
PMULL_TARGET static void ce_gcm_enc(const struct aes_key *k, const struct ghash_key *g, uint8_t ctr[16],
				    uint8_t y[16], const uint8_t *in, uint8_t *out, size_t n)
{
	uint64x2_t hp[AES_LANES];
	for (int i = 0; i < AES_LANES; i++)
		hp[i] = vld1q_u64(&g->tab[2 * i]);
	uint64x2_t acc = load_rev(y);
	uint32x4_t base = vreinterpretq_u32_u8(vld1q_u8(ctr));
	uint32_t c = cr_load_be32(ctr + 12);
	const uint8_t *prev = NULL; /* the last batch's ciphertext, not yet hashed */
	for (; n >= AES_LANES; n -= AES_LANES, in += 16 * AES_LANES, out += 16 * AES_LANES, c += AES_LANES) {
		uint8x16_t b[AES_LANES];
#pragma GCC unroll 8
		for (unsigned i = 0; i < AES_LANES; i++)
			b[i] = ctr_block(base, c + i);
		uint64x2_t lo = vdupq_n_u64(0), hi = vdupq_n_u64(0);
		for (unsigned r = 0; r + 1 < k->rounds; r++) {
			uint8x16_t rk = vld1q_u8(k->rk[r]);
#pragma GCC unroll 8
			for (unsigned i = 0; i < AES_LANES; i++)
				b[i] = vaesmcq_u8(vaeseq_u8(b[i], rk));
			if (prev && r < AES_LANES) {
				uint64x2_t x = load_rev(prev + 16 * r);
				clmul_acc(r == 0 ? veorq_u64(x, acc) : x, hp[AES_LANES - 1 - r], &lo, &hi);
			}
		}
		uint8x16_t rk = vld1q_u8(k->rk[k->rounds - 1]), last = vld1q_u8(k->rk[k->rounds]);
#pragma GCC unroll 8
		for (unsigned i = 0; i < AES_LANES; i++)
			vst1q_u8(out + 16 * i, veorq_u8(vld1q_u8(in + 16 * i), veorq_u8(vaeseq_u8(b[i], rk), last)));
		if (prev)
			acc = reduce(lo, hi);
		prev = out;
	}
	vst1q_u8(y, vreinterpretq_u8_u64(bswap128(acc)));
	cr_store_be32(ctr + 12, c);
	if (prev) /* the last batch */
		ce_ghash(g, y, prev, AES_LANES);
	if (n) { /* the last whole blocks, fewer than a batch */
		ce_ctr32(k, ctr, in, out, n);
		ce_ghash(g, y, out, n);
	}
}

extern const uint64_t cr_sha512_k[80];

/* SHA-256: SHA256H/SHA256H2 do four rounds on the state held as ABCD and
 * EFGH (word a in lane 0); SHA256SU0/SU1 extend the schedule four words
 * at a time. The constants are SHA-512's upper halves (FIPS 180-4 4.2.2
 * and 4.2.3: the first 64 of those are SHA-256's). */
SHA2_TARGET static void ce_sha256(uint32_t st[8], const uint8_t *in, size_t n)
{
	uint32x4_t k[16];
	for (int i = 0; i < 16; i++) {
		uint32_t w[4];
		for (int j = 0; j < 4; j++)
			w[j] = (uint32_t)(cr_sha512_k[4 * i + j] >> 32);
		k[i] = vld1q_u32(w);
	}
	uint32x4_t abcd = vld1q_u32(st), efgh = vld1q_u32(st + 4);
	for (; n; n--, in += 64) {
		uint32x4_t abcd0 = abcd, efgh0 = efgh, w[4];
		for (int i = 0; i < 4; i++)
			w[i] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(in + 16 * i)));
#pragma GCC unroll 16
		for (int i = 0; i < 16; i++) {
			uint32x4_t wk = vaddq_u32(w[i % 4], k[i]), a = abcd;
			abcd = vsha256hq_u32(abcd, efgh, wk);
			efgh = vsha256h2q_u32(efgh, a, wk);
			if (i < 12) /* W[4i+16..4i+19] from W[4i..4i+15] */
				w[i % 4] = vsha256su1q_u32(vsha256su0q_u32(w[i % 4], w[(i + 1) % 4]), w[(i + 2) % 4],
							   w[(i + 3) % 4]);
		}
		abcd = vaddq_u32(abcd, abcd0);
		efgh = vaddq_u32(efgh, efgh0);
	}
	vst1q_u32(st, abcd);
	vst1q_u32(st + 4, efgh);
}

/* Armv8.2's SHA-512, SM3 and SM4 (armv82_aarch64.c). */
void ce_sha512(uint64_t st[8], const uint8_t *in, size_t n);
void ce_sm3(uint32_t st[8], const uint8_t *in, size_t n);
void ce_sm4_ctr32(const struct sm4_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n);

const struct cr_backend cr_armv8_ce = {
	.name = "armv8-ce",
	.aes_ecb = ce_ecb,
	.aes_ctr32 = ce_ctr32,
	.ghash_init = ce_ghash_init,
	.ghash = ce_ghash,
	.gcm_enc_blocks = ce_gcm_enc,
	.sha256_blocks = ce_sha256,
	.sha512_blocks = ce_sha512,
	.sm4_ctr32 = ce_sm4_ctr32,
	.sm3_blocks = ce_sm3,
};

CR_KERNEL(cr_aes128_ecb_ce, cr_armv8_ce, CR_AES128_ECB, "aes128-ecb", "armv8-ce", "aes");
CR_KERNEL(cr_aes128_ctr_ce, cr_armv8_ce, CR_AES128_CTR, "aes128-ctr", "armv8-ce", "aes");
CR_KERNEL(cr_aes128_gcm_ce, cr_armv8_ce, CR_AES128_GCM, "aes128-gcm", "armv8-ce", "aes pmull");
CR_KERNEL(cr_aes256_ecb_ce, cr_armv8_ce, CR_AES256_ECB, "aes256-ecb", "armv8-ce", "aes");
CR_KERNEL(cr_aes256_ctr_ce, cr_armv8_ce, CR_AES256_CTR, "aes256-ctr", "armv8-ce", "aes");
CR_KERNEL(cr_aes256_gcm_ce, cr_armv8_ce, CR_AES256_GCM, "aes256-gcm", "armv8-ce", "aes pmull");
CR_KERNEL(cr_sha256_ce, cr_armv8_ce, CR_SHA256, "sha256", "armv8-ce", "sha2");
CR_KERNEL(cr_sha512_ce, cr_armv8_ce, CR_SHA512, "sha512", "armv8-ce", "sha512");
CR_KERNEL(cr_sm3_ce, cr_armv8_ce, CR_SM3, "sm3", "armv8-ce", "sm3");
CR_KERNEL(cr_sm4_ctr_ce, cr_armv8_ce, CR_SM4_CTR, "sm4-ctr", "armv8-ce", "sm4");
CR_KERNEL(cr_ghash_ce, cr_armv8_ce, CR_GHASH, "ghash", "armv8-ce", "pmull");
